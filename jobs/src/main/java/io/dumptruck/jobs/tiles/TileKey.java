package io.dumptruck.jobs.tiles;

/**
 * The map output key of a tile: its packed quadkey ({@link io.dumptruck.formats.rowkey.QuadKey#packed},
 * unsigned) with the sign bit flipped, so that {@code IntWritable}'s signed order is the unsigned order
 * of the packed keys, i.e. quadkey order, at every zoom (a level-16 key uses all 32 bits).
 */
final class TileKey {
  private TileKey() {}

  static int fromTile(int packed) {
    return packed ^ Integer.MIN_VALUE;
  }

  static int toTile(int key) {
    return key ^ Integer.MIN_VALUE;
  }
}
