package io.dumptruck.formats.read;

import io.dumptruck.formats.FormatConf;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Reads a table directory written by {@link io.dumptruck.formats.output.HFileTableOutputFormat} (or any
 * {@code <table>/<family>/<hfile>} tree) as {@code (ImmutableBytesWritable row, Result)} pairs — what
 * HBase's {@code TableInputFormat} gives — so an existing {@code TableMapper} runs on it unchanged.
 * One split per region that the scan touches, carrying the files whose rows meet it (each file's
 * range is read once, at planning); a region larger than
 * {@link FormatConf#INPUT_SPLIT_MAX_BYTES} is cut further at keys of its largest file's block index.
 * <pre>{@code
 *   HFileTableInputFormat.configure(job).table(new Path(out, "visits")).scan(ScanSpec.all().withPrefix(p)).apply();
 * }</pre>
 */
public final class HFileTableInputFormat extends InputFormat<ImmutableBytesWritable, Result> {

  public static Configurator configure(Job job) {
    return new Configurator(job);
  }

  /** Collects the table and scan; {@link #apply} checks the table exists and sets up the job. */
  public static final class Configurator {
    private final Job job;
    private Path table;
    private ScanSpec scan = ScanSpec.all();

    private Configurator(Job job) {
      this.job = job;
    }

    public Configurator table(Path dir) {
      this.table = dir;
      return this;
    }

    public Configurator scan(ScanSpec s) {
      this.scan = s;
      return this;
    }

    /** Opens the table directory (failing now, not in a task, if it is missing) and sets the input format. */
    public Job apply() throws IOException {
      if (table == null) {
        throw new IllegalStateException("no table: call HFileTableInputFormat.configure(job).table(dir)");
      }
      TableDir dir = TableDir.open(job.getConfiguration(), table);
      FormatConf.INPUT_TABLE_DIR.set(job.getConfiguration(), dir.path().toString());
      FormatConf.INPUT_SCAN.set(job.getConfiguration(), scan.toJson());
      job.setInputFormatClass(HFileTableInputFormat.class);
      return job;
    }
  }

  static ScanSpec scan(Configuration conf) {
    return ScanSpec.fromJson(FormatConf.INPUT_SCAN.get(conf));
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) throws IOException {
    Configuration conf = context.getConfiguration();
    Path tablePath = new Path(FormatConf.INPUT_TABLE_DIR.require(conf,
        "Call HFileTableInputFormat.configure(job).table(dir).apply()."));
    TableDir table = TableDir.open(conf, tablePath);
    ScanSpec scan = scan(conf);
    long maxBytes = FormatConf.INPUT_SPLIT_MAX_BYTES.getLong(conf);
    List<byte[]> points = table.splitPoints();
    List<InputSplit> splits = new ArrayList<>();
    for (int r = 0; r <= points.size(); r++) {
      byte[] start = max(r == 0 ? new byte[0] : points.get(r - 1), scan.startRow());
      byte[] stop = RowScanner.minStop(r == points.size() ? new byte[0] : points.get(r), scan.stopRow());
      if (stop.length > 0 && Bytes.compareTo(start, stop) >= 0) {
        continue;
      }
      List<FileRange> files = table.fileRanges(scan, start, stop);
      if (files.isEmpty()) {
        continue;
      }
      long bytes = files.stream().mapToLong(FileRange::length).sum();
      FileRange largest = files.stream().max(Comparator.comparingLong(FileRange::length)).get();
      String[] hosts = hosts(table, largest);
      List<byte[]> cuts = List.of();
      if (bytes > maxBytes) {
        try (StoredFile f = StoredFile.open(conf, table.fileSystem(), largest.path(), largest.family())) {
          cuts = cuts(f, start, stop, (int) Math.min(1000, (bytes + maxBytes - 1) / maxBytes));
        }
      }
      byte[] from = start;
      for (byte[] cut : cuts) {
        splits.add(split(table, from, cut, files, bytes / (cuts.size() + 1), hosts));
        from = cut;
      }
      splits.add(split(table, from, stop, files, bytes / (cuts.size() + 1), hosts));
    }
    return splits;
  }

  private static HFileTableSplit split(TableDir table, byte[] start, byte[] stop, List<FileRange> regionFiles,
      long length, String[] hosts) {
    List<FileRange> files = new ArrayList<>();
    for (FileRange f : regionFiles) {
      if (f.overlaps(start, stop)) {
        files.add(f);
      }
    }
    return new HFileTableSplit(table.path().toString(), start, stop, length, hosts, files);
  }

  /**
   * Up to {@code parts - 1} row keys strictly inside (start, stop), evenly spaced over the root level
   * of the file's data block index (the first key of every block when the index has one level).
   */
  static List<byte[]> cuts(StoredFile file, byte[] start, byte[] stop, int parts) throws IOException {
    List<byte[]> rootKeys = rootIndexRows(file);
    List<byte[]> out = new ArrayList<>();
    for (int i = 1; i < parts && !rootKeys.isEmpty(); i++) {
      byte[] row = rootKeys.get((int) ((long) i * rootKeys.size() / parts));
      boolean inside = Bytes.compareTo(row, start) > 0 && (stop.length == 0 || Bytes.compareTo(row, stop) < 0);
      if (inside && (out.isEmpty() || Bytes.compareTo(out.get(out.size() - 1), row) < 0)) {
        out.add(row);
      }
    }
    return out;
  }

  /**
   * Rows of the root block index entries. HBase keeps the index reader's type package-private, so its
   * two public methods are called reflectively; should that ever fail, the file's mid key serves.
   */
  private static List<byte[]> rootIndexRows(StoredFile file) throws IOException {
    List<byte[]> rows = new ArrayList<>();
    Object index = file.reader().getDataBlockIndexReader();
    try {
      java.lang.reflect.Method count = index.getClass().getMethod("getRootBlockCount");
      java.lang.reflect.Method key = index.getClass().getMethod("getRootBlockKey", int.class);
      count.setAccessible(true);
      key.setAccessible(true);
      int n = (Integer) count.invoke(index);
      for (int i = 0; i < n; i++) {
        rows.add(CellUtil.cloneRow((Cell) key.invoke(index, i)));
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      rows.clear();
      file.reader().midKey().ifPresent(mid -> rows.add(CellUtil.cloneRow(mid)));
    }
    return rows;
  }

  private static String[] hosts(TableDir table, FileRange file) throws IOException {
    BlockLocation[] locations = table.fileSystem().getFileBlockLocations(file.path(), 0, file.length());
    return locations.length == 0 ? new String[0] : locations[0].getHosts();
  }

  private static byte[] max(byte[] a, byte[] b) {
    return Bytes.compareTo(a, b) >= 0 ? a : b;
  }

  @Override
  public RecordReader<ImmutableBytesWritable, Result> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new HFileTableRecordReader();
  }
}
