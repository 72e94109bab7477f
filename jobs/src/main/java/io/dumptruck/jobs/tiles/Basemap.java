package io.dumptruck.jobs.tiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * What a density map is drawn over: land (polygons, each a list of rings of lon/lat points) and lines (borders,
 * coastlines). Read from GeoJSON — a FeatureCollection, a Feature or a bare geometry; Polygon and MultiPolygon are
 * land, LineString and MultiLineString are lines, points and other members are skipped. The built-in one is Natural
 * Earth's 1:110m land and land borders ({@code world-110m.geojson}, public domain).
 */
record Basemap(List<List<double[][]>> land, List<double[][]> lines) {
    /** The {@code --basemap} value that draws none. */
    public static final String NONE = "none";

    private static final String BUILT_IN = "world-110m.geojson";
    private static final ObjectMapper JSON = new ObjectMapper();

    public static final Basemap EMPTY = new Basemap(List.of(), List.of());

    /** Natural Earth's world at 1:110m, shipped with dumptruck. */
    public static Basemap world() {
        try (InputStream in = Basemap.class.getResourceAsStream(BUILT_IN)) {
            return parse(JSON.readTree(in), BUILT_IN);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "the built-in basemap " + BUILT_IN + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The basemap in a GeoJSON file; an IllegalArgumentException naming the file and what is wrong with it. */
    public static Basemap read(Configuration conf, Path file) {
        try (InputStream in = file.getFileSystem(conf).open(file)) {
            return parse(JSON.readTree(in), file.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--basemap " + file + " cannot be read as GeoJSON: " + e.getMessage(), e);
        }
    }

    static Basemap parse(JsonNode root, String name) {
        List<List<double[][]>> land = new ArrayList<>();
        List<double[][]> lines = new ArrayList<>();
        add(root, land, lines, name);
        if (land.isEmpty() && lines.isEmpty()) {
            throw new IllegalArgumentException(
                    "--basemap " + name + " holds no Polygon, MultiPolygon, LineString or MultiLineString");
        }
        return new Basemap(List.copyOf(land), List.copyOf(lines));
    }

    private static void add(JsonNode node, List<List<double[][]>> land, List<double[][]> lines, String name) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("--basemap " + name + " is not GeoJSON (an object with a \"type\")");
        }
        String type = node.path("type").asText();
        JsonNode c = node.get("coordinates");
        switch (type) {
            case "FeatureCollection" -> node.path("features").forEach(f -> add(f, land, lines, name));
            case "Feature" -> {
                if (node.hasNonNull("geometry")) {
                    add(node.get("geometry"), land, lines, name);
                }
            }
            case "GeometryCollection" -> node.path("geometries").forEach(g -> add(g, land, lines, name));
            case "Polygon" -> land.add(rings(c, name));
            case "MultiPolygon" -> c.forEach(p -> land.add(rings(p, name)));
            case "LineString" -> lines.add(points(c, name));
            case "MultiLineString" -> c.forEach(l -> lines.add(points(l, name)));
            case "Point", "MultiPoint" -> {}
            default ->
                throw new IllegalArgumentException("--basemap " + name + ": unknown GeoJSON type '" + type + "'");
        }
    }

    private static List<double[][]> rings(JsonNode polygon, String name) {
        List<double[][]> rings = new ArrayList<>();
        if (polygon == null || !polygon.isArray()) {
            throw new IllegalArgumentException(
                    "--basemap " + name + ": a polygon's coordinates are not an array of rings");
        }
        polygon.forEach(r -> rings.add(points(r, name)));
        return rings;
    }

    private static double[][] points(JsonNode line, String name) {
        if (line == null || !line.isArray()) {
            throw new IllegalArgumentException(
                    "--basemap " + name + ": coordinates are not an array of [lon, lat] points");
        }
        double[][] points = new double[line.size()][];
        for (int i = 0; i < line.size(); i++) {
            JsonNode p = line.get(i);
            if (!p.isArray()
                    || p.size() < 2
                    || !p.get(0).isNumber()
                    || !p.get(1).isNumber()) {
                throw new IllegalArgumentException("--basemap " + name + ": " + p + " is not a [lon, lat] point");
            }
            points[i] = new double[] {p.get(0).asDouble(), p.get(1).asDouble()};
        }
        return points;
    }
}
