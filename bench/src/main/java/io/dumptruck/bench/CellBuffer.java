package io.dumptruck.bench;

import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Cells of one table kept in memory by {@link LimitLoad}, as KeyValue bytes in pages of 512 KB. The cells a record puts
 * into one row, added one after the other in cell order with the same row array, are one entry (as a loader's cells of
 * a record travel as one run). Per entry: the first 8 bytes of its row as an unsigned number, and a reference
 * {@code page << 40 | offset << 16 | cells}. {@link #sort} orders the entries as HBase orders their first cells — row,
 * family, qualifier ascending, then time and type descending — the row prefix deciding most comparisons without a look
 * at the bytes; {@link #cells} gives them back cell by cell, merging the rare entries of one row from two records. A
 * KeyValue here is
 *
 * <pre>
 *   int key length · int value length · short row length · row · byte family length · family · qualifier ·
 *   long timestamp · byte type · value          (no tags)
 * </pre>
 */
final class CellBuffer {
    /** Under half of G1's region at small heaps: a page is never a humongous object. */
    private static final int PAGE = 512 << 10;

    private static final int MAX_CELLS = 0xffff;
    private static final byte PUT = KeyValue.Type.Put.getCode();

    private final List<byte[]> pages = new ArrayList<>();
    private long[] refs = new long[1 << 12];
    private long[] prefixes = new long[1 << 12];
    /** Entries. */
    private int count;

    private int used = PAGE;
    /** The row array of the last cell added: the next cell with the same array joins its entry. */
    private byte[] lastRow;
    /** The heap the cells held take: their bytes, and per entry its two longs and the sort's three transient ones. */
    long bytes;

    /**
     * Adds a cell; one with the same row array as the cell before joins its entry, and must follow it in cell order.
     */
    void add(byte[] row, byte[] family, byte[] qualifier, long timestamp, byte[] value) {
        int keyLength = 2 + row.length + 1 + family.length + qualifier.length + 8 + 1;
        int length = 8 + keyLength + value.length;
        if (length > PAGE) {
            throw new IllegalArgumentException("a cell of " + length + " bytes: more than a page");
        }
        boolean joins = row == lastRow && count > 0 && (refs[count - 1] & MAX_CELLS) < MAX_CELLS;
        if (used + length > PAGE) {
            pages.add(new byte[PAGE]);
            used = 0;
            joins = false; // an entry's cells lie one after the other in one page
        }
        lastRow = row;
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
        if (joins) {
            refs[count - 1]++;
        } else {
            if (count == refs.length) {
                refs = Arrays.copyOf(refs, count * 2);
                prefixes = Arrays.copyOf(prefixes, count * 2);
            }
            prefixes[count] = prefix(row, 0, row.length, 0);
            refs[count++] = ((long) (pages.size() - 1) << 40) | ((long) used << 16) | 1;
            bytes += 5 * Long.BYTES;
        }
        used += length;
        bytes += length;
    }

    /**
     * A KeyValue over bytes this buffer (or a run file) wrote itself, without the checks of KeyValue's constructors,
     * which read every length field again: the writer's own order checks still run.
     */
    static KeyValue over(byte[] bytes, int offset, int length) {
        return new Unchecked(bytes, offset, length);
    }

    private static final class Unchecked extends KeyValue {
        Unchecked(byte[] cell, int at, int size) {
            bytes = cell;
            offset = at;
            length = size;
        }
    }

    private byte[] page(long ref) {
        return pages.get((int) (ref >>> 40));
    }

    private static int offset(long ref) {
        return (int) (ref >>> 16) & 0xffffff;
    }

    /**
     * The 8 bytes from {@code depth} of a row of {@code length} bytes at {@code at} in {@code b}, zero-padded, as an
     * unsigned number: ordered as the rows' bytes there are; 0 past the row's end.
     */
    static long prefix(byte[] b, int at, int length, int depth) {
        long p = 0;
        for (int i = depth; i < depth + 8; i++) {
            p = (p << 8) | (i < length ? b[at + i] & 0xff : 0);
        }
        return p;
    }

    /**
     * The cells of entries {@code [from, to)} in cell order (after {@link #sort}), over this buffer's bytes; the cells
     * of entries that share a row merged.
     */
    SortedCells.Source cells(int from, int to) {
        return new SortedCells.Source() {
            private final List<KeyValue> row = new ArrayList<>();
            private int entry = from;
            private int next;

            @Override
            public KeyValue next() {
                if (next == row.size()) {
                    if (entry == to) {
                        return null;
                    }
                    row.clear();
                    next = 0;
                    addCells(entry++);
                    int alone = row.size();
                    while (entry < to && sameRow(row.get(0), entry)) {
                        addCells(entry++);
                    }
                    if (row.size() > alone) {
                        row.sort(CellBuffer::compare);
                    }
                }
                return row.get(next++);
            }

            private void addCells(int e) {
                byte[] page = page(refs[e]);
                int at = offset(refs[e]);
                for (long c = refs[e] & MAX_CELLS; c > 0; c--) {
                    int length = 8 + Bytes.toInt(page, at) + Bytes.toInt(page, at + 4);
                    row.add(over(page, at, length));
                    at += length;
                }
            }
        };
    }

    private boolean sameRow(KeyValue kv, int entry) {
        if (prefixes[entry] != prefixes[entry - 1]) {
            return false;
        }
        byte[] page = page(refs[entry]);
        int at = offset(refs[entry]);
        return Bytes.equals(
                kv.getRowArray(), kv.getRowOffset(), kv.getRowLength(), page, at + 10, Bytes.toShort(page, at + 8));
    }

    /** Writes the cells of entries {@code [from, to)} as {@code SortedCells} files hold cells: length, then bytes. */
    void write(int from, int to, DataOutputStream out) throws IOException {
        SortedCells.Source cells = cells(from, to);
        for (KeyValue kv = cells.next(); kv != null; kv = cells.next()) {
            out.writeInt(kv.getLength());
            out.write(kv.getBuffer(), kv.getOffset(), kv.getLength());
        }
    }

    /**
     * Sorts the entries: by their rows 8 bytes at a time (each entry's next 8 bytes as an unsigned number, the sort of
     * a group of equal bytes so far going one step deeper), and by whole cells where rows are equal or all bytes are
     * read — rows that share long prefixes (a follower's edges, a visitor's requests) cost a step per 8 bytes, not a
     * comparison of their bytes per step of the sort.
     */
    void sort() {
        long[] keys = prefixes.clone();
        sortRows(keys, refs, new long[count], new long[count], 0, count, 0);
        for (int i = 0; i < count; i++) {
            prefixes[i] = prefix(refs[i], 0);
        }
    }

    /** The 8 bytes of an entry's row from {@code depth}, zero-padded, as an unsigned number; 0 past its end. */
    private long prefix(long ref, int depth) {
        byte[] page = page(ref);
        int at = offset(ref);
        return prefix(page, at + 10, Bytes.toShort(page, at + 8), depth);
    }

    /** Sorts entries {@code [lo, hi)} whose rows agree before {@code depth}; {@code k} holds their keys at depth. */
    private void sortRows(long[] k, long[] r, long[] tk, long[] tr, int lo, int hi, int depth) {
        mergeSort(k, r, tk, tr, lo, hi, false);
        for (int start = lo; start < hi; ) {
            int end = start + 1;
            while (end < hi && k[end] == k[start]) {
                end++;
            }
            if (end - start > 1) {
                if (k[start] == 0) { // rows that end here, or hold 8 zero bytes: ordered by whole cells
                    mergeSort(k, r, tk, tr, start, end, true);
                } else {
                    for (int i = start; i < end; i++) {
                        k[i] = prefix(r[i], depth + 8);
                    }
                    sortRows(k, r, tk, tr, start, end, depth + 8);
                }
            }
            start = end;
        }
    }

    private int compare(long xKey, long x, long yKey, long y, boolean cells) {
        int c = Long.compareUnsigned(xKey, yKey);
        return c != 0 || !cells ? c : compare(page(x), offset(x), page(y), offset(y));
    }

    /**
     * A stable merge sort of entries {@code [lo, hi)}: their keys {@code k} and references {@code r} together, by key
     * (with {@code cells}, whole cells where keys are equal).
     */
    private void mergeSort(long[] p, long[] r, long[] tp, long[] tr, int lo, int hi, boolean cells) {
        if (hi - lo <= 16) {
            for (int i = lo + 1; i < hi; i++) {
                long xp = p[i];
                long xr = r[i];
                int j = i - 1;
                while (j >= lo && compare(p[j], r[j], xp, xr, cells) > 0) {
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
        mergeSort(p, r, tp, tr, lo, mid, cells);
        mergeSort(p, r, tp, tr, mid, hi, cells);
        if (compare(p[mid - 1], r[mid - 1], p[mid], r[mid], cells) <= 0) {
            return;
        }
        System.arraycopy(p, lo, tp, lo, hi - lo);
        System.arraycopy(r, lo, tr, lo, hi - lo);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            if (compare(tp[j], tr[j], tp[i], tr[i], cells) < 0) {
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
     * After {@link #sort}: {@code bounds[r]} is the first entry of region {@code r} (rows at or past split point
     * {@code r - 1}), {@code bounds[regions]} the number of entries.
     */
    int[] regionBounds(List<byte[]> splitPoints) {
        int[] bounds = new int[splitPoints.size() + 2];
        for (int r = 0; r < splitPoints.size(); r++) {
            byte[] point = splitPoints.get(r);
            int lo = bounds[r];
            int hi = count;
            while (lo < hi) { // the first entry whose row is at or past the point
                int mid = (lo + hi) >>> 1;
                byte[] page = page(refs[mid]);
                int at = offset(refs[mid]);
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
