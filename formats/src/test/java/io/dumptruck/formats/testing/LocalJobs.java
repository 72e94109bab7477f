package io.dumptruck.formats.testing;

import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/** Local-mode job set-up and in-process reading through the InputFormat, for tests. */
public final class LocalJobs {
    private LocalJobs() {}

    public static Configuration localConf() {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        conf.setInt("mapreduce.task.io.sort.mb", 16);
        // waitForCompletion polls every 5 s by default: most of a small local job's wall time
        conf.setInt("mapreduce.client.completion.pollinterval", 50);
        return conf;
    }

    /** A job that loads the {@link io.dumptruck.formats.testing.CellTextMapper} lines under {@code input}. */
    public static Job cellTextJob(
            Configuration conf,
            String name,
            Path input,
            Class<? extends io.dumptruck.formats.testing.CellTextMapper> mapper)
            throws IOException {
        Job job = Job.getInstance(conf, name);
        job.setInputFormatClass(org.apache.hadoop.mapreduce.lib.input.TextInputFormat.class);
        org.apache.hadoop.mapreduce.lib.input.FileInputFormat.addInputPath(job, input);
        job.setMapperClass(mapper);
        return job;
    }

    public static Job cellTextJob(Configuration conf, String name, Path input) throws IOException {
        return cellTextJob(conf, name, input, io.dumptruck.formats.testing.CellTextMapper.class);
    }

    /** Every row the InputFormat yields for the table and scan, split by split, in split order. */
    public static List<Result> readAll(Configuration conf, Path table, ScanSpec scan)
            throws IOException, InterruptedException {
        Job job = Job.getInstance(conf);
        HFileTableInputFormat.configure(job).table(table).scan(scan).apply();
        HFileTableInputFormat format = new HFileTableInputFormat();
        List<Result> out = new ArrayList<>();
        for (InputSplit split : format.getSplits(job)) {
            TaskAttemptContext ctx = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
            try (RecordReader<ImmutableBytesWritable, Result> reader = format.createRecordReader(split, ctx)) {
                reader.initialize(split, ctx);
                while (reader.nextKeyValue()) {
                    out.add(reader.getCurrentValue());
                }
            }
        }
        return out;
    }
}
