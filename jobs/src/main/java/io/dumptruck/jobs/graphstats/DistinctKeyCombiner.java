package io.dumptruck.jobs.graphstats;

import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Keeps one of each distinct {@link NeighbourKey} of a spill (the combiner groups by the whole key):
 * the many {@code NAME} keys of a popular account collapse into one; every other key is already unique.
 */
public final class DistinctKeyCombiner extends Reducer<NeighbourKey, NullWritable, NeighbourKey, NullWritable> {
  @Override
  protected void reduce(NeighbourKey key, Iterable<NullWritable> values, Context context)
      throws IOException, InterruptedException {
    context.write(key, NullWritable.get());
  }
}
