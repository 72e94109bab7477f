package io.dumptruck.jobs.events;

import java.io.IOException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Merges the partials of one (host, event, hour) — one at a time, whatever the group's size — into a {@code rollup}
 * record. Reduce task 0 also records the number of scans the run configured ({@link RollupCounter#SCANS_CONFIGURED}):
 * the plan is made before any task runs, and a counter can only be incremented by a task.
 */
final class RollupReducer extends Reducer<RollupKey, RollupPartial, NullWritable, GenericRecord> {
    private final RollupPartial total = new RollupPartial();

    @Override
    protected void setup(Context context) {
        if (context.getTaskAttemptID().getTaskID().getId() == 0) {
            context.getCounter(RollupCounter.SCANS_CONFIGURED)
                    .increment(context.getConfiguration().getInt(EventRollupJob.SCANS_KEY, 0));
        }
    }

    @Override
    protected void reduce(RollupKey key, Iterable<RollupPartial> partials, Context context)
            throws IOException, InterruptedException {
        total.mergeAll(partials);
        GenericRecord r = new GenericData.Record(EventRollupJob.ROLLUP);
        r.put("host", key.host());
        r.put("event", key.event());
        r.put("hour", key.hour());
        r.put("count", total.count());
        r.put("count_numeric", total.numeric());
        r.put("sum", total.sum());
        r.put("min", total.numeric() > 0 ? total.min() : null);
        r.put("max", total.numeric() > 0 ? total.max() : null);
        context.write(NullWritable.get(), r);
    }
}
