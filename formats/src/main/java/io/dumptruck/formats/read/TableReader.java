package io.dumptruck.formats.read;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Point gets and range/prefix scans on a table directory, for the command line and for tests. A get
 * first asks each candidate file's key range and ROW bloom filter, so an absent row usually costs no
 * data block read; the files are opened once and kept open until {@link #close}.
 */
public final class TableReader implements Closeable {
  private final Configuration conf;
  private final TableDir table;
  private final List<StoredFile> files;
  private long bloomNegatives;

  private TableReader(Configuration conf, TableDir table, List<StoredFile> files) {
    this.conf = conf;
    this.table = table;
    this.files = files;
  }

  public static TableReader open(Configuration conf, Path tableDir) throws IOException {
    TableDir table = TableDir.open(conf, tableDir);
    return new TableReader(conf, table, table.openFiles(ScanSpec.all(), new byte[0], new byte[0]));
  }

  public TableDir table() {
    return table;
  }

  /** The row, restricted to the scan's families, columns, time range and versions; empty if absent. */
  public Optional<Result> get(byte[] row, ScanSpec columns) throws IOException {
    List<StoredFile> candidates = new ArrayList<>();
    for (StoredFile f : files) {
      if (!columns.readsFamily(f.family())) {
        continue;
      }
      if (f.mayContainRow(row)) {
        candidates.add(f);
      } else if (f.overlaps(row, Bytes.add(row, new byte[] {0}))) {
        bloomNegatives++;
      }
    }
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    ScanSpec one = columns.withRange(row, Bytes.add(row, new byte[] {0})).withLimit(1);
    try (RowScanner scanner = new RowScanner(conf, table.spec(), candidates, one, one.startRow(), one.stopRow(), false)) {
      return Optional.ofNullable(scanner.next());
    }
  }

  /** Rows of the scan, in key order; the caller closes the scanner. */
  public RowScanner scan(ScanSpec scan) throws IOException {
    List<StoredFile> selected = new ArrayList<>();
    for (StoredFile f : files) {
      if (scan.readsFamily(f.family()) && f.overlaps(scan.startRow(), scan.stopRow())) {
        selected.add(f);
      }
    }
    return new RowScanner(conf, table.spec(), selected, scan, scan.startRow(), scan.stopRow(), false);
  }

  /** Files that a get skipped because their bloom filter ruled the row out. */
  public long bloomNegatives() {
    return bloomNegatives;
  }

  @Override
  public void close() throws IOException {
    for (StoredFile f : files) {
      f.close();
    }
  }
}
