package io.dumptruck.formats.testing;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Loads ONE row with {@code n} qualifiers (default 1,000,000) in a local-mode job, generating the cells in the mappers
 * (no input file). Run in a JVM with a small heap ({@code -Xmx256m}) to show that the reducer streams cells instead of
 * holding the row. Usage: {@code WideRowLoad <out> [n]}.
 */
public final class WideRowLoad {
    public static final byte[] ROW = Bytes.toBytes("celebrity");
    static final String QUALIFIERS = "wide.row.qualifiers";
    static final int SPLITS = 4;

    public static void main(String[] args) throws Exception {
        long n = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000L;
        Configuration conf = LocalJobs.localConf();
        conf.setInt("mapreduce.task.io.sort.mb", 32);
        conf.setLong(QUALIFIERS, n);
        Job job = Job.getInstance(conf, "wide row");
        job.setInputFormatClass(Generated.class);
        job.setMapperClass(WideMapper.class);
        HFileTableJob.configure(job)
                .tables(TableSpec.of("followers", FamilySpec.named("f")))
                .output(new Path(args[0]))
                .apply();
        boolean ok = job.waitForCompletion(false);
        long cells = job.getCounters().findCounter(CellCounter.CELLS_WRITTEN).getValue();
        System.out.println("wide row: ok=" + ok + " cells=" + cells + " maxHeap="
                + Runtime.getRuntime().maxMemory());
        System.exit(ok && cells == n ? 0 : 1);
    }

    /** Emits the qualifiers of its range: 10-digit zero-padded follower ids, value = the id as a long. */
    public static final class WideMapper
            extends Mapper<LongWritable, NullWritable, CellKey, io.dumptruck.formats.shuffle.CellRun> {
        private CellSink sink;
        private FamilyRef f;

        @Override
        protected void setup(Context context) {
            sink = CellSink.buffered(context);
            f = sink.family("followers", "f");
        }

        @Override
        protected void map(LongWritable id, NullWritable none, Context context)
                throws IOException, InterruptedException {
            byte[] qualifier = Bytes.toBytes(String.format("%010d", id.get()));
            sink.put(f, ROW, qualifier, 1L, Bytes.toBytes(id.get()));
        }

        @Override
        protected void cleanup(Context context) throws IOException, InterruptedException {
            sink.close();
        }
    }

    /** SPLITS splits over the ids 0..n-1, in descending order within a split so the shuffle really sorts. */
    public static final class Generated extends InputFormat<LongWritable, NullWritable> {
        @Override
        public List<InputSplit> getSplits(JobContext context) {
            long n = context.getConfiguration().getLong(QUALIFIERS, 0);
            List<InputSplit> out = new ArrayList<>();
            for (int i = 0; i < SPLITS; i++) {
                out.add(new Range(n * i / SPLITS, n * (i + 1) / SPLITS));
            }
            return out;
        }

        @Override
        public RecordReader<LongWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext c) {
            return new RecordReader<>() {
                private Range range;
                private long next;
                private final LongWritable key = new LongWritable();

                @Override
                public void initialize(InputSplit s, TaskAttemptContext ctx) {
                    range = (Range) s;
                    next = range.end;
                }

                @Override
                public boolean nextKeyValue() {
                    if (next <= range.start) {
                        return false;
                    }
                    key.set(--next);
                    return true;
                }

                @Override
                public LongWritable getCurrentKey() {
                    return key;
                }

                @Override
                public NullWritable getCurrentValue() {
                    return NullWritable.get();
                }

                @Override
                public float getProgress() {
                    return (range.end - next) / (float) Math.max(1, range.end - range.start);
                }

                @Override
                public void close() {}
            };
        }
    }

    /** Ids in [start, end). */
    public static final class Range extends InputSplit implements Writable {
        long start;
        long end;

        public Range() {}

        Range(long start, long end) {
            this.start = start;
            this.end = end;
        }

        @Override
        public long getLength() {
            return end - start;
        }

        @Override
        public String[] getLocations() {
            return new String[0];
        }

        @Override
        public void write(DataOutput out) throws IOException {
            out.writeLong(start);
            out.writeLong(end);
        }

        @Override
        public void readFields(DataInput in) throws IOException {
            start = in.readLong();
            end = in.readLong();
        }
    }
}
