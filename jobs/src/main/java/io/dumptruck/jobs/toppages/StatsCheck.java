package io.dumptruck.jobs.toppages;

import io.dumptruck.jobs.TopK;
import java.util.Arrays;

/**
 * Compares a visitor's stored {@code cookie_stats c:} cell with the most requested path computed from its
 * {@code cookie_url_count} cells (ties to the smallest path bytes, the loader's rule).
 */
final class StatsCheck {
    static final String NO_STORED_CELL = "no c: cell in cookie_stats";
    static final String NO_COUNTS = "no cells in cookie_url_count";
    static final String PATH_AND_COUNT_DIFFER = "path and count differ";
    static final String PATH_DIFFERS = "path differs";
    static final String COUNT_DIFFERS = "count differs";

    private StatsCheck() {}

    /**
     * What is wrong, as one of the short texts above, or null when the two agree.
     *
     * @param storedPath the {@code c:} cell's value (a path's UTF-8 bytes), null when the visitor has no such cell
     * @param storedCount the {@code c:} cell's timestamp
     * @param computed the visitor's best page from {@code cookie_url_count}, null when it has no counts there
     */
    static String problem(byte[] storedPath, long storedCount, TopK.Entry computed) {
        if (storedPath == null && computed == null) {
            return null;
        }
        if (storedPath == null) {
            return NO_STORED_CELL;
        }
        if (computed == null) {
            return NO_COUNTS;
        }
        boolean pathDiffers = !Arrays.equals(storedPath, computed.name());
        boolean countDiffers = storedCount != computed.count();
        if (pathDiffers && countDiffers) {
            return PATH_AND_COUNT_DIFFER;
        }
        if (pathDiffers) {
            return PATH_DIFFERS;
        }
        return countDiffers ? COUNT_DIFFERS : null;
    }
}
