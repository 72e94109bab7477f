package io.dumptruck.jobs;

import java.io.IOException;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Adds up the counts of equal keys before they are shuffled: the combiner of any stage whose map output is {@code (key,
 * VLongWritable count)} and whose reducer sums the counts per key.
 */
public final class CountSumCombiner<K> extends Reducer<K, VLongWritable, K, VLongWritable> {
    private final VLongWritable sum = new VLongWritable();

    @Override
    protected void reduce(K key, Iterable<VLongWritable> counts, Context context)
            throws IOException, InterruptedException {
        sum.set(total(counts));
        context.write(key, sum);
    }

    /** The sum of the counts (the values may be one reused object). */
    public static long total(Iterable<VLongWritable> counts) {
        long total = 0;
        for (VLongWritable c : counts) {
            total += c.get();
        }
        return total;
    }
}
