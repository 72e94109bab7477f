package io.dumptruck.formats.shuffle;

import io.dumptruck.formats.PublicApi;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.WritableComparable;

/**
 * The map output key of every load: one whole cell key, so that the shuffle sorts cells exactly as HBase stores them
 * and a reducer can stream them to the HFile writer without holding a row.
 *
 * <p>Serialized form (what {@link CellKeyComparator} compares without deserializing):
 *
 * <pre>
 *   int32   n              length of what follows
 *   uint16  table          index of the table in the job's table list
 *   uint16  rowLength
 *   byte[]  row
 *   uint8   family         index of the family in the table spec
 *   byte[]  qualifier      n - 13 - rowLength bytes
 *   int64   timestamp
 * </pre>
 *
 * Order: table, row (unsigned bytes), family, qualifier (unsigned bytes), timestamp descending — HBase's cell order
 * within a family. The object is reusable: {@link #set} copies into an internal buffer that only grows.
 */
@PublicApi
public final class CellKey implements WritableComparable<CellKey> {
    public static final int HEADER = 4;
    public static final int FIXED = 2 + 2 + 1 + 8;
    public static final int MAX_ROW_LENGTH = Short.MAX_VALUE;
    /** The highest family index (a table has at most 255 families); 0xFF marks a row in a {@link CellRun}. */
    public static final int MAX_FAMILY = 0xFE;

    private byte[] buf = new byte[64];
    private int n;

    public CellKey() {}

    public CellKey(int table, int family, byte[] row, byte[] qualifier, long timestamp) {
        set(table, family, row, 0, row.length, qualifier, 0, qualifier.length, timestamp);
    }

    public CellKey set(int table, int family, byte[] row, byte[] qualifier, long timestamp) {
        return set(table, family, row, 0, row.length, qualifier, 0, qualifier.length, timestamp);
    }

    public CellKey set(
            int table,
            int family,
            byte[] row,
            int rowOff,
            int rowLen,
            byte[] qual,
            int qualOff,
            int qualLen,
            long timestamp) {
        if (rowLen == 0) {
            throw new IllegalArgumentException("a row key must not be empty");
        }
        if (rowLen > MAX_ROW_LENGTH) {
            throw new IllegalArgumentException(
                    "row key of " + rowLen + " bytes is longer than HBase's limit of " + MAX_ROW_LENGTH);
        }
        checkTimestamp(timestamp);
        if (table < 0 || table > 0xFFFF || family < 0 || family > MAX_FAMILY) {
            throw new IllegalArgumentException("table index " + table + " / family index " + family + " out of range");
        }
        if (buf.length < FIXED + rowLen + qualLen) {
            buf = new byte[Math.max(FIXED + rowLen + qualLen, buf.length * 2)];
        }
        Bytes.putShort(buf, 0, (short) table);
        Bytes.putShort(buf, 2, (short) rowLen);
        System.arraycopy(row, rowOff, buf, 4, rowLen);
        return writeCell(rowLen, family, qual, qualOff, qualLen, timestamp);
    }

    private static void checkTimestamp(long timestamp) {
        if (timestamp < 0 || timestamp == Long.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "cell timestamp " + timestamp + " is outside 0 .. Long.MAX_VALUE - 1 (HBase rejects it)");
        }
    }

    /** Makes this key a copy of {@code o}. */
    public CellKey copyFrom(CellKey o) {
        n = o.n;
        if (buf.length < n) {
            buf = new byte[Math.max(n, buf.length * 2)];
        }
        System.arraycopy(o.buf, 0, buf, 0, n);
        return this;
    }

    /**
     * Makes this key the one serialized (without its int32 length) at {@code b[payload, payload + n)}, as
     * {@link #write} and the map-side buffer of {@code CellBlockBuffer} hold it.
     */
    public CellKey setSerialized(byte[] b, int payload, int n) {
        if (buf.length < n) {
            buf = new byte[Math.max(n, buf.length * 2)];
        }
        System.arraycopy(b, payload, buf, 0, n);
        this.n = n;
        return this;
    }

    /**
     * Keeps the table and the first {@code shared} bytes of the row, replaces the rest of the row with
     * {@code tail[offset, offset + length)}; family, qualifier and timestamp are to be set next, by
     * {@link #setCellOfSameRow}.
     */
    CellKey setRowTail(int shared, byte[] tail, int offset, int length) {
        int rowLen = shared + length;
        if (shared > rowLength() || rowLen == 0 || rowLen > MAX_ROW_LENGTH) {
            throw new IllegalStateException(
                    "a damaged cell block: row of " + shared + " + " + length + " bytes after a row of " + rowLength());
        }
        if (buf.length < FIXED + rowLen) {
            buf = Arrays.copyOf(buf, Math.max(FIXED + rowLen, buf.length * 2));
        }
        Bytes.putShort(buf, 2, (short) rowLen);
        System.arraycopy(tail, offset, buf, 4 + shared, length);
        n = FIXED + rowLen; // no qualifier yet
        return this;
    }

    /** The length of the serialized key after its int32 length (what {@link #buffer} holds). */
    public int payloadLength() {
        return n;
    }

    /** Keeps table and row, replaces family, qualifier and timestamp (checked as in {@link #set}). */
    public CellKey setCellOfSameRow(int family, byte[] qual, int qualOff, int qualLen, long timestamp) {
        int rowLen = rowLength();
        checkTimestamp(timestamp);
        if (family < 0 || family > MAX_FAMILY) {
            throw new IllegalArgumentException("family index " + family + " out of range");
        }
        return writeCell(rowLen, family, qual, qualOff, qualLen, timestamp);
    }

    /** Writes family, qualifier and timestamp after the row already in the buffer (growing it, row kept). */
    private CellKey writeCell(int rowLen, int family, byte[] qual, int qualOff, int qualLen, long timestamp) {
        n = FIXED + rowLen + qualLen;
        if (buf.length < n) {
            buf = Arrays.copyOf(buf, Math.max(n, buf.length * 2));
        }
        buf[4 + rowLen] = (byte) family;
        System.arraycopy(qual, qualOff, buf, 5 + rowLen, qualLen);
        Bytes.putLong(buf, n - 8, timestamp);
        return this;
    }

    public int table() {
        return Bytes.toShort(buf, 0) & 0xFFFF;
    }

    public int rowLength() {
        return Bytes.toShort(buf, 2) & 0xFFFF;
    }

    /** The buffer holding row and qualifier; see the offset accessors. Valid until the next set/readFields. */
    public byte[] buffer() {
        return buf;
    }

    public int rowOffset() {
        return 4;
    }

    public int family() {
        return buf[4 + rowLength()] & 0xFF;
    }

    public int qualifierOffset() {
        return 5 + rowLength();
    }

    public int qualifierLength() {
        return n - FIXED - rowLength();
    }

    public long timestamp() {
        return Bytes.toLong(buf, n - 8);
    }

    public byte[] row() {
        return Arrays.copyOfRange(buf, 4, 4 + rowLength());
    }

    public byte[] qualifier() {
        return Arrays.copyOfRange(buf, qualifierOffset(), qualifierOffset() + qualifierLength());
    }

    /** True when both keys name the same table and row. */
    public boolean sameRow(CellKey o) {
        return table() == o.table() && Bytes.equals(buf, 4, rowLength(), o.buf, 4, o.rowLength());
    }

    /** True when both keys name the same qualifier (of whatever table, row or family). */
    public boolean sameQualifier(CellKey o) {
        return Bytes.equals(buf, qualifierOffset(), qualifierLength(), o.buf, o.qualifierOffset(), o.qualifierLength());
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeInt(n);
        out.write(buf, 0, n);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        n = in.readInt();
        if (buf.length < n) {
            buf = new byte[Math.max(n, buf.length * 2)];
        }
        in.readFully(buf, 0, n);
    }

    @Override
    public int compareTo(CellKey o) {
        return CellKeyComparator.compareSerialized(buf, 0, n, o.buf, 0, o.n);
    }

    /**
     * The first 8 bytes of the key's sort string (table, then row; zero-padded), as {@link KeyPrefix} gives them: where
     * two keys' prefixes differ, so do the keys, in the same order (unsigned).
     */
    public long prefix() {
        return CellKeyComparator.firstChunk(buf, 0);
    }

    /** {@link #compareTo} for a key of the same table and row ({@link #sameRow}): the columns only. */
    public int compareColumnTo(CellKey o) {
        return CellKeyComparator.compareColumns(buf, 0, n, rowLength(), o.buf, 0, o.n, o.rowLength());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CellKey k && Bytes.equals(buf, 0, n, k.buf, 0, k.n);
    }

    @Override
    public int hashCode() {
        return Bytes.hashCode(buf, 0, n);
    }

    @Override
    public String toString() {
        return "table#" + table() + "/" + Bytes.toStringBinary(buf, 4, rowLength()) + "/family#" + family() + ":"
                + Bytes.toStringBinary(buf, qualifierOffset(), qualifierLength()) + "/" + timestamp();
    }
}
