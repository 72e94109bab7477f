package io.dumptruck.jobs.inspect;

import java.util.Collections;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValueUtil;

/**
 * The figures of a group of HFiles — one family of one region, a whole region, a family over the table, or the table —
 * filled while its files are scanned once:
 *
 * <ul>
 *   <li>files, bytes on disk (file lengths), uncompressed bytes (the trailers' total uncompressed bytes) and their
 *       ratio, uncompressed / on disk (above 1 when compression saves space);
 *   <li>rows (distinct row keys of the group), cells, bytes on disk per cell;
 *   <li>lengths: the cell key as the HFile stores it (KeyValue key: 2-byte row length, row, 1-byte family length,
 *       family, qualifier, 8-byte timestamp, type byte), the value, and the row key (once per distinct row);
 *   <li>the smallest and largest cell timestamp;
 *   <li>the files' settings: bloom filter type and total bloom bytes, data block encoding and compression codec — a set
 *       of names, one name unless files of the group differ.
 * </ul>
 *
 * Read-only outside this package.
 */
public final class Figures {
    private int files;
    private long rows;
    private long cells;
    private long bytesOnDisk;
    private long uncompressedBytes;
    private long bloomBytes;
    private final LengthStats keyLength = new LengthStats();
    private final LengthStats valueLength = new LengthStats();
    private final LengthStats rowKeyLength = new LengthStats();
    private long minTimestamp = Long.MAX_VALUE;
    private long maxTimestamp = Long.MIN_VALUE;
    private final SortedSet<String> bloomTypes = new TreeSet<>();
    private final SortedSet<String> encodings = new TreeSet<>();
    private final SortedSet<String> compressions = new TreeSet<>();

    void addFile(FileFacts f) {
        files++;
        bytesOnDisk += f.bytesOnDisk();
        uncompressedBytes += f.uncompressedBytes();
        bloomBytes += f.bloomBytes();
        bloomTypes.add(f.bloomType());
        encodings.add(f.encoding());
        compressions.add(f.compression());
    }

    void addCell(Cell c) {
        cells++;
        keyLength.add(KeyValueUtil.keyLength(c));
        valueLength.add(c.getValueLength());
        minTimestamp = Math.min(minTimestamp, c.getTimestamp());
        maxTimestamp = Math.max(maxTimestamp, c.getTimestamp());
    }

    /** Counts a distinct row of the group. */
    void addRow(int rowKeyBytes) {
        rows++;
        rowKeyLength.add(rowKeyBytes);
    }

    /** Adds another group's figures; its rows must be disjoint from this group's (other regions). */
    void add(Figures o) {
        files += o.files;
        rows += o.rows;
        cells += o.cells;
        bytesOnDisk += o.bytesOnDisk;
        uncompressedBytes += o.uncompressedBytes;
        bloomBytes += o.bloomBytes;
        keyLength.add(o.keyLength);
        valueLength.add(o.valueLength);
        rowKeyLength.add(o.rowKeyLength);
        minTimestamp = Math.min(minTimestamp, o.minTimestamp);
        maxTimestamp = Math.max(maxTimestamp, o.maxTimestamp);
        bloomTypes.addAll(o.bloomTypes);
        encodings.addAll(o.encodings);
        compressions.addAll(o.compressions);
    }

    public int files() {
        return files;
    }

    public long rows() {
        return rows;
    }

    public long cells() {
        return cells;
    }

    public long bytesOnDisk() {
        return bytesOnDisk;
    }

    public long uncompressedBytes() {
        return uncompressedBytes;
    }

    /** Uncompressed bytes / bytes on disk; empty when nothing is on disk. */
    public OptionalDouble compressionRatio() {
        return bytesOnDisk == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) uncompressedBytes / bytesOnDisk);
    }

    /** Bytes on disk / cells; empty without cells. */
    public OptionalDouble bytesPerCell() {
        return cells == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) bytesOnDisk / cells);
    }

    /** Cell key lengths (KeyValue key format). */
    public LengthStats keyLength() {
        return keyLength;
    }

    public LengthStats valueLength() {
        return valueLength;
    }

    /** Row key lengths, one per distinct row. */
    public LengthStats rowKeyLength() {
        return rowKeyLength;
    }

    /** True when the group has at least one cell, so that the timestamps below mean something. */
    public boolean hasCells() {
        return cells > 0;
    }

    /** The smallest cell timestamp; Long.MAX_VALUE without cells. */
    public long minTimestamp() {
        return minTimestamp;
    }

    /** The largest cell timestamp; Long.MIN_VALUE without cells. */
    public long maxTimestamp() {
        return maxTimestamp;
    }

    public long bloomBytes() {
        return bloomBytes;
    }

    /** Bloom types of the files (NONE, ROW, ROWCOL), sorted; empty without files. */
    public SortedSet<String> bloomTypes() {
        return Collections.unmodifiableSortedSet(bloomTypes);
    }

    /** Data block encodings of the files (NONE, PREFIX, DIFF, FAST_DIFF, …), sorted. */
    public SortedSet<String> encodings() {
        return Collections.unmodifiableSortedSet(encodings);
    }

    /** Compression codecs of the files (NONE, GZ, SNAPPY, …), sorted. */
    public SortedSet<String> compressions() {
        return Collections.unmodifiableSortedSet(compressions);
    }
}
