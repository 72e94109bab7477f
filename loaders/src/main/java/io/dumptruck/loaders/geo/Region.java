package io.dumptruck.loaders.geo;

import java.util.List;

/**
 * A region of a GeoJSON FeatureCollection: type letter ('a' country, 'b' admin1, … 'e' admin4), id, the feature's
 * properties as JSON, and its polygons (each a list of rings of {lon, lat} points).
 */
public record Region(char type, String id, String propertiesJson, List<List<List<double[]>>> polygons) {}
