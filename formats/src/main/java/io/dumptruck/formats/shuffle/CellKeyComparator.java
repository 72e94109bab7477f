package io.dumptruck.formats.shuffle;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * Compares serialized {@link CellKey}s byte for byte, with no object created per comparison: table, row, family,
 * qualifier ascending, timestamp descending. Used both as the sort comparator and as the grouping comparator, so one
 * reduce call sees one distinct cell key.
 */
public final class CellKeyComparator extends WritableComparator implements KeyPrefix {
    private static final VarHandle BIG_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    public CellKeyComparator() {
        super(CellKey.class, false);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
        return compareSerialized(
                b1, s1 + CellKey.HEADER, l1 - CellKey.HEADER, b2, s2 + CellKey.HEADER, l2 - CellKey.HEADER);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
        return ((CellKey) a).compareTo((CellKey) b);
    }

    /** The sort string is the 16-bit table index, then the row: the order of tables and rows is its order. */
    @Override
    public int sortStringLength(byte[] b, int s, int l) {
        return 2 + rowLength(b, s + CellKey.HEADER);
    }

    @Override
    public long prefix(byte[] b, int s, int l, int chunk) {
        int p = s + CellKey.HEADER;
        if (chunk == 0) {
            return firstChunk(b, p);
        }
        // string bytes 8 * chunk .. 8 * chunk + 7: the table's two bytes, then the row (at p + 4 in the key)
        int from = 8 * chunk - 2; // the chunk's first row byte
        int left = rowLength(b, p) - from; // string bytes from the chunk's first on
        if (left <= 0) {
            return 0;
        }
        long bytes = (long) BIG_ENDIAN_LONG.get(b, p + 4 + from); // never past the key: timestamp follows the row
        return left >= 8 ? bytes : bytes & (-1L << (8 * (8 - left))); // zeros past the row's end
    }

    /**
     * The first 8 bytes of the sort string of the payload at {@code payload} (the bytes after the int32 length),
     * zero-padded: the table's two bytes, then up to 6 of the row's.
     */
    static long firstChunk(byte[] b, int payload) {
        // 8 bytes read from the row's start never leave the key: family and timestamp follow the row
        long bytes = ((long) table(b, payload) << 48) | ((long) BIG_ENDIAN_LONG.get(b, payload + 4) >>> 16);
        int left = 2 + rowLength(b, payload);
        return left >= 8 ? bytes : bytes & (-1L << (8 * (8 - left)));
    }

    /** The uint16 table index of the payload at {@code payload} (the bytes after the int32 length). */
    private static int table(byte[] b, int payload) {
        return ((b[payload] & 0xFF) << 8) | (b[payload + 1] & 0xFF);
    }

    /** The uint16 row length of the payload at {@code payload}. */
    private static int rowLength(byte[] b, int payload) {
        return ((b[payload + 2] & 0xFF) << 8) | (b[payload + 3] & 0xFF);
    }

    /** Compares two payloads (the bytes after the int32 length) of lengths n1 and n2. */
    static int compareSerialized(byte[] b1, int p1, int n1, byte[] b2, int p2, int n2) {
        int t1 = table(b1, p1);
        int t2 = table(b2, p2);
        if (t1 != t2) {
            return t1 < t2 ? -1 : 1;
        }
        int r1 = rowLength(b1, p1);
        int r2 = rowLength(b2, p2);
        int c = compareBytes(b1, p1 + 4, r1, b2, p2 + 4, r2);
        if (c != 0) {
            return c;
        }
        return compareColumns(b1, p1, n1, r1, b2, p2, n2, r2);
    }

    /**
     * The order of two keys of one table and row (rows of {@code r1} and {@code r2} bytes): family index, qualifier,
     * newest timestamp first.
     */
    static int compareColumns(byte[] b1, int p1, int n1, int r1, byte[] b2, int p2, int n2, int r2) {
        int f1 = b1[p1 + 4 + r1] & 0xFF;
        int f2 = b2[p2 + 4 + r2] & 0xFF;
        if (f1 != f2) {
            return f1 < f2 ? -1 : 1;
        }
        int c = compareBytes(b1, p1 + 5 + r1, n1 - CellKey.FIXED - r1, b2, p2 + 5 + r2, n2 - CellKey.FIXED - r2);
        if (c != 0) {
            return c;
        }
        long ts1 = readLong(b1, p1 + n1 - 8);
        long ts2 = readLong(b2, p2 + n2 - 8);
        return Long.compare(ts2, ts1);
    }
}
