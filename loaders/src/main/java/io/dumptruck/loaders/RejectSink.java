package io.dumptruck.loaders;

import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * Rejected records, written beside the tables (never inside a table directory) as
 * {@code <output>/_rejects/part-m-NNNNN}, committed with the job. One line per reject:
 * <pre>
 *   source:position TAB reason TAB detail TAB raw record
 * </pre>
 * The raw record comes last and as read (a tab inside it stays a tab); a line break inside a
 * multi-line record is written as {@code \n} (and {@code \r} as {@code \r}). The detail, which may
 * quote a field of the record, has its tabs and line breaks ({@code \n} and {@code \r}) replaced by
 * spaces, so that a reject is always one line whichever line breaks a reader splits at.
 */
public final class RejectSink {
  static final String NAMED_OUTPUT = "rejects";
  public static final String DIRECTORY = "_rejects";

  private final MultipleOutputs<NullWritable, Text> outputs;
  private final Text line = new Text();

  public RejectSink(TaskInputOutputContext<?, ?, ?, ?> context) {
    @SuppressWarnings({"unchecked", "rawtypes"})
    MultipleOutputs<NullWritable, Text> mo = new MultipleOutputs(context);
    this.outputs = mo;
  }

  /** Declares the side output on the job; the load command calls it. */
  public static void configure(Job job) {
    MultipleOutputs.addNamedOutput(job, NAMED_OUTPUT, TextOutputFormat.class, NullWritable.class, Text.class);
  }

  public void reject(String position, Enum<?> reason, String detail, String raw) throws IOException, InterruptedException {
    line.set(position + '\t' + reason.name() + '\t' + (detail == null ? "" : detail.replace('\t', ' ').replace('\n', ' ').replace('\r', ' '))
        + '\t' + raw.replace("\n", "\\n").replace("\r", "\\r"));
    outputs.write(NAMED_OUTPUT, NullWritable.get(), line, DIRECTORY + "/part");
  }

  public void close() throws IOException, InterruptedException {
    outputs.close();
  }
}
