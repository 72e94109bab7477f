package io.dumptruck.jobs.graphstats;

import java.io.IOException;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Reducer;

/** Adds up the counts of equal keys ({@link PairKey}s, {@link DegreeBucket}s) before they are shuffled. */
public final class CountSumCombiner<K> extends Reducer<K, VLongWritable, K, VLongWritable> {
  private final VLongWritable sum = new VLongWritable();

  @Override
  protected void reduce(K key, Iterable<VLongWritable> counts, Context context) throws IOException, InterruptedException {
    long total = 0;
    for (VLongWritable c : counts) {
      total += c.get();
    }
    sum.set(total);
    context.write(key, sum);
  }
}
