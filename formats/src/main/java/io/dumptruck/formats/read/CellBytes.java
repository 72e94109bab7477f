package io.dumptruck.formats.read;

import java.util.Arrays;
import org.apache.hadoop.hbase.ByteBufferExtendedCell;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;

/**
 * Equality of cell key parts, as {@link CellUtil}'s {@code matching*} but through the JDK's
 * vectorized {@link Arrays#equals(byte[], int, int, byte[], int, int)}: cheaper per call for the short
 * rows, families and qualifiers a scan compares with every cell. Cells backed by a
 * {@link java.nio.ByteBuffer} (never made by {@link StoredFile}'s heap reads) go through {@link CellUtil}.
 */
final class CellBytes {
  private CellBytes() {}

  private static boolean onHeap(Cell c) {
    return !(c instanceof ByteBufferExtendedCell);
  }

  static boolean sameRow(Cell a, Cell b) {
    if (onHeap(a) && onHeap(b)) {
      int al = a.getRowLength();
      int bl = b.getRowLength();
      return al == bl && Arrays.equals(a.getRowArray(), a.getRowOffset(), a.getRowOffset() + al,
          b.getRowArray(), b.getRowOffset(), b.getRowOffset() + bl);
    }
    return CellUtil.matchingRows(a, b);
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
      int al = a.getQualifierLength();
      int bl = b.getQualifierLength();
      return al == bl && Arrays.equals(a.getQualifierArray(), a.getQualifierOffset(), a.getQualifierOffset() + al,
          b.getQualifierArray(), b.getQualifierOffset(), b.getQualifierOffset() + bl);
    }
    return CellUtil.matchingQualifier(a, b);
  }

  static boolean sameQualifier(Cell c, byte[] qualifier) {
    if (onHeap(c)) {
      int off = c.getQualifierOffset();
      return c.getQualifierLength() == qualifier.length
          && Arrays.equals(c.getQualifierArray(), off, off + qualifier.length, qualifier, 0, qualifier.length);
    }
    return CellUtil.matchingQualifier(c, qualifier);
  }
}
