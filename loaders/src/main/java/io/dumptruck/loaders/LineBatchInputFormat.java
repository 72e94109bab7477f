package io.dumptruck.loaders;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * Text lines exactly as Hadoop's {@link TextInputFormat} splits and reads them (compressed files by extension,
 * {@code textinputformat.record.delimiter}), handed to the mapper in {@link LineBatch}es. Input paths are set with
 * {@code FileInputFormat.addInputPath} as usual; they are listed by {@link InputFiles}' rule.
 */
public final class LineBatchInputFormat extends InputFormat<LongWritable, LineBatch> {
    private final TextInputFormat lines = new InputFiles.Lines();

    @Override
    public List<InputSplit> getSplits(JobContext context) throws IOException {
        return lines.getSplits(context);
    }

    @Override
    public RecordReader<LongWritable, LineBatch> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new LineBatchReader(lines.createRecordReader(split, context));
    }
}
