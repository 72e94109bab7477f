package io.dumptruck.formats.output;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.formats.spec.TableSpecJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;

/**
 * All or nothing for the whole output directory. Tasks write under {@code _temporary}; only job
 * commit moves their files into {@code <output>/<table>/<family>/} (the v1 algorithm, which
 * {@link HFileTableOutputFormat#configure} forces), then writes each table's {@code _spec.json}, then
 * {@code <output>/_SUCCESS}: a reader that finds {@code _SUCCESS} finds everything.
 * The output directory never existed before the job (the format refuses an existing one), so a job
 * that fails or is killed deletes it whole: no partial table is left behind. A committed output is
 * never deleted (see {@link #abortJob}).
 */
public final class HFileTableCommitter extends FileOutputCommitter {
  /** The table spec, with the split points the load used, kept next to the family directories. */
  public static final String SPEC_FILE = "_spec.json";

  private final Path output;

  public HFileTableCommitter(Path output, TaskAttemptContext context) throws IOException {
    super(output, context);
    this.output = output;
  }

  /** Moves the task files in, then writes each table's spec, then {@code _SUCCESS} last of all. */
  @Override
  public void commitJob(JobContext context) throws IOException {
    super.commitJob(context);
    FileSystem fs = output.getFileSystem(context.getConfiguration());
    for (TableSpec table : TableSpecJson.listFromJson(FormatConf.OUTPUT_TABLES.get(context.getConfiguration()))) {
      try (FSDataOutputStream out = fs.create(new Path(new Path(output, table.name()), SPEC_FILE), false)) {
        out.write(TableSpecJson.toPrettyJson(table).getBytes(StandardCharsets.UTF_8));
      }
    }
    fs.create(new Path(output, SUCCEEDED_FILE_NAME), false).close();
  }

  /**
   * Deletes the output directory of a job that did not commit. An output whose {@code _SUCCESS}
   * marker exists was committed whole and stays: Hadoop 3.4's MapReduce application master calls
   * {@code abortJob(…, KILLED)} from its shutdown hook each time it exits, after a successful commit
   * too, where only the leftover {@code _temporary} directory may go.
   */
  @Override
  public void abortJob(JobContext context, JobStatus.State state) throws IOException {
    FileSystem fs = output.getFileSystem(context.getConfiguration());
    try {
      super.abortJob(context, state);
    } finally {
      if (!fs.exists(new Path(output, SUCCEEDED_FILE_NAME))) {
        fs.delete(output, true);
      }
    }
  }
}
