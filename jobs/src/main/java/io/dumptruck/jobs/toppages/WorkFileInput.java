package io.dumptruck.jobs.toppages;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;

/**
 * Sequence files an earlier stage left in a work directory. An earlier stage that had nothing to
 * pass on (empty tables) creates no directory; that is no input rather than an error.
 */
public final class WorkFileInput<K, V> extends SequenceFileInputFormat<K, V> {
  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    for (Path dir : FileInputFormat.getInputPaths(job)) {
      if (!dir.getFileSystem(job.getConfiguration()).exists(dir)) {
        return List.of();
      }
    }
    return super.listStatus(job);
  }
}
