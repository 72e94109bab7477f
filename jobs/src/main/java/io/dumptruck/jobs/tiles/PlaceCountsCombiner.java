package io.dumptruck.jobs.tiles;

import java.io.IOException;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.mapreduce.Reducer;

/** Sums the counts of one tile on the map side. */
final class PlaceCountsCombiner extends Reducer<IntWritable, PlaceCounts, IntWritable, PlaceCounts> {
    private final PlaceCounts sum = new PlaceCounts();

    @Override
    protected void reduce(IntWritable tile, Iterable<PlaceCounts> counts, Context context)
            throws IOException, InterruptedException {
        context.write(tile, sum.sumOf(counts));
    }
}
