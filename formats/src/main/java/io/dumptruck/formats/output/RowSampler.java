package io.dumptruck.formats.output;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;

/** Produces a sample of the row keys a job will write, per table name, to place region split points. */
@FunctionalInterface
public interface RowSampler {
  Map<String, List<byte[]>> sampleRows(Job job) throws IOException, InterruptedException;
}
