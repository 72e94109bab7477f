package io.dumptruck.formats.read;

/**
 * What reading a table cost, counted by {@link HFileTableInputFormat}'s record reader (group {@value #GROUP}). Set
 * beside the table's size ({@link TableDir#bytes()}), they show that a scan limited to a family, a key range or a time
 * range reads only what it needs.
 */
public enum ReadCounter {
    /**
     * HFile opens by the tasks: only files of the scanned families whose key and time ranges meet a split are opened. A
     * file read by several splits (a region cut into sub-splits, several scans of one table) counts once per split.
     */
    FILE_OPENS,
    /** HFile bytes read from the file system: trailers, indexes, blooms and the data blocks reached. */
    BYTES_READ,
    /**
     * Data blocks read: HBase's own JVM-wide count of data block reads, taken as a difference around each split. Exact
     * when a JVM runs one task at a time (YARN containers, or local mode with {@code -D
     * mapreduce.local.map.tasks.maximum=1}); local mode runs a task per core by default
     * ({@link io.dumptruck.formats.runtime.LocalMode}), and a split's count then also holds the blocks that tasks
     * running beside it read: an upper bound.
     */
    DATA_BLOCKS_READ,
    /** Cells read from the files, kept by the scan or not. */
    CELLS_READ,
    /** Results handed to the mapper (rows, or parts of a row when the scan sets a batch). */
    RESULTS;

    public static final String GROUP = "dumptruck read";
}
