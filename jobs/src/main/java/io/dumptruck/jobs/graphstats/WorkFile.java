package io.dumptruck.jobs.graphstats;

import io.dumptruck.jobs.JobOptions;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * A reduce task's own SequenceFile in a scratch directory of the output ({@link JobOptions#work}),
 * beside the records it writes to the data sets: it is written into the task's work directory and
 * committed with them, so a failed task leaves none behind. Every task creates its file, empty or not,
 * so the directory exists for the next stage whatever the data.
 */
final class WorkFile {
  /** The neighbourhood stage's {@link PairKey} facts, for the pairs stage. */
  static final String PAIRS = "pairs";
  /** The neighbourhood stage's per-task {@link DegreeBucket} counts, for the distribution stage. */
  static final String DEGREE_COUNTS = "degree_counts";

  private WorkFile() {}

  static SequenceFile.Writer create(TaskInputOutputContext<?, ?, ?, ?> context, String directory, Class<?> keyClass,
      Class<?> valueClass) throws IOException, InterruptedException {
    Path dir = new Path(FileOutputFormat.getWorkOutputPath(context), JobOptions.WORK_DIRECTORY + Path.SEPARATOR + directory);
    return SequenceFile.createWriter(context.getConfiguration(),
        SequenceFile.Writer.file(new Path(dir, FileOutputFormat.getUniqueFile(context, "part", ""))),
        SequenceFile.Writer.keyClass(keyClass), SequenceFile.Writer.valueClass(valueClass),
        SequenceFile.Writer.compression(SequenceFile.CompressionType.BLOCK, new DefaultCodec()));
  }
}
