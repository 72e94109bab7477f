package io.dumptruck.formats.read;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;

/**
 * Merges the cells of several HFiles (any families) into HBase's cell order: row, family, qualifier,
 * timestamp descending. Cells with the same whole key in several files come newest file first (the
 * later one in the list). Each file is positioned with one seek through its block index.
 */
final class CellMergeScanner implements Closeable {
  private static final class Cursor {
    final HFileScanner scanner;
    final int order;
    Cell cell;

    Cursor(HFileScanner scanner, int order) {
      this.scanner = scanner;
      this.order = order;
    }
  }

  private final PriorityQueue<Cursor> heap = new PriorityQueue<>((a, b) -> {
    int c = CellComparator.getInstance().compare(a.cell, b.cell);
    return c != 0 ? c : Integer.compare(b.order, a.order);
  });
  private final List<StoredFile> files;

  /** Positions every file at the first cell of {@code startRow} or after (empty = the beginning). */
  CellMergeScanner(Configuration conf, List<StoredFile> files, byte[] startRow) throws IOException {
    this.files = files;
    Cell first = startRow.length == 0 ? null : PrivateCellUtil.createFirstOnRow(startRow);
    for (int i = 0; i < files.size(); i++) {
      StoredFile f = files.get(i);
      HFileScanner s = null;
      try {
        s = f.scanner(conf);
        Cursor cursor = new Cursor(s, i);
        if (seek(s, first)) {
          cursor.cell = KeyValueUtil.copyToNewKeyValue(s.getCell());
          heap.add(cursor);
        } else {
          s.close();
        }
      } catch (IOException | RuntimeException e) {
        if (s != null) {
          s.close();
        }
        close();
        throw new IOException("cannot read HFile " + f.path() + ": " + StoredFile.rootMessage(e), e);
      }
    }
  }

  private static boolean seek(HFileScanner s, Cell first) throws IOException {
    if (first == null) {
      return s.seekTo();
    }
    // HBase's StoreFileScanner.seekAtOrAfter: -1 = before the first key; INDEX_KEY_MAGIC = the target
    // matched a shortened index key and the scanner already sits on the next block's first cell;
    // 1 = positioned on the last cell before the target.
    int r = s.seekTo(first);
    if (r == HConstants.INDEX_KEY_MAGIC) {
      return true;
    }
    if (r < 0) {
      return s.seekTo();
    }
    return r == 0 || s.next();
  }

  /** The next cell without consuming it, or null at the end. */
  Cell peek() {
    Cursor c = heap.peek();
    return c == null ? null : c.cell;
  }

  /** Consumes and returns the next cell, or null at the end. */
  Cell next() throws IOException {
    Cursor c = heap.poll();
    if (c == null) {
      return null;
    }
    Cell out = c.cell;
    try {
      if (c.scanner.next()) {
        c.cell = KeyValueUtil.copyToNewKeyValue(c.scanner.getCell());
        heap.add(c);
      } else {
        c.scanner.close();
      }
    } catch (IOException | RuntimeException e) {
      c.scanner.close();
      throw new IOException("cannot read HFile " + files.get(c.order).path() + ": " + StoredFile.rootMessage(e), e);
    }
    return out;
  }

  @Override
  public void close() {
    for (Cursor c : heap) {
      c.scanner.close();
    }
    heap.clear();
  }
}
