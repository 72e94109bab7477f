package io.dumptruck.jobs.output;

import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * Writes records of one or more data sets, each an Avro schema whose name is the data set's name: a task writes
 * {@code (null, record)} and the record lands in {@code <output>/<schema name>/part-r-NNNNN.<ext>} in the chosen
 * {@link OutputKind}. Files are committed by the job's output committer (Hadoop's {@link FileOutputCommitter}, or any
 * {@link PathOutputCommitter} configured for the file system), so a failed task leaves nothing behind. Task 0 writes
 * every declared data set, empty or not, so each one is a directory a reader can open. Records written are counted per
 * data set (group {@value #COUNTER_GROUP}).
 *
 * <pre>{@code
 * DatasetOutputFormat.configure(job, output, OutputKind.PARQUET, SESSIONS, TRANSITIONS);
 * }</pre>
 */
@PublicApi
public final class DatasetOutputFormat extends FileOutputFormat<NullWritable, GenericRecord> {
    public static final String COUNTER_GROUP = "dumptruck datasets";
    /** internal: the output kind's name. */
    static final String KIND = DatasetConf.KIND.key();
    /** internal: {@code <prefix><i>} = the JSON schema of the i-th data set, i = 0, 1, … */
    static final String SCHEMA_PREFIX = DatasetConf.SCHEMA.key();

    /**
     * Sets the output directory, kind and data sets, and this output format with {@code NullWritable} keys. The
     * directories {@code <output>/<dataset>} must not exist yet; other content of {@code output} (earlier stages' data
     * sets) is left alone.
     */
    public static void configure(Job job, Path output, OutputKind kind, Schema... datasets) {
        if (datasets.length == 0) {
            throw new IllegalArgumentException("no data set: give at least one record schema");
        }
        FileOutputFormat.setOutputPath(job, output);
        Configuration conf = job.getConfiguration();
        conf.set(KIND, kind.name());
        for (int i = 0; i < datasets.length; i++) {
            conf.set(SCHEMA_PREFIX + i, datasets[i].toString());
        }
        job.setOutputFormatClass(DatasetOutputFormat.class);
        job.setOutputKeyClass(NullWritable.class);
    }

    /** The data sets a job declared, by name. */
    public static Map<String, Schema> datasets(Configuration conf) {
        Map<String, Schema> out = new LinkedHashMap<>();
        for (int i = 0; conf.get(SCHEMA_PREFIX + i) != null; i++) {
            Schema s = new Schema.Parser().parse(conf.get(SCHEMA_PREFIX + i));
            out.put(s.getName(), s);
        }
        return out;
    }

    public static OutputKind kind(Configuration conf) {
        return OutputKind.valueOf(conf.get(KIND, OutputKind.PARQUET.name()));
    }

    @Override
    public void checkOutputSpecs(JobContext job) throws IOException {
        Path out = getOutputPath(job);
        if (out == null) {
            throw new IOException(
                    "no output directory: call DatasetOutputFormat.configure(job, output, kind, schemas…)");
        }
        // on a secure cluster the tasks need a token for the output's file system, whichever it is
        TokenCache.obtainTokensForNamenodes(job.getCredentials(), new Path[] {out}, job.getConfiguration());
        FileSystem fs = out.getFileSystem(job.getConfiguration());
        for (String dataset : datasets(job.getConfiguration()).keySet()) {
            Path dir = new Path(out, dataset);
            if (fs.exists(dir)) {
                throw new FileAlreadyExistsException(
                        "data set directory " + dir + " already exists: choose a new --output");
            }
        }
    }

    @Override
    public RecordWriter<NullWritable, GenericRecord> getRecordWriter(TaskAttemptContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        Path work = ((PathOutputCommitter) getOutputCommitter(context)).getWorkPath();
        OutputKind kind = kind(conf);
        Map<String, Schema> datasets = datasets(conf);
        String file = getUniqueFile(context, "part", "." + kind.extension());
        boolean firstTask = context.getTaskAttemptID().getTaskID().getId() == 0;
        return new RecordWriter<>() {
            private final Map<String, DatasetWriter> open = new LinkedHashMap<>();

            private DatasetWriter writer(String dataset) throws IOException {
                DatasetWriter w = open.get(dataset);
                if (w == null) {
                    Schema schema = datasets.get(dataset);
                    if (schema == null) {
                        throw new IOException("record of schema '" + dataset + "' is not one of the declared data sets "
                                + datasets.keySet());
                    }
                    w = kind.create(conf, new Path(new Path(work, dataset), file), schema);
                    open.put(dataset, w);
                }
                return w;
            }

            @Override
            public void write(NullWritable key, GenericRecord record) throws IOException {
                String dataset = record.getSchema().getName();
                writer(dataset).write(record);
                context.getCounter(COUNTER_GROUP, dataset).increment(1);
            }

            /**
             * Closes every writer, carrying on past failures; task 0 first creates the data sets it has not written.
             */
            @Override
            public void close(TaskAttemptContext ctx) throws IOException {
                IOException failure = null;
                if (firstTask) {
                    for (String dataset : datasets.keySet()) {
                        try {
                            writer(dataset);
                            ctx.getCounter(COUNTER_GROUP, dataset).increment(0);
                        } catch (IOException e) {
                            failure = first(failure, e);
                        }
                    }
                }
                for (DatasetWriter w : open.values()) {
                    try {
                        w.close();
                    } catch (IOException e) {
                        failure = first(failure, e);
                    }
                }
                if (failure != null) {
                    throw failure;
                }
            }

            private IOException first(IOException failure, IOException e) {
                if (failure == null) {
                    return e;
                }
                failure.addSuppressed(e);
                return failure;
            }
        };
    }
}
