package io.dumptruck.loaders;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link Question} found, twice: as lines for a person, and as one JSON object for programs (field names are
 * part of each question's contract, documented in {@code docs/questions.md}).
 */
@PublicApi
public final class Answer {
    private final List<String> lines = new ArrayList<>();
    private final ObjectNode json = JsonNodeFactory.instance.objectNode();

    /** Adds a line of the text answer. */
    public Answer line(String line) {
        lines.add(line);
        return this;
    }

    /** The text answer, a line each. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** The JSON answer, to fill in. */
    public ObjectNode json() {
        return json;
    }
}
