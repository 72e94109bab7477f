package io.dumptruck.formats.output;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.runtime.JobStopHook;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;

/**
 * All or nothing for the whole output directory, and only for the job that claimed it ({@link OutputDirectory#claim}).
 * Tasks write under {@code _temporary}; only job commit moves their files into {@code <output>/<table>/<family>/} (the
 * v1 algorithm, which {@link HFileTableOutputFormat#configure} forces), then writes each table's {@code _spec.json} and
 * {@link TableFigures}, then {@code <output>/_SUCCESS}, then ends the claim: a reader that finds {@code _SUCCESS} finds
 * everything, and commit is the last step of a job that can fail. A job whose token the output's claim does not hold
 * moves nothing and deletes nothing. A job that fails or is killed before its commit ended the claim deletes the output
 * directory whole — no partial table is left behind, and a {@code _SUCCESS} written by a commit that then failed goes
 * with it. A committed output is never deleted (see {@link #abortJob}).
 */
final class HFileTableCommitter extends FileOutputCommitter {
    private final Path output;

    public HFileTableCommitter(Path output, TaskAttemptContext context) throws IOException {
        super(output, context);
        this.output = output;
    }

    private static String claim(JobContext context) {
        return FormatConf.OUTPUT_CLAIM.get(context.getConfiguration());
    }

    /**
     * Moves the task files in, then writes each table's spec and figures, then {@code _SUCCESS}, then ends the claim.
     */
    /** Sets the job up, and writes its id beside the claim: a claim whose cluster job ended is taken over. */
    @Override
    public void setupJob(JobContext context) throws IOException {
        super.setupJob(context);
        OutputDirectory.jobSetUp(output, claim(context), context.getJobID(), context.getConfiguration());
    }

    @Override
    public void commitJob(JobContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        if (JobStopHook.stopping()) {
            // a killed local job whose interrupt a task or the job runner swallowed still reaches its commit
            throw new IOException("the command was stopped: the job's output is not committed");
        }
        OutputDirectory.requireClaim(output, claim(context), conf);
        super.commitJob(context);
        FileSystem fs = output.getFileSystem(conf);
        for (TableSpec table : JobTables.of(conf)) {
            Path dir = new Path(output, table.name());
            try (FSDataOutputStream out = fs.create(new Path(dir, TableSpecJson.FILE_NAME), false)) {
                out.write(TableSpecJson.toPrettyJson(table).getBytes(StandardCharsets.UTF_8));
            }
            TableFigures.sumShares(fs, dir);
        }
        Path success = new Path(output, SUCCEEDED_FILE_NAME);
        try {
            fs.create(success, false).close();
        } catch (IOException e) {
            fs.delete(success, false); // a marker whose write failed (a full disk) must not say "committed"
            throw e;
        }
        OutputDirectory.endClaim(output, conf);
    }

    /**
     * Deletes the output directory of a job that did not commit, if this job claimed it. An output whose claim ended
     * was committed whole and stays: Hadoop 3.4's MapReduce application master calls {@code abortJob(…, KILLED)} from
     * its shutdown hook each time it exits, after a successful commit too. An output claimed by another job is not
     * touched at all, not even its {@code _temporary} directory.
     */
    @Override
    public void abortJob(JobContext context, JobStatus.State state) throws IOException {
        Configuration conf = context.getConfiguration();
        if (OutputDirectory.claimedBy(output, claim(context), conf)) {
            try {
                super.abortJob(context, state);
            } finally {
                output.getFileSystem(conf).delete(output, true);
            }
        }
    }
}
