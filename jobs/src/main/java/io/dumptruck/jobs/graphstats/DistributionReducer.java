package io.dumptruck.jobs.graphstats;

import java.io.IOException;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Reducer;

/** Adds up the neighbourhood tasks' counts of each direction and degree into {@code degree_distribution}. */
final class DistributionReducer extends Reducer<DegreeBucket, VLongWritable, NullWritable, GenericRecord> {
    @Override
    protected void reduce(DegreeBucket bucket, Iterable<VLongWritable> counts, Context context)
            throws IOException, InterruptedException {
        long users = 0;
        for (VLongWritable c : counts) {
            users += c.get();
        }
        context.write(NullWritable.get(), GraphStatsDatasets.degreeCount(bucket.direction(), bucket.degree(), users));
    }
}
