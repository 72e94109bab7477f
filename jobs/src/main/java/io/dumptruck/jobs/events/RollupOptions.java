package io.dumptruck.jobs.events;

import io.dumptruck.jobs.JobOptions;

/**
 * The checked options of an {@code event-rollup} run.
 *
 * @param from the first event time kept, epoch ms (0 when {@code --from} is not given)
 * @param to the first event time no longer kept, epoch ms ({@link Long#MAX_VALUE} when {@code --to} is not given)
 * @param host only this host's events, or null for every host
 * @param event only this event type, or null for every type
 */
record RollupOptions(long from, long to, String host, String event) {
  static final String FROM = "from";
  static final String TO = "to";
  static final String HOST = "host";
  static final String EVENT = "event";

  /** Reads and checks the options; a bad value is an IllegalArgumentException naming the option. */
  static RollupOptions of(JobOptions o) {
    long from = o.getLong(FROM, 0);
    long to = o.getLong(TO, Long.MAX_VALUE);
    if (from < 0) {
      throw new IllegalArgumentException("--from takes epoch milliseconds >= 0, got " + from);
    }
    if (to <= 0) {
      throw new IllegalArgumentException("--to takes epoch milliseconds > 0, got " + to);
    }
    if (to <= from) {
      throw new IllegalArgumentException("--to must be after --from (the range is [from, to)), got from " + from + " to " + to);
    }
    return new RollupOptions(from, to, name(o, HOST), name(o, EVENT));
  }

  private static String name(JobOptions o, String option) {
    String v = o.get(option, null);
    if (v != null && (v.isEmpty() || v.indexOf('\0') >= 0)) {
      throw new IllegalArgumentException("--" + option + " takes a non-empty name without zero bytes, got '" + v + "'");
    }
    return v;
  }

  boolean hasTimeRange() {
    return from > 0 || to < Long.MAX_VALUE;
  }
}
