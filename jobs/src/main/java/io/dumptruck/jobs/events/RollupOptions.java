package io.dumptruck.jobs.events;

import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.TimeRange;

/**
 * The checked options of an {@code event-rollup} run.
 *
 * @param range the event times kept, {@code --from} inclusive to {@code --to} exclusive
 * @param host only this host's events, or null for every host
 * @param event only this event type, or null for every type
 */
record RollupOptions(TimeRange range, String host, String event) {
    static final String HOST = "host";
    static final String EVENT = "event";

    /** Reads and checks the options; a bad value is an IllegalArgumentException naming the option. */
    static RollupOptions of(JobOptions o) {
        return new RollupOptions(TimeRange.of(o), name(o, HOST), name(o, EVENT));
    }

    private static String name(JobOptions o, String option) {
        String v = o.get(option, null);
        if (v != null && (v.isEmpty() || v.indexOf('\0') >= 0)) {
            throw new IllegalArgumentException(
                    "--" + option + " takes a non-empty name without zero bytes, got '" + v + "'");
        }
        return v;
    }

    /** The first event time kept, epoch ms (0 when {@code --from} is not given). */
    long from() {
        return range.from();
    }

    /** The first event time no longer kept, epoch ms ({@link Long#MAX_VALUE} when {@code --to} is not given). */
    long to() {
        return range.to();
    }

    boolean hasTimeRange() {
        return range.isLimited();
    }
}
