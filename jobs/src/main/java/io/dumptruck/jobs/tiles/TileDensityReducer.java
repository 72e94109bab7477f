package io.dumptruck.jobs.tiles;

import java.io.IOException;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;

/** Sums the counts of one tile and writes its {@code tile_density} record. */
final class TileDensityReducer extends Reducer<IntWritable, PlaceCounts, NullWritable, GenericRecord> {
    private final PlaceCounts sum = new PlaceCounts();
    private int zoom;

    @Override
    protected void setup(Context context) {
        zoom = context.getConfiguration().getInt(TileDensityMapper.ZOOM, TileDensitySettings.DEFAULT_ZOOM);
    }

    @Override
    protected void reduce(IntWritable key, Iterable<PlaceCounts> counts, Context context)
            throws IOException, InterruptedException {
        context.write(
                NullWritable.get(), TileDensitySchema.record(zoom, TileOrder.packedTile(key.get()), sum.sumOf(counts)));
    }
}
