/**
 * {@code tile-density}: how many GeoNames places of {@code tile_places} (geo loader) lie in each map tile at one zoom,
 * by prominence family, optionally within a bounding box, and a heat map of it.
 *
 * <pre>
 *   dumptruck run tile-density --tables T --output O [--zoom 1..16] [--families h,m,l]
 *       [--bbox minLon,minLat,maxLon,maxLat] [--picture density.png|map.svg]
 * </pre>
 *
 * Data set {@code tile_density} ({@link io.dumptruck.jobs.tiles.TileDensitySchema}): zoom, quadkey, tile_x, tile_y,
 * places, h, m, l, west, south, east, north. Entry point: {@link io.dumptruck.jobs.tiles.TileDensityJob}. Plumbing: not
 * for library users; run by {@code dumptruck run}.
 */
package io.dumptruck.jobs.tiles;
