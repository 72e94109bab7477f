package io.dumptruck.jobs.tiles;

/**
 * How a tile travels as an {@code IntWritable} map output key: its packed quadkey
 * ({@link io.dumptruck.formats.rowkey.QuadKey#packed}, unsigned) with the sign bit flipped, so that
 * {@code IntWritable}'s signed order is the unsigned order of the packed keys, i.e. quadkey order, at every zoom (a
 * level-16 key uses all 32 bits).
 */
final class TileOrder {
    private TileOrder() {}

    /** The {@code IntWritable} value of a packed tile. */
    static int sortable(int packedTile) {
        return packedTile ^ Integer.MIN_VALUE;
    }

    /** The packed tile of an {@code IntWritable} value made by {@link #sortable}. */
    static int packedTile(int sortable) {
        return sortable ^ Integer.MIN_VALUE;
    }
}
