package io.dumptruck.formats.read;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Reads the rows of one {@link HFileTableSplit}; progress is cells read over the files' cell count.
 * At close it adds what the split cost to the {@link ReadCounter}s. Data blocks are HBase's own
 * JVM-wide count, taken as a difference, so it is exact when one task reads at a time per JVM (YARN
 * containers; local mode runs its map tasks one after another by default).
 */
final class HFileTableRecordReader extends RecordReader<ImmutableBytesWritable, Result> {
  private final ImmutableBytesWritable key = new ImmutableBytesWritable();
  private final LongAdder bytesRead = new LongAdder();
  private TaskAttemptContext context;
  private RowScanner rows;
  private Result value;
  private long totalCells;
  private long results;
  private int fileOpens;
  private long blocksBefore;

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
    this.context = context;
    HFileTableSplit split = (HFileTableSplit) genericSplit;
    Configuration conf = context.getConfiguration();
    ScanSpec scan = HFileTableInputFormat.inputs(conf).get(split.input()).getValue();
    TableDir table = TableDir.open(conf, new Path(split.tableDir()));
    blocksBefore = HFile.DATABLOCK_READ_COUNT.sum();
    List<StoredFile> files = table.open(split.paths(), split.families(), new CountingFileSystem(table.fileSystem(), bytesRead));
    fileOpens = files.size();
    totalCells = Math.max(1, files.stream().mapToLong(f -> f.range().entries()).sum());
    rows = new RowScanner(conf, table.spec(), files, scan, split.start(), split.stop(), true);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    value = rows.next();
    if (value == null) {
      return false;
    }
    results++;
    key.set(value.getRow());
    return true;
  }

  @Override
  public ImmutableBytesWritable getCurrentKey() { return key; }

  @Override
  public Result getCurrentValue() { return value; }

  @Override
  public float getProgress() {
    return rows == null ? 0f : Math.min(1f, rows.cellsRead() / (float) totalCells);
  }

  @Override
  public void close() throws IOException {
    if (rows == null) {
      return;
    }
    try {
      rows.close();
    } finally {
      count(ReadCounter.FILE_OPENS, fileOpens);
      count(ReadCounter.BYTES_READ, bytesRead.sum());
      count(ReadCounter.DATA_BLOCKS_READ, HFile.DATABLOCK_READ_COUNT.sum() - blocksBefore);
      count(ReadCounter.CELLS_READ, rows.cellsRead());
      count(ReadCounter.RESULTS, results);
      rows = null;
    }
  }

  private void count(ReadCounter counter, long n) {
    if (context != null && context.getCounter(ReadCounter.GROUP, counter.name()) != null) {
      context.getCounter(ReadCounter.GROUP, counter.name()).increment(n);
    }
  }
}
