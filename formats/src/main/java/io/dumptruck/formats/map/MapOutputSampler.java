package io.dumptruck.formats.map;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.mapreduce.task.MapContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Samples the row keys a load will write by running the job's own mapper, in the submitting process, over the first
 * {@value #RECORDS_PER_SPLIT} records of up to {@value #MAX_SPLITS} input splits spread evenly over the input. Whatever
 * the mapper emits is only looked at, never written. The input is cut for sampling into pieces of {@link #PIECE_BYTES}
 * (32 MB, Hadoop's block size for local files), not into the job's own splits: the sample, and the split points drawn
 * from it, are the same in local mode and on a cluster, whatever its block size or the job's split settings. Because
 * each split is read from its start, input sorted by key yields a biased sample; such input is better served by
 * explicit or uniform split points.
 */
public final class MapOutputSampler {
    static final int RECORDS_PER_SPLIT = 10_000;
    static final int MAX_SPLITS = 20;
    static final long PIECE_BYTES = 32L << 20;

    private MapOutputSampler() {}

    /** Rows the job's mapper writes to each of {@code tables} (by table name), in the order it writes them. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Map<String, List<byte[]>> sampleRows(Job job, List<TableSpec> tables)
            throws IOException, InterruptedException {
        JobConf conf = new JobConf(job.getConfiguration());
        conf.setBoolean(FormatConf.OUTPUT_SAMPLING.key(), true);
        conf.setLong(FileInputFormat.SPLIT_MINSIZE, PIECE_BYTES);
        conf.setLong(FileInputFormat.SPLIT_MAXSIZE, PIECE_BYTES);
        conf.setCredentials(job.getCredentials()); // tokens the listing obtains are the job's, as when it submits
        JobTables.set(conf, tables);
        Map<String, List<byte[]>> rows = new HashMap<>();
        InputFormat inputFormat;
        Class<? extends Mapper> mapperClass;
        try {
            inputFormat = ReflectionUtils.newInstance(job.getInputFormatClass(), conf);
            mapperClass = job.getMapperClass();
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot sample the input for split points: " + e.getMessage(), e);
        }
        List<InputSplit> splits = inputFormat.getSplits(new JobContextImpl(conf, job.getJobID()));
        int step = Math.max(1, (splits.size() + MAX_SPLITS - 1) / MAX_SPLITS);
        for (int i = 0; i < splits.size(); i += step) {
            InputSplit split = splits.get(i);
            TaskAttemptID id = new TaskAttemptID("sample", 0, TaskType.MAP, i, 0);
            TaskAttemptContext taskContext = new TaskAttemptContextImpl(conf, id);
            RecordReader reader = inputFormat.createRecordReader(split, taskContext);
            RecordWriter<CellKey, Object> capture = new RecordWriter<>() {
                private final byte[][] lastRow = new byte[tables.size()][];

                @Override
                public void write(CellKey key, Object value) {
                    int t = key.table();
                    if (lastRow[t] == null
                            || !Bytes.equals(
                                    lastRow[t], 0, lastRow[t].length, key.buffer(), key.rowOffset(), key.rowLength())) {
                        lastRow[t] = key.row();
                        rows.computeIfAbsent(tables.get(t).name(), k -> new ArrayList<>())
                                .add(lastRow[t]);
                    }
                }

                @Override
                public void close(TaskAttemptContext c) {}
            };
            Mapper mapper = ReflectionUtils.newInstance(mapperClass, conf);
            MapContextImpl mapContext = new MapContextImpl(
                    conf,
                    id,
                    new FirstRecords(reader, RECORDS_PER_SPLIT),
                    capture,
                    null,
                    new TaskAttemptContextImpl.DummyReporter(),
                    split);
            try {
                reader.initialize(split, taskContext);
                mapper.run(new WrappedMapper().getMapContext(mapContext));
            } finally {
                reader.close();
            }
        }
        return rows;
    }

    /**
     * True inside a mapper run by the sampler: it has no output committer, so it must write no side output (rejects and
     * the like) — only its map output is looked at.
     */
    public static boolean isSampling(Configuration conf) {
        return conf.getBoolean(FormatConf.OUTPUT_SAMPLING.key(), false);
    }

    /** Reads another reader's records until {@code limit} input records ({@link RecordBatch}) have been read. */
    private static final class FirstRecords<K, V> extends RecordReader<K, V> {
        private final RecordReader<K, V> in;
        private final int limit;
        private int read;

        FirstRecords(RecordReader<K, V> in, int limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public void initialize(InputSplit split, TaskAttemptContext context) {}

        @Override
        public boolean nextKeyValue() throws IOException, InterruptedException {
            if (read >= limit || !in.nextKeyValue()) {
                return false;
            }
            read += in.getCurrentValue() instanceof RecordBatch batch ? batch.records() : 1;
            return true;
        }

        @Override
        public K getCurrentKey() throws IOException, InterruptedException {
            return in.getCurrentKey();
        }

        @Override
        public V getCurrentValue() throws IOException, InterruptedException {
            return in.getCurrentValue();
        }

        @Override
        public float getProgress() {
            return Math.min(1f, read / (float) limit);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
