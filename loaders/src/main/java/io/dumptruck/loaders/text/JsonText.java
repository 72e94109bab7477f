package io.dumptruck.loaders.text;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * Untrusted JSON text into a tree, for the loaders that read JSON input (JSON lines, GeoJSON).
 * Jackson's tree reader alone is not safe on such input, two ways:
 *
 * <ul>
 *   <li>it recurses once per nesting level, so a line of 100,000 {@code [} ends in a
 *       {@link StackOverflowError} — an Error, which no parser's {@code catch (IOException)} stops and
 *       which kills the task. Text nested deeper than {@link #MAX_DEPTH} levels is refused here
 *       before the tree reader sees it (found with a scan that counts brackets outside strings, which
 *       never counts fewer levels than the reader would descend);
 *   <li>it reads the first value and ignores what follows, so {@code {"a":1}{"a":2}} would load one
 *       record and lose the other without a word. Here the text must be exactly one JSON value, white
 *       space around it allowed.
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

  /** The one JSON value of {@code json} (UTF-8, or another encoding Jackson detects). */
  public static JsonNode read(byte[] json) throws IOException {
    if (tooDeep(json)) {
      throw new JsonParseException(null, "nested deeper than " + MAX_DEPTH + " levels");
    }
    return JSON.readTree(json);
  }

  private static boolean tooDeep(CharSequence s) {
    int depth = 0;
    boolean inString = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '[' || c == '{') {
        if (++depth > MAX_DEPTH) {
          return true;
        }
      } else if ((c == ']' || c == '}') && depth > 0) {
        depth--;
      }
    }
    return false;
  }

  /**
   * The same scan over bytes, read as ISO-8859-1 (one char per byte): the characters it looks at are
   * ASCII, never part of a multi-byte UTF-8 sequence.
   */
  private static boolean tooDeep(byte[] b) {
    return tooDeep(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1));
  }
}
