package io.dumptruck.loaders.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ValueNode;
import io.dumptruck.formats.table.JsonNesting;
import java.io.CharConversionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Untrusted JSON text into a tree, for the loaders that read JSON input (JSON lines, GeoJSON). Jackson's tree reader
 * alone is not safe on such input, two ways:
 *
 * <ul>
 *   <li>it recurses once per nesting level, so a line of 100,000 {@code [} ends in a {@link StackOverflowError} — an
 *       Error, which no parser's {@code catch (IOException)} stops and which kills the task. Text nested deeper than
 *       {@link #MAX_DEPTH} levels is refused here before the tree reader sees it ({@link JsonNesting});
 *   <li>it reads the first value and ignores what follows, so {@code {"a":1}{"a":2}} would load one record and lose the
 *       other without a word. Here the text must be exactly one JSON value, white space around it allowed.
 * </ul>
 *
 * Both are an {@link IOException}, like any other text that is not JSON. Thread-safe.
 */
public final class JsonText {
    /** Deepest nesting of arrays and objects read; real data sets need a handful of levels. */
    public static final int MAX_DEPTH = 500;

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonText() {}

    /** The one JSON value of {@code text}. */
    public static JsonNode read(String text) throws IOException {
        if (tooDeep(text)) {
            throw new JsonParseException(null, "nested deeper than " + MAX_DEPTH + " levels");
        }
        return JSON.readTree(text);
    }

    /**
     * The one JSON value of {@code text} as written: each number keeps its text ({@code 1.10}, {@code 1E2}, {@code -0},
     * {@code 12345678901234567.5} stay so in {@code asText()} and in the container's {@code toString()}), where
     * Jackson's tree would pass it through a {@code double} or an {@code int}. Stricter than {@link #read(String)}
     * where a value would be lost: an object with one key twice, and a string with a lone UTF-16 surrogate
     * ({@code "\\ud800"}, which no UTF-8 can hold; a {@link CharConversionException}).
     */
    public static JsonNode readAsWritten(String text) throws IOException {
        if (tooDeep(text)) {
            throw new JsonParseException(null, "nested deeper than " + MAX_DEPTH + " levels");
        }
        try (JsonParser p = JSON.getFactory().createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return null;
            }
            JsonNode n = node(p, first);
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "text after the JSON value");
            }
            return n;
        }
    }

    /** The value that starts at {@code token}; recursion is bounded by {@link #MAX_DEPTH}. */
    private static JsonNode node(JsonParser p, JsonToken token) throws IOException {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (token) {
            case START_OBJECT -> {
                ObjectNode o = f.objectNode();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                    String name = string(p, p.getCurrentName());
                    JsonNode value = node(p, p.nextToken());
                    if (o.has(name)) {
                        throw new JsonParseException(
                                p, "key \"" + name + "\" appears twice in one object: which value is meant?");
                    }
                    o.set(name, value);
                }
                return o;
            }
            case START_ARRAY -> {
                ArrayNode a = f.arrayNode();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    a.add(node(p, t));
                }
                return a;
            }
            case VALUE_STRING -> {
                return f.textNode(string(p, p.getText()));
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return new WrittenNumber(p.getText());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return BooleanNode.valueOf(token == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return NullNode.getInstance();
            }
            default -> throw new JsonParseException(p, "unexpected " + token);
        }
    }

    /** {@code s}, refused when it holds a lone surrogate. */
    private static String string(JsonParser p, String s) throws CharConversionException {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new CharConversionException(String.format(
                        "a string holds a lone UTF-16 surrogate \\u%04X (at line %d column %d), "
                                + "which no UTF-8 text can hold",
                        (int) c,
                        p.getCurrentLocation().getLineNr(),
                        p.getCurrentLocation().getColumnNr()));
            }
        }
        return s;
    }

    /** A JSON number with the text it was written as. */
    private static final class WrittenNumber extends ValueNode {
        private final String text;

        WrittenNumber(String text) {
            this.text = text;
        }

        @Override
        public JsonToken asToken() {
            return text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0
                    ? JsonToken.VALUE_NUMBER_INT
                    : JsonToken.VALUE_NUMBER_FLOAT;
        }

        @Override
        public JsonNodeType getNodeType() {
            return JsonNodeType.NUMBER;
        }

        @Override
        public String asText() {
            return text;
        }

        @Override
        public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
            g.writeNumber(text);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof WrittenNumber w && w.text.equals(text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }
    }

    /** The one JSON value of {@code json} (UTF-8, or another encoding Jackson detects). */
    public static JsonNode read(byte[] json) throws IOException {
        if (tooDeep(json)) {
            throw new JsonParseException(null, "nested deeper than " + MAX_DEPTH + " levels");
        }
        return JSON.readTree(json);
    }

    private static boolean tooDeep(CharSequence s) {
        return JsonNesting.deeperThan(s, MAX_DEPTH);
    }

    /**
     * The same scan over bytes, read as ISO-8859-1 (one char per byte): the characters it looks at are ASCII, never
     * part of a multi-byte UTF-8 sequence.
     */
    private static boolean tooDeep(byte[] b) {
        return tooDeep(new String(b, StandardCharsets.ISO_8859_1));
    }
}
