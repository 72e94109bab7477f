package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.geom.Area;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Random and adversarial regions for {@code --regions-file}: rectangles whose edges lie exactly on tile edges, holes
 * covering whole tiles, concave stars with star holes, diamonds touching tiles only at corners, tiny squares at tile
 * corners, multipolygons with parts far apart, parts past the Mercator square's latitude; ids in mixed case and
 * Unicode, of one type unique ignoring case (the load refuses two ids of a type equal ignoring case).
 *
 * <p>Shapes are drawn on the tile grid of zoom {@link #G} (cells of 0.7° of longitude): a grid point is a corner of a
 * tile of every zoom up to 9 whose index divides it, exactly as the tiling's formula computes it; other points are at
 * least 5% of a cell inside one, far from any tile edge.
 */
final class RegionGen {
    /** The zoom of the drawing grid. */
    static final int G = 9;

    static final double CELLS = 1 << G;

    static final String[] TYPE_NAMES = {"country", "admin1", "admin2", "admin3", "admin4"};

    /** A generated region: its type (0 country … 4 admin4), id, properties and polygons (rings of {lon, lat}). */
    record Gen(int type, String id, ObjectNode properties, List<List<List<double[]>>> polygons, Area shape) {
        char letter() {
            return (char) ('a' + type);
        }

        String typeName() {
            return TYPE_NAMES[type];
        }
    }

    /** The regions and the part of the map they were drawn in (grid cells {@code x0}, {@code y0}, {@code size}). */
    record Drawn(List<Gen> regions, int x0, int y0, int size) {
        /** West, south, east, north of the drawing window, in degrees. */
        double[] window() {
            return new double[] {
                GeoOracle.lonOf(x0, CELLS),
                GeoOracle.latOf(y0 + size, CELLS),
                GeoOracle.lonOf(x0 + size, CELLS),
                GeoOracle.latOf(y0, CELLS)
            };
        }
    }

    private static final String[] ID_PARTS = {
        "AbC",
        "abc",
        "XY",
        "Ünïcödé",
        "ΑΣ",
        "Σίσυφος",
        "İzmir",
        "ıi",
        "ẞtraße",
        "ǅemal",
        "東京",
        "Москва",
        "🗺️",
        "Ĳssel",
        "a b",
        "ID",
        "Mixed-Case",
        "x"
    };

    private static final String NAME_CHARS = "abcXYZ çãéüñ ΩωДж東京🗺️-";

    private final Random rnd;
    private final Set<String> taken = new HashSet<>();
    private int x0;
    private int y0;
    private int size;

    RegionGen(Random rnd) {
        this.rnd = rnd;
    }

    /** {@code count} regions in one window of the map. */
    Drawn draw(int count) {
        size = rnd.nextBoolean() ? 64 : 96;
        int[][] anchors = {
            {256 - size / 2, 256 - size / 2}, // the prime meridian and the equator: every zoom's edges
            {rnd.nextInt(512 - size) & ~7, rnd.nextInt(512 - size) & ~7},
            {512 - size, 40}, // the antimeridian
            {100, 0}, // the north edge of the map, and past it
            {200, 512 - size} // the south edge
        };
        int[] a = anchors[rnd.nextInt(anchors.length)];
        x0 = a[0];
        y0 = a[1];
        List<Gen> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int type = rnd.nextInt(5);
            List<List<List<double[]>>> polygons = new ArrayList<>();
            int parts = rnd.nextInt(4) == 0 ? 2 + rnd.nextInt(3) : 1;
            for (int p = 0; p < parts; p++) {
                polygons.add(polygon(p > 0));
            }
            polygons = disjoint(polygons);
            String id = id(type);
            ObjectNode properties = GeoOracle.JSON.createObjectNode();
            properties.put("type", rnd.nextInt(4) == 0 ? String.valueOf((char) ('a' + type)) : TYPE_NAMES[type]);
            if (id.matches("[0-9]+") && rnd.nextBoolean()) {
                properties.put("id", Long.parseLong(id));
            } else {
                properties.put("id", id);
            }
            if (rnd.nextInt(5) != 0) {
                properties.put("name", name());
            }
            if (rnd.nextInt(3) == 0) {
                properties
                        .putObject("extra")
                        .put("n", rnd.nextInt(100) / 4.0)
                        .putArray("l")
                        .add(1)
                        .add("ü");
            }
            out.add(new Gen(type, id, properties, polygons, GeoOracle.shape(polygons)));
        }
        return new Drawn(out, x0, y0, size);
    }

    /** The regions as one GeoJSON FeatureCollection file. */
    static File write(File dir, List<Gen> regions, Random rnd) throws IOException {
        ObjectNode collection = GeoOracle.JSON.createObjectNode();
        collection.put("type", "FeatureCollection");
        ArrayNode features = collection.putArray("features");
        for (Gen g : regions) {
            ObjectNode f = features.addObject();
            f.put("type", "Feature");
            f.set("properties", g.properties());
            ObjectNode geometry = f.putObject("geometry");
            boolean single = g.polygons().size() == 1 && rnd.nextBoolean();
            geometry.put("type", single ? "Polygon" : "MultiPolygon");
            ArrayNode coordinates = geometry.putArray("coordinates");
            for (List<List<double[]>> polygon : g.polygons()) {
                ArrayNode rings = single ? coordinates : coordinates.addArray();
                for (List<double[]> ring : polygon) {
                    ArrayNode points = rings.addArray();
                    for (double[] p : ring) {
                        points.addArray().add(p[0]).add(p[1]);
                    }
                }
            }
        }
        File file = new File(dir, "regions.geojson");
        Files.writeString(file.toPath(), GeoOracle.JSON.writeValueAsString(collection), StandardCharsets.UTF_8);
        return file;
    }

    // ---- ids ------------------------------------------------------------------------------------------------------

    private String id(int type) {
        while (true) {
            String id = switch (rnd.nextInt(6)) {
                case 0 -> "" + rnd.nextInt(100_000);
                case 1 -> ID_PARTS[rnd.nextInt(ID_PARTS.length)] + "-" + rnd.nextInt(50);
                default -> {
                    StringBuilder s = new StringBuilder(ID_PARTS[rnd.nextInt(ID_PARTS.length)]);
                    for (int i = rnd.nextInt(3); i > 0; i--) {
                        s.append(ID_PARTS[rnd.nextInt(ID_PARTS.length)]);
                    }
                    yield s.toString();
                }
            };
            if (taken.add(type + "|" + id.toLowerCase(Locale.ROOT))) {
                return id;
            }
        }
    }

    private String name() {
        StringBuilder s = new StringBuilder();
        for (int i = 1 + rnd.nextInt(12); i > 0; i--) {
            s.appendCodePoint(NAME_CHARS.codePointAt(
                    NAME_CHARS.offsetByCodePoints(0, rnd.nextInt(NAME_CHARS.codePointCount(0, NAME_CHARS.length())))));
        }
        return s.toString();
    }

    // ---- shapes ---------------------------------------------------------------------------------------------------

    /** One polygon: outer ring, then holes; rings closed, in either direction, from any vertex. */
    private List<List<double[]>> polygon(boolean small) {
        List<List<double[]>> rings = switch (rnd.nextInt(small ? 3 : 8)) {
            case 0 -> List.of(tiny());
            case 1 -> List.of(diamond());
            case 2 -> star(small);
            case 3, 4 -> withHoles();
            case 5 -> List.of(pastTheEdge());
            default -> List.of(rectangle(cells(1 + rnd.nextInt(size - 1)), cells(1 + rnd.nextInt(size - 1))));
        };
        List<List<double[]>> out = new ArrayList<>();
        for (List<double[]> ring : rings) {
            out.add(shuffled(ring));
        }
        return out;
    }

    /** Drops the polygons (after the first) whose shape meets an earlier one's: a MultiPolygon's parts are apart. */
    private static List<List<List<double[]>>> disjoint(List<List<List<double[]>>> polygons) {
        List<List<List<double[]>>> out = new ArrayList<>();
        Area taken = new Area();
        for (List<List<double[]>> p : polygons) {
            Area a = GeoOracle.shape(List.of(List.of(p.get(0))));
            Area meet = new Area(a);
            meet.intersect(taken);
            java.awt.geom.Rectangle2D b = a.getBounds2D();
            java.awt.geom.Rectangle2D t = taken.getBounds2D();
            boolean touchesBox = !taken.isEmpty()
                    && b.getMaxX() >= t.getMinX()
                    && t.getMaxX() >= b.getMinX()
                    && b.getMaxY() >= t.getMinY()
                    && t.getMaxY() >= b.getMinY();
            if (out.isEmpty() || (meet.isEmpty() && !touchesBox)) {
                out.add(p);
                taken.add(a);
            }
        }
        return out;
    }

    /** Two grid coordinates, aligned to 1, 4, 8 or 16 cells (tile edges of zooms 9, 7, 6, 5). */
    private int[] cells(int length) {
        int align = new int[] {1, 4, 4, 8, 16}[rnd.nextInt(5)];
        length = Math.max(align, length / align * align);
        length = Math.min(length, size / align * align);
        int from = x0 + (rnd.nextInt(Math.max(1, size - length + 1)) / align * align);
        return new int[] {from, from + length};
    }

    /** A rectangle of grid columns {@code xs} and rows {@code ys} (shifted from the columns to the window's rows). */
    private List<double[]> rectangle(int[] xs, int[] ys) {
        int top = y0 + (ys[0] - x0);
        int bottom = y0 + (ys[1] - x0);
        return ring(point(xs[0], top), point(xs[1], top), point(xs[1], bottom), point(xs[0], bottom));
    }

    /** A rectangle with one to three holes, some covering whole tiles of zoom 5 to 7 exactly. */
    private List<List<double[]>> withHoles() {
        int align = new int[] {4, 8, 16}[rnd.nextInt(3)];
        int span = align * (3 + rnd.nextInt(Math.max(1, size / align - 2)));
        int sx = x0 + (rnd.nextInt(Math.max(1, size - span + 1)) / align) * align;
        int sy = y0 + (rnd.nextInt(Math.max(1, size - span + 1)) / align) * align;
        List<List<double[]>> rings = new ArrayList<>();
        rings.add(ring(point(sx, sy), point(sx + span, sy), point(sx + span, sy + span), point(sx, sy + span)));
        int slots = span / align - 2; // hole slots of align cells, one cell of margin all round
        List<Integer> free = new ArrayList<>();
        for (int i = 0; i < slots; i++) {
            free.add(i);
        }
        Collections.shuffle(free, rnd);
        for (int h = 0; h < Math.min(free.size(), 1 + rnd.nextInt(3)); h++) {
            int slot = free.get(h); // holes on the diagonal-free slots: hole h in column slot, row (slot * 7) % slots
            int hx = sx + align * (1 + slot);
            int hy = sy + align * (1 + (slot * 7) % slots);
            boolean whole = rnd.nextInt(3) != 0;
            if (whole) {
                rings.add(ring(
                        point(hx, hy), point(hx + align, hy), point(hx + align, hy + align), point(hx, hy + align)));
            } else {
                double f = 0.1 + 0.3 * rnd.nextDouble();
                rings.add(ring(
                        point(hx + f * align, hy + f * align),
                        point(hx + align - f * align, hy + f * align),
                        point(hx + align / 2.0, hy + align - f * align)));
            }
        }
        // two holes in one column could share their slot's column: keep the holes apart
        List<List<double[]>> kept = new ArrayList<>(List.of(rings.get(0)));
        Area holes = new Area();
        for (List<double[]> hole : rings.subList(1, rings.size())) {
            Area a = GeoOracle.shape(List.of(List.of(hole)));
            java.awt.geom.Rectangle2D b = a.getBounds2D();
            java.awt.geom.Rectangle2D t = holes.getBounds2D();
            boolean near = !holes.isEmpty()
                    && b.getMaxX() >= t.getMinX()
                    && t.getMaxX() >= b.getMinX()
                    && b.getMaxY() >= t.getMinY()
                    && t.getMaxY() >= b.getMinY();
            if (!near) {
                kept.add(hole);
                holes.add(a);
            }
        }
        return kept;
    }

    /** A concave star around a point, in degrees, and sometimes a star hole well inside it. */
    private List<List<double[]>> star(boolean small) {
        double cellDegrees = 360 / CELLS;
        double cx = GeoOracle.lonOf(x0 + 0.05 + (size - 0.1) * rnd.nextDouble(), CELLS);
        double cy = GeoOracle.latOf(y0 + 0.05 + (size - 0.1) * rnd.nextDouble(), CELLS);
        double radius = cellDegrees * (small ? 0.3 + 2 * rnd.nextDouble() : 0.5 + 12 * rnd.nextDouble());
        radius = Math.min(radius, Math.min(180 - Math.abs(cx), 89.9 - Math.abs(cy)) * 0.99); // on the map
        int k = 5 + rnd.nextInt(8);
        List<List<double[]>> rings = new ArrayList<>();
        rings.add(starRing(cx, cy, radius / 3, radius, k));
        if (rnd.nextBoolean()) {
            rings.add(starRing(cx, cy, radius / 12, radius / 6.5, 3 + rnd.nextInt(5)));
        }
        return rings;
    }

    private List<double[]> starRing(double cx, double cy, double min, double max, int k) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            double angle = 2 * Math.PI * (i + 0.3 * (rnd.nextDouble() - 0.5)) / k;
            double r = min + (max - min) * rnd.nextDouble();
            points.add(new double[] {cx + r * Math.cos(angle), cy + r * Math.sin(angle)});
        }
        return ring(points.toArray(new double[0][]));
    }

    /** A diamond whose four corners are tile corners of zoom 7: the tiles beyond them meet it at a point. */
    private List<double[]> diamond() {
        int k = 4 * (1 + rnd.nextInt(Math.max(1, size / 8 - 1)));
        int cx = x0 + k + (rnd.nextInt(Math.max(1, size - 2 * k + 1)) & ~3);
        int cy = y0 + k + (rnd.nextInt(Math.max(1, size - 2 * k + 1)) & ~3);
        return ring(point(cx, cy - k), point(cx + k, cy), point(cx, cy + k), point(cx - k, cy));
    }

    /** A square of 0.0005° to 0.01°: inside a cell, or with a corner on a tile corner (on one tile, touching three). */
    private List<double[]> tiny() {
        double side = new double[] {0.0005, 0.002, 0.01}[rnd.nextInt(3)];
        int gx = x0 + 1 + rnd.nextInt(size - 2);
        int gy = y0 + 1 + rnd.nextInt(size - 2);
        if (rnd.nextInt(4) != 0) {
            gx &= ~3;
            gy &= ~3;
        }
        double[] corner = point(gx, gy);
        if (rnd.nextInt(4) == 0) {
            corner = point(gx + 0.5, gy + 0.5);
        }
        double dx = rnd.nextBoolean() ? side : -side;
        double dy = rnd.nextBoolean() ? side : -side;
        if (corner[0] + dx > 180 || corner[0] + dx < -180) {
            dx = -dx;
        }
        return ring(
                corner,
                new double[] {corner[0] + dx, corner[1]},
                new double[] {corner[0] + dx, corner[1] + dy},
                new double[] {corner[0], corner[1] + dy});
    }

    /**
     * A band from inside the window to its north or south edge — past the map's (±85.0511°) to ±88° when the window is
     * at it: only its part on the map is on tiles.
     */
    private List<double[]> pastTheEdge() {
        int[] xs = cells(1 + rnd.nextInt(size / 2));
        double west = GeoOracle.lonOf(xs[0], CELLS);
        double east = GeoOracle.lonOf(xs[1], CELLS);
        boolean north = y0 < 8 || (y0 + size < 504 && rnd.nextBoolean());
        double from = GeoOracle.latOf(y0 + size / 4 + rnd.nextInt(size / 2), CELLS);
        double to = north
                ? (y0 < 8 ? 88.0 : GeoOracle.latOf(y0, CELLS))
                : (y0 + size >= 504 ? -88.0 : GeoOracle.latOf(y0 + size, CELLS));
        return ring(
                new double[] {west, from}, new double[] {east, from}, new double[] {east, to}, new double[] {west, to});
    }

    private static double[] point(double gx, double gy) {
        return new double[] {GeoOracle.lonOf(gx, CELLS), GeoOracle.latOf(gy, CELLS)};
    }

    private static List<double[]> ring(double[]... points) {
        List<double[]> ring = new ArrayList<>(List.of(points));
        ring.add(points[0]);
        return ring;
    }

    /** The closed ring reversed or not, started at another vertex, sometimes with a vertex given twice. */
    private List<double[]> shuffled(List<double[]> ring) {
        List<double[]> open = new ArrayList<>(ring.subList(0, ring.size() - 1));
        if (rnd.nextBoolean()) {
            Collections.reverse(open);
        }
        Collections.rotate(open, rnd.nextInt(open.size()));
        if (rnd.nextInt(6) == 0) {
            int i = rnd.nextInt(open.size());
            open.add(i, open.get(i).clone());
        }
        open.add(open.get(0));
        return open;
    }

    /** Where JsonNode coordinates come from: a [lon, lat] pair. */
    static double[] lonLat(JsonNode p) {
        return new double[] {p.get(0).asDouble(), p.get(1).asDouble()};
    }
}
