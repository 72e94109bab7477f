package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/** Places in a map tile from {@code tile_places}: one key-range scan per tile. */
public final class GeoQueries {
    private GeoQueries() {}

    /**
     * A place of {@code tile_places}: its quadkey at the asked zoom, prominence family, name, kind, country, where it
     * is to the precision the key keeps (the centre of its level-16 tile, about 600 m across at the equator), its
     * geonameid, its population as {@code geonames_info} holds it (null when not read — a place of family {@code l} —
     * or not there), and its level-16 quadkey as the row key holds it (unsigned).
     */
    public record Place(
            String tile,
            String prominence,
            String name,
            String kind,
            String country,
            double lat,
            double lon,
            long id,
            Long population,
            long qk16) {}

    /**
     * The order of "most prominent first": prominence family ({@code h}, {@code m}, {@code l}); in {@code h} and
     * {@code m} population, largest first, then geonameid; in {@code l} — everything under 10,000 people, most of it no
     * people at all (hills, streams, farms), where ordering by population would cost a get per place of a tile that may
     * hold tens of thousands — the row keys' order: level-16 quadkey, then geonameid.
     */
    public static final String ORDER = "most prominent first: family h, m, l; in h and m population (geonames_info)"
            + " largest first, then geonameid; in l the row keys' order (level-16 quadkey, then geonameid)";

    private static final Comparator<Place> PROMINENT_FIRST = Comparator.<Place>comparingInt(
                    p -> GeoSchema.PROMINENCE.indexOf(p.prominence()))
            .thenComparingLong(p -> byPopulation(p) ? -(p.population() == null ? 0 : p.population()) : p.qk16())
            .thenComparingLong(Place::id);

    /** Whether the place's family is ordered by population (h and m), not by key (l). */
    private static boolean byPopulation(Place p) {
        return !p.prominence().equals(GeoSchema.LOW);
    }

    /** The places found (how many in all) and the most prominent of them, in {@link #ORDER}. */
    public record Found(int count, List<Place> first) {}

    /**
     * The places of the tile at {@code zoom} (1..16) holding the point, and of its eight neighbours if asked: one scan
     * of {@code tile_places} per tile, then one get of {@code geonames_info} per place of the families the first
     * {@code limit} come from (for the population that orders them).
     */
    public static Found around(
            TableReader places, TableReader info, double lat, double lon, int zoom, boolean neighbours, long limit)
            throws IOException {
        // the tile at the zoom holding the point's level-16 tile, the one its key would have: QuadKey.packed at the
        // zoom itself rounds the point half a pixel of that zoom east and south, into the next tile near an edge
        int tile = QuadKey.packed(lat, lon, QuadKey.MAX_PACKED_LEVEL) >>> (2 * (QuadKey.MAX_PACKED_LEVEL - zoom));
        List<Place> all = new ArrayList<>(inTile(places, tile, zoom, ScanSpec.all(), 0));
        if (neighbours) {
            for (int n : QuadKey.neighbours(tile, zoom)) {
                all.addAll(inTile(places, n, zoom, ScanSpec.all(), 0));
            }
        }
        return new Found(all.size(), mostProminent(all, info, limit));
    }

    /** Rows from int(lo) up to int(hi) inclusive: the tile's qk16 range, every place id, in key order. */
    public static List<Place> inTile(TableReader table, int tile, int zoom) throws IOException {
        return inTile(table, tile, zoom, ScanSpec.all(), 0);
    }

    /**
     * At most {@code limit} places of the tile, in {@link #ORDER}: one scan per prominence family ({@code h},
     * {@code m}, {@code l}) until the limit is reached — a zoomed-out tile holding millions of places reads no family
     * past the one the limit ends in, and of {@code l} (in key order) no more rows than it lists — and one get of
     * {@code geonames_info} per {@code h} and {@code m} place read, for its population (without {@code info}: by
     * geonameid in their family).
     */
    public static List<Place> mostProminentInTile(TableReader table, TableReader info, int tile, int zoom, int limit)
            throws IOException {
        List<Place> read = new ArrayList<>();
        for (String family : GeoSchema.PROMINENCE) {
            if (read.size() >= limit) {
                break;
            }
            long rows = family.equals(GeoSchema.LOW) ? limit - read.size() : 0;
            read.addAll(inTile(table, tile, zoom, ScanSpec.all().withFamilies(List.of(family)), rows));
        }
        return mostProminent(read, info, limit);
    }

    /**
     * The first {@code limit} of {@code places} in {@link #ORDER}: the populations of the {@code h} and {@code m}
     * places they come from are read from {@code info} (one get each, in key order), no more.
     */
    private static List<Place> mostProminent(List<Place> places, TableReader info, long limit) throws IOException {
        List<Place> out = new ArrayList<>();
        for (String family : GeoSchema.PROMINENCE) {
            if (out.size() >= limit) {
                break;
            }
            List<Place> ofFamily = new ArrayList<>(
                    places.stream().filter(p -> p.prominence().equals(family)).toList());
            ofFamily.sort(Comparator.comparing(Place::kind, Comparator.nullsFirst(Comparator.naturalOrder()))
                    .thenComparingLong(Place::id));
            for (Place p : ofFamily) {
                out.add(info == null || !byPopulation(p) ? p : withPopulation(p, info));
            }
        }
        out.sort(PROMINENT_FIRST);
        return out.size() > limit ? List.copyOf(out.subList(0, (int) limit)) : out;
    }

    /** The place with its population from its {@code geonames_info} row: class ‖ int(geonameid). */
    private static Place withPopulation(Place p, TableReader info) throws IOException {
        if (p.kind() == null || p.kind().isEmpty()) {
            return p;
        }
        byte[] row = new RowKeyBuilder(5)
                .oneByte(p.kind().charAt(0))
                .intBE((int) p.id())
                .build();
        Optional<Result> record = info.get(row, ScanSpec.all());
        JsonNode population = record.isEmpty()
                ? null
                : RECORD_JSON.readTree(record.get().value()).get("population");
        return new Place(
                p.tile(),
                p.prominence(),
                p.name(),
                p.kind(),
                p.country(),
                p.lat(),
                p.lon(),
                p.id(),
                population == null ? null : population.asLong(),
                p.qk16());
    }

    private static List<Place> inTile(TableReader table, int tile, int zoom, ScanSpec scan, long limit)
            throws IOException {
        int[] range = QuadKey.childRange16(tile, zoom);
        byte[] start = Bytes.toBytes(range[0]);
        byte[] stop = range[1] == -1 ? new byte[0] : Bytes.toBytes(range[1] + 1);
        List<Place> out = new ArrayList<>();
        try (RowScanner rows = table.scan(scan.withRange(start, stop).withLimit(limit))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                Cell first = r.rawCells()[0];
                String family = Bytes.toString(CellUtil.cloneFamily(first));
                int[] xy = QuadKey.tileXY(QuadKey.toQuadKey(Bytes.toInt(r.getRow(), 0), QuadKey.MAX_PACKED_LEVEL));
                double[] box = TileClip.bounds(xy[0], xy[1], QuadKey.MAX_PACKED_LEVEL);
                out.add(new Place(
                        QuadKey.toQuadKey(tile, zoom),
                        family,
                        text(r, family, GeoSchema.NAME),
                        text(r, family, GeoSchema.KIND),
                        text(r, family, GeoSchema.COUNTRY),
                        (box[1] + box[3]) / 2,
                        (box[0] + box[2]) / 2,
                        Integer.toUnsignedLong(Bytes.toInt(r.getRow(), 4)),
                        null,
                        Integer.toUnsignedLong(Bytes.toInt(r.getRow(), 0))));
            }
        }
        return out;
    }

    private static String text(Result r, String family, String qualifier) {
        byte[] v = r.getValue(Bytes.toBytes(family), Bytes.toBytes(qualifier));
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    /** The questions of the geo load: the places around a point, a feature's full record. */
    public static final List<Question> QUESTIONS = List.of(
            new Question(
                    "feature",
                    "CLASS ID",
                    "the full record of a feature by its class (A, P, …) and geonameid (one get)",
                    List.of(GeoSchema.GEONAMES_INFO),
                    List.of(),
                    GeoQueries::featureAnswer),
            new Question(
                    "places",
                    "LAT LON",
                    "the places in the tile around the point, most prominent first (one scan, --neighbours: nine;"
                            + " a get per place ordered)",
                    List.of(GeoSchema.TILE_PLACES, GeoSchema.GEONAMES_INFO),
                    List.of(
                            new Question.Option("zoom", "Z", "the tile's zoom level, 1 to 16 (default 10)")
                                    .withDefault("10"),
                            new Question.Option("neighbours", null, "the tile and its eight neighbours")),
                    new Question.Listing("places", ORDER),
                    GeoQueries::placesAnswer));

    private static Answer featureAnswer(Asked a) throws IOException {
        String featureClass = a.argument("CLASS");
        if (featureClass.length() != 1 || featureClass.charAt(0) > 127) {
            throw new IllegalArgumentException(
                    "CLASS is one letter (A, H, L, P, R, S, T, U, V), got '" + featureClass + "'");
        }
        long id;
        try {
            id = Long.parseLong(a.argument("ID"));
        } catch (NumberFormatException e) {
            id = -1;
        }
        if (id < 0 || id > 0xFFFFFFFFL) {
            throw new IllegalArgumentException(
                    "ID is a geonameid (a whole number of at most 4 bytes), got '" + a.argument("ID") + "'");
        }
        byte[] row = new RowKeyBuilder(5)
                .oneByte(featureClass.charAt(0))
                .intBE((int) id)
                .build();
        Optional<Result> found = a.table(GeoSchema.GEONAMES_INFO).get(row, ScanSpec.all());
        Answer answer = new Answer();
        answer.json().put("class", featureClass).put("id", id);
        if (found.isEmpty()) {
            answer.line("no feature " + featureClass + " " + id);
            answer.json().putNull("record");
            return answer;
        }
        JsonNode record = RECORD_JSON.readTree(found.get().value());
        answer.line("feature " + featureClass + " " + id + ":");
        record.fields()
                .forEachRemaining(
                        f -> answer.line("  " + f.getKey() + ": " + f.getValue().asText()));
        answer.json().set("record", record);
        return answer;
    }

    private static final ObjectMapper RECORD_JSON = new ObjectMapper();

    private static Answer placesAnswer(Asked a) throws IOException {
        double lat = Asked.degrees(a.argument("LAT"), "LAT", 90);
        double lon = Asked.degrees(a.argument("LON"), "LON", 180);
        int zoom = a.getInt("zoom", 10, 1, 16); // tile_places is keyed at level 16
        boolean neighbours = a.flag("neighbours");
        Found found = around(
                a.table(GeoSchema.TILE_PLACES),
                a.table(GeoSchema.GEONAMES_INFO),
                lat,
                lon,
                zoom,
                neighbours,
                a.limit());
        Answer answer = new Answer()
                .line(found.count() + " place(s) around " + lat + "," + lon + " at zoom " + zoom
                        + (neighbours ? " (the tile and its neighbours)" : ""));
        answer.json()
                .put("lat", lat)
                .put("lon", lon)
                .put("zoom", zoom)
                .put("neighbours", neighbours)
                .put("count", found.count());
        var places = answer.json().putArray("places");
        found.first().forEach(p -> {
            answer.line("  tile " + p.tile() + "  [" + p.prominence() + "] " + p.name() + "  " + p.kind()
                    + (p.country() == null ? "" : "  " + p.country())
                    + (p.population() == null
                            ? ""
                            : String.format(java.util.Locale.ROOT, "  pop. %,d", p.population())));
            places.addObject()
                    .put("tile", p.tile())
                    .put("prominence", p.prominence())
                    .put("name", p.name())
                    .put("kind", p.kind())
                    .put("country", p.country())
                    .put("lat", p.lat())
                    .put("lon", p.lon())
                    .put("id", p.id())
                    .put("population", p.population());
        });
        return answer;
    }
}
