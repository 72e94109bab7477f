package io.dumptruck.bench;

import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Cells of one table kept in memory by {@link LimitLoad}, as KeyValue bytes in pages of 4 MB, and per cell a reference
 * ({@code page << 32 | offset}) and the first 8 bytes of its row as an unsigned number, which {@link #sort} orders as
 * HBase orders cells: row, family, qualifier ascending, then time and type descending (the row prefix decides most
 * comparisons without a look at the bytes). A KeyValue here is
 *
 * <pre>
 *   int key length · int value length · short row length · row · byte family length · family · qualifier ·
 *   long timestamp · byte type · value          (no tags)
 * </pre>
 */
final class CellBuffer {
    private static final int PAGE = 4 << 20;
    private static final byte PUT = KeyValue.Type.Put.getCode();

    private final List<byte[]> pages = new ArrayList<>();
    private long[] refs = new long[1 << 12];
    private long[] prefixes = new long[1 << 12];
    private int count;
    private int used = PAGE;
    /** The bytes of the cells held. */
    long bytes;

    void add(byte[] row, byte[] family, byte[] qualifier, long timestamp, byte[] value) {
        int keyLength = 2 + row.length + 1 + family.length + qualifier.length + 8 + 1;
        int length = 8 + keyLength + value.length;
        if (used + length > PAGE) {
            pages.add(new byte[Math.max(PAGE, length)]);
            used = 0;
        }
        byte[] page = pages.get(pages.size() - 1);
        int at = Bytes.putInt(page, used, keyLength);
        at = Bytes.putInt(page, at, value.length);
        at = Bytes.putShort(page, at, (short) row.length);
        at = Bytes.putBytes(page, at, row, 0, row.length);
        page[at++] = (byte) family.length;
        at = Bytes.putBytes(page, at, family, 0, family.length);
        at = Bytes.putBytes(page, at, qualifier, 0, qualifier.length);
        at = Bytes.putLong(page, at, timestamp);
        page[at++] = PUT;
        Bytes.putBytes(page, at, value, 0, value.length);
        if (count == refs.length) {
            refs = Arrays.copyOf(refs, count * 2);
            prefixes = Arrays.copyOf(prefixes, count * 2);
        }
        prefixes[count] = prefix(row);
        refs[count++] = ((long) (pages.size() - 1) << 32) | used;
        used += length;
        bytes += length;
    }

    int size() {
        return count;
    }

    /** The i-th cell (in sorted order after {@link #sort}), over this buffer's bytes. */
    KeyValue cell(int i) {
        long ref = refs[i];
        return new KeyValue(pages.get((int) (ref >>> 32)), (int) ref);
    }

    /** Writes the i-th cell as {@code SortedCells} files hold cells: its length, then its bytes. */
    void write(int i, DataOutputStream out) throws IOException {
        long ref = refs[i];
        byte[] page = pages.get((int) (ref >>> 32));
        int at = (int) ref;
        int length = 8 + Bytes.toInt(page, at) + Bytes.toInt(page, at + 4);
        out.writeInt(length);
        out.write(page, at, length);
    }

    /** The first 8 bytes of a row, zero-padded, as an unsigned number: ordered as the rows' prefixes are. */
    private static long prefix(byte[] row) {
        long p = 0;
        for (int i = 0; i < 8; i++) {
            p = (p << 8) | (i < row.length ? row[i] & 0xff : 0);
        }
        return p;
    }

    void sort() {
        mergeSort(prefixes, refs, new long[count], new long[count], 0, count);
    }

    /** A stable merge sort of cells {@code [lo, hi)}: their prefixes {@code p} and references {@code r} together. */
    private void mergeSort(long[] p, long[] r, long[] tp, long[] tr, int lo, int hi) {
        if (hi - lo <= 16) {
            for (int i = lo + 1; i < hi; i++) {
                long xp = p[i];
                long xr = r[i];
                int j = i - 1;
                while (j >= lo && compare(p[j], r[j], xp, xr) > 0) {
                    p[j + 1] = p[j];
                    r[j + 1] = r[j];
                    j--;
                }
                p[j + 1] = xp;
                r[j + 1] = xr;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(p, r, tp, tr, lo, mid);
        mergeSort(p, r, tp, tr, mid, hi);
        if (compare(p[mid - 1], r[mid - 1], p[mid], r[mid]) <= 0) {
            return;
        }
        System.arraycopy(p, lo, tp, lo, hi - lo);
        System.arraycopy(r, lo, tr, lo, hi - lo);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            if (compare(tp[j], tr[j], tp[i], tr[i]) < 0) {
                p[k] = tp[j];
                r[k++] = tr[j++];
            } else {
                p[k] = tp[i];
                r[k++] = tr[i++];
            }
        }
        while (i < mid) {
            p[k] = tp[i];
            r[k++] = tr[i++];
        }
        while (j < hi) {
            p[k] = tp[j];
            r[k++] = tr[j++];
        }
    }

    private int compare(long xPrefix, long x, long yPrefix, long y) {
        int c = Long.compareUnsigned(xPrefix, yPrefix);
        return c != 0 ? c : compare(pages.get((int) (x >>> 32)), (int) x, pages.get((int) (y >>> 32)), (int) y);
    }

    static int compare(KeyValue x, KeyValue y) {
        return compare(x.getBuffer(), x.getOffset(), y.getBuffer(), y.getOffset());
    }

    /** HBase's order of two KeyValues at {@code ao} in {@code a} and {@code bo} in {@code b}. */
    static int compare(byte[] a, int ao, byte[] b, int bo) {
        int aRow = Bytes.toShort(a, ao + 8);
        int bRow = Bytes.toShort(b, bo + 8);
        int c = Bytes.compareTo(a, ao + 10, aRow, b, bo + 10, bRow);
        if (c != 0) {
            return c;
        }
        int aFamily = ao + 10 + aRow;
        int bFamily = bo + 10 + bRow;
        int aColumn = Bytes.toInt(a, ao) - 2 - aRow - 9; // family length byte, family, qualifier
        int bColumn = Bytes.toInt(b, bo) - 2 - bRow - 9;
        c = Bytes.compareTo(a, aFamily + 1, a[aFamily], b, bFamily + 1, b[bFamily]);
        if (c != 0) {
            return c;
        }
        c = Bytes.compareTo(
                a,
                aFamily + 1 + a[aFamily],
                aColumn - 1 - a[aFamily],
                b,
                bFamily + 1 + b[bFamily],
                bColumn - 1 - b[bFamily]);
        if (c != 0) {
            return c;
        }
        int aTime = aFamily + aColumn;
        int bTime = bFamily + bColumn;
        c = Long.compare(Bytes.toLong(b, bTime), Bytes.toLong(a, aTime));
        return c != 0 ? c : (0xff & b[bTime + 8]) - (0xff & a[aTime + 8]);
    }

    /**
     * After {@link #sort}: {@code bounds[r]} is the first cell of region {@code r} (rows at or past split point
     * {@code r - 1}), {@code bounds[regions]} the number of cells.
     */
    int[] regionBounds(List<byte[]> splitPoints) {
        int[] bounds = new int[splitPoints.size() + 2];
        for (int r = 0; r < splitPoints.size(); r++) {
            byte[] point = splitPoints.get(r);
            int lo = bounds[r];
            int hi = count;
            while (lo < hi) { // the first cell whose row is at or past the point
                int mid = (lo + hi) >>> 1;
                long ref = refs[mid];
                byte[] page = pages.get((int) (ref >>> 32));
                int at = (int) ref;
                if (Bytes.compareTo(page, at + 10, Bytes.toShort(page, at + 8), point, 0, point.length) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            bounds[r + 1] = lo;
        }
        bounds[splitPoints.size() + 1] = count;
        return bounds;
    }
}
