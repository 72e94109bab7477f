package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.rowkey.TileClip;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The slippy-map questions of the region tables (docs/tables.md): the region shapes on a tile — all, some types
 * (families), one region (a column) — in one get of {@code tile_bounds}, or, when that zoom was not stored, of the
 * tile's first stored parent ("the next tile is either the specific one with that key, or the first parent"); and a
 * region's properties, one get of {@code region_info}.
 */
public final class RegionQueries {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The region tables, by name. */
    public static final String TILE_BOUNDS = RegionSchema.TILE_BOUNDS;

    public static final String REGION_INFO = RegionSchema.REGION_INFO;

    /** Region types by letter, as the row keys and families hold them. */
    public static final Map<Character, String> TYPES = typeNames();

    private RegionQueries() {}

    private static Map<Character, String> typeNames() {
        Map<Character, String> m = new LinkedHashMap<>();
        String[] names = {"country", "admin1", "admin2", "admin3", "admin4"};
        for (int i = 0; i < names.length; i++) {
            m.put(RegionSchema.TYPES.charAt(i), names[i]);
        }
        return m;
    }

    /** A region's shape on a tile: its type letter, id (lower case, as stored) and GeoJSON geometry. */
    public record Shape(char type, String id, JsonNode geometry) {}

    /** The shapes found, and the tile whose row held them: the tile asked for, or its first stored parent. */
    public record Tile(int zoom, int x, int y, List<Shape> shapes) {}

    /**
     * The region shapes on tile ({@code x}, {@code y}) at {@code zoom} (1..16), of the {@code types} letters (all when
     * empty) and of region {@code id} only when not null: one get of the tile's row, and one more per zoom level up
     * while no row is stored. Empty when neither the tile nor any parent holds a row.
     */
    public static Optional<Tile> tile(TableReader bounds, int zoom, int x, int y, List<Character> types, String id)
            throws IOException {
        String quadKey = QuadKey.tileToQuadKey(x, y, zoom); // checks zoom and the tile
        if (zoom > QuadKey.MAX_PACKED_LEVEL) {
            throw new IllegalArgumentException(
                    "zoom " + zoom + " is past the stored levels (1 to " + QuadKey.MAX_PACKED_LEVEL + ")");
        }
        List<String> families = types.isEmpty()
                ? List.of()
                : types.stream().map(String::valueOf).toList();
        ScanSpec spec = ScanSpec.all();
        if (id != null) {
            byte[] q = id.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
            List<String> of = families.isEmpty()
                    ? RegionSchema.TYPES
                            .chars()
                            .mapToObj(c -> String.valueOf((char) c))
                            .toList()
                    : families;
            spec = spec.withColumns(
                    of.stream().map(f -> new ScanSpec.Column(f, q)).toList());
        } else if (!families.isEmpty()) {
            spec = spec.withFamilies(families);
        }
        RowKeyBuilder key = new RowKeyBuilder(5);
        int packed = QuadKey.fromQuadKey(quadKey);
        for (int z = zoom; z >= 1; z--, packed >>>= 2) {
            Optional<Result> row =
                    bounds.get(key.clear().oneByte(z).intBE(packed).build(), spec);
            if (row.isPresent()) {
                // a parent's shapes are cut to its tile: cut them again to the tile asked for, its edges rounded as
                // the stored coordinates are (else an edge the shape shares with the tile leaves a sliver of rounding)
                double[] box = z == zoom ? null : RegionSchema.rounded(TileClip.bounds(x, y, zoom));
                List<Shape> shapes = new ArrayList<>();
                for (Cell c : row.get().rawCells()) {
                    char type = (char) c.getFamilyArray()[c.getFamilyOffset()];
                    String regionId = new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8);
                    JsonNode geometry = JSON.readTree(CellUtil.cloneValue(c));
                    if (box != null) {
                        String cut = RegionSchema.clipped(new Region(type, regionId, null, polygons(geometry)), box);
                        if (cut == null) {
                            continue; // the region's part of the parent does not reach this tile
                        }
                        geometry = JSON.readTree(cut);
                    }
                    shapes.add(new Shape(type, regionId, geometry));
                }
                int[] xy = QuadKey.tileXY(QuadKey.toQuadKey(packed, z));
                return Optional.of(new Tile(z, xy[0], xy[1], shapes));
            }
        }
        return Optional.empty();
    }

    /** A GeoJSON MultiPolygon's polygons: rings of [lon, lat] points. */
    private static List<List<List<double[]>>> polygons(JsonNode multiPolygon) {
        List<List<List<double[]>>> out = new ArrayList<>();
        for (JsonNode polygon : multiPolygon.path("coordinates")) {
            List<List<double[]>> rings = new ArrayList<>();
            for (JsonNode ring : polygon) {
                List<double[]> points = new ArrayList<>();
                ring.forEach(p ->
                        points.add(new double[] {p.get(0).asDouble(), p.get(1).asDouble()}));
                rings.add(points);
            }
            out.add(rings);
        }
        return out;
    }

    /** {@code text} (letters or names, comma-separated) as type letters; an IllegalArgumentException for another. */
    public static List<Character> types(String text) {
        List<Character> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String t : text.split(",")) {
            String s = t.trim().toLowerCase(Locale.ROOT);
            Character letter = s.length() == 1 && TYPES.containsKey(s.charAt(0))
                    ? s.charAt(0)
                    : TYPES.entrySet().stream()
                            .filter(e -> e.getValue().equals(s))
                            .map(Map.Entry::getKey)
                            .findFirst()
                            .orElseThrow(() -> new IllegalArgumentException("unknown region type '" + t.trim()
                                    + "'; types: " + String.join(", ", TYPES.values()) + " (or a to e)"));
            if (!out.contains(letter)) {
                out.add(letter);
            }
        }
        return out;
    }

    /** A region found: its id as {@code region_info} holds it, and its properties. */
    public record Found(String id, JsonNode properties) {}

    /**
     * A region's properties: one get of {@code region_info} for the id as given; when it holds no such id, the first
     * region of the type (in key order) whose id is the same in lower case — the id a tile answer gives — found by one
     * scan of the type's rows.
     */
    public static Optional<Found> region(TableReader info, char type, String id) throws IOException {
        Optional<Result> row =
                info.get(new RowKeyBuilder(64).oneByte(type).utf8(id).build(), ScanSpec.all());
        if (row.isPresent()) {
            return Optional.of(new Found(id, JSON.readTree(row.get().value())));
        }
        String lower = id.toLowerCase(Locale.ROOT);
        try (RowScanner rows = info.scan(ScanSpec.all().withPrefix(new byte[] {(byte) type}))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                String stored = Bytes.toString(r.getRow(), 1, r.getRow().length - 1);
                if (stored.toLowerCase(Locale.ROOT).equals(lower)) {
                    return Optional.of(new Found(stored, JSON.readTree(r.value())));
                }
            }
        }
        return Optional.empty();
    }

    /** The questions of the region tables. */
    public static final List<Question> QUESTIONS = List.of(
            new Question(
                    "tile",
                    "Z X Y",
                    "the region shapes on slippy-map tile Z/X/Y, cut to it, or to its first stored parent (one get per level)",
                    List.of(RegionSchema.TILE_BOUNDS),
                    List.of(
                            new Question.Option("types", "T,…", "only these region types: country, admin1 … admin4"),
                            new Question.Option("region", "ID", "only this region")),
                    RegionQueries::tileAnswer),
            new Question(
                    "region",
                    "TYPE ID",
                    "a region's properties (one get)",
                    List.of(RegionSchema.REGION_INFO),
                    List.of(),
                    RegionQueries::regionAnswer));

    private static Answer tileAnswer(Asked a) throws IOException {
        int z = whole(a.argument("Z"), "Z", 1, QuadKey.MAX_PACKED_LEVEL);
        int x = whole(a.argument("X"), "X", 0, (1 << z) - 1);
        int y = whole(a.argument("Y"), "Y", 0, (1 << z) - 1);
        List<Character> types = types(a.get("types", null));
        String id = a.get("region", null);
        Optional<Tile> found = tile(a.table(RegionSchema.TILE_BOUNDS), z, x, y, types, id);
        Answer answer = new Answer();
        ObjectNode json = answer.json().put("z", z).put("x", x).put("y", y);
        if (found.isEmpty()) {
            answer.line("tile " + z + "/" + x + "/" + y + ": no region shape, nor on any parent tile");
            json.putNull("servedBy");
            json.putArray("regions");
            return answer;
        }
        Tile t = found.get();
        boolean same = t.zoom() == z;
        answer.line("tile " + z + "/" + x + "/" + y + ": " + t.shapes().size() + " region shape(s)"
                + (same
                        ? ""
                        : " from its parent tile " + t.zoom() + "/" + t.x() + "/" + t.y() + " (zoom " + z
                                + " is not stored there)"));
        json.putObject("servedBy").put("z", t.zoom()).put("x", t.x()).put("y", t.y());
        var regions = json.putArray("regions");
        for (Shape s : t.shapes()) {
            int polygons = s.geometry().path("coordinates").size();
            answer.line("  " + TYPES.get(s.type()) + " " + s.id() + "  "
                    + s.geometry().path("type").asText() + ", " + polygons + " polygon(s)");
            regions.addObject()
                    .put("type", TYPES.get(s.type()))
                    .put("id", s.id())
                    .set("geometry", s.geometry());
        }
        return answer;
    }

    private static Answer regionAnswer(Asked a) throws IOException {
        List<Character> type = types(a.argument("TYPE"));
        if (type.size() != 1) {
            throw new IllegalArgumentException("give one region type, got '" + a.argument("TYPE") + "'");
        }
        Optional<Found> found = region(a.table(RegionSchema.REGION_INFO), type.get(0), a.argument("ID"));
        String id = found.map(Found::id).orElse(a.argument("ID"));
        Answer answer = new Answer();
        answer.json().put("type", TYPES.get(type.get(0))).put("id", id);
        if (found.isEmpty()) {
            answer.line(TYPES.get(type.get(0)) + " " + id + ": no such region");
            answer.json().putNull("properties");
        } else {
            answer.line(TYPES.get(type.get(0)) + " " + id + ":");
            found.get()
                    .properties()
                    .fields()
                    .forEachRemaining(f ->
                            answer.line("  " + f.getKey() + ": " + f.getValue().asText()));
            answer.json().set("properties", found.get().properties());
        }
        return answer;
    }

    /** {@code text} as a whole number from {@code min} to {@code max}, or an IllegalArgumentException naming it. */
    static int whole(String text, String what, int min, int max) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(
                what + " must be a whole number from " + min + " to " + max + ", got '" + text + "'");
    }
}
