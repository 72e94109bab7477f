package io.dumptruck.formats.output;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.SpecException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * Writes the cells of a job into real HBase HFiles laid out as {@code <output>/<table>/<family>/<hfile>},
 * ready for {@code hbase completebulkload <output>/<table> <table>}. One job may write several
 * tables; each reducer writes one region of one table, rolling files at row boundaries.
 *
 * <p>Set a job up with {@code HFileTableJob.configure(job)}, which sets this format with everything
 * that has to change with it. It takes its output directory as a {@code FileOutputFormat} does, but is not one on purpose: for a
 * {@code FileOutputFormat} Hadoop's reduce task sums the statistics of every thread of the file system
 * before and after each record written (a row here; for one-cell rows, every cell). The bytes
 * written are counted in {@link CellCounter#HFILE_BYTES_WRITTEN} instead.
 */
public final class HFileTableOutputFormat extends OutputFormat<CellKey, CellRun> {
  private HFileTableCommitter committer;

  @Override
  public RecordWriter<CellKey, CellRun> getRecordWriter(TaskAttemptContext context) throws IOException {
    Configuration conf = context.getConfiguration();
    Path work = ((HFileTableCommitter) getOutputCommitter(context)).getWorkPath();
    int partition = context.getTaskAttemptID().getTaskID().getId();
    String token = FormatConf.OUTPUT_FILE_TOKEN.require(conf, "Call HFileTableJob.configure(job)...apply().");
    int maxFiles = Math.min(FormatConf.HARD_MAX_FILES_PER_REGION, FormatConf.OUTPUT_MAX_FILES_PER_REGION.getInt(conf));
    return new HFileTableRecordWriter(conf, work, JobTables.of(conf), String.format("%06x", partition) + token,
        FormatConf.OUTPUT_FILE_MAX_BYTES.getLong(conf), maxFiles, context.getTaskAttemptID().toString());
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
