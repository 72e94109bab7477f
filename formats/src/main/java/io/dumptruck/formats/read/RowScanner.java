package io.dumptruck.formats.read;

import io.dumptruck.formats.spec.FamilySpec;
import io.dumptruck.formats.spec.TableSpec;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Reads the rows of a key range of a table as HBase {@link Result}s, applying a {@link ScanSpec}
 * the way an HBase scan does: the column set, the time range, family TTLs, the newest
 * {@code min(scan maxVersions, family VERSIONS)} cells per column, the row limit, and the batch (a
 * row wider than {@code batch} cells comes as several Results). Rows with no cell left are skipped.
 * Tables hold Put cells only; any other cell type (a Delete marker from elsewhere) is an error.
 */
public final class RowScanner implements Closeable {
  private final String table;
  private final CellMergeScanner cells;
  private final ScanSpec scan;
  private final byte[] stop;
  private final Map<String, Long> oldestAllowed = new HashMap<>();
  private final Map<String, Integer> familyVersions = new HashMap<>();
  private final List<StoredFile> files;
  private final boolean ownsFiles;
  private long rows;
  private long cellsRead;
  /** The row being read, kept across calls while a wide row comes out in batches. */
  private byte[] currentRow;
  private boolean currentRowCounted;
  private Cell previous;
  private int versions;

  /**
   * Scans {@code [start, stop)} ∩ the scan's own range over {@code files} (oldest first); closes them
   * at the end — or right away if this constructor fails — when {@code ownsFiles}.
   */
  public RowScanner(Configuration conf, TableSpec table, List<StoredFile> files, ScanSpec scan, byte[] start,
      byte[] stop, boolean ownsFiles) throws IOException {
    this.table = table.name();
    this.scan = scan;
    this.files = files;
    this.ownsFiles = ownsFiles;
    byte[] from = Bytes.compareTo(start, scan.startRow()) >= 0 ? start : scan.startRow();
    this.stop = minStop(stop, scan.stopRow());
    long now = System.currentTimeMillis();
    for (FamilySpec f : table.families()) {
      familyVersions.put(f.name(), f.maxVersions());
      if (f.hasTtl()) {
        oldestAllowed.put(f.name(), now - f.ttlSeconds() * 1000L);
      }
    }
    try {
      this.cells = new CellMergeScanner(conf, files, from);
    } catch (IOException | RuntimeException e) {
      if (ownsFiles) {
        try {
          StoredFile.closeAll(files);
        } catch (IOException closing) {
          e.addSuppressed(closing);
        }
      }
      throw e;
    }
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

  /** The next row (or the next batch of a wide row), or null when range, data or row limit are exhausted. */
  public Result next() throws IOException {
    List<Cell> out = new ArrayList<>();
    while (true) {
      Cell c = cells.peek();
      boolean newRow = c == null || currentRow == null || !CellUtil.matchingRows(c, currentRow);
      if (newRow && !out.isEmpty()) {
        return Result.create(out);
      }
      if (c == null) {
        return null;
      }
      if (newRow) {
        if ((scan.limit() > 0 && rows >= scan.limit()) || (stop.length > 0
            && Bytes.compareTo(c.getRowArray(), c.getRowOffset(), c.getRowLength(), stop, 0, stop.length) >= 0)) {
          return null;
        }
        currentRow = CellUtil.cloneRow(c);
        currentRowCounted = false;
        previous = null;
        versions = 0;
      }
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
        if (!currentRowCounted) {
          rows++;
          currentRowCounted = true;
        }
        out.add(c);
        if (scan.batch() > 0 && out.size() >= scan.batch()) {
          return Result.create(out);
        }
      }
    }
  }

  /** HBase serves at most the family's VERSIONS, whatever the scan asks for. */
  private int maxVersions(Cell c) {
    Integer family = familyVersions.get(Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()));
    return family == null ? scan.maxVersions() : Math.min(family, scan.maxVersions());
  }

  private boolean keep(Cell c) throws IOException {
    if (c.getType() != Cell.Type.Put) {
      throw new IOException("table " + table + " holds a " + c.getType() + " cell at row "
          + Bytes.toStringBinary(CellUtil.cloneRow(c)) + ": only tables of Put cells (as dumptruck writes them) can be read");
    }
    long ts = c.getTimestamp();
    if (ts < scan.minTime() || ts >= scan.maxTime()) {
      return false;
    }
    String family = Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
    Long oldest = oldestAllowed.get(family);
    if (oldest != null && ts < oldest) {
      return false;
    }
    return scan.columns().isEmpty() || scan.readsColumn(family, CellUtil.cloneQualifier(c));
  }

  /** Cells read from the files so far, kept or not. */
  public long cellsRead() {
    return cellsRead;
  }

  @Override
  public void close() throws IOException {
    cells.close();
    if (ownsFiles) {
      StoredFile.closeAll(files);
    }
  }
}
