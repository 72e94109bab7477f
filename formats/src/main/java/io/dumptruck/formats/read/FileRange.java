package io.dumptruck.formats.read;

import java.util.Comparator;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Where an HFile's rows lie, read once from its trailer: enough to plan splits and gets without keeping the file open.
 *
 * @param sequenceId the file's sequence id as a region server orders its files: the {@code MAX_SEQ_ID_KEY} file info of
 *     a flushed or compacted file, the {@code _SeqId_N_} of a bulk-loaded file's name; 0 if none (dumptruck's own files
 *     before a bulk load)
 * @param loadTime the file's bulk-load time (HBase's {@code BULKLOAD_TIMESTAMP} file info), 0 if none; of two cells
 *     with the same key, the one in the newer file — higher sequence id, then later load — wins, as a region server
 *     serves them
 * @param minTime the smallest cell timestamp in the file (HBase's {@code TIMERANGE} file info; 0 if unknown)
 * @param maxTime the largest cell timestamp in the file ({@code Long.MAX_VALUE} if unknown)
 * @param clip the rows of the file that are its region's ({@link RowClip#NONE}: all of them)
 */
public record FileRange(
        Path path,
        String family,
        long length,
        long entries,
        byte[] firstRow,
        byte[] lastRow,
        long sequenceId,
        long loadTime,
        long minTime,
        long maxTime,
        RowClip clip) {

    /** Older files first: the merge order of {@link CellMergeScanner}. */
    public static final Comparator<FileRange> OLDEST_FIRST = Comparator.comparingLong(FileRange::sequenceId)
            .thenComparingLong(FileRange::loadTime)
            .thenComparing(r -> r.path().getName());

    /** True when some row of the file (within its clip) may fall in {@code [start, stop)} (empty stop = unbounded). */
    public boolean overlaps(byte[] start, byte[] stop) {
        return Bytes.compareTo(lastRow, start) >= 0
                && (stop.length == 0 || Bytes.compareTo(firstRow, stop) < 0)
                && clip.overlaps(start, stop);
    }

    /** True when some cell of the file may have a timestamp in {@code [min, max)}. */
    public boolean overlapsTime(long min, long max) {
        return maxTime >= min && minTime < max;
    }

    public boolean containsRow(byte[] row) {
        return Bytes.compareTo(row, firstRow) >= 0 && Bytes.compareTo(row, lastRow) <= 0 && clip.contains(row);
    }
}
