package io.dumptruck.formats.shuffle;

import org.apache.hadoop.io.WritableComparator;

/**
 * Compares serialized {@link CellKey}s byte for byte, with no object created per comparison:
 * table, row, family, qualifier ascending, timestamp descending. Used both as the sort comparator
 * and as the grouping comparator, so one reduce call sees one distinct cell key.
 */
public final class CellKeyComparator extends WritableComparator implements KeyPrefix {

  public CellKeyComparator() {
    super(CellKey.class, false);
  }

  @Override
  public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
    return compareSerialized(b1, s1 + CellKey.HEADER, l1 - CellKey.HEADER, b2, s2 + CellKey.HEADER, l2 - CellKey.HEADER);
  }

  @Override
  @SuppressWarnings("rawtypes")
  public int compare(org.apache.hadoop.io.WritableComparable a, org.apache.hadoop.io.WritableComparable b) {
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
    int length = 2 + rowLength(b, p);
    long prefix = 0;
    for (int x = chunk * 8, end = x + 8; x < end; x++) {
      // string byte x: the table's two bytes, then the row, which starts two bytes later in the key
      prefix = (prefix << 8) | (x < length ? b[x < 2 ? p + x : p + 2 + x] & 0xFFL : 0);
    }
    return prefix;
  }

  private static int rowLength(byte[] b, int payload) {
    return ((b[payload + 2] & 0xFF) << 8) | (b[payload + 3] & 0xFF);
  }

  /** Compares two payloads (the bytes after the int32 length) of lengths n1 and n2. */
  static int compareSerialized(byte[] b1, int p1, int n1, byte[] b2, int p2, int n2) {
    int t1 = ((b1[p1] & 0xFF) << 8) | (b1[p1 + 1] & 0xFF);
    int t2 = ((b2[p2] & 0xFF) << 8) | (b2[p2 + 1] & 0xFF);
    if (t1 != t2) {
      return t1 < t2 ? -1 : 1;
    }
    int r1 = rowLength(b1, p1);
    int r2 = rowLength(b2, p2);
    int c = compareBytes(b1, p1 + 4, r1, b2, p2 + 4, r2);
    if (c != 0) {
      return c;
    }
    int f1 = b1[p1 + 4 + r1] & 0xFF;
    int f2 = b2[p2 + 4 + r2] & 0xFF;
    if (f1 != f2) {
      return f1 < f2 ? -1 : 1;
    }
    c = compareBytes(b1, p1 + 5 + r1, n1 - CellKey.FIXED - r1, b2, p2 + 5 + r2, n2 - CellKey.FIXED - r2);
    if (c != 0) {
      return c;
    }
    long ts1 = readLong(b1, p1 + n1 - 8);
    long ts2 = readLong(b2, p2 + n2 - 8);
    return Long.compare(ts2, ts1);
  }
}
