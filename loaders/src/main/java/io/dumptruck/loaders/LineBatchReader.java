package io.dumptruck.loaders;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Reads another reader's (offset, record) pairs in {@link LineBatch}es; the key is the offset of the batch's first
 * record.
 */
public final class LineBatchReader extends RecordReader<LongWritable, LineBatch> {
    private final RecordReader<LongWritable, Text> records;
    private final LongWritable key = new LongWritable();
    private final LineBatch batch = new LineBatch();

    /** Reads {@code records}, whose read errors then name their file ({@link NamedInputReader}). */
    public LineBatchReader(RecordReader<LongWritable, Text> records) {
        this.records = new NamedInputReader<>(records, null);
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException, InterruptedException {
        records.initialize(split, context);
    }

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
        batch.clear();
        while (!batch.isFull() && records.nextKeyValue()) {
            batch.add(records.getCurrentKey().get(), records.getCurrentValue());
        }
        if (batch.records() == 0) {
            return false;
        }
        key.set(batch.offset(0));
        return true;
    }

    @Override
    public LongWritable getCurrentKey() {
        return key;
    }

    @Override
    public LineBatch getCurrentValue() {
        return batch;
    }

    @Override
    public float getProgress() throws IOException, InterruptedException {
        return records.getProgress();
    }

    @Override
    public void close() throws IOException {
        records.close();
    }
}
