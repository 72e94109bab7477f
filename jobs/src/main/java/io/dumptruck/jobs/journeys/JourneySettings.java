package io.dumptruck.jobs.journeys;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.runtime.NamedOptions;
import io.dumptruck.jobs.TimeRange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checked options of a {@code journeys} run.
 *
 * @param sessionGapMinutes a session ends when the next page view comes more than this many minutes after the last one;
 *     a gap of exactly this long stays in the session
 * @param range only page views in this time range count ({@code --from} inclusive, {@code --to} exclusive)
 */
record JourneySettings(long sessionGapMinutes, TimeRange range) {
    static final String SESSION_GAP = "session-gap";
    static final long DEFAULT_SESSION_GAP_MINUTES = 30;
    private static final long MILLIS_PER_MINUTE = 60_000L;

    /** The options with one line of help each, in the order the usage lists them. */
    static Map<String, String> help() {
        Map<String, String> help = new LinkedHashMap<>();
        help.put(
                SESSION_GAP,
                "MINUTES: a gap longer than this between two page views of a visitor starts a new session"
                        + " (default " + DEFAULT_SESSION_GAP_MINUTES
                        + "; a gap of exactly this long stays in the session)");
        help.put(TimeRange.FROM, "EPOCH_MS: count only page views at or after this time (default: from the first)");
        help.put(TimeRange.TO, "EPOCH_MS: count only page views before this time (default: to the last)");
        return help;
    }

    /** Reads and checks the options; a bad value is an IllegalArgumentException naming the option. */
    static JourneySettings of(NamedOptions options) {
        long gap = options.getLong(
                SESSION_GAP, DEFAULT_SESSION_GAP_MINUTES, 1, Long.MAX_VALUE / MILLIS_PER_MINUTE); // minutes
        return new JourneySettings(gap, TimeRange.of(options));
    }

    long sessionGapMillis() {
        return sessionGapMinutes * MILLIS_PER_MINUTE;
    }

    /**
     * The scan of {@code visits}: only {@code p:u} (path) and {@code p:r} (reversed referer), only cells in
     * {@code [from, to)}, so the files whose time range misses it are not opened at all.
     */
    ScanSpec scan() {
        return ScanSpec.all()
                .withColumns(List.of(ViewMapper.PATH_COLUMN, ViewMapper.REFERER_COLUMN))
                .withTimeRange(range.from(), range.to());
    }
}
