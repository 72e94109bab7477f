package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/** Reading the JSON of a load spec with errors that say where: every bad spec fails before any task. */
final class SpecJson {
    private SpecJson() {}

    static String text(JsonNode n, String field, String where) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException(where + ": \"" + field + "\" must be a string");
        }
        return v.asText();
    }

    static int integer(JsonNode n, String field, String where) {
        JsonNode v = n.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new IllegalArgumentException(where + ": \"" + field + "\" must be a whole number");
        }
        return v.intValue();
    }

    static void onlyFields(JsonNode n, Set<String> known, String where) {
        if (!n.isObject()) {
            throw new IllegalArgumentException(where + " must be a JSON object");
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                throw new IllegalArgumentException(where + ": unknown field \"" + f + "\" (known: "
                        + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
    }
}
