/**
 * Places and regions into map-tile tables ({@code dumptruck load geo}): a GeoNames dump into {@code geonames_info} and
 * {@code tile_places}, keyed by the level-16 quadkey so that a tile's places are one key range ({@code GeoSchema});
 * with {@code --regions-file}, GeoJSON region polygons into {@code region_info} and {@code tile_bounds}, clipped to
 * each tile ({@code RegionSchema}). {@code GeoLoader} runs it; {@code GeoNamesParser}, {@code RegionParser} and
 * {@code GeoJsonFeatureInputFormat} read the input; {@code GeoQueries} reads a tile's places. Plumbing: not for library
 * users; run by {@code dumptruck load}.
 */
package io.dumptruck.loaders.geo;
