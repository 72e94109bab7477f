package io.dumptruck.jobs.inspect;

import io.dumptruck.formats.text.ShellBytes;
import java.util.List;
import java.util.Locale;

/**
 * Whether a table's data is spread evenly, and a one-line verdict:
 *
 * <ul>
 *   <li><b>region skew</b>: the largest region's bytes on disk over the mean region's (every region of the table
 *       counts, empty ones too); at {@value #SKEW_RATIO}× or more the table is skewed;
 *   <li><b>hot key prefix</b>: the most frequent leading row-key byte ({@link KeyPrefixSpread}); when more than
 *       {@value #HOT_PREFIX_SHARE} of the rows start with one byte, new rows written in key order pile into one region
 *       whatever the splits (a sequential key, or salting left out); a table of fewer than
 *       {@value #MIN_ROWS_FOR_HOT_PREFIX} rows is too small to tell.
 * </ul>
 *
 * Verdicts: {@code empty: no rows}, {@code balanced}, {@code skewed: region 3 holds 4.2× the mean}, {@code hot key
 * prefix: 97% of rows start with '\x00'}, or the last two joined with {@code "; "}.
 *
 * @param largestRegion index of the region with the most bytes on disk (the first of a tie)
 * @param hottestPrefix the most frequent leading byte, 0..255, or -1 without rows
 */
record Balance(
        int regions,
        double meanRegionBytes,
        int largestRegion,
        long largestRegionBytes,
        double largestToMean,
        int hottestPrefix,
        long hottestPrefixRows,
        double hottestPrefixShare,
        int distinctPrefixes,
        boolean skewed,
        boolean hotPrefix,
        String verdict) {

    /** Largest / mean region bytes from which a table is called skewed. */
    public static final double SKEW_RATIO = 1.5;
    /** Share of rows above which one leading byte is a hot spot. */
    public static final double HOT_PREFIX_SHARE = 0.6;
    /** Fewer rows than this say nothing about a key's spread: no hot prefix is called. */
    public static final long MIN_ROWS_FOR_HOT_PREFIX = 100;

    static Balance of(List<RegionInspection> regions, KeyPrefixSpread prefixes) {
        long total = 0;
        int largest = 0;
        for (RegionInspection r : regions) {
            total += r.total().bytesOnDisk();
            if (r.total().bytesOnDisk() > regions.get(largest).total().bytesOnDisk()) {
                largest = r.index();
            }
        }
        double mean = (double) total / regions.size();
        long largestBytes = regions.get(largest).total().bytesOnDisk();
        double ratio = mean == 0 ? 0 : largestBytes / mean;
        int hottest = prefixes.hottest();
        double share = prefixes.hottestShare();
        boolean skewed = ratio >= SKEW_RATIO;
        boolean hot = share > HOT_PREFIX_SHARE && prefixes.rows() >= MIN_ROWS_FOR_HOT_PREFIX;
        return new Balance(
                regions.size(),
                mean,
                largest,
                largestBytes,
                ratio,
                hottest,
                hottest < 0 ? 0 : prefixes.rows(hottest),
                share,
                prefixes.distinct(),
                skewed,
                hot,
                verdict(prefixes.rows(), skewed, largest, ratio, hot, hottest, share));
    }

    private static String verdict(
            long rows, boolean skewed, int largest, double ratio, boolean hot, int hottest, double share) {
        if (rows == 0) {
            return "empty: no rows";
        }
        String skew = String.format(Locale.ROOT, "skewed: region %d holds %.1f× the mean", largest, ratio);
        String prefix = String.format(
                Locale.ROOT, "hot key prefix: %.0f%% of rows start with %s", share * 100, quotedByte(hottest));
        if (skewed && hot) {
            return skew + "; " + prefix;
        }
        return skewed ? skew : hot ? prefix : "balanced";
    }

    /** A byte in HBase shell notation, quoted: {@code 'a'}, {@code '\x00'}. */
    static String quotedByte(int b) {
        return "'" + ShellBytes.format(new byte[] {(byte) b}) + "'";
    }
}
