package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.formats.rowkey.TileClip;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The {@code tile_density} data set: one record per tile holding at least one counted place. */
final class TileDensitySchema {
    public static final String DATASET = "tile_density";

    public static final Schema TILE_DENSITY = SchemaBuilder.record(DATASET)
            .namespace("io.dumptruck.jobs.tiles")
            .doc("Places of tile_places per map tile at one zoom (Bing Maps / Web Mercator tiles)")
            .fields()
            .name("zoom")
            .doc("level of the tile, 1..16")
            .type()
            .intType()
            .noDefault()
            .name("quadkey")
            .doc("the tile's quadkey: zoom digits 0-3, most significant first")
            .type()
            .stringType()
            .noDefault()
            .name("tile_x")
            .doc("tile column, 0 at longitude -180")
            .type()
            .intType()
            .noDefault()
            .name("tile_y")
            .doc("tile row, 0 at the north edge (latitude 85.05112878)")
            .type()
            .intType()
            .noDefault()
            .name("places")
            .doc("places counted in the tile: h + m + l")
            .type()
            .longType()
            .noDefault()
            .name("h")
            .doc("places of family h (population >= 100,000); 0 when h was not counted")
            .type()
            .longType()
            .noDefault()
            .name("m")
            .doc("places of family m (population >= 10,000); 0 when m was not counted")
            .type()
            .longType()
            .noDefault()
            .name("l")
            .doc("places of family l (smaller or unknown population); 0 when l was not counted")
            .type()
            .longType()
            .noDefault()
            .name("west")
            .doc("longitude of the tile's west edge, degrees")
            .type()
            .doubleType()
            .noDefault()
            .name("south")
            .doc("latitude of the tile's south edge, degrees")
            .type()
            .doubleType()
            .noDefault()
            .name("east")
            .doc("longitude of the tile's east edge, degrees")
            .type()
            .doubleType()
            .noDefault()
            .name("north")
            .doc("latitude of the tile's north edge, degrees")
            .type()
            .doubleType()
            .noDefault()
            .endRecord();

    private TileDensitySchema() {}

    /** The record of the tile with this packed quadkey at {@code zoom}. */
    public static GenericRecord record(int zoom, int packedTile, PlaceCounts counts) {
        String quadKey = QuadKey.toQuadKey(packedTile, zoom);
        int[] xy = QuadKey.tileXY(quadKey);
        double[] bounds = TileClip.bounds(xy[0], xy[1], zoom);
        GenericRecord r = new GenericData.Record(TILE_DENSITY);
        r.put("zoom", zoom);
        r.put("quadkey", quadKey);
        r.put("tile_x", xy[0]);
        r.put("tile_y", xy[1]);
        r.put("places", counts.places());
        r.put("h", counts.high());
        r.put("m", counts.medium());
        r.put("l", counts.low());
        r.put("west", bounds[0]);
        r.put("south", bounds[1]);
        r.put("east", bounds[2]);
        r.put("north", bounds[3]);
        return r;
    }
}
