package io.dumptruck.loaders.geo;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.rowkey.TileClip;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.io.compress.Compression;

/**
 * The region tables of docs/tables.md.
 *
 * <pre>
 *   region_info  row region type (1 byte: a country, b admin1, … e admin4) ‖ UTF-8(id)   r: → the properties as JSON
 *   tile_bounds  row byte(zoom) ‖ int(quadkey at that zoom, right-aligned)
 *                family = the region type letter, qualifier = UTF-8(id, lower case) → GeoJSON geometry of
 *                the region clipped to the tile
 * </pre>
 *
 * A map asks one row per tile for every region shape inside it, already cut to the tile — no polygon work at read time.
 * Each zoom of {@code --zooms} (default 2-6) writes every tile the region's bounding box reaches into that the region
 * has area on.
 */
final class RegionSchema implements RecordSchema<Region> {
    public static final String REGION_INFO = "region_info";
    public static final String TILE_BOUNDS = "tile_bounds";
    /** The family of {@code region_info}. */
    public static final String INFO = "r";

    static final String TYPES = "abcde";

    private final int minZoom;
    private final int maxZoom;
    private final RowKeyBuilder key = new RowKeyBuilder(16);
    private FamilyRef info;
    private final FamilyRef[] bounds = new FamilyRef[TYPES.length()];

    public RegionSchema(String zooms) {
        String[] range = zooms.split("-");
        try {
            minZoom = Integer.parseInt(range[0].trim());
            maxZoom = Integer.parseInt(range[range.length - 1].trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--zooms takes MIN-MAX, e.g. 2-6; got '" + zooms + "'");
        }
        if (minZoom < 1 || maxZoom > 16 || minZoom > maxZoom) {
            throw new IllegalArgumentException("--zooms must lie in 1-16 with MIN <= MAX; got '" + zooms + "'");
        }
    }

    public static List<TableSpec> tables(int regions) {
        List<FamilySpec> families = new ArrayList<>();
        for (char t : TYPES.toCharArray()) {
            families.add(FamilySpec.named(String.valueOf(t)).withCompression(Compression.Algorithm.GZ));
        }
        return List.of(
                TableSpec.of(REGION_INFO, FamilySpec.named(INFO)),
                new TableSpec(TILE_BOUNDS, families, RegionSplits.sampled(regions), null));
    }

    @Override
    public void resolve(CellSink sink) {
        info = sink.family(REGION_INFO, INFO);
        for (int i = 0; i < TYPES.length(); i++) {
            bounds[i] = sink.family(TILE_BOUNDS, String.valueOf(TYPES.charAt(i)));
        }
    }

    @Override
    public void emit(Region r, RecordSource source, CellSink sink) throws IOException, InterruptedException {
        long ts = source.loadTimestamp();
        sink.put(
                info,
                key.clear().oneByte(r.type()).utf8(r.id()).build(),
                new byte[0],
                ts,
                r.propertiesJson().getBytes(StandardCharsets.UTF_8));
        double[] box = boundingBox(r);
        byte[] qualifier = r.id().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
        FamilyRef family = bounds[TYPES.indexOf(r.type())];
        for (int z = minZoom; z <= maxZoom; z++) {
            int x0 = column(box[0], z);
            int x1 = column(box[2], z);
            int y0 = row(box[3], z);
            int y1 = row(box[1], z);
            for (int x = x0; x <= x1; x++) {
                for (int y = y0; y <= y1; y++) {
                    String geometry = clipped(r, TileClip.bounds(x, y, z));
                    if (geometry != null) {
                        int tile = QuadKey.fromQuadKey(QuadKey.tileToQuadKey(x, y, z));
                        sink.put(
                                family,
                                key.clear().oneByte(z).intBE(tile).build(),
                                qualifier,
                                ts,
                                geometry.getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
        }
    }

    /**
     * The column of the tile at zoom z that holds longitude {@code lon}. Not {@link QuadKey#tileX}: Bing's pixel
     * formula rounds a point half a pixel east, so a box reaching less than that past a tile's west edge would start in
     * the tile east of it and never cut the region to the tile it reaches into.
     */
    static int column(double lon, int z) {
        int n = 1 << z;
        return Math.max(0, Math.min(n - 1, (int) Math.floor((lon + 180) / 360 * n)));
    }

    /** The row of the tile at zoom z that holds latitude {@code lat} (past ±85.0511°, the edge row): not rounded. */
    static int row(double lat, int z) {
        int n = 1 << z;
        double s = Math.sin(Math.toRadians(Math.max(-QuadKey.MAX_LATITUDE, Math.min(QuadKey.MAX_LATITUDE, lat))));
        double y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
        return Math.max(0, Math.min(n - 1, (int) Math.floor(y * n)));
    }

    /** West, south, east, north over every point. */
    static double[] boundingBox(Region r) {
        double[] b = {180, 90, -180, -90};
        for (List<List<double[]>> polygon : r.polygons()) {
            for (double[] p : polygon.get(0)) {
                b[0] = Math.min(b[0], p[0]);
                b[1] = Math.min(b[1], p[1]);
                b[2] = Math.max(b[2], p[0]);
                b[3] = Math.max(b[3], p[1]);
            }
        }
        return b;
    }

    /**
     * The region cut to the tile as a GeoJSON MultiPolygon, or null when none of its area is on the tile. A polygon is
     * kept only where it has area on the tile: its outer ring's part of the tile less its holes' parts (a tile inside a
     * hole, or one the region only touches along an edge or at a corner, holds none of it); a hole is kept only where
     * it has area on the tile.
     */
    static String clipped(Region r, double[] tile) {
        double nothing = TileClip.area(List.of(
                        new double[] {tile[0], tile[1]},
                        new double[] {tile[2], tile[1]},
                        new double[] {tile[2], tile[3]},
                        new double[] {tile[0], tile[3]}))
                * NO_AREA;
        StringBuilder json = new StringBuilder("{\"type\":\"MultiPolygon\",\"coordinates\":[");
        boolean any = false;
        for (List<List<double[]>> polygon : r.polygons()) {
            List<double[]> outer = TileClip.clip(polygon.get(0), tile);
            double area = TileClip.area(outer);
            if (area <= nothing) {
                continue;
            }
            List<List<double[]>> holes = new ArrayList<>();
            for (List<double[]> hole : polygon.subList(1, polygon.size())) {
                List<double[]> h = TileClip.clip(hole, tile);
                double holeArea = TileClip.area(h);
                if (holeArea > nothing) {
                    holes.add(h);
                    area -= holeArea;
                }
            }
            if (area <= nothing) {
                continue;
            }
            json.append(any ? "," : "").append('[');
            ring(json, outer);
            for (List<double[]> h : holes) {
                json.append(',');
                ring(json, h);
            }
            json.append(']');
            any = true;
        }
        return any ? json.append("]}").toString() : null;
    }

    /**
     * An area this small a part of the tile's is none: the floating-point dust of a ring along an edge or on a corner
     * (at most about 1e-14 of the tile). No larger: a region's part of a tile is area however small (a square 0.0005°
     * across is 1e-10 of a zoom-3 tile).
     */
    private static final double NO_AREA = 1e-12;

    private static void ring(StringBuilder json, List<double[]> points) {
        json.append('[');
        for (int i = 0; i < points.size(); i++) {
            json.append(i == 0 ? "" : ",")
                    .append('[')
                    .append(round(points.get(i)[0]))
                    .append(',')
                    .append(round(points.get(i)[1]))
                    .append(']');
        }
        json.append(']');
    }

    /** A tile's west, south, east, north rounded as the coordinates of a stored shape are, to 1e-6 degrees. */
    static double[] rounded(double[] box) {
        double[] out = new double[box.length];
        for (int i = 0; i < box.length; i++) {
            out[i] = round(box[i]);
        }
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
