package io.dumptruck.loaders.hostile;

import static io.dumptruck.loaders.hostile.Corpus.FIVE_MB;
import static io.dumptruck.loaders.hostile.Corpus.TRUNCATED;
import static io.dumptruck.loaders.hostile.Corpus.junk;
import static io.dumptruck.loaders.hostile.Corpus.repeat;
import static io.dumptruck.loaders.hostile.HostileLoad.LOAD_TS;
import static io.dumptruck.loaders.hostile.HostileLoad.cell;
import static io.dumptruck.loaders.hostile.HostileLoad.hex;
import static io.dumptruck.loaders.hostile.HostileLoad.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.geo.GeoLoader;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The geo loader on a hostile GeoNames dump and, in the same load, a directory of hostile GeoJSON region files.
 * Coordinates must be finite decimals with latitude in [-90, 90] and longitude in [-180, 180] (the poles and the
 * antimeridian load, with the quadkey clipped as Bing's tile system says); the modification date is any real calendar
 * date (1969 and 3000 alike: it is stored, never a cell timestamp). A GeoJSON file is one document: a file that is not
 * one JSON value — junk, two collections back to back, nesting too deep to read safely — is one rejected record.
 */
class GeoHostileLoadTest {
    @TempDir
    File tmp;

    /** A 19-column GeoNames line. */
    static String place(
            String id,
            String name,
            String alternates,
            String lat,
            String lon,
            String featureClass,
            String code,
            String country,
            String population,
            String elevation,
            String dem,
            String date) {
        return String.join(
                "\t",
                id,
                name,
                name,
                alternates,
                lat,
                lon,
                featureClass,
                code,
                country,
                "",
                "",
                "",
                "",
                "",
                population,
                elevation,
                dem,
                "Etc/UTC",
                date);
    }

    static String feature(String type, String id, String ring) {
        return "{\"type\":\"Feature\",\"properties\":{\"type\":\"" + type + "\",\"id\":\"" + id + "\"},"
                + "\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[" + ring + "]}}";
    }

    static String square(double lon, double lat) {
        return "[[" + lon + "," + lat + "],[" + (lon + 1) + "," + lat + "],[" + (lon + 1) + "," + (lat + 1) + "],["
                + lon + "," + (lat + 1) + "],[" + lon + "," + lat + "]]";
    }

    @Test
    void everyPlaceAndRegionIsLoadedOrRejectedWithItsReason() throws Exception {
        String hugeName = repeat('x', FIVE_MB);
        String nineteen = place("9", "N", "", "0", "0", "P", "PPL", "XX", "", "", "", "2020-01-01");
        String eighteen = nineteen.substring(0, nineteen.lastIndexOf('\t'));
        Corpus places = new Corpus("places.txt")
                .loads(
                        "good place",
                        place(
                                "1",
                                "Good",
                                "",
                                "48.85341",
                                "2.3488",
                                "P",
                                "PPLC",
                                "FR",
                                "2138551",
                                "",
                                "42",
                                "2024-06-13"))
                .rejects("binary junk", "INVALID_UTF8", junk(7, 600))
                .rejects(
                        "latitude 91",
                        "BAD_COORDINATE",
                        place("9", "N", "", "91", "0", "P", "PPL", "XX", "", "", "", ""))
                .rejects(
                        "longitude 181",
                        "BAD_COORDINATE",
                        place("9", "N", "", "0", "181", "P", "PPL", "XX", "", "", "", ""))
                .rejects(
                        "NaN latitude",
                        "BAD_COORDINATE",
                        place("9", "N", "", "NaN", "0", "P", "PPL", "XX", "", "", "", ""))
                .rejects(
                        "-Infinity longitude",
                        "BAD_COORDINATE",
                        place("9", "N", "", "0", "-Infinity", "P", "PPL", "XX", "", "", "", ""))
                .rejects(
                        "latitude 1e400",
                        "BAD_COORDINATE",
                        place("9", "N", "", "1e400", "0", "P", "PPL", "XX", "", "", "", ""))
                .loads(
                        "the pole on the antimeridian",
                        place("2", "Pole", "", "90", "-180", "T", "PK", "", "", "", "", ""))
                .rejects(
                        "NaN population",
                        "BAD_NUMBER",
                        place("9", "N", "", "0", "0", "P", "PPL", "XX", "NaN", "", "", ""))
                .rejects(
                        "Infinity elevation",
                        "BAD_NUMBER",
                        place("9", "N", "", "0", "0", "P", "PPL", "XX", "", "Infinity", "", ""))
                .loads(
                        "modified before 1970",
                        place("3", "Old", "", "0", "0", "P", "PPL", "XX", "10000", "", "", "1969-07-20"))
                .loads(
                        "modified in 3000",
                        place("4", "Future", "", "-33.5", "151.25", "P", "PPL", "AU", "0", "", "", "3000-01-01"))
                .rejects(
                        "no such date",
                        "BAD_DATE",
                        place("9", "N", "", "0", "0", "P", "PPL", "XX", "", "", "", "2023-02-30"))
                .rejects("18 columns", "WRONG_COLUMN_COUNT", eighteen)
                .rejects("20 columns", "WRONG_COLUMN_COUNT", nineteen + "\textra")
                .rejects(
                        "cut-off UTF-8 in the name",
                        "INVALID_UTF8",
                        "9\tCaf",
                        TRUNCATED,
                        "\t\t\t0\t0\tP\tPPL\tXX\t\t\t\t\t\t\t\t\t\t")
                .loads(
                        "5 MB alternate name",
                        place("5", "Big", hugeName, "1.5", "1.5", "A", "ADM1", "ZZ", "", "", "", ""))
                .rejects("NaN id", "BAD_ID", place("NaN", "N", "", "0", "0", "P", "PPL", "XX", "", "", "", ""))
                .rejects(
                        "NUL feature class",
                        "BAD_FEATURE_CLASS",
                        place("9", "N", "", "0", "0", "\0", "PPL", "XX", "", "", "", ""))
                .rejects(
                        "id beyond 4 bytes",
                        "SCHEMA",
                        place("4294967296", "N", "", "0", "0", "P", "PPL", "XX", "", "", "", ""))
                .loads(
                        "largest 4-byte id",
                        place("4294967295", "Max", "", "10", "10", "P", "PPL", "XX", "", "", "", ""))
                .skips("blank", "");

        File regions = new File(tmp, "regions");
        regions.mkdirs();
        // regions.geojson: one collection; a record per feature, named by its index
        String[] features = {
            feature("country", "R1", square(10, 10)),
            feature("country", "LAT", "[[0,0],[1,0],[1,91],[0,0]]"),
            feature("country", "LON", "[[0,0],[181,0],[1,1],[0,0]]"),
            feature("country", "NAN", "[[\"NaN\",0],[1,0],[1,\"Infinity\"],[0,0]]"),
            feature("bad\\rtype", "T", square(0, 0)),
            feature("admin1", "", square(0, 0)),
            feature("admin1", repeat('i', 40_000), square(0, 0)),
            feature("admin1", "R2", square(20, 20))
        };
        Files.writeString(
                new File(regions, "regions.geojson").toPath(),
                "{\"type\":\"FeatureCollection\",\"features\":[" + String.join(",\n", features) + "]}");
        String[] featureReasons = {
            null, "BAD_GEOMETRY", "BAD_GEOMETRY", "BAD_GEOMETRY", "BAD_TYPE", "MISSING_ID", "SCHEMA", null
        };
        Files.write(new File(regions, "junk.geojson").toPath(), junk(8, 4000));
        int depth = 100_000;
        Files.writeString(
                new File(regions, "deep.geojson").toPath(),
                "{\"type\":\"FeatureCollection\",\"features\":["
                        + feature("country", "D", "[".repeat(depth) + "]".repeat(depth)) + "]}");
        String collection =
                "{\"type\":\"FeatureCollection\",\"features\":[" + feature("country", "C1", square(30, 30)) + "]}";
        Files.writeString(
                new File(regions, "concatenated.geojson").toPath(), collection + "\n" + collection.replace("C1", "C2"));

        HostileLoad load = HostileLoad.run(
                tmp,
                new GeoLoader(),
                List.of(places.write(tmp)),
                Map.of("regions-file", regions.getAbsolutePath(), "zooms", "2-2"),
                1);

        // GeoJSON records are named by their feature index in the file (the whole file is record 0 when it is not one
        // collection)
        long regionsLoaded = 0;
        long regionsRejected = 0;
        for (int i = 0; i < features.length; i++) {
            HostileLoad.Reject r = load.rejects.get("regions.geojson:" + i);
            if (featureReasons[i] == null) {
                assertEquals(null, r, "feature " + i + " loads");
                regionsLoaded++;
            } else {
                assertTrue(r != null && r.reason().equals(featureReasons[i]), "feature " + i + ": " + r);
                regionsRejected++;
            }
        }
        for (String file : List.of("junk.geojson", "deep.geojson", "concatenated.geojson")) {
            HostileLoad.Reject r = load.rejects.get(file + ":0");
            assertTrue(r != null && r.reason().equals("BAD_JSON"), file + ": " + r);
            regionsRejected++;
        }
        assertTrue(
                load.rejects.get("deep.geojson:0").detail().contains("nested deeper"),
                load.rejects.get("deep.geojson:0").detail());

        // the GeoNames records by position, then the counts of both inputs together
        long placesLoaded = places.count(Corpus.Outcome.LOADED);
        long placesRejected = places.count(Corpus.Outcome.REJECTED);
        assertEquals(placesLoaded + regionsLoaded, load.report.loaded(), "loaded");
        assertEquals(placesRejected + regionsRejected, load.report.rejected(), "rejected");
        Map<String, String> placeRejects = new java.util.TreeMap<>();
        load.rejects.forEach((position, r) -> {
            if (position.startsWith("places.txt:")) {
                placeRejects.put(position, r.reason());
            }
        });
        assertEquals(places.expectedRejects(), placeRejects, "GeoNames rejects by position");
        Map<String, Long> reasons = new java.util.TreeMap<>();
        places.expectedRejects().values().forEach(r -> reasons.merge(r, 1L, Long::sum));
        for (String r : featureReasons) {
            if (r != null) {
                reasons.merge(r, 1L, Long::sum);
            }
        }
        reasons.merge("BAD_JSON", 3L, Long::sum);
        assertEquals(reasons, new java.util.TreeMap<>(load.report.rejectReasons()), "reject reason counters");
        assertEquals(places.count(Corpus.Outcome.SKIPPED), load.report.skipped());

        // geonames_info: class ‖ int(id) → the record as JSON
        String json1 =
                "{\"geonameid\":1,\"name\":\"Good\",\"asciiname\":\"Good\",\"latitude\":48.85341,\"longitude\":2.3488,"
                        + "\"feature_class\":\"P\",\"feature_code\":\"PPLC\",\"country_code\":\"FR\",\"population\":2138551,\"dem\":42,"
                        + "\"timezone\":\"Etc/UTC\",\"modification_date\":\"2024-06-13\"}";
        String json2 =
                "{\"geonameid\":2,\"name\":\"Pole\",\"asciiname\":\"Pole\",\"latitude\":90.0,\"longitude\":-180.0,"
                        + "\"feature_class\":\"T\",\"feature_code\":\"PK\",\"timezone\":\"Etc/UTC\"}";
        String json3 = "{\"geonameid\":3,\"name\":\"Old\",\"asciiname\":\"Old\",\"latitude\":0.0,\"longitude\":0.0,"
                + "\"feature_class\":\"P\",\"feature_code\":\"PPL\",\"country_code\":\"XX\",\"population\":10000,"
                + "\"timezone\":\"Etc/UTC\",\"modification_date\":\"1969-07-20\"}";
        String json4 =
                "{\"geonameid\":4,\"name\":\"Future\",\"asciiname\":\"Future\",\"latitude\":-33.5,\"longitude\":151.25,"
                        + "\"feature_class\":\"P\",\"feature_code\":\"PPL\",\"country_code\":\"AU\",\"population\":0,"
                        + "\"timezone\":\"Etc/UTC\",\"modification_date\":\"3000-01-01\"}";
        String json5 =
                "{\"geonameid\":5,\"name\":\"Big\",\"asciiname\":\"Big\",\"alternatenames\":[\"" + hugeName + "\"],"
                        + "\"latitude\":1.5,\"longitude\":1.5,\"feature_class\":\"A\",\"feature_code\":\"ADM1\",\"country_code\":\"ZZ\","
                        + "\"timezone\":\"Etc/UTC\"}";
        String jsonMax =
                "{\"geonameid\":4294967295,\"name\":\"Max\",\"asciiname\":\"Max\",\"latitude\":10.0,\"longitude\":10.0,"
                        + "\"feature_class\":\"P\",\"feature_code\":\"PPL\",\"country_code\":\"XX\",\"timezone\":\"Etc/UTC\"}";
        TreeSet<String> info = new TreeSet<>(List.of(
                cell("5000000001", "i", "", LOAD_TS, text(json1)), cell("5400000002", "i", "", LOAD_TS, text(json2)),
                cell("5000000003", "i", "", LOAD_TS, text(json3)), cell("5000000004", "i", "", LOAD_TS, text(json4)),
                cell("4100000005", "i", "", LOAD_TS, text(json5)),
                        cell("50ffffffff", "i", "", LOAD_TS, text(jsonMax))));
        assertEquals(info, load.cells("geonames_info", HostileLoad::hex, HostileLoad::text, HostileLoad::text));

        // tile_places: int(qk16) ‖ int(id), family by population
        Object[][] tiles = {
            {1L, 48.85341, 2.3488, "h", "Good", "P.PPLC", "FR"},
            {2L, 90.0, -180.0, "l", "Pole", "T.PK", null},
            {3L, 0.0, 0.0, "m", "Old", "P.PPL", "XX"},
            {4L, -33.5, 151.25, "l", "Future", "P.PPL", "AU"},
            {5L, 1.5, 1.5, "l", "Big", "A.ADM1", "ZZ"},
            {4294967295L, 10.0, 10.0, "l", "Max", "P.PPL", "XX"}
        };
        TreeSet<String> tilePlaces = new TreeSet<>();
        for (Object[] t : tiles) {
            String row = hex(ByteBuffer.allocate(8)
                    .putInt(qk16((double) t[1], (double) t[2]))
                    .putInt((int) (long) (Long) t[0])
                    .array());
            tilePlaces.add(cell(row, (String) t[3], "n", LOAD_TS, (String) t[4]));
            tilePlaces.add(cell(row, (String) t[3], "k", LOAD_TS, (String) t[5]));
            if (t[6] != null) {
                tilePlaces.add(cell(row, (String) t[3], "c", LOAD_TS, (String) t[6]));
            }
        }
        assertEquals(tilePlaces, load.cells("tile_places", HostileLoad::hex, HostileLoad::text, HostileLoad::text));

        // the two good regions: both squares lie in tile x=2, y=1 at zoom 2 (quadkey "12" = 6)
        TreeSet<String> regionInfo = new TreeSet<>(List.of(
                cell(
                        hex("aR1".getBytes(StandardCharsets.UTF_8)),
                        "r",
                        "",
                        LOAD_TS,
                        "{\"type\":\"country\",\"id\":\"R1\"}"),
                cell(
                        hex("bR2".getBytes(StandardCharsets.UTF_8)),
                        "r",
                        "",
                        LOAD_TS,
                        "{\"type\":\"admin1\",\"id\":\"R2\"}")));
        assertEquals(regionInfo, load.cells("region_info", HostileLoad::hex, HostileLoad::text, HostileLoad::text));
        TreeSet<String> bounds = new TreeSet<>(
                List.of(
                        cell(
                                "0200000006",
                                "a",
                                "r1",
                                LOAD_TS,
                                "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[10.0,10.0],[11.0,10.0],[11.0,11.0],[10.0,11.0],[10.0,10.0]]]]}"),
                        cell(
                                "0200000006",
                                "b",
                                "r2",
                                LOAD_TS,
                                "{\"type\":\"MultiPolygon\",\"coordinates\":[[[[20.0,20.0],[21.0,20.0],[21.0,21.0],[20.0,21.0],[20.0,20.0]]]]}")));
        assertEquals(bounds, load.cells("tile_bounds", HostileLoad::hex, HostileLoad::text, HostileLoad::text));
    }

    /** The level-16 Bing quadkey as an unsigned 32-bit number (docs/tables.md). */
    static int qk16(double lat, double lon) {
        lat = Math.max(-85.05112878, Math.min(85.05112878, lat));
        lon = Math.max(-180, Math.min(180, lon));
        double x = (lon + 180) / 360;
        double s = Math.sin(lat * Math.PI / 180);
        double y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
        long mapSize = 256L << 16;
        long px = (long) Math.max(0, Math.min(mapSize - 1, x * mapSize + 0.5));
        long py = (long) Math.max(0, Math.min(mapSize - 1, y * mapSize + 0.5));
        long key = 0;
        for (int i = 15; i >= 0; i--) {
            key = key * 4 + (((px / 256) >> i) & 1) + 2 * (((py / 256) >> i) & 1);
        }
        return (int) key;
    }
}
