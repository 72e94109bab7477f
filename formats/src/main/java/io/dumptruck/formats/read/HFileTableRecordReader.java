package io.dumptruck.formats.read;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/** Reads the rows of one {@link HFileTableSplit}; progress is cells read over the files' cell count. */
final class HFileTableRecordReader extends RecordReader<ImmutableBytesWritable, Result> {
  private final ImmutableBytesWritable key = new ImmutableBytesWritable();
  private RowScanner rows;
  private Result value;
  private long totalCells;

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
    HFileTableSplit split = (HFileTableSplit) genericSplit;
    Configuration conf = context.getConfiguration();
    TableDir table = TableDir.open(conf, new Path(split.tableDir()));
    List<StoredFile> files = table.open(split.paths(), split.families());
    totalCells = Math.max(1, files.stream().mapToLong(f -> f.range().entries()).sum());
    rows = new RowScanner(conf, table.spec(), files, HFileTableInputFormat.scan(conf), split.start(), split.stop(), true);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    value = rows.next();
    if (value == null) {
      return false;
    }
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
    if (rows != null) {
      rows.close();
    }
  }
}
