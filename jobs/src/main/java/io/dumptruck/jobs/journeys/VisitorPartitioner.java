package io.dumptruck.jobs.journeys;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Partitioner;

/** Sends every page view of a visitor to the same reducer, whatever its time: partitions on the visitor alone. */
final class VisitorPartitioner extends Partitioner<ViewKey, NullWritable> {
    @Override
    public int getPartition(ViewKey key, NullWritable value, int partitions) {
        return (key.visitorHash() & Integer.MAX_VALUE) % partitions;
    }
}
