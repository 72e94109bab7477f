package io.dumptruck.jobs.graphstats;

import java.io.IOException;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Folds equal {@link NeighbourKey}s of a spill (the combiner groups by the whole key): the
 * {@link NeighbourKey.Kind#OUT_DEGREE OUT_DEGREE} counts of an account are summed, the many {@code NAME} keys of a
 * popular account collapse into one; every other key is already unique.
 */
final class NeighbourCombiner extends Reducer<NeighbourKey, VLongWritable, NeighbourKey, VLongWritable> {
    private final VLongWritable one = new VLongWritable(1);
    private final VLongWritable sum = new VLongWritable();

    @Override
    protected void reduce(NeighbourKey key, Iterable<VLongWritable> values, Context context)
            throws IOException, InterruptedException {
        if (key.kind() != NeighbourKey.Kind.OUT_DEGREE) {
            context.write(key, one);
            return;
        }
        long total = 0;
        for (VLongWritable v : values) {
            total += v.get();
        }
        sum.set(total);
        context.write(key, sum);
    }
}
