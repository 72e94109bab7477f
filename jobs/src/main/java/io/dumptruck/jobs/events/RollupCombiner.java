package io.dumptruck.jobs.events;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Reducer;

/** Folds a map task's partials of one (host, event, hour) into one, before the shuffle. */
final class RollupCombiner extends Reducer<RollupKey, RollupPartial, RollupKey, RollupPartial> {
    private final RollupPartial total = new RollupPartial();

    @Override
    protected void reduce(RollupKey key, Iterable<RollupPartial> partials, Context context)
            throws IOException, InterruptedException {
        context.write(key, total.mergeAll(partials));
    }
}
