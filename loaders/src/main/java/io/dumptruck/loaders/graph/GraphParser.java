package io.dumptruck.loaders.graph;

import io.dumptruck.loaders.Parsed;

/**
 * Parses edge lines {@code follower TAB followed [TAB epoch_ms]}. Blank lines and lines starting
 * with {@code #} are skipped. Ids are taken as written (no trimming inside a field).
 */
public final class GraphParser {
  /** Why an edge line is rejected. */
  public enum Reject { WRONG_FIELD_COUNT, EMPTY_ID, SELF_EDGE, BAD_TIME }

  public Parsed<Edge> parse(String line) {
    if (line.isBlank() || line.startsWith("#")) {
      return Parsed.skip();
    }
    String[] f = line.split("\t", -1);
    if (f.length < 2 || f.length > 3) {
      return Parsed.reject(Reject.WRONG_FIELD_COUNT, "expected follower<TAB>followed[<TAB>epoch_ms], found " + f.length + " field(s)");
    }
    if (f[0].isEmpty() || f[1].isEmpty()) {
      return Parsed.reject(Reject.EMPTY_ID, "an id is empty");
    }
    if (f[0].equals(f[1])) {
      return Parsed.reject(Reject.SELF_EDGE, f[0] + " follows itself");
    }
    Long time = null;
    if (f.length == 3) {
      try {
        time = Long.parseLong(f[2].trim());
      } catch (NumberFormatException e) {
        return Parsed.reject(Reject.BAD_TIME, "time '" + f[2] + "' is not epoch milliseconds");
      }
      if (time < 0 || time == Long.MAX_VALUE) {
        return Parsed.reject(Reject.BAD_TIME, "time " + time + " is before 1970 or out of range");
      }
    }
    return Parsed.of(new Edge(f[0], f[1], time));
  }
}
