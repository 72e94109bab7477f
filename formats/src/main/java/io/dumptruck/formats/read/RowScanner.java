package io.dumptruck.formats.read;

import io.dumptruck.formats.spec.FamilySpec;
import io.dumptruck.formats.spec.TableSpec;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Reads whole rows of a key range of a table as HBase {@link Result}s, applying a {@link ScanSpec}
 * the way an HBase scan does: the column set, the time range, family TTLs, the newest
 * {@code min(scan maxVersions, family VERSIONS)} cells per column and the row limit. Rows with no cell left are skipped.
 */
public final class RowScanner implements Closeable {
  private final CellMergeScanner cells;
  private final ScanSpec scan;
  private final byte[] stop;
  private final Set<ScanSpec.Column> columns;
  private final Map<String, Long> oldestAllowed = new HashMap<>();
  private final Map<String, Integer> familyVersions = new HashMap<>();
  private final List<StoredFile> files;
  private final boolean ownsFiles;
  private long rows;
  private long cellsRead;

  /**
   * Scans {@code [start, stop)} ∩ the scan's own range over {@code files}; closes them at the end if
   * {@code ownsFiles}.
   */
  public RowScanner(Configuration conf, TableSpec table, List<StoredFile> files, ScanSpec scan, byte[] start,
      byte[] stop, boolean ownsFiles) throws IOException {
    this.scan = scan;
    this.files = files;
    this.ownsFiles = ownsFiles;
    byte[] from = Bytes.compareTo(start, scan.startRow()) >= 0 ? start : scan.startRow();
    this.stop = minStop(stop, scan.stopRow());
    this.columns = new HashSet<>(scan.columns());
    long now = System.currentTimeMillis();
    for (FamilySpec f : table.families()) {
      familyVersions.put(f.name(), f.maxVersions());
      if (f.hasTtl()) {
        oldestAllowed.put(f.name(), now - f.ttlSeconds() * 1000L);
      }
    }
    this.cells = new CellMergeScanner(conf, files, from);
  }

  static byte[] minStop(byte[] a, byte[] b) {
    if (a.length == 0) {
      return b;
    }
    if (b.length == 0) {
      return a;
    }
    return Bytes.compareTo(a, b) <= 0 ? a : b;
  }

  /** The next row, or null when the range, the data or the row limit is exhausted. */
  public Result next() throws IOException {
    while (scan.limit() == 0 || rows < scan.limit()) {
      Cell head = cells.peek();
      if (head == null || (stop.length > 0 && Bytes.compareTo(head.getRowArray(), head.getRowOffset(),
          head.getRowLength(), stop, 0, stop.length) >= 0)) {
        return null;
      }
      List<Cell> row = new ArrayList<>();
      Cell previous = null;
      int versions = 0;
      for (Cell c = cells.peek(); c != null && CellUtil.matchingRows(c, head); c = cells.peek()) {
        cells.next();
        cellsRead++;
        if (!keep(c)) {
          continue;
        }
        if (previous != null && CellUtil.matchingColumn(previous, c)) {
          if (CellComparator.getInstance().compare(previous, c) == 0) {
            continue; // the same key in an older file
          }
          versions++;
        } else {
          versions = 1;
        }
        previous = c;
        if (versions <= maxVersions(c)) {
          row.add(c);
        }
      }
      if (!row.isEmpty()) {
        rows++;
        return Result.create(row);
      }
    }
    return null;
  }

  /** HBase serves at most the family's VERSIONS, whatever the scan asks for. */
  private int maxVersions(Cell c) {
    Integer family = familyVersions.get(Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()));
    return family == null ? scan.maxVersions() : Math.min(family, scan.maxVersions());
  }

  private boolean keep(Cell c) {
    long ts = c.getTimestamp();
    if (ts < scan.minTime() || ts >= scan.maxTime()) {
      return false;
    }
    String family = Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
    Long oldest = oldestAllowed.get(family);
    if (oldest != null && ts < oldest) {
      return false;
    }
    return columns.isEmpty() || scan.readsColumn(family, CellUtil.cloneQualifier(c));
  }

  /** Cells read from the files so far, kept or not. */
  public long cellsRead() {
    return cellsRead;
  }

  @Override
  public void close() throws IOException {
    cells.close();
    if (ownsFiles) {
      for (StoredFile f : files) {
        f.close();
      }
    }
  }
}
