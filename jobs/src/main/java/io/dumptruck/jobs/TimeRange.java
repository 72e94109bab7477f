package io.dumptruck.jobs;

import io.dumptruck.formats.runtime.NamedOptions;

/**
 * The {@code --from}/{@code --to} options of a job that reads cells of a time range: epoch milliseconds, {@code from}
 * inclusive, {@code to} exclusive, as a scan's time range takes them. Either may be left out: from the first cell (0;
 * cells before 1970 are never read) or to the last.
 *
 * @param from the first time kept, epoch ms (0 when {@code --from} is not given)
 * @param to the first time no longer kept, epoch ms ({@link Long#MAX_VALUE} when {@code --to} is not given)
 */
public record TimeRange(long from, long to) {
    public static final String FROM = "from";
    public static final String TO = "to";
    /** Every time a cell can have. */
    public static final TimeRange ALL = new TimeRange(0, Long.MAX_VALUE);

    public TimeRange {
        if (from < 0 || to <= from) {
            throw new IllegalArgumentException("not a time range: [" + from + ", " + to + ")");
        }
    }

    /**
     * Reads and checks {@code --from} and {@code --to}. A bad value is an IllegalArgumentException naming the option
     * and what it takes, thrown before any task runs: {@code --from takes epoch milliseconds >= 0, got '-5'},
     * {@code --to takes epoch milliseconds after --from (2000), got '1000'}.
     */
    public static TimeRange of(NamedOptions options) {
        String fromText = options.get(FROM, null);
        long from = fromText == null ? 0 : parse(fromText);
        if (from < 0) {
            throw new IllegalArgumentException("--" + FROM + " takes epoch milliseconds >= 0, got '" + fromText + "'");
        }
        String toText = options.get(TO, null);
        long to = toText == null ? Long.MAX_VALUE : parse(toText);
        if (to <= from) {
            String after = fromText == null ? "> 0" : "after --" + FROM + " (" + from + ")";
            throw new IllegalArgumentException(
                    "--" + TO + " takes epoch milliseconds " + after + ", got '" + toText + "'");
        }
        return new TimeRange(from, to);
    }

    /** The number, or -1 (refused by both checks) when the text is not a whole number. */
    private static long parse(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** True when the range leaves some time out, i.e. {@code --from} or {@code --to} was given. */
    public boolean isLimited() {
        return from > 0 || to < Long.MAX_VALUE;
    }
}
