package io.dumptruck.loaders.graph;

import io.dumptruck.loaders.Parsed;

/**
 * Parses edge lines {@code follower TAB followed [TAB epoch_ms]}. Blank lines and lines starting with {@code #} are
 * skipped. Ids are taken as written (no trimming inside a field).
 */
public final class GraphParser {
    /** Why an edge line is rejected. */
    public enum Reject {
        WRONG_FIELD_COUNT,
        EMPTY_ID,
        SELF_EDGE,
        BAD_TIME
    }

    public Parsed<Edge> parse(String line) {
        if (line.isBlank() || line.startsWith("#")) {
            return Parsed.skip();
        }
        int firstTab = line.indexOf('\t');
        int secondTab = firstTab < 0 ? -1 : line.indexOf('\t', firstTab + 1);
        if (firstTab < 0 || (secondTab >= 0 && line.indexOf('\t', secondTab + 1) >= 0)) {
            long fields = line.chars().filter(c -> c == '\t').count() + 1;
            return Parsed.reject(
                    Reject.WRONG_FIELD_COUNT,
                    "expected follower<TAB>followed[<TAB>epoch_ms], found " + fields + " field(s)");
        }
        String from = line.substring(0, firstTab);
        String into = secondTab < 0 ? line.substring(firstTab + 1) : line.substring(firstTab + 1, secondTab);
        if (from.isEmpty() || into.isEmpty()) {
            return Parsed.reject(Reject.EMPTY_ID, "an id is empty");
        }
        if (from.equals(into)) {
            return Parsed.reject(Reject.SELF_EDGE, from + " follows itself");
        }
        Long time = null;
        if (secondTab >= 0) {
            String field = line.substring(secondTab + 1);
            try {
                time = Long.parseLong(field.trim());
            } catch (NumberFormatException e) {
                return Parsed.reject(Reject.BAD_TIME, "time '" + field + "' is not epoch milliseconds");
            }
            if (time < 0 || time == Long.MAX_VALUE) {
                return Parsed.reject(Reject.BAD_TIME, "time " + time + " is before 1970 or out of range");
            }
        }
        return Parsed.of(new Edge(from, into, time));
    }
}
