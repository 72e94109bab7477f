package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.rowkey.QuadKey;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One row of {@code tile_places} ({@code int(qk16) ‖ int(geonameid)}, one family per place) → the place's tile at the
 * zoom, {@code qk16 >>> 2·(16 − zoom)}, as an {@code IntWritable} in quadkey order ({@link TileOrder}), with a count of
 * one in its family. With a box, places whose tile is outside the box's {@link TileArea} are dropped.
 */
final class TileDensityMapper extends Mapper<ImmutableBytesWritable, Result, IntWritable, PlaceCounts> {
    /** The zoom of the tiles counted. */
    static final String ZOOM = TileDensityConf.ZOOM.key();
    /** The {@link TileArea#encode} of the tiles counted; absent for every tile. */
    static final String AREA = TileDensityConf.AREA.key();

    private final IntWritable key = new IntWritable();
    private final PlaceCounts counts = new PlaceCounts();
    private int shift;
    private TileArea area;

    static void configure(Configuration conf, int zoom, TileArea area) {
        conf.setInt(ZOOM, zoom);
        if (area != null) {
            conf.set(AREA, area.encode());
        }
    }

    @Override
    protected void setup(Context context) {
        Configuration conf = context.getConfiguration();
        shift = 2 * (QuadKey.MAX_PACKED_LEVEL - conf.getInt(ZOOM, TileDensitySettings.DEFAULT_ZOOM));
        String encoded = conf.get(AREA);
        area = encoded == null ? null : TileArea.decode(encoded);
    }

    @Override
    protected void map(ImmutableBytesWritable row, Result result, Context context)
            throws IOException, InterruptedException {
        int tile = Bytes.toInt(row.get(), row.getOffset()) >>> shift;
        if (area != null && !area.contains(tile)) {
            context.getCounter(TileDensityCounter.PLACES_OUTSIDE_BBOX).increment(1);
            return;
        }
        counts.clear();
        for (Cell cell : result.rawCells()) {
            counts.addPlace(cell.getFamilyArray()[cell.getFamilyOffset()]);
        }
        key.set(TileOrder.sortable(tile));
        context.write(key, counts);
        context.getCounter(TileDensityCounter.PLACES_COUNTED).increment(counts.places());
    }
}
