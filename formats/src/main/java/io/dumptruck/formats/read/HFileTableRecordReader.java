package io.dumptruck.formats.read;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Reads the rows of one {@link HFileTableSplit}; progress is cells read over the files' cell count. At close it adds
 * what the split cost to the {@link ReadCounter}s (data blocks: see {@link ReadCounter#DATA_BLOCKS_READ} for when that
 * count is exact).
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
        HFileTableInputFormat.Input input = HFileTableInputFormat.inputs(conf).get(split.input());
        FileSystem fs = new Path(split.tableDir()).getFileSystem(conf);
        blocksBefore = HFile.DATABLOCK_READ_COUNT.sum();
        List<StoredFile> files = TableDir.open(
                conf,
                split.paths(),
                split.families(),
                Collections.nCopies(split.paths().size(), RowClip.NONE),
                new CountingFileSystem(fs, bytesRead)); // a split lies in one region
        fileOpens = files.size();
        totalCells =
                Math.max(1, files.stream().mapToLong(f -> f.range().entries()).sum());
        rows = new RowScanner(conf, input.spec(), files, input.scan(), split.start(), split.stop(), true);
    }

    @Override
    public boolean nextKeyValue() throws IOException {
        value = rows.next();
        if (value == null) {
            return false;
        }
        results++;
        // the row as an array of its own, as HBase's TableRecordReader gives it (mappers may call row.get())
        Cell first = value.rawCells()[0];
        key.set(Arrays.copyOfRange(
                first.getRowArray(), first.getRowOffset(), first.getRowOffset() + first.getRowLength()));
        return true;
    }

    @Override
    public ImmutableBytesWritable getCurrentKey() {
        return key;
    }

    @Override
    public Result getCurrentValue() {
        return value;
    }

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
