package io.dumptruck.loaders.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.loaders.LoadTesting;
import java.io.File;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

/**
 * {@code places} and {@code feature} (docs/questions.md) against a naive oracle: GeoNames lines are generated — crowds
 * of places in one tile (more than the limit), ties in population, no population, the h/m/l thresholds, Unicode names,
 * places on and next to tile edges, rejected lines —, loaded by the real loader, and hundreds of questions are asked
 * through {@code LoaderCatalog.questions()}; each whole JSON answer is compared with one computed from the raw lines:
 * the tiles from their definition, the places in them, the order "family h, m, l; in h and m population largest first,
 * then geonameid; in l the level-16 quadkey, then geonameid", {@code --limit} keeping the first N of it and
 * {@code count} counting all.
 */
class PlacesOracleTest {
    /** One generated GeoNames line: its 19 columns. */
    record Line(String[] columns) {
        long id() {
            return Long.parseLong(columns[0]);
        }

        double lat() {
            return Double.parseDouble(columns[4]);
        }

        double lon() {
            return Double.parseDouble(columns[5]);
        }

        char featureClass() {
            return columns[6].charAt(0);
        }

        /** The population the record holds, 0 when the column is empty. */
        long population() {
            return columns[14].isEmpty() ? 0 : Long.parseLong(columns[14]);
        }

        /** h ≥ 100,000 people, m ≥ 10,000, l the rest (docs/tables.md). */
        String family() {
            long p = population();
            return p >= 100_000 ? "h" : p >= 10_000 ? "m" : "l";
        }

        String text() {
            return String.join("\t", columns);
        }
    }

    /** The generated load: the places it takes and the lines it rejects, and where to ask. */
    record Data(List<Line> places, List<String> rejected, List<double[]> points) {}

    private static final String[] NAMES = {
        "Lisboa",
        "São Domingos de Benfica",
        "Zürich",
        "Αθήνα",
        "Москва",
        "東京",
        "القاهرة",
        "תל אביב",
        "Ōsaka",
        "Kraków",
        "İstanbul",
        "Ærøskøbing",
        "ẞtraße",
        "🏔️ Peak",
        "a\u0301b\u0327",
        "  spaced  ",
        "X"
    };
    private static final long[] POPULATIONS = {
        0, 1, 500, 9_999, 10_000, 10_001, 99_999, 100_000, 100_001, 547_733, 2_138_551, 5_000_000_000L
    };
    private static final String CLASSES = "AHLPRSTUV";
    private static final String[] CODES = {"PPL", "PPLA", "PPLC", "ADM1", "STM", "", "PPLX"};

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /** Every places question asked of one load answers as the oracle does; every feature its record. */
    @Property(tries = 3, shrinking = ShrinkingMode.OFF)
    void placesAndFeaturesAnswerAsTheOracle(@ForAll("seeds") long seed) throws Exception {
        Random rnd = new Random(seed);
        Data data = generate(rnd);
        File tmp = GeoOracle.scratch("places-oracle");
        try {
            LoadTesting.Loaded loaded = load(tmp, data);
            assertEquals(data.rejected().size(), loaded.report().rejected(), "seed " + seed);
            try (GeoOracle.Tables tables = new GeoOracle.Tables(loaded)) {
                for (int q = 0; q < 200; q++) {
                    askPlaces(tables, data, rnd, seed);
                }
                for (int q = 0; q < 120; q++) {
                    askFeature(tables, data, rnd, seed);
                }
            }
        } finally {
            GeoOracle.delete(tmp);
        }
    }

    /** An empty table answers every point with nothing: count 0. */
    @Example
    void anEmptyTableHasNoPlaces() throws Exception {
        Random rnd = new Random(7);
        Data data = new Data(List.of(), List.of(rejectedLines(rnd).get(0)), List.of());
        File tmp = GeoOracle.scratch("places-empty");
        try {
            LoadTesting.Loaded loaded = load(tmp, data);
            try (GeoOracle.Tables tables = new GeoOracle.Tables(loaded)) {
                for (double[] p :
                        List.of(new double[] {38.7223, -9.1393}, new double[] {0, 0}, new double[] {-90, 180})) {
                    for (boolean neighbours : new boolean[] {false, true}) {
                        JsonNode answer = tables.ask(
                                "places",
                                List.of(plain(p[0]), plain(p[1])),
                                Map.of("zoom", "3"),
                                neighbours ? Set.of("neighbours") : Set.of(),
                                20);
                        assertNull(GeoOracle.difference(expected(data, p[0], p[1], 3, neighbours, 20), answer, 0, ""));
                    }
                }
                JsonNode feature = tables.ask("feature", List.of("P", "1"), Map.of(), Set.of(), 20);
                assertEquals(true, feature.get("record").isNull(), feature.toString());
            }
        } finally {
            GeoOracle.delete(tmp);
        }
    }

    private static LoadTesting.Loaded load(File tmp, Data data) throws Exception {
        List<String> lines = new ArrayList<>();
        data.places().forEach(l -> lines.add(l.text()));
        lines.addAll(data.rejected());
        java.util.Collections.shuffle(lines, new Random(lines.size()));
        return LoadTesting.load(tmp, new GeoLoader(), lines, Map.of(), 2);
    }

    // ---- asking and the oracle ------------------------------------------------------------------------------------

    private static void askPlaces(GeoOracle.Tables tables, Data data, Random rnd, long seed) throws Exception {
        double[] point = data.points().get(rnd.nextInt(data.points().size()));
        int zoom = rnd.nextInt(10) < 7 ? (int) point[2] : 1 + rnd.nextInt(16);
        boolean neighbours = rnd.nextBoolean();
        long[] limits = {1, 2, 3, 5, 20, 20, 50, 100_000};
        long limit = limits[rnd.nextInt(limits.length)];
        Map<String, String> options = rnd.nextInt(5) == 0 && zoom == 10 ? Map.of() : Map.of("zoom", "" + zoom);
        String lat = plain(point[0]);
        String lon = plain(point[1]);
        JsonNode answer =
                tables.ask("places", List.of(lat, lon), options, neighbours ? Set.of("neighbours") : Set.of(), limit);
        JsonNode expected = expected(data, point[0], point[1], zoom, neighbours, limit);
        String d = GeoOracle.difference(expected, answer, 1e-9, "places");
        assertNull(
                d,
                "seed " + seed + ": places " + lat + " " + lon + " --zoom " + zoom + (neighbours ? " --neighbours" : "")
                        + " --limit " + limit);
    }

    /** The answer docs/questions.md promises, from the raw lines. */
    static ObjectNode expected(Data data, double lat, double lon, int zoom, boolean neighbours, long limit) {
        int shift = 16 - zoom;
        long x = GeoOracle.column16(lon) >> shift;
        long y = GeoOracle.row16(lat) >> shift;
        long size = 1L << zoom;
        Set<List<Long>> tiles = new LinkedHashSet<>();
        tiles.add(List.of(x, y));
        if (neighbours) {
            for (long dy = -1; dy <= 1; dy++) {
                for (long dx = -1; dx <= 1; dx++) {
                    if (y + dy >= 0 && y + dy < size) {
                        tiles.add(List.of(Math.floorMod(x + dx, size), y + dy));
                    }
                }
            }
        }
        List<Line> found = new ArrayList<>();
        for (Line p : data.places()) {
            if (tiles.contains(List.of(GeoOracle.column16(p.lon()) >> shift, GeoOracle.row16(p.lat()) >> shift))) {
                found.add(p);
            }
        }
        // h and m by population, largest first; l by its key: the level-16 quadkey (its digits compare as the packed
        // int does), then the id
        found.sort(Comparator.<Line>comparingInt(p -> "hml".indexOf(p.family()))
                .thenComparingLong(p -> p.family().equals("l") ? 0 : -p.population())
                .thenComparing(p -> p.family().equals("l")
                        ? GeoOracle.quadKey(16, GeoOracle.column16(p.lon()), GeoOracle.row16(p.lat()))
                        : "")
                .thenComparingLong(Line::id));
        ObjectNode out = GeoOracle.JSON.createObjectNode();
        out.put("lat", lat).put("lon", lon).put("zoom", zoom).put("neighbours", neighbours);
        out.put("count", found.size());
        ArrayNode places = out.putArray("places");
        for (Line p : found.subList(0, (int) Math.min(limit, found.size()))) {
            long px = GeoOracle.column16(p.lon());
            long py = GeoOracle.row16(p.lat());
            double[] box = GeoOracle.tileBox(16, px, py);
            places.addObject()
                    .put("tile", GeoOracle.quadKey(zoom, px >> shift, py >> shift))
                    .put("prominence", p.family())
                    .put("name", p.columns()[1].isEmpty() ? null : p.columns()[1])
                    .put("kind", p.columns()[6] + "." + p.columns()[7])
                    .put("country", p.columns()[8].isEmpty() ? null : p.columns()[8])
                    .put("lat", (box[1] + box[3]) / 2)
                    .put("lon", (box[0] + box[2]) / 2)
                    .put("id", p.id())
                    .put("population", p.family().equals("l") ? null : p.population());
        }
        return out;
    }

    private static void askFeature(GeoOracle.Tables tables, Data data, Random rnd, long seed) throws Exception {
        if (data.places().isEmpty()) {
            return;
        }
        Line p = data.places().get(rnd.nextInt(data.places().size()));
        boolean present = rnd.nextInt(4) != 0;
        String featureClass = present
                ? String.valueOf(p.featureClass())
                : String.valueOf(CLASSES.charAt((CLASSES.indexOf(p.featureClass()) + 1) % CLASSES.length()));
        JsonNode answer = tables.ask("feature", List.of(featureClass, "" + p.id()), Map.of(), Set.of(), 20);
        ObjectNode expected = GeoOracle.JSON.createObjectNode();
        expected.put("class", featureClass).put("id", p.id());
        boolean exists = data.places().stream()
                .anyMatch(o ->
                        o.id() == p.id() && String.valueOf(o.featureClass()).equals(featureClass));
        if (exists) {
            expected.set("record", record(p));
        } else {
            expected.putNull("record");
        }
        assertNull(
                GeoOracle.difference(expected, answer, 0, "feature"),
                "seed " + seed + ": feature " + featureClass + " " + p.id());
    }

    /** The record as docs/tables.md stores it: the line's fields by name, empty ones left out. */
    static ObjectNode record(Line p) {
        String[] c = p.columns();
        String[] names = {
            "geonameid", "name", "asciiname", "alternatenames", "latitude", "longitude", "feature_class",
                    "feature_code",
            "country_code", "cc2", "admin1_code", "admin2_code", "admin3_code", "admin4_code", "population",
                    "elevation",
            "dem", "timezone", "modification_date"
        };
        ObjectNode r = GeoOracle.JSON.createObjectNode();
        for (int i = 0; i < names.length; i++) {
            if (c[i].isEmpty()) {
                continue;
            }
            switch (i) {
                case 0, 14, 15, 16 -> r.put(names[i], Long.parseLong(c[i]));
                case 4, 5 -> r.put(names[i], new BigDecimal(c[i]));
                case 3, 9 -> {
                    ArrayNode items = r.putArray(names[i]);
                    for (String item : c[i].split(",")) {
                        if (!item.isEmpty()) {
                            items.add(item);
                        }
                    }
                    if (items.isEmpty()) {
                        r.remove(names[i]);
                    }
                }
                default -> r.put(names[i], c[i]);
            }
        }
        return r;
    }

    // ---- generating -----------------------------------------------------------------------------------------------

    /**
     * Two or three crowds of places, each around a tile at a zoom of 6 to 12 (Lisbon's among them, with Lisbon itself):
     * 40% in the tile, the rest in its eight neighbours, some exactly on a tile edge and some a hair either side of
     * one; populations from a short list (ties, the thresholds, none). Every point is kept where its level-16 tile is
     * the same by the floor and by Bing's half-pixel rounding (see {@link GeoOracle#bing16}).
     */
    static Data generate(Random rnd) {
        List<Line> places = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        Set<Long> ids = new HashSet<>();
        double[][] centres = {
            {38.7223, -9.1393}, // Lisbon
            {rnd.nextDouble() * 160 - 80, rnd.nextDouble() * 360 - 180},
            {0.0001, -0.0001}, // where the first tiles of every zoom meet
            {84.9, 179.99}, // the north-east corner of the map: neighbours past the antimeridian, none past the pole
            {-60.5, -179.999},
            {85.0, -180.0}, // the first tile of every zoom: keys from 0
            {-85.0, 179.9999} // the last: keys to 0xFFFFFFFF
        };
        int crowds = 2 + rnd.nextInt(2);
        for (int k = 0; k < crowds; k++) {
            double[] centre = k == 0 ? centres[0] : centres[1 + rnd.nextInt(centres.length - 1)];
            int zoom = 6 + rnd.nextInt(7);
            double n = Math.pow(2, zoom);
            long cx = GeoOracle.column16(centre[1]) >> (16 - zoom);
            long cy = GeoOracle.row16(centre[0]) >> (16 - zoom);
            if (k == 0) {
                Line lisbon = line(rnd, ids, 2267057, "Lisboa", 38.71667, -9.13333, 'P', "PPLC", "547733");
                places.add(lisbon);
                points.add(new double[] {lisbon.lat(), lisbon.lon(), 10});
            }
            int count = 80 + rnd.nextInt(80);
            for (int i = 0; i < count; i++) {
                double u;
                double v;
                if (rnd.nextInt(10) < 4) {
                    u = cx + rnd.nextDouble();
                    v = cy + rnd.nextDouble();
                } else {
                    u = cx - 1 + 3 * rnd.nextDouble();
                    v = cy - 1 + 3 * rnd.nextDouble();
                }
                switch (rnd.nextInt(8)) {
                    case 0 -> u = Math.floor(u); // on a west edge
                    case 1 -> v = Math.floor(v); // about on a north edge
                    case 2, 3 -> {
                        // a hair either side of an edge: less than, about, more than half a pixel of the zoom
                        double[] hairs = {0.0005, 0.0015, 0.0019, 0.0021, 0.003, 0.01};
                        double hair = hairs[rnd.nextInt(hairs.length)] * (rnd.nextBoolean() ? 1 : -1);
                        if (rnd.nextBoolean()) {
                            u = Math.round(u) + hair;
                        } else {
                            v = Math.round(v) + hair;
                        }
                    }
                    default -> {}
                }
                u = u < 0 ? u + n : u >= n ? u - n : u; // round the antimeridian
                v = Math.max(0, Math.min(n, v));
                double lat = round(GeoOracle.latOf(v, n), 7);
                double lon = u == Math.floor(u) ? GeoOracle.lonOf(u, n) : round(GeoOracle.lonOf(u, n), 7);
                double[] at = keepUnambiguous(lat, lon);
                String population = rnd.nextInt(7) == 0
                        ? ""
                        : rnd.nextInt(4) == 0
                                ? "" + rnd.nextInt(3_000_000)
                                : "" + POPULATIONS[rnd.nextInt(POPULATIONS.length)];
                Line p = line(
                        rnd,
                        ids,
                        0,
                        NAMES[rnd.nextInt(NAMES.length)] + (rnd.nextBoolean() ? "" : " " + i),
                        at[0],
                        at[1],
                        CLASSES.charAt(rnd.nextInt(CLASSES.length())),
                        CODES[rnd.nextInt(CODES.length)],
                        population);
                places.add(p);
                points.add(new double[] {p.lat(), p.lon(), rnd.nextInt(3) == 0 ? zoom + rnd.nextInt(3) - 1 : zoom});
            }
            for (int i = 0; i < 20; i++) { // points where there may be no place at all
                double u = Math.floorMod(cx - 2, (long) n) + 5 * rnd.nextDouble();
                u = u >= n ? u - n : u;
                double v = Math.max(0, Math.min(n, cy - 2 + 5 * rnd.nextDouble()));
                double[] at = keepUnambiguous(round(GeoOracle.latOf(v, n), 6), round(GeoOracle.lonOf(u, n), 6));
                points.add(new double[] {at[0], at[1], zoom});
            }
        }
        return new Data(places, rejectedLines(rnd), points);
    }

    /** The point, moved by 0.00005° steps until its level-16 tile is the same by the floor and by Bing's rounding. */
    static double[] keepUnambiguous(double lat, double lon) {
        for (int i = 0; !GeoOracle.unambiguous(lat, lon); i++) {
            lat = round(Math.max(-89.9, Math.min(89.9, lat + (i % 2 == 0 ? -0.00005 : 0))), 7);
            lon = round(Math.min(180, lon + (i % 2 == 1 ? 0.00005 : 0)), 7);
        }
        return new double[] {lat, lon};
    }

    private static Line line(
            Random rnd,
            Set<Long> ids,
            long id,
            String name,
            double lat,
            double lon,
            char featureClass,
            String code,
            String population) {
        while (id == 0 || !ids.add(id)) {
            id = switch (rnd.nextInt(4)) {
                case 0 -> 0xFFFF_FFFFL - rnd.nextInt(1000); // past 2^31: unsigned in the key
                case 1 -> 1 + rnd.nextInt(1000);
                default -> 1 + (long) (rnd.nextDouble() * 0xFFFF_FFFEL);
            };
        }
        String[] c = new String[19];
        c[0] = "" + id;
        c[1] = rnd.nextInt(20) == 0 ? "" : name;
        c[2] = rnd.nextBoolean() ? "" : "ascii " + id;
        c[3] = rnd.nextBoolean() ? "" : rnd.nextBoolean() ? "Alt,,Άλλο," : "One";
        c[4] = plain(lat);
        c[5] = plain(lon);
        c[6] = String.valueOf(featureClass);
        c[7] = code;
        c[8] = rnd.nextInt(5) == 0 ? "" : rnd.nextBoolean() ? "PT" : "ZZ";
        c[9] = rnd.nextInt(3) == 0 ? "ES,FR" : "";
        c[10] = rnd.nextBoolean() ? "11" : "";
        c[11] = "";
        c[12] = rnd.nextBoolean() ? "1106" : "";
        c[13] = "";
        c[14] = population;
        c[15] = rnd.nextBoolean() ? "" : "" + (rnd.nextInt(9000) - 500);
        c[16] = rnd.nextBoolean() ? "" : "" + (rnd.nextInt(9000) - 500);
        c[17] = rnd.nextBoolean() ? "Europe/Lisbon" : "";
        c[18] = rnd.nextBoolean() ? "2024-02-29" : "";
        return new Line(c);
    }

    /** Lines the load rejects: a latitude past 90, 18 columns, a geonameid past 4 bytes, no feature class. */
    static List<String> rejectedLines(Random rnd) {
        String ok = "\tName\t\t\t10.0\t10.0\tP\tPPL\tPT\t\t\t\t\t\t5\t\t\t\t";
        return List.of(
                "123\tFar\t\t\t91.0\t10.0\tP\tPPL\tXX\t\t\t\t\t\t5\t\t\t\t",
                "124\tShort\t\t\t10.0\t10.0\tP\tPPL\tXX\t\t\t\t\t\t5\t\t\t",
                "4294967296" + ok,
                "125\tNo class\t\t\t10.0\t10.0\t\tPPL\tXX\t\t\t\t\t\t5\t\t\t\t");
    }

    static String plain(double v) {
        return BigDecimal.valueOf(v).toPlainString();
    }

    static double round(double v, int decimals) {
        return BigDecimal.valueOf(v)
                .setScale(decimals, java.math.RoundingMode.HALF_EVEN)
                .doubleValue();
    }
}
