package io.dumptruck.loaders.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dumptruck.formats.rowkey.TileClip;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.formats.table.WrittenBy;
import io.dumptruck.loaders.LoadTesting;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** geonames_info and tile_places end to end; quadkeys computed here from the Bing Maps formulas. */
class GeoLoadTest {
    @TempDir
    File tmp;

    static int qk16(double lat, double lon) {
        lat = Math.max(-85.05112878, Math.min(85.05112878, lat));
        lon = Math.max(-180, Math.min(180, lon));
        double x = (lon + 180) / 360;
        double s = Math.sin(lat * Math.PI / 180);
        double y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
        long mapSize = 256L << 16;
        long px = (long) Math.max(0, Math.min(mapSize - 1, x * mapSize + 0.5));
        long py = (long) Math.max(0, Math.min(mapSize - 1, y * mapSize + 0.5));
        long tx = px / 256;
        long ty = py / 256;
        long key = 0;
        for (int i = 15; i >= 0; i--) {
            long digit = ((tx >> i) & 1) + 2 * ((ty >> i) & 1);
            key = key * 4 + digit;
        }
        return (int) key;
    }

    @Test
    void regionsAreCutToEveryTileTheyTouch() throws Exception {
        File regions = new File(tmp, "regions.geojson");
        java.nio.file.Files.writeString(
                regions.toPath(),
                "{\"type\": \"FeatureCollection\", \"features\": ["
                        + "{\"type\": \"Feature\", \"properties\": {\"type\": \"country\", \"id\": \"R1\"}, \"geometry\": {\"type\": \"Polygon\","
                        + " \"coordinates\": [[[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]]]}},"
                        + "{\"type\": \"Feature\", \"properties\": {\"type\": \"planet\", \"id\": \"P\"}, \"geometry\": null}]}");
        LoadTesting.Loaded loaded = LoadTesting.load(
                tmp, new GeoLoader(), List.of(), Map.of("regions-file", regions.getPath(), "zooms", "2-2"), 1);
        assertEquals(1, loaded.report().rejected(), "the planet");
        long ts = LoadTesting.LOAD_TS;
        assertEquals(
                new TreeSet<>(List.of("615231 r: @" + ts + " = {\"type\":\"country\",\"id\":\"R1\"}")),
                loaded.cells("region_info", LoadTesting::hex, LoadTesting::utf8, 1));
        // lon 10..11, lat 10..11 lies in tile x=2, y=1 at zoom 2: quadkey digits (1, 2) → 1*4 + 2 = 6
        assertEquals(
                new TreeSet<>(
                        List.of(
                                "0200000006 a:r1 @" + ts
                                        + " = {\"type\":\"MultiPolygon\",\"coordinates\":[[[[10.0,10.0],[11.0,10.0],[11.0,11.0],[10.0,11.0],[10.0,10.0]]]]}")),
                loaded.cells("tile_bounds", LoadTesting::hex, LoadTesting::utf8, 1));
        // each table says what wrote it, a file option by the file's name (the same load on a cluster writes the same
        // spec)
        for (String table : List.of("region_info", "tile_bounds", "geonames_info", "tile_places")) {
            TableSpec stored = TableSpecJson.read(
                    FileSystem.getLocal(loaded.conf()),
                    new Path(new Path(loaded.output(), table), TableSpecJson.FILE_NAME));
            assertEquals(
                    new WrittenBy("geo", Map.of("regions-file", "regions.geojson", "zooms", "2-2")),
                    stored.writtenBy(),
                    table);
        }
    }

    /** Two regions of one type and id would write one row: refused before the job, naming both features. */
    @Test
    void regionsWithOneIdAreRefused() throws Exception {
        File regions = new File(tmp, "regions");
        regions.mkdirs();
        String feature =
                "{\"type\": \"Feature\", \"properties\": {\"type\": \"country\", \"id\": \"%s\"}, \"geometry\": "
                        + "{\"type\": \"Polygon\", \"coordinates\": [[[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]]]}}";
        java.nio.file.Files.writeString(
                new File(regions, "a.geojson").toPath(),
                "{\"type\": \"FeatureCollection\", \"features\": [" + String.format(feature, "R1") + ","
                        + String.format(feature, "R2") + "]}");
        java.nio.file.Files.writeString(
                new File(regions, "b.geojson").toPath(),
                "{\"type\": \"FeatureCollection\", \"features\": [" + String.format(feature, "r2") + "]}");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> LoadTesting.load(
                        tmp, new GeoLoader(), List.of(), Map.of("regions-file", regions.getPath(), "zooms", "2-2"), 1));
        org.junit.jupiter.api.Assertions.assertTrue(
                e.getMessage().contains("a.geojson feature 1 and b.geojson feature 0 are both region 'r2'"),
                e.getMessage());
        org.junit.jupiter.api.Assertions.assertFalse(new File(tmp, "out").exists());
    }

    @Test
    void clippingCutsAtTheTileEdge() {
        List<double[]> square = List.of(
                new double[] {0, 0}, new double[] {10, 0}, new double[] {10, 10}, new double[] {0, 10}, new double[] {
                    0, 0
                });
        List<double[]> half = TileClip.clip(square, new double[] {5, -1, 20, 20});
        assertEquals(
                "[[5.0, 0.0], [10.0, 0.0], [10.0, 10.0], [5.0, 10.0], [5.0, 0.0]]",
                half.stream().map(java.util.Arrays::toString).toList().toString());
        assertEquals(List.of(), TileClip.clip(square, new double[] {20, 20, 30, 30}));
    }

    @Test
    void infoAndTilePlaces() throws Exception {
        List<String> lines = List.of(
                "2988507\tParis\tParis\tLutece,Lutetia\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2024-06-13",
                "2657896\tZürich\tZurich\t\t47.36667\t8.55\tP\tPPLA\tCH\t\t\t\t\t\t34000\t\t413\tEurope/Zurich\t2024-01-01",
                "3039154\tEl Tarter\tEl Tarter\t\t42.57952\t1.65362\tP\tPPL\tAD\t\t02\t\t\t\t1052\t\t1721\tEurope/Andorra\t2012-11-03",
                "9\tNowhere\tNowhere\t\t91\t0\tP\tPPL\tXX\t\t\t\t\t\t1\t\t0\tEtc/UTC\t2020-01-01");
        LoadTesting.Loaded loaded = LoadTesting.load(tmp, new GeoLoader(), lines, Map.of(), 1);
        assertEquals(1, loaded.report().rejected());
        long ts = LoadTesting.LOAD_TS;
        TreeSet<String> tiles = new TreeSet<>();
        Object[][] places = {
            {2988507, 48.85341, 2.3488, "h", "Paris", "P.PPLC", "FR"},
            {2657896, 47.36667, 8.55, "m", "Zürich", "P.PPLA", "CH"},
            {3039154, 42.57952, 1.65362, "l", "El Tarter", "P.PPL", "AD"}
        };
        for (Object[] p : places) {
            String row = LoadTesting.hex(ByteBuffer.allocate(8)
                    .putInt(qk16((double) p[1], (double) p[2]))
                    .putInt((int) p[0])
                    .array());
            tiles.add(row + " " + p[3] + ":n @" + ts + " = " + p[4]);
            tiles.add(row + " " + p[3] + ":k @" + ts + " = " + p[5]);
            tiles.add(row + " " + p[3] + ":c @" + ts + " = " + p[6]);
        }
        assertEquals(tiles, loaded.cells("tile_places", LoadTesting::hex, LoadTesting::utf8, 1));
        TreeSet<String> info = loaded.cells("geonames_info", LoadTesting::hex, LoadTesting::utf8, 1);
        assertEquals(3, info.size());
        String paris =
                "50" + LoadTesting.hex(ByteBuffer.allocate(4).putInt(2988507).array()) + " i: @" + ts + " = "
                        + "{\"geonameid\":2988507,\"name\":\"Paris\",\"asciiname\":\"Paris\",\"alternatenames\":[\"Lutece\",\"Lutetia\"],"
                        + "\"latitude\":48.85341,\"longitude\":2.3488,\"feature_class\":\"P\",\"feature_code\":\"PPLC\",\"country_code\":\"FR\","
                        + "\"admin1_code\":\"11\",\"admin2_code\":\"75\",\"admin3_code\":\"751\",\"admin4_code\":\"75056\",\"population\":2138551,"
                        + "\"dem\":42,\"timezone\":\"Europe/Paris\",\"modification_date\":\"2024-06-13\"}";
        assertEquals(true, info.contains(paris), info.toString());
    }
}
