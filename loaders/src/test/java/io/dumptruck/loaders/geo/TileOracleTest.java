package io.dumptruck.loaders.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.loaders.LoadTesting;
import java.awt.geom.Area;
import java.awt.geom.Rectangle2D;
import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

/**
 * {@code tile} (docs/questions.md) against an oracle independent of the load's clipping: regions are generated
 * ({@link RegionGen}), loaded by the real loader with some {@code --zooms}, and every tile of the zooms 1 to three past
 * the deepest stored that the regions' window meets (a sample where there are too many, always with the tiles around
 * every vertex) is asked through {@code LoaderCatalog.questions()}. The oracle intersects each region's shape
 * (java.awt.geom, even-odd: holes and multipolygons) with the tile's rectangle: a region is on the tile iff that has
 * area. The answer must list exactly those regions, by type then id, the row that answered must be the tile's or its
 * first parent with a row at a stored zoom, and each region's geometry must have the oracle's area there.
 */
class TileOracleTest {
    /** What no region's part of a tile this much smaller than the tile is: none (floating-point dust, not area). */
    static final double NONE = 1e-12;

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /** Stored zooms as a map's defaults are (2-6 and thereabouts), asked from zoom 1 to three past them and deeper. */
    @Property(tries = 3, shrinking = ShrinkingMode.OFF)
    void everyTileListsTheRegionsWithAreaOnIt(@ForAll("seeds") long seed) throws Exception {
        int[][] zoomRanges = {{2, 4}, {3, 5}, {2, 5}, {4, 4}};
        answersAsTheOracle(seed, zoomRanges[new Random(seed).nextInt(zoomRanges.length)]);
    }

    /**
     * Stored zooms 7-8, where tiles are a degree across: a region along a tile's edge there must leave no rounding dust
     * of area on it.
     */
    @Property(tries = 1, shrinking = ShrinkingMode.OFF)
    void deepStoredZoomsListTheRegionsWithAreaOnIt(@ForAll("seeds") long seed) throws Exception {
        answersAsTheOracle(seed, new int[] {7, 8});
    }

    private static void answersAsTheOracle(long seed, int[] stored) throws Exception {
        Random rnd = new Random(seed);
        RegionGen.Drawn drawn = new RegionGen(rnd).draw(14 + rnd.nextInt(10));
        File tmp = GeoOracle.scratch("tile-oracle");
        try {
            File regions = RegionGen.write(tmp, drawn.regions(), rnd);
            LoadTesting.Loaded loaded = LoadTesting.load(
                    tmp,
                    new GeoLoader(),
                    List.of(),
                    Map.of("regions-file", regions.getPath(), "zooms", stored[0] + "-" + stored[1]),
                    2);
            assertEquals(0, loaded.report().rejected(), "seed " + seed + ": " + loaded.rejects());
            Oracle oracle = new Oracle(drawn.regions(), stored[0], stored[1]);
            int asked = 0;
            try (GeoOracle.Tables tables = new GeoOracle.Tables(loaded)) {
                List<Integer> zooms = new ArrayList<>();
                for (int z = 1; z <= Math.min(stored[1] + 3, 8); z++) {
                    zooms.add(z);
                }
                zooms.add(9 + rnd.nextInt(8)); // far deeper than stored: cut from a parent up to 15 levels up
                for (int z : zooms) {
                    for (long[] t : tilesToAsk(drawn, z, rnd)) {
                        String where = "seed " + seed + ", zooms " + stored[0] + "-" + stored[1] + ": tile " + z + " "
                                + t[0] + " " + t[1];
                        check(tables, oracle, z, t[0], t[1], where);
                        if (rnd.nextInt(6) == 0) {
                            checkFiltered(tables, oracle, z, t[0], t[1], rnd, where);
                        }
                        asked++;
                    }
                }
            }
            assertTrue(asked > 100, "asked " + asked);
        } finally {
            GeoOracle.delete(tmp);
        }
    }

    /** The whole answer, geometry aside, as the oracle has it; then each geometry's area. */
    static void check(GeoOracle.Tables tables, Oracle oracle, int z, long x, long y, String where) throws Exception {
        JsonNode answer = tables.ask("tile", List.of("" + z, "" + x, "" + y), Map.of(), Set.of(), 20);
        ObjectNode expected = GeoOracle.JSON.createObjectNode();
        expected.put("z", z).put("x", x).put("y", y);
        long[] servedBy = oracle.servedBy(z, x, y);
        List<Integer> on = new ArrayList<>(servedBy == null ? List.of() : oracle.on(z, x, y));
        // a tile cut from its parent's shape is cut from coordinates rounded to 1e-6°: a region within that of the
        // tile's edge, not on it, may be listed or not
        Set<String> unsure = servedBy == null || servedBy[0] == z ? Set.of() : oracle.unsure(z, x, y);
        on.removeIf(i -> unsure.contains(oracle.key(i)));
        if (servedBy == null) {
            expected.putNull("servedBy");
        } else {
            expected.putObject("servedBy")
                    .put("z", servedBy[0])
                    .put("x", servedBy[1])
                    .put("y", servedBy[2]);
        }
        ArrayNode list = expected.putArray("regions");
        for (int i : on) {
            list.addObject()
                    .put("type", oracle.regions.get(i).typeName())
                    .put("id", oracle.regions.get(i).id().toLowerCase(Locale.ROOT));
        }
        ObjectNode stripped = answer.deepCopy();
        List<JsonNode> geometries = new ArrayList<>();
        for (java.util.Iterator<JsonNode> it = stripped.path("regions").elements(); it.hasNext(); ) {
            ObjectNode r = (ObjectNode) it.next();
            if (unsure.contains(r.path("type").asText() + " " + r.path("id").asText())) {
                it.remove();
            } else {
                geometries.add(r.remove("geometry"));
            }
        }
        assertNull(GeoOracle.difference(expected, stripped, 0, "tile"), where + " " + oracle.describe(z, x, y));
        double[] box = GeoOracle.tileBox(z, x, y);
        for (int k = 0; k < on.size(); k++) {
            JsonNode geometry = geometries.get(k);
            checkGeometry(geometry, oracle.regions.get(on.get(k)), box, where + " region " + list.get(k));
        }
    }

    /**
     * A MultiPolygon inside the tile, every polygon of it with area there, of the area the oracle finds: up to the
     * millionth of a degree the coordinates are rounded to (twice: a deeper tile is cut from its parent's shape).
     */
    static void checkGeometry(JsonNode geometry, RegionGen.Gen region, double[] box, String where) {
        assertEquals("MultiPolygon", geometry.path("type").asText(), where + " " + geometry);
        List<List<List<double[]>>> polygons = GeoOracle.polygons(geometry);
        assertTrue(!polygons.isEmpty(), where + ": no polygon");
        for (List<List<double[]>> polygon : polygons) {
            for (List<double[]> ring : polygon) {
                assertTrue(ring.size() >= 4, where + ": a ring of " + ring.size() + " points");
                double[] first = ring.get(0);
                double[] last = ring.get(ring.size() - 1);
                assertTrue(first[0] == last[0] && first[1] == last[1], where + ": a ring not closed");
                for (double[] p : ring) {
                    assertTrue(
                            p[0] >= box[0] - 1e-6
                                    && p[0] <= box[2] + 1e-6
                                    && p[1] >= box[1] - 1e-6
                                    && p[1] <= box[3] + 1e-6,
                            where + ": point " + p[0] + "," + p[1] + " off the tile " + java.util.Arrays.toString(box));
                }
            }
            double part = GeoOracle.area(GeoOracle.shape(List.of(polygon)));
            assertTrue(part > 0, where + ": a polygon without area on the tile: " + geometry);
        }
        Area expected = new Area(region.shape());
        expected.intersect(GeoOracle.rectangle(box));
        double want = GeoOracle.area(expected);
        double got = GeoOracle.area(GeoOracle.shape(polygons));
        double tolerance = 2e-6 * GeoOracle.perimeter(expected) + 1e-9 * want;
        assertTrue(
                Math.abs(got - want) <= tolerance,
                where + ": area " + got + ", the oracle's " + want + " (tolerance " + tolerance + ")");
    }

    /** With {@code --types} and {@code --region}: the oracle's list, filtered. */
    static void checkFiltered(GeoOracle.Tables tables, Oracle oracle, int z, long x, long y, Random rnd, String where)
            throws Exception {
        List<Integer> on = oracle.servedBy(z, x, y) == null ? List.of() : oracle.on(z, x, y);
        Map<String, String> options = new HashMap<>();
        Set<Integer> types = new LinkedHashSet<>();
        if (rnd.nextBoolean()) {
            List<String> given = new ArrayList<>();
            for (int t = 0; t < 5; t++) {
                if (rnd.nextBoolean()) {
                    types.add(t);
                    given.add(rnd.nextBoolean() ? RegionGen.TYPE_NAMES[t] : String.valueOf((char) ('a' + t)));
                }
            }
            if (given.isEmpty()) {
                types.add(0);
                given.add("country");
            }
            options.put("types", String.join(",", given));
        }
        String region = null;
        if (rnd.nextBoolean() || types.isEmpty()) {
            RegionGen.Gen g = !on.isEmpty() && rnd.nextBoolean()
                    ? oracle.regions.get(on.get(rnd.nextInt(on.size())))
                    : oracle.regions.get(rnd.nextInt(oracle.regions.size()));
            region = rnd.nextBoolean() ? g.id() : g.id().toLowerCase(Locale.ROOT);
            options.put("region", region);
        }
        JsonNode answer = tables.ask("tile", List.of("" + z, "" + x, "" + y), options, Set.of(), 20);
        List<String> want = new ArrayList<>();
        for (int i : on) {
            RegionGen.Gen g = oracle.regions.get(i);
            if ((types.isEmpty() || types.contains(g.type()))
                    && (region == null || g.id().toLowerCase(Locale.ROOT).equals(region.toLowerCase(Locale.ROOT)))) {
                want.add(g.typeName() + " " + g.id().toLowerCase(Locale.ROOT));
            }
        }
        List<String> got = new ArrayList<>();
        for (JsonNode r : answer.path("regions")) {
            got.add(r.path("type").asText() + " " + r.path("id").asText());
        }
        assertEquals(want, got, where + " " + options);
    }

    /**
     * The tiles of zoom z to ask: every tile the window (and one tile round it) meets when there are at most 300 of
     * them, else those around every vertex of every region and a random sample; and three anywhere on the map.
     */
    static List<long[]> tilesToAsk(RegionGen.Drawn drawn, int z, Random rnd) {
        double[] w = drawn.window();
        long max = (1L << z) - 1;
        long x0 = Math.max(0, GeoOracle.column(w[0], z) - 1);
        long x1 = Math.min(max, GeoOracle.column(w[2], z) + 1);
        long y0 = Math.max(0, GeoOracle.row(w[3], z) - 1);
        long y1 = Math.min(max, GeoOracle.row(w[1], z) + 1);
        Set<List<Long>> tiles = new LinkedHashSet<>();
        if ((x1 - x0 + 1) * (y1 - y0 + 1) <= 300) {
            for (long x = x0; x <= x1; x++) {
                for (long y = y0; y <= y1; y++) {
                    tiles.add(List.of(x, y));
                }
            }
        } else {
            List<List<Long>> around = new ArrayList<>();
            for (RegionGen.Gen g : drawn.regions()) {
                for (List<List<double[]>> polygon : g.polygons()) {
                    for (List<double[]> ring : polygon) {
                        for (double[] p : ring) {
                            long px = GeoOracle.column(p[0], z);
                            long py = GeoOracle.row(p[1], z);
                            for (long dy = -1; dy <= 1; dy++) {
                                for (long dx = -1; dx <= 1; dx++) {
                                    if (px + dx >= 0 && px + dx <= max && py + dy >= 0 && py + dy <= max) {
                                        around.add(List.of(px + dx, py + dy));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Collections.shuffle(around, rnd);
            for (List<Long> t : around) {
                if (tiles.size() >= 160) {
                    break;
                }
                tiles.add(t);
            }
            for (int i = 0; i < 60; i++) {
                tiles.add(List.of(
                        x0 + (long) (rnd.nextDouble() * (x1 - x0 + 1)),
                        y0 + (long) (rnd.nextDouble() * (y1 - y0 + 1))));
            }
        }
        for (int i = 0; i < 3; i++) {
            tiles.add(List.of((long) (rnd.nextDouble() * (max + 1)), (long) (rnd.nextDouble() * (max + 1))));
        }
        return tiles.stream().map(t -> new long[] {t.get(0), t.get(1)}).toList();
    }

    /** Which regions have area on a tile, and which row answers a tile, from the regions' shapes alone. */
    static final class Oracle {
        final List<RegionGen.Gen> regions;
        final int minZoom;
        final int maxZoom;
        private final List<Rectangle2D> bounds = new ArrayList<>();
        private final Map<List<Long>, List<Integer>> memo = new HashMap<>();

        Oracle(List<RegionGen.Gen> regions, int minZoom, int maxZoom) {
            this.regions = regions;
            this.minZoom = minZoom;
            this.maxZoom = maxZoom;
            regions.forEach(r -> bounds.add(r.shape().getBounds2D()));
        }

        /** The regions with area on tile (z, x, y), by type then id's UTF-8 bytes (lower case). */
        List<Integer> on(int z, long x, long y) {
            return memo.computeIfAbsent(List.of((long) z, x, y), k -> {
                double[] box = GeoOracle.tileBox(z, x, y);
                double tileArea = (box[2] - box[0]) * (box[3] - box[1]);
                List<Integer> out = new ArrayList<>();
                for (int i = 0; i < regions.size(); i++) {
                    Rectangle2D b = bounds.get(i);
                    if (b.getMaxX() < box[0] || b.getMinX() > box[2] || b.getMaxY() < box[1] || b.getMinY() > box[3]) {
                        continue;
                    }
                    Area a = new Area(regions.get(i).shape());
                    a.intersect(GeoOracle.rectangle(box));
                    if (GeoOracle.area(a) > NONE * tileArea) {
                        out.add(i);
                    }
                }
                out.sort(Comparator.<Integer>comparingInt(i -> regions.get(i).type())
                        .thenComparing(i -> regions.get(i).id().toLowerCase(Locale.ROOT), GeoOracle.UTF8_ORDER));
                return out;
            });
        }

        /** "type id" as a tile answer lists a region: its type's name and its id in lower case. */
        String key(int i) {
            return regions.get(i).typeName() + " " + regions.get(i).id().toLowerCase(Locale.ROOT);
        }

        /**
         * The regions ({@link #key}) that come within 3e-6° of the tile's edges without an edge or a corner on them: on
         * it with no area 3e-6° inside it, or off it with area 3e-6° outside it.
         */
        Set<String> unsure(int z, long x, long y) {
            double[] box = GeoOracle.tileBox(z, x, y);
            double d = 3e-6;
            double[] in = {box[0] + d, box[1] + d, box[2] - d, box[3] - d};
            double[] out = {box[0] - d, box[1] - d, box[2] + d, box[3] + d};
            Set<String> unsure = new java.util.HashSet<>();
            for (int i = 0; i < regions.size(); i++) {
                Rectangle2D b = bounds.get(i);
                if (b.getMaxX() < out[0] || b.getMinX() > out[2] || b.getMaxY() < out[1] || b.getMinY() > out[3]) {
                    continue;
                }
                double on = areaOn(i, box);
                boolean sure = on > 0 ? areaOn(i, in) > 0 : areaOn(i, out) == 0 || touches(regions.get(i), box);
                if (!sure) {
                    unsure.add(key(i));
                }
            }
            return unsure;
        }

        private double areaOn(int i, double[] box) {
            Area a = new Area(regions.get(i).shape());
            a.intersect(GeoOracle.rectangle(box));
            return GeoOracle.area(a);
        }

        /** Whether a ring of the region runs along an edge of the box, or has a vertex on a corner of it. */
        static boolean touches(RegionGen.Gen region, double[] box) {
            for (List<List<double[]>> polygon : region.polygons()) {
                for (List<double[]> ring : polygon) {
                    for (int k = 0; k + 1 < ring.size(); k++) {
                        double[] p = ring.get(k);
                        double[] q = ring.get(k + 1);
                        boolean alongX = p[1] == q[1]
                                && (p[1] == box[1] || p[1] == box[3])
                                && Math.min(Math.max(p[0], q[0]), box[2]) > Math.max(Math.min(p[0], q[0]), box[0]);
                        boolean alongY = p[0] == q[0]
                                && (p[0] == box[0] || p[0] == box[2])
                                && Math.min(Math.max(p[1], q[1]), box[3]) > Math.max(Math.min(p[1], q[1]), box[1]);
                        boolean corner = (p[0] == box[0] || p[0] == box[2]) && (p[1] == box[1] || p[1] == box[3]);
                        if (alongX || alongY || corner) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }

        /**
         * The row that answers tile (z, x, y): the tile's own when its zoom was stored and a region has area on it,
         * else its first parent that is; null when none is.
         */
        long[] servedBy(int z, long x, long y) {
            for (int up = 0; up < z; up++) {
                int pz = z - up;
                if (pz >= minZoom && pz <= maxZoom && !on(pz, x >> up, y >> up).isEmpty()) {
                    return new long[] {pz, x >> up, y >> up};
                }
            }
            return null;
        }

        /** The regions near the tile, with their areas on it, for a failure's message. */
        String describe(int z, long x, long y) {
            double[] box = GeoOracle.tileBox(z, x, y);
            StringBuilder s = new StringBuilder("\n  tile box " + java.util.Arrays.toString(box));
            for (int i = 0; i < regions.size(); i++) {
                Rectangle2D b = bounds.get(i);
                if (b.getMaxX() < box[0] || b.getMinX() > box[2] || b.getMaxY() < box[1] || b.getMinY() > box[3]) {
                    continue;
                }
                Area a = new Area(regions.get(i).shape());
                a.intersect(GeoOracle.rectangle(box));
                s.append("\n  ")
                        .append(regions.get(i).typeName())
                        .append(' ')
                        .append(regions.get(i).id())
                        .append(" area ")
                        .append(GeoOracle.area(a))
                        .append(" bounds ")
                        .append(b);
            }
            return s.toString();
        }
    }
}
