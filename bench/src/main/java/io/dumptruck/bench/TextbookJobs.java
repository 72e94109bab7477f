package io.dumptruck.bench;

import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.graph.Edge;
import io.dumptruck.loaders.graph.GraphParser;
import io.dumptruck.loaders.graph.GraphSchema;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.hbase.mapreduce.MultiTableIncrementalLoad;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The bulk load as HBase's reference guide teaches it: a mapper turns each input line into a {@link Put}, and
 * {@link HFileOutputFormat2#configureIncrementalLoad} sets the rest — a total-order partitioner on the table's region
 * start keys, {@code PutSortReducer} (which sorts each row's cells in a TreeSet) and one reducer per region. The
 * mappers use dumptruck's parsers and key functions, so the cells are the loaders' cells and only the pipeline differs.
 */
final class TextbookJobs {
    static final String LOAD_TIMESTAMP = "bench.textbook.timestamp";

    private TextbookJobs() {}

    /** Web logs into the {@code visits} table. */
    static Job visits(Configuration conf, Path input, Path output, TableDescriptor table, RegionLocator regions)
            throws IOException {
        Job job = textJob(conf, "textbook visits", input, output, VisitPutMapper.class);
        HFileOutputFormat2.configureIncrementalLoad(job, table, regions);
        return job;
    }

    /** Follower edges into {@code follows} and {@code followed_by} in one pass (MultiTableHFileOutputFormat). */
    static Job graph(
            Configuration conf, Path input, Path output, Map<TableDescriptor, RegionLocator> tables, long timestamp)
            throws IOException {
        Job job = textJob(conf, "textbook graph", input, output, EdgePutMapper.class);
        job.getConfiguration().setLong(LOAD_TIMESTAMP, timestamp);
        MultiTableIncrementalLoad.configure(job, tables);
        return job;
    }

    /** Follower edges into the one-wide-row-per-user {@code adjacency} table (row = from, l:into). */
    static Job adjacency(
            Configuration conf, Path input, Path output, TableDescriptor table, RegionLocator regions, long timestamp)
            throws IOException {
        Job job = textJob(conf, "textbook adjacency", input, output, AdjacencyPutMapper.class);
        job.getConfiguration().setLong(LOAD_TIMESTAMP, timestamp);
        HFileOutputFormat2.configureIncrementalLoad(job, table, regions);
        return job;
    }

    private static Job textJob(
            Configuration conf,
            String name,
            Path input,
            Path output,
            Class<? extends Mapper<LongWritable, Text, ImmutableBytesWritable, Put>> mapper)
            throws IOException {
        Job job = Job.getInstance(conf, name);
        job.setJarByClass(TextbookJobs.class);
        job.setInputFormatClass(TextInputFormat.class);
        FileInputFormat.addInputPath(job, input);
        job.setMapperClass(mapper);
        job.setMapOutputKeyClass(ImmutableBytesWritable.class);
        job.setMapOutputValueClass(Put.class);
        FileOutputFormat.setOutputPath(job, output);
        return job;
    }

    /** One Put per request, the visit's cells. */
    public static final class VisitPutMapper extends Mapper<LongWritable, Text, ImmutableBytesWritable, Put> {
        private final WebLogParser parser = new WebLogParser();
        private final RowKeyBuilder key = new RowKeyBuilder(64);

        @Override
        protected void map(LongWritable offset, Text value, Context context) throws IOException, InterruptedException {
            String line = value.toString();
            Parsed<WebLogRecord> parsed = parser.parse(line);
            if (!parsed.isRecord()) {
                return;
            }
            VisitCells cells = VisitCells.of(parsed.record(), line, key);
            Put put = new Put(cells.row());
            for (int i = 0; i < VisitCells.QUALIFIERS.length; i++) {
                if (cells.values()[i] != null) {
                    put.addColumn(VisitCells.FAMILY, VisitCells.QUALIFIERS[i], cells.timestamp(), cells.values()[i]);
                }
            }
            context.write(new ImmutableBytesWritable(cells.row()), put);
        }
    }

    /** One Put per edge: row = from, l:into → empty. */
    public static final class AdjacencyPutMapper extends Mapper<LongWritable, Text, ImmutableBytesWritable, Put> {
        private static final byte[] L = Bytes.toBytes("l");
        private final GraphParser parser = new GraphParser();
        private long loadTimestamp;

        @Override
        protected void setup(Context context) {
            loadTimestamp = context.getConfiguration().getLong(LOAD_TIMESTAMP, 0);
        }

        @Override
        protected void map(LongWritable offset, Text value, Context context) throws IOException, InterruptedException {
            Parsed<Edge> parsed = parser.parse(value.toString());
            if (!parsed.isRecord()) {
                return;
            }
            Edge e = parsed.record();
            byte[] from = Bytes.toBytes(e.from());
            Put put = new Put(from)
                    .addColumn(L, Bytes.toBytes(e.into()), e.time() != null ? e.time() : loadTimestamp, new byte[0]);
            context.write(new ImmutableBytesWritable(from), put);
        }
    }

    /** Two Puts per edge, one per table, keyed by MultiTableHFileOutputFormat's composite key. */
    public static final class EdgePutMapper extends Mapper<LongWritable, Text, ImmutableBytesWritable, Put> {
        private static final byte[] FOLLOWS = Bytes.toBytes(GraphSchema.FOLLOWS);
        private static final byte[] FOLLOWED_BY = Bytes.toBytes(GraphSchema.FOLLOWED_BY);
        private final GraphParser parser = new GraphParser();
        private long loadTimestamp;

        @Override
        protected void setup(Context context) {
            loadTimestamp = context.getConfiguration().getLong(LOAD_TIMESTAMP, 0);
        }

        @Override
        protected void map(LongWritable offset, Text value, Context context) throws IOException, InterruptedException {
            Parsed<Edge> parsed = parser.parse(value.toString());
            if (!parsed.isRecord()) {
                return;
            }
            EdgeCells cells = EdgeCells.of(parsed.record(), loadTimestamp);
            write(context, FOLLOWS, cells.followsRow(), cells.into(), cells.timestamp());
            write(context, FOLLOWED_BY, cells.followedByRow(), cells.from(), cells.timestamp());
        }

        private static void write(Context context, byte[] table, byte[] row, byte[] qualifier, long ts)
                throws IOException, InterruptedException {
            Put put = new Put(row).addColumn(EdgeCells.FAMILY, qualifier, ts, EdgeCells.EMPTY);
            context.write(new ImmutableBytesWritable(MultiTableHFileOutputFormat.createCompositeKey(table, row)), put);
        }
    }
}
