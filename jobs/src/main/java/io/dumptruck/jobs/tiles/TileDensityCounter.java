package io.dumptruck.jobs.tiles;

/** What the tile-density mapper saw. */
enum TileDensityCounter {
    /** Places counted into a tile (of the families asked for, in a tile meeting the box if one was given). */
    PLACES_COUNTED,
    /** Places read from the key ranges covering the box whose tile does not meet the box. */
    PLACES_OUTSIDE_BBOX
}
