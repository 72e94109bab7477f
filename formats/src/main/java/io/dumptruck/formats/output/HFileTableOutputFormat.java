package io.dumptruck.formats.output;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * Writes the cells of a job into real HBase HFiles laid out as {@code <output>/<table>/<family>/<hfile>}, ready for
 * {@code hbase completebulkload <output>/<table> <table>}. One job may write several tables; each reducer writes a run
 * of consecutive regions (one, unless the job runs fewer reducers than regions: {@code HFileTableJob}), rolling files
 * at row boundaries and starting new ones at each region's first row.
 *
 * <p>Set a job up with {@code HFileTableJob.configure(job)}, which sets this format with everything that has to change
 * with it. It takes its output directory as a {@code FileOutputFormat} does, but is not one on purpose: for a
 * {@code FileOutputFormat} Hadoop's reduce task sums the statistics of every thread of the file system before and after
 * each record written (a row here; for one-cell rows, every cell). The bytes written are counted in
 * {@link CellCounter#HFILE_BYTES_WRITTEN} instead.
 */
@PublicApi
public final class HFileTableOutputFormat extends OutputFormat<NullWritable, CellBatch> {
    private HFileTableCommitter committer;

    @Override
    public RecordWriter<NullWritable, CellBatch> getRecordWriter(TaskAttemptContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        Path work = ((HFileTableCommitter) getOutputCommitter(context)).getWorkPath();
        int reducer = context.getTaskAttemptID().getTaskID().getId();
        String token = FormatConf.OUTPUT_FILE_TOKEN.require(conf, "Call HFileTableJob.configure(job)...apply().");
        int maxFiles =
                Math.min(FormatConf.HARD_MAX_FILES_PER_REGION, FormatConf.OUTPUT_MAX_FILES_PER_REGION.getInt(conf));
        List<TableSpec> tables = JobTables.of(conf);
        RegionPartitioner<?> partitioner = new RegionPartitioner<>();
        partitioner.setConf(conf);
        return new HFileTableRecordWriter(
                conf,
                work,
                tables,
                partitioner,
                RegionPartitioner.firstRegionOf(
                        reducer + 1, RegionPartitioner.partitions(tables), context.getNumReduceTasks()),
                token,
                FormatConf.OUTPUT_FILE_MAX_BYTES.getLong(conf),
                maxFiles,
                context.getTaskAttemptID().toString(),
                partition -> favoredNodes(conf, tables, partition));
    }

    /**
     * The favored node of partition {@code partition}'s files: the region server of its region, when set-up matched the
     * table to a live one and asked for locality ({@link FormatConf#OUTPUT_FAVORED_NODES}); null when not, or when the
     * host does not resolve here (HDFS then places the blocks as it would).
     */
    static InetSocketAddress[] favoredNodes(Configuration conf, List<TableSpec> tables, int partition) {
        int first = 0;
        for (TableSpec t : tables) {
            int regions = t.regions().splitPoints().size() + 1;
            if (partition < first + regions) {
                String servers = conf.get(FormatConf.OUTPUT_FAVORED_NODES.key() + t.name());
                String[] each = servers == null ? new String[0] : servers.split(",", -1);
                String server = partition - first < each.length ? each[partition - first] : "";
                int colon = server.lastIndexOf(':');
                if (colon <= 0) {
                    return null;
                }
                InetSocketAddress node = new InetSocketAddress(
                        server.substring(0, colon), Integer.parseInt(server.substring(colon + 1)));
                return node.isUnresolved() ? null : new InetSocketAddress[] {node};
            }
            first += regions;
        }
        return null;
    }

    @Override
    public synchronized OutputCommitter getOutputCommitter(TaskAttemptContext context) throws IOException {
        if (committer == null) {
            committer = new HFileTableCommitter(FileOutputFormat.getOutputPath(context), context);
        }
        return committer;
    }

    @Override
    public void checkOutputSpecs(JobContext job) throws IOException {
        Path out = FileOutputFormat.getOutputPath(job);
        if (out == null) {
            throw new SpecException("no output directory: call HFileTableJob.configure(job).output(dir)");
        }
        OutputDirectory.requireClaim(out, FormatConf.OUTPUT_CLAIM.get(job.getConfiguration()), job.getConfiguration());
        JobTables.of(job.getConfiguration());
        TokenCache.obtainTokensForNamenodes(job.getCredentials(), new Path[] {out}, job.getConfiguration());
    }
}
