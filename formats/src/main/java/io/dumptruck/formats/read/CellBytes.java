package io.dumptruck.formats.read;

import java.util.Arrays;
import org.apache.hadoop.hbase.ByteBufferExtendedCell;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;

/**
 * Equality of cell key parts, as {@link CellUtil}'s {@code matching*} but through the JDK's vectorized
 * {@link Arrays#equals(byte[], int, int, byte[], int, int)}: cheaper per call for the short rows, families and
 * qualifiers a scan compares with every cell. Cells backed by a {@link java.nio.ByteBuffer} (never made by
 * {@link StoredFile}'s heap reads) go through {@link CellUtil}.
 */
final class CellBytes {
    private CellBytes() {}

    private static boolean onHeap(Cell c) {
        return !(c instanceof ByteBufferExtendedCell);
    }

    /** {@code x[xo, xo + xl)} equals {@code y[yo, yo + yl)}. */
    private static boolean same(byte[] x, int xo, int xl, byte[] y, int yo, int yl) {
        return xl == yl && Arrays.equals(x, xo, xo + xl, y, yo, yo + yl);
    }

    static boolean sameRow(Cell a, Cell b) {
        if (onHeap(a) && onHeap(b)) {
            return same(
                    a.getRowArray(),
                    a.getRowOffset(),
                    a.getRowLength(),
                    b.getRowArray(),
                    b.getRowOffset(),
                    b.getRowLength());
        }
        return CellUtil.matchingRows(a, b);
    }

    /** {@code c} is a cell of the row {@code row}. */
    static boolean sameRow(Cell c, byte[] row) {
        if (onHeap(c)) {
            return same(c.getRowArray(), c.getRowOffset(), c.getRowLength(), row, 0, row.length);
        }
        return CellUtil.matchingRows(c, row);
    }

    /** {@code c} is a cell of a row before {@code row}; false for none. */
    static boolean rowBefore(Cell c, byte[] row) {
        if (c == null) {
            return false;
        }
        if (onHeap(c)) {
            return org.apache.hadoop.hbase.util.Bytes.compareTo(
                            c.getRowArray(), c.getRowOffset(), c.getRowLength(), row, 0, row.length)
                    < 0;
        }
        return org.apache.hadoop.hbase.CellComparator.getInstance().compareRows(c, row, 0, row.length) < 0;
    }

    static boolean sameFamily(Cell c, byte[] family) {
        if (onHeap(c)) {
            if (c.getFamilyLength() != family.length) {
                return false;
            }
            // family names are a few bytes: a plain loop beats the vectorized call
            byte[] a = c.getFamilyArray();
            int off = c.getFamilyOffset();
            for (int i = 0; i < family.length; i++) {
                if (a[off + i] != family[i]) {
                    return false;
                }
            }
            return true;
        }
        return CellUtil.matchingFamily(c, family);
    }

    static boolean sameQualifier(Cell a, Cell b) {
        if (onHeap(a) && onHeap(b)) {
            return same(
                    a.getQualifierArray(),
                    a.getQualifierOffset(),
                    a.getQualifierLength(),
                    b.getQualifierArray(),
                    b.getQualifierOffset(),
                    b.getQualifierLength());
        }
        return CellUtil.matchingQualifier(a, b);
    }

    static boolean sameQualifier(Cell c, byte[] qualifier) {
        if (onHeap(c)) {
            return same(
                    c.getQualifierArray(),
                    c.getQualifierOffset(),
                    c.getQualifierLength(),
                    qualifier,
                    0,
                    qualifier.length);
        }
        return CellUtil.matchingQualifier(c, qualifier);
    }
}
