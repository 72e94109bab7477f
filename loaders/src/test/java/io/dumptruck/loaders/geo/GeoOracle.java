package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.LoadTesting;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.Question;
import java.awt.geom.Area;
import java.awt.geom.Path2D;
import java.awt.geom.PathIterator;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;

/**
 * What the geo questions' oracles share, written from the docs alone and never through the code under test: tile
 * rectangles of the slippy map, areas of shapes (java.awt.geom), asking a question through its public API, and
 * comparing whole JSON answers.
 */
final class GeoOracle {
    static final ObjectMapper JSON = new ObjectMapper();

    private GeoOracle() {}

    // ---- the slippy-map tiling, from its definition --------------------------------------------------------------

    /** West, south, east, north of tile (x, y) at zoom z, in degrees: x/2^z*360-180, atan(sinh(pi(1-2y/2^z))). */
    static double[] tileBox(int z, long x, long y) {
        double n = Math.pow(2, z);
        return new double[] {lonOf(x, n), latOf(y + 1, n), lonOf(x + 1, n), latOf(y, n)};
    }

    /** Longitude of tile column {@code u} (a fraction allowed) of a zoom with {@code n} columns. */
    static double lonOf(double u, double n) {
        return u / n * 360 - 180;
    }

    /** Latitude of tile row {@code v} (a fraction allowed) of a zoom with {@code n} rows. */
    static double latOf(double v, double n) {
        return Math.toDegrees(Math.atan(Math.sinh(Math.PI * (1 - 2 * v / n))));
    }

    /** The point's tile column at zoom z, by the floor of its Mercator x: the tile it lies in. */
    static long column(double lon, int z) {
        double n = Math.pow(2, z);
        return Math.max(0, Math.min((long) n - 1, (long) Math.floor((lon + 180) / 360 * n)));
    }

    /** The point's tile row at zoom z, by the floor of its Mercator y (latitudes past ±85.0511 in the edge rows). */
    static long row(double lat, int z) {
        double n = Math.pow(2, z);
        double r = Math.toRadians(lat);
        double y = (1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2;
        if (Double.isNaN(y)) {
            y = lat > 0 ? 0 : 1;
        }
        return Math.max(0, Math.min((long) n - 1, (long) Math.floor(y * n)));
    }

    static long column16(double lon) {
        return column(lon, 16);
    }

    static long row16(double lat) {
        return row(lat, 16);
    }

    /**
     * The level-16 tile as the Bing Maps system's own formula puts it (docs/tables.md: qk16 is the level-16 Bing
     * quadkey): a point within half a pixel of a tile's west or north edge goes to the tile across it. The generators
     * keep their points where it agrees with {@link #column16}/{@link #row16}, so that "the tile around a point" is the
     * one thing the keys and the geometry both say.
     */
    static long[] bing16(double lat, double lon) {
        lat = Math.max(-85.05112878, Math.min(85.05112878, lat));
        double x = (lon + 180) / 360;
        double s = Math.sin(lat * Math.PI / 180);
        double y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
        long size = 256L << 16;
        long px = (long) Math.max(0, Math.min(size - 1, x * size + 0.5));
        long py = (long) Math.max(0, Math.min(size - 1, y * size + 0.5));
        return new long[] {px / 256, py / 256};
    }

    /** Whether the point's level-16 tile is the same by the floor and by Bing's rounding. */
    static boolean unambiguous(double lat, double lon) {
        long[] bing = bing16(lat, lon);
        return bing[0] == column16(lon) && bing[1] == row16(lat);
    }

    /** The quadkey of tile (x, y) at zoom z: digit i = bit of x + 2 · bit of y, most significant first. */
    static String quadKey(int z, long x, long y) {
        StringBuilder s = new StringBuilder();
        for (int bit = z - 1; bit >= 0; bit--) {
            s.append((char) ('0' + ((x >> bit) & 1) + 2 * ((y >> bit) & 1)));
        }
        return s.toString();
    }

    // ---- areas ----------------------------------------------------------------------------------------------------

    /** Polygons (rings of {lon, lat}) as one even-odd shape: outer rings less their holes, polygons together. */
    static Area shape(List<List<List<double[]>>> polygons) {
        Path2D.Double path = new Path2D.Double(Path2D.WIND_EVEN_ODD);
        for (List<List<double[]>> polygon : polygons) {
            for (List<double[]> ring : polygon) {
                path.moveTo(ring.get(0)[0], ring.get(0)[1]);
                for (double[] p : ring.subList(1, ring.size())) {
                    path.lineTo(p[0], p[1]);
                }
                path.closePath();
            }
        }
        return new Area(path);
    }

    /** A GeoJSON MultiPolygon's polygons. */
    static List<List<List<double[]>>> polygons(JsonNode multiPolygon) {
        List<List<List<double[]>>> out = new java.util.ArrayList<>();
        for (JsonNode polygon : multiPolygon.path("coordinates")) {
            List<List<double[]>> rings = new java.util.ArrayList<>();
            for (JsonNode ring : polygon) {
                List<double[]> points = new java.util.ArrayList<>();
                ring.forEach(p ->
                        points.add(new double[] {p.get(0).asDouble(), p.get(1).asDouble()}));
                rings.add(points);
            }
            out.add(rings);
        }
        return out;
    }

    /** The rectangle of a tile box as a shape. */
    static Area rectangle(double[] box) {
        return new Area(new java.awt.geom.Rectangle2D.Double(box[0], box[1], box[2] - box[0], box[3] - box[1]));
    }

    /** The area of a shape, in square degrees: the shoelace over its flattened outline (holes count negative). */
    static double area(Area a) {
        double twice = 0;
        double[] c = new double[6];
        double startX = 0, startY = 0, lastX = 0, lastY = 0;
        for (PathIterator it = a.getPathIterator(null, 1e-12); !it.isDone(); it.next()) {
            switch (it.currentSegment(c)) {
                case PathIterator.SEG_MOVETO -> {
                    startX = lastX = c[0];
                    startY = lastY = c[1];
                }
                case PathIterator.SEG_LINETO -> {
                    twice += lastX * c[1] - c[0] * lastY;
                    lastX = c[0];
                    lastY = c[1];
                }
                case PathIterator.SEG_CLOSE -> {
                    twice += lastX * startY - startX * lastY;
                    lastX = startX;
                    lastY = startY;
                }
                default -> throw new AssertionError("a flattened path has lines only");
            }
        }
        return Math.abs(twice) / 2;
    }

    /** The length of a shape's outline, in degrees. */
    static double perimeter(Area a) {
        double length = 0;
        double[] c = new double[6];
        double startX = 0, startY = 0, lastX = 0, lastY = 0;
        for (PathIterator it = a.getPathIterator(null, 1e-12); !it.isDone(); it.next()) {
            switch (it.currentSegment(c)) {
                case PathIterator.SEG_MOVETO -> {
                    startX = lastX = c[0];
                    startY = lastY = c[1];
                }
                case PathIterator.SEG_LINETO -> {
                    length += Math.hypot(c[0] - lastX, c[1] - lastY);
                    lastX = c[0];
                    lastY = c[1];
                }
                case PathIterator.SEG_CLOSE -> {
                    length += Math.hypot(startX - lastX, startY - lastY);
                    lastX = startX;
                    lastY = startY;
                }
                default -> throw new AssertionError("a flattened path has lines only");
            }
        }
        return length;
    }

    // ---- asking ---------------------------------------------------------------------------------------------------

    /** A load's tables, each opened once and kept for every question (as the map server keeps them). */
    static final class Tables implements AutoCloseable {
        private final LoadTesting.Loaded loaded;
        private final Map<String, TableReader> open = new HashMap<>();

        Tables(LoadTesting.Loaded loaded) {
            this.loaded = loaded;
        }

        TableReader open(String name) throws IOException {
            TableReader r = open.get(name);
            if (r == null) {
                r = TableReader.open(loaded.conf(), new Path(loaded.output(), name));
                open.put(name, r);
            }
            return r;
        }

        /** The answer's JSON object of question {@code name}, asked through {@link LoaderCatalog#questions}. */
        JsonNode ask(String name, List<String> arguments, Map<String, String> options, Set<String> flags, long limit)
                throws IOException {
            Question q = LoaderCatalog.questions().get(name);
            try (Asked asked = q.ask(arguments, options, flags, limit, this::open)) {
                return q.answer(asked).json();
            }
        }

        @Override
        public void close() throws IOException {
            for (TableReader r : open.values()) {
                r.close();
            }
        }
    }

    // ---- comparing ------------------------------------------------------------------------------------------------

    /**
     * Null when {@code actual} is {@code expected} — the same fields (in any order), the same items in the same order,
     * whole numbers equal whatever their width, other numbers within {@code tolerance} — else where they first differ.
     */
    static String difference(JsonNode expected, JsonNode actual, double tolerance, String at) {
        if (expected == null || expected.isNull() || actual == null || actual.isNull()) {
            boolean bothNull = (expected == null || expected.isNull()) && (actual == null || actual.isNull());
            return bothNull ? null : at + ": expected " + expected + ", got " + actual;
        }
        if (expected.isNumber() && actual.isNumber()) {
            if (expected.isIntegralNumber() && actual.isIntegralNumber()) {
                return expected.bigIntegerValue().equals(actual.bigIntegerValue())
                        ? null
                        : at + ": expected " + expected + ", got " + actual;
            }
            return Math.abs(expected.doubleValue() - actual.doubleValue()) <= tolerance
                    ? null
                    : at + ": expected " + expected + ", got " + actual;
        }
        if (expected.getNodeType() != actual.getNodeType()) {
            return at + ": expected " + expected + ", got " + actual;
        }
        if (expected.isObject()) {
            Set<String> names = new TreeSet<>();
            expected.fieldNames().forEachRemaining(names::add);
            Set<String> got = new TreeSet<>();
            actual.fieldNames().forEachRemaining(got::add);
            if (!names.equals(got)) {
                return at + ": expected fields " + names + ", got " + got + " in " + actual;
            }
            for (String n : names) {
                String d = difference(expected.get(n), actual.get(n), tolerance, at + "." + n);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (expected.isArray()) {
            if (expected.size() != actual.size()) {
                return at + ": expected " + expected.size() + " items, got " + actual.size() + ": expected " + expected
                        + ", got " + actual;
            }
            Iterator<JsonNode> e = expected.elements();
            Iterator<JsonNode> a = actual.elements();
            for (int i = 0; e.hasNext(); i++) {
                String d = difference(e.next(), a.next(), tolerance, at + "[" + i + "]");
                if (d != null) {
                    return d + "\n  expected " + expected + "\n  got      " + actual;
                }
            }
            return null;
        }
        return expected.equals(actual) ? null : at + ": expected " + expected + ", got " + actual;
    }

    /** UTF-8 bytes compared unsigned: the order of row keys and qualifiers. */
    static final Comparator<String> UTF8_ORDER = (a, b) -> java.util.Arrays.compareUnsigned(
            a.getBytes(java.nio.charset.StandardCharsets.UTF_8), b.getBytes(java.nio.charset.StandardCharsets.UTF_8));

    // ---- scratch directories (jqwik runs no JUnit extension such as @TempDir) -------------------------------------

    static File scratch(String prefix) {
        try {
            return Files.createTempDirectory(prefix).toFile();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(File dir) {
        try (Stream<java.nio.file.Path> walk = Files.walk(dir.toPath())) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
