package io.dumptruck.jobs.tiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.JobTesting;
import io.dumptruck.jobs.output.OutputKind;
import io.dumptruck.jobs.picture.Picture;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs tile-density over the GeoNames sample loaded by the real geo loader and checks every tile against counts made
 * here straight from the raw lines, with the Bing Maps formulas of docs/tables.md.
 */
class TileDensityJobTest {
    private static final List<String> INPUTS = List.of("geo/cities1000-sample.txt", "geo/edge-cases.txt");
    private static final Pattern DECIMAL = Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("-?\\d+");
    private static final Pattern RECT = Pattern.compile("<rect ");
    /** A rect of one pixel: x, y, fill. */
    private static final Pattern PIXEL_RECT = Pattern.compile(
            "<rect x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"1\\.00\" height=\"1\\.00\" fill=\"(#[0-9a-f]{6})\"/>");

    @TempDir
    static File tmp;

    static Path tables;
    static List<RawPlace> places;
    /** The table's HFiles by family directory. */
    static Map<String, File[]> hfiles = new HashMap<>();

    /** A place the geo loader keeps: its level-16 tile and its prominence family. */
    record RawPlace(long x16, long y16, char family) {}

    @BeforeAll
    static void load() throws Exception {
        tables = JobTesting.load(
                tmp, "geo", "geo", INPUTS.stream().map(JobTesting::sample).toList(), Map.of(), 3);
        places = rawPlaces();
        for (String family : List.of("h", "m", "l")) {
            File[] files = new File(tables.toString(), "tile_places/" + family)
                    .listFiles(f -> f.isFile()
                            && !f.getName().startsWith(".")
                            && !f.getName().startsWith("_"));
            hfiles.put(family, files == null ? new File[0] : files);
        }
    }

    // ---- the expectation, from the raw GeoNames lines -------------------------------------------

    /** The lines the geo loader accepts (GeoNamesParser's rules), as places. */
    static List<RawPlace> rawPlaces() throws Exception {
        List<RawPlace> out = new ArrayList<>();
        for (String input : INPUTS) {
            for (String line : Files.readAllLines(JobTesting.sample(input).toPath(), StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length != 19 || !f[0].matches("\\d+") || Long.parseLong(f[0]) <= 0) {
                    continue;
                }
                if (!DECIMAL.matcher(f[4]).matches() || !DECIMAL.matcher(f[5]).matches() || !f[6].matches("[A-Z]")) {
                    continue;
                }
                double lat = Double.parseDouble(f[4]);
                double lon = Double.parseDouble(f[5]);
                if (lat < -90 || lat > 90 || lon < -180 || lon > 180) {
                    continue;
                }
                if (!f[14].isEmpty() && !f[14].matches("\\d+") || !isInt(f[15]) || !isInt(f[16]) || !isDate(f[18])) {
                    continue;
                }
                long population = f[14].isEmpty() ? 0 : Long.parseLong(f[14]);
                char family = population >= 100_000 ? 'h' : population >= 10_000 ? 'm' : 'l';
                long[] tile = bingTile16(lat, lon);
                out.add(new RawPlace(tile[0], tile[1], family));
            }
        }
        return out;
    }

    private static boolean isInt(String s) {
        if (s.isEmpty()) {
            return true;
        }
        if (!INTEGER.matcher(s).matches()) {
            return false;
        }
        try {
            Integer.parseInt(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isDate(String s) {
        if (s.isEmpty()) {
            return true;
        }
        try {
            LocalDate.parse(s);
            return s.length() == 10;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** docs/tables.md: the Bing Maps tile of a point at level 16, {x, y}. */
    static long[] bingTile16(double lat, double lon) {
        double clippedLat = Math.max(-85.05112878, Math.min(85.05112878, lat));
        double clippedLon = Math.max(-180, Math.min(180, lon));
        double x = (clippedLon + 180) / 360;
        double s = Math.sin(clippedLat * Math.PI / 180);
        double y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
        long mapSize = 256L << 16;
        long px = (long) Math.max(0, Math.min(mapSize - 1, x * mapSize + 0.5));
        long py = (long) Math.max(0, Math.min(mapSize - 1, y * mapSize + 0.5));
        return new long[] {px / 256, py / 256};
    }

    /** The quadkey digits of tile (x, y) at {@code zoom}: digit = xbit + 2·ybit, most significant first. */
    static String quadKey(long x, long y, int zoom) {
        StringBuilder sb = new StringBuilder();
        for (int bit = zoom - 1; bit >= 0; bit--) {
            sb.append((char) ('0' + ((x >> bit) & 1) + 2 * ((y >> bit) & 1)));
        }
        return sb.toString();
    }

    /** Expected {h, m, l} per quadkey at {@code zoom}: a place's tile is its level-16 tile shifted by 16 − zoom. */
    static Map<String, long[]> expected(int zoom, String families, Predicate<long[]> tileFilter) {
        Map<String, long[]> out = new TreeMap<>();
        for (RawPlace p : places) {
            long[] tile = {p.x16() >> (16 - zoom), p.y16() >> (16 - zoom)};
            if (families.indexOf(p.family()) < 0 || !tileFilter.test(tile)) {
                continue;
            }
            long[] counts = out.computeIfAbsent(quadKey(tile[0], tile[1], zoom), k -> new long[3]);
            counts["hml".indexOf(p.family())]++;
        }
        return out;
    }

    static Map<String, long[]> actual(List<GenericRecord> records, int zoom) {
        Map<String, long[]> out = new TreeMap<>();
        for (GenericRecord r : records) {
            long h = (Long) r.get("h");
            long m = (Long) r.get("m");
            long l = (Long) r.get("l");
            assertEquals(h + m + l, (long) (Long) r.get("places"), "places = h + m + l");
            assertEquals(zoom, (int) (Integer) r.get("zoom"));
            String qk = r.get("quadkey").toString();
            assertEquals(qk.length(), zoom);
            checkTileAndBounds(r, qk, zoom);
            assertEquals(null, out.put(qk, new long[] {h, m, l}), "one record per tile: " + qk);
        }
        return out;
    }

    /** tile_x, tile_y decode the quadkey; the bounds are the tile's Web Mercator edges. */
    private static void checkTileAndBounds(GenericRecord r, String qk, int zoom) {
        long x = 0;
        long y = 0;
        for (char c : qk.toCharArray()) {
            x = (x << 1) | ((c - '0') & 1);
            y = (y << 1) | ((c - '0') >> 1);
        }
        assertEquals(x, (long) (Integer) r.get("tile_x"), qk);
        assertEquals(y, (long) (Integer) r.get("tile_y"), qk);
        double n = Math.pow(2, zoom);
        assertEquals(x / n * 360 - 180, (Double) r.get("west"), 1e-9);
        assertEquals((x + 1) / n * 360 - 180, (Double) r.get("east"), 1e-9);
        assertEquals(Math.toDegrees(Math.atan(Math.sinh(Math.PI * (1 - 2 * y / n)))), (Double) r.get("north"), 1e-9);
        assertEquals(
                Math.toDegrees(Math.atan(Math.sinh(Math.PI * (1 - 2 * (y + 1) / n)))), (Double) r.get("south"), 1e-9);
    }

    static void assertSameCounts(Map<String, long[]> expected, Map<String, long[]> actual) {
        assertEquals(expected.keySet(), actual.keySet(), "tiles");
        for (Map.Entry<String, long[]> e : expected.entrySet()) {
            assertEquals(
                    List.of(e.getValue()[0], e.getValue()[1], e.getValue()[2]),
                    List.of(actual.get(e.getKey())[0], actual.get(e.getKey())[1], actual.get(e.getKey())[2]),
                    "h, m, l of " + e.getKey());
        }
    }

    static long totalPlaces(Map<String, long[]> counts) {
        return counts.values().stream().mapToLong(c -> c[0] + c[1] + c[2]).sum();
    }

    /** Runs the job through JobRunner in local mode over the loaded tables. */
    static JobRunner.Report run(String outName, OutputKind kind, Map<String, String> extra) throws Exception {
        JobOptions o = new JobOptions(tables, new Path(new File(tmp, outName).getAbsolutePath()), kind, extra);
        return JobRunner.run(LocalJobs.localConf(), new TileDensityJob(), o, stage -> stage.waitForCompletion(false));
    }

    // ---- the tests ------------------------------------------------------------------------------

    @Test
    void zoom6CountsEveryTileAsParquetAndDrawsTheDefaultPng() throws Exception {
        assertTrue(places.size() > 1500, "the sample holds the cities: " + places.size());
        JobRunner.Report report = run("z6", OutputKind.PARQUET, Map.of());
        List<GenericRecord> records = JobTesting.records(tmp, "z6", TileDensitySchema.DATASET);
        Map<String, long[]> expected = expected(6, "hml", t -> true);
        assertSameCounts(expected, actual(records, 6));
        assertEquals(expected.size(), (long) report.records().get(TileDensitySchema.DATASET));
        assertEquals(places.size(), totalPlaces(expected), "every kept place is in some tile");
        assertTrue(
                expected.values().stream().anyMatch(c -> c[0] > 0)
                        && expected.values().stream().anyMatch(c -> c[1] > 0)
                        && expected.values().stream().anyMatch(c -> c[2] > 0),
                "the sample has places of each family");

        // the Parquet files, read back, carry the declared schema
        File dataset = new File(new File(tmp, "z6"), TileDensitySchema.DATASET);
        assertTrue(
                new File(dataset, "part-r-00000.parquet").isFile(),
                List.of(dataset.list()).toString());
        Schema schema = records.get(0).getSchema();
        assertEquals("tile_density", schema.getName());
        Map<String, Schema.Type> types = new LinkedHashMap<>();
        schema.getFields().forEach(f -> types.put(f.name(), f.schema().getType()));
        Map<String, Schema.Type> want = new LinkedHashMap<>();
        want.put("zoom", Schema.Type.INT);
        want.put("quadkey", Schema.Type.STRING);
        want.put("tile_x", Schema.Type.INT);
        want.put("tile_y", Schema.Type.INT);
        for (String f : List.of("places", "h", "m", "l")) {
            want.put(f, Schema.Type.LONG);
        }
        for (String f : List.of("west", "south", "east", "north")) {
            want.put(f, Schema.Type.DOUBLE);
        }
        assertEquals(want, types);

        // the reading: every family's files, one result per place
        assertEquals(report.read().tableFiles(), report.read().fileOpens());
        assertEquals(places.size(), report.read().results());

        // the default picture: a world map, 800 × 888, each tile in its heat colour, an empty tile in the background
        // colour
        BufferedImage png = ImageIO.read(new File(new File(tmp, "z6"), "density.png"));
        assertNotNull(png, "density.png decodes");
        assertEquals(800, png.getWidth());
        assertEquals(976, png.getHeight());
        long max = expected.values().stream()
                .mapToLong(c -> c[0] + c[1] + c[2])
                .max()
                .orElseThrow();
        String densest = expected.entrySet().stream()
                .filter(e -> e.getValue()[0] + e.getValue()[1] + e.getValue()[2] == max)
                .findFirst()
                .orElseThrow()
                .getKey();
        int[] centre = pixelCentre(densest);
        assertEquals(
                Picture.heat(1).getRGB() & 0xFFFFFF,
                png.getRGB(centre[0], centre[1]) & 0xFFFFFF,
                "densest tile " + densest);
        String single = expected.entrySet().stream()
                .filter(t -> t.getValue()[0] + t.getValue()[1] + t.getValue()[2] == 1)
                .findFirst()
                .orElseThrow()
                .getKey();
        int[] s = pixelCentre(single);
        assertEquals(
                Picture.heat(0).getRGB() & 0xFFFFFF,
                png.getRGB(s[0], s[1]) & 0xFFFFFF,
                "a tile of one place " + single);
        String empty = quadKey(0, 32, 6); // the tile at 180° W just south of the equator, open Pacific
        assertFalse(expected.containsKey(empty));
        int[] e = pixelCentre(empty);
        assertEquals(DensityMap.BACKGROUND.getRGB() & 0xFFFFFF, png.getRGB(e[0], e[1]) & 0xFFFFFF);
        Set<Integer> colours = new HashSet<>();
        for (int y = 56; y < 56 + 768; y += 3) {
            for (int x = 16; x < 16 + 768; x += 3) {
                colours.add(png.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 5, "the map shows several shades: " + colours.size());
    }

    /** The pixel at the centre of a zoom-6 tile on the 768-pixel world map, 16 px margin, 56 px header. */
    private static int[] pixelCentre(String quadKey6) {
        int x = 0;
        int y = 0;
        for (char c : quadKey6.toCharArray()) {
            x = (x << 1) | ((c - '0') & 1);
            y = (y << 1) | ((c - '0') >> 1);
        }
        return new int[] {16 + x * 12 + 6, 56 + y * 12 + 6};
    }

    @Test
    void zooms1And16AsAvroAndTsvWithSvgPictures() throws Exception {
        File absolute = new File(tmp, "pictures/z16.svg");
        run("z1", OutputKind.AVRO, Map.of("zoom", "1", "picture", "maps/z1.svg"));
        run("z16", OutputKind.TSV, Map.of("zoom", "16", "picture", absolute.getAbsolutePath()));

        Map<String, long[]> expected1 = expected(1, "hml", t -> true);
        Map<String, long[]> expected16 = expected(16, "hml", t -> true);
        assertSameCounts(expected1, actual(JobTesting.records(tmp, "z1", TileDensitySchema.DATASET), 1));
        assertSameCounts(expected16, actual(JobTesting.records(tmp, "z16", TileDensitySchema.DATASET), 16));
        assertEquals(4, expected1.size(), "the sample has places in all four quarters");
        assertTrue(expected16.size() > 1000);

        String svg1 = Files.readString(new File(tmp, "z1/maps/z1.svg").toPath());
        String svg16 = Files.readString(absolute.toPath());
        assertFalse(new File(tmp, "z16/density.png").exists(), "only the picture asked for is drawn");
        assertEquals(expected1.size() + DensityMap.FIXED_RECTS, count(RECT, svg1), "one rect per tile at zoom 1");
        // zoom-16 tiles are far smaller than a pixel of the world map: one rect per map pixel holding places
        assertEquals(worldPixelCells16().size() + DensityMap.FIXED_RECTS, count(RECT, svg16));
        assertTrue(worldPixelCells16().size() < expected16.size(), "some pixels hold several tiles");
        assertTrue(svg1.startsWith("<svg") && svg1.strip().endsWith("</svg>"));
        assertTrue(svg16.contains("Places per tile at zoom 16"), "title");
        long max16 = expected16.values().stream()
                .mapToLong(c -> c[0] + c[1] + c[2])
                .max()
                .orElseThrow();
        assertTrue(svg16.contains("(max " + max16 + ")"), "legend names the largest count " + max16);
        String darkest = "fill=\"" + String.format("#%06x", Picture.heat(1).getRGB() & 0xFFFFFF) + "\"";
        assertTrue(svg16.contains(darkest), "the densest tile is dark red");
    }

    /**
     * Zoom 16 over the world: tiles are 768 / 65536 of a pixel, so the SVG draws map pixels, not tiles. Each pixel
     * holding places is one 1 × 1 rect at its place, coloured by its densest tile; no pixel has two, and nothing else
     * is drawn on the map.
     */
    @Test
    void zoom16DrawsAtMostOneRectPerMapPixel() throws Exception {
        run("z16-pixels", OutputKind.PARQUET, Map.of("zoom", "16", "picture", "world.svg"));
        String svg = Files.readString(new File(tmp, "z16-pixels/world.svg").toPath());
        Map<String, Long> cells = worldPixelCells16();
        long max = expected(16, "hml", t -> true).values().stream()
                .mapToLong(c -> c[0] + c[1] + c[2])
                .max()
                .orElseThrow();

        Map<String, String> drawn = new HashMap<>();
        Matcher m = PIXEL_RECT.matcher(svg);
        while (m.find()) {
            String cell = (int) Double.parseDouble(m.group(1)) + "," + (int) Double.parseDouble(m.group(2));
            assertNull(drawn.put(cell, m.group(3)), "a second rect on map pixel " + cell);
        }
        assertEquals(cells.keySet(), drawn.keySet(), "the map pixels holding places");
        for (Map.Entry<String, Long> cell : cells.entrySet()) {
            double fraction = max <= 1 ? 1 : Math.log(cell.getValue()) / Math.log(max);
            assertEquals(
                    String.format("#%06x", Picture.heat(fraction).getRGB() & 0xFFFFFF),
                    drawn.get(cell.getKey()),
                    "pixel " + cell.getKey() + " in the colour of its densest tile, " + cell.getValue());
        }
        assertEquals(cells.size() + DensityMap.FIXED_RECTS, count(RECT, svg), "no other rect");
        assertTrue(cells.size() > 500 && cells.size() <= 768 * 768, cells.size() + " pixels");
    }

    /**
     * The pixels of the 768-pixel world map (16 px margin, 56 px header) holding zoom-16 tiles, as "x,y" of the page,
     * each with its densest tile's places: a tile belongs to the pixel of its centre.
     */
    private static Map<String, Long> worldPixelCells16() {
        Map<List<Long>, Long> tiles = new HashMap<>();
        for (RawPlace p : places) {
            tiles.merge(List.of(p.x16(), p.y16()), 1L, Long::sum);
        }
        Map<String, Long> cells = new HashMap<>();
        tiles.forEach((tile, count) -> {
            long x = 16 + (long) Math.floor((tile.get(0) + 0.5) * 768 / 65536.0);
            long y = 56 + (long) Math.floor((tile.get(1) + 0.5) * 768 / 65536.0);
            cells.merge(x + "," + y, count, Math::max);
        });
        return cells;
    }

    private static int count(Pattern p, String text) {
        Matcher m = p.matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void familiesHReadsOnlyTheHFiles() throws Exception {
        JobRunner.Report report = run("high", OutputKind.AVRO, Map.of("families", "h", "picture", "high.svg"));
        Map<String, long[]> expected = expected(6, "h", t -> true);
        assertSameCounts(expected, actual(JobTesting.records(tmp, "high", TileDensitySchema.DATASET), 6));
        assertTrue(expected.size() > 10 && expected.values().stream().allMatch(c -> c[1] == 0 && c[2] == 0));

        long hBytes = 0;
        for (File f : hfiles.get("h")) {
            hBytes += f.length();
        }
        assertTrue(hfiles.get("h").length > 0 && hfiles.get("m").length > 0 && hfiles.get("l").length > 0);
        assertEquals(hfiles.get("h").length, report.read().fileOpens(), "only the h files are opened");
        assertTrue(report.read().fileOpens() < report.read().tableFiles());
        long smallestOther = Stream.concat(Stream.of(hfiles.get("m")), Stream.of(hfiles.get("l")))
                .mapToLong(File::length)
                .min()
                .orElseThrow();
        // reading any m or l file would add at least the smallest of them to the bytes read
        assertTrue(
                report.read().bytesRead() < hBytes + smallestOther,
                report.read().bytesRead() + " bytes read; h files " + hBytes + ", smallest other " + smallestOther);
        assertTrue(
                report.read().bytesRead() * 3 < report.read().tableBytes(),
                report.read().bytesRead() + " bytes read of " + report.read().tableBytes());
        assertEquals(totalPlaces(expected), report.read().results());
    }

    @Test
    void aBoxCountsTheTilesMeetingItAndReadsOnlyItsKeyRanges() throws Exception {
        String box = "-10.5,35,30,60"; // Europe
        JobRunner.Report report =
                run("europe", OutputKind.PARQUET, Map.of("bbox", box, "zoom", "5", "picture", "europe.svg"));
        // the tiles of the corners by the rule of every place (level-16 tile >> 11), and all between
        long[] nw = bingTile16(60, -10.5);
        long[] se = bingTile16(35, 30);
        Predicate<long[]> inBox =
                t -> t[0] >= nw[0] >> 11 && t[0] <= se[0] >> 11 && t[1] >= nw[1] >> 11 && t[1] <= se[1] >> 11;
        Map<String, long[]> expected = expected(5, "hml", inBox);
        assertSameCounts(expected, actual(JobTesting.records(tmp, "europe", TileDensitySchema.DATASET), 5));
        assertTrue(expected.size() >= 6, "several European tiles: " + expected.keySet());
        assertTrue(
                report.read().results() < places.size(),
                "key ranges keep most other places unread: " + report.read().results() + " of " + places.size());

        String svg = Files.readString(new File(tmp, "europe/europe.svg").toPath());
        assertEquals(expected.size() + DensityMap.FIXED_RECTS, count(RECT, svg));
        assertTrue(svg.contains("box " + "-10.5,35.0,30.0,60.0"), "the subtitle names the box");
    }

    @Test
    void theStageCombinesOnTheMapSideAndCountsDroppedPlaces() throws Exception {
        // a box whose tiles at zoom 9 are covered by the key ranges of wider level-4 tiles: the mapper drops the rest
        Map<String, String> extra = Map.of("bbox", "-5,40,10,52", "zoom", "9");
        JobOptions options = new JobOptions(
                tables, new Path(new File(tmp, "west-europe").getAbsolutePath()), OutputKind.AVRO, extra);
        TileDensityJob job = new TileDensityJob();
        JobRunner.check(LocalJobs.localConf(), job, options);
        List<Job> stages = job.stages(LocalJobs.localConf(), options);
        assertEquals(1, stages.size());
        Job stage = stages.get(0);
        assertTrue(stage.waitForCompletion(false));
        long[] nw = bingTile16(52, -5);
        long[] se = bingTile16(40, 10);
        Predicate<long[]> inBox =
                t -> t[0] >= nw[0] >> 7 && t[0] <= se[0] >> 7 && t[1] >= nw[1] >> 7 && t[1] <= se[1] >> 7;
        Map<String, long[]> expected = expected(9, "hml", inBox);
        assertTrue(totalPlaces(expected) > 0, "places in western Europe");
        var counters = stage.getCounters();
        assertEquals(
                totalPlaces(expected),
                counters.findCounter(TileDensityCounter.PLACES_COUNTED).getValue());
        long read = counters.findCounter(TileDensityCounter.PLACES_OUTSIDE_BBOX).getValue()
                + counters.findCounter(TileDensityCounter.PLACES_COUNTED).getValue();
        assertEquals(read, counters.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
        assertTrue(read < places.size(), "only the key ranges of the box are read");
        assertTrue(
                counters.findCounter(TileDensityCounter.PLACES_OUTSIDE_BBOX).getValue() > 0,
                "places of the ranges outside the box");
        long combineIn = counters.findCounter(TaskCounter.COMBINE_INPUT_RECORDS).getValue();
        long combineOut =
                counters.findCounter(TaskCounter.COMBINE_OUTPUT_RECORDS).getValue();
        assertEquals(totalPlaces(expected), combineIn, "one map output per place counted");
        assertTrue(combineOut < combineIn, "the combiner sums places of a tile: " + combineIn + " -> " + combineOut);
        assertEquals(
                expected.size(),
                counters.findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue());
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns() throws Exception {
        assertBad(Map.of("zoom", "0"), "--zoom takes a whole number from 1 to 16, got '0'");
        assertBad(Map.of("zoom", "17"), "--zoom takes a whole number from 1 to 16, got '17'");
        assertBad(Map.of("zoom", "six"), "--zoom takes a whole number from 1 to 16, got 'six'");
        assertBad(
                Map.of("families", "h,x"),
                "--families takes a comma-separated list of h, m, l (population >= 100,000, >= 10,000, below), got 'h,x'");
        assertBad(
                Map.of("families", ""),
                "--families takes a comma-separated list of h, m, l (population >= 100,000, >= 10,000, below), got ''");
        assertBad(
                Map.of("bbox", "1,2,3"),
                "--bbox takes minLon,minLat,maxLon,maxLat in degrees (e.g. -10,35,30,60), got '1,2,3'");
        assertBad(
                Map.of("bbox", "a,2,3,4"),
                "--bbox takes minLon,minLat,maxLon,maxLat in degrees (e.g. -10,35,30,60), got 'a,2,3,4'");
        assertBad(
                Map.of("bbox", "0,-95,10,10"),
                "--bbox takes longitudes in [-180, 180] and latitudes in [-90, 90], got '0,-95,10,10'");
        assertBad(
                Map.of("bbox", "170,0,-170,10"),
                "--bbox takes minLon <= maxLon and minLat <= maxLat "
                        + "(a box across the antimeridian is not supported), got '170,0,-170,10'");
        assertBad(Map.of("picture", "map.jpg"), "--picture takes a file name ending in .png or .svg, got 'map.jpg'");
        File notGeoJson = new File(tmp, "not-geo.json");
        Files.writeString(notGeoJson.toPath(), "{\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [\"a\", 1]]]}");
        assertBad(
                Map.of("basemap", notGeoJson.getPath()),
                "--basemap " + notGeoJson.getPath() + ": [\"a\",1] is not a [lon, lat] point");
        File points = new File(tmp, "points.geojson");
        Files.writeString(points.toPath(), "{\"type\": \"Point\", \"coordinates\": [0, 0]}");
        assertBad(
                Map.of("basemap", points.getPath()),
                "--basemap " + points.getPath() + " holds no Polygon, MultiPolygon, LineString or MultiLineString");
        IllegalArgumentException missing = assertThrows(
                IllegalArgumentException.class,
                () -> run(
                        "bad-missing-basemap",
                        OutputKind.AVRO,
                        Map.of("basemap", new File(tmp, "nope.geojson").getPath())));
        assertTrue(
                missing.getMessage()
                        .startsWith("--basemap " + new File(tmp, "nope.geojson").getPath() + " cannot be read"),
                missing.getMessage());
    }

    /**
     * The map is drawn over Natural Earth's land and borders by default, over the user's GeoJSON with --basemap, over
     * nothing with --basemap none; a graticule is labelled; the densest tiles are outlined, numbered and named with
     * their centre, quadkey and count.
     */
    @Test
    void theMapShowsLandBordersAGraticuleAndNamesTheDensestTiles() throws Exception {
        File square = new File(tmp, "square.geojson");
        Files.writeString(
                square.toPath(),
                "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{},"
                        + "\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[-20,-20],[20,-20],[20,20],[-20,20],[-20,-20]]]}},"
                        + "{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[-30,0],[30,0]]}}]}");
        run("world", OutputKind.TSV, Map.of("zoom", "1", "picture", "m.svg"));
        run("own", OutputKind.TSV, Map.of("zoom", "1", "picture", "m.svg", "basemap", square.getPath()));
        run("bare", OutputKind.TSV, Map.of("zoom", "1", "picture", "m.svg", "basemap", "none"));
        String world = Files.readString(new File(tmp, "world/m.svg").toPath());
        String own = Files.readString(new File(tmp, "own/m.svg").toPath());
        String bare = Files.readString(new File(tmp, "bare/m.svg").toPath());
        String land = "fill=\"" + String.format("#%06x", DensityMap.LAND.getRGB() & 0xFFFFFF) + "\"";
        assertEquals(
                Basemap.world().land().size(),
                count(Pattern.compile(Pattern.quote(land)), world),
                "one land path per polygon");
        assertTrue(
                Basemap.world().land().size() > 100 && Basemap.world().lines().size() > 300,
                "Natural Earth's land and borders");
        assertEquals(1, count(Pattern.compile(Pattern.quote(land)), own), "the given GeoJSON's one polygon");
        assertEquals(0, count(Pattern.compile(Pattern.quote(land)), bare));
        for (String svg : List.of(world, own, bare)) {
            for (String label : List.of(">30°N<", ">60°S<", ">0°<", ">90°W<", ">150°E<")) {
                assertTrue(svg.contains(label), "graticule label " + label);
            }
        }
        Map<String, long[]> expected1 = expected(1, "hml", t -> true);
        List<Map.Entry<String, long[]>> byCount = new ArrayList<>(expected1.entrySet());
        byCount.sort(java.util.Comparator.<Map.Entry<String, long[]>>comparingLong(
                        e -> -(e.getValue()[0] + e.getValue()[1] + e.getValue()[2]))
                .thenComparing(Map.Entry::getKey));
        for (int i = 0; i < byCount.size(); i++) { // zoom 1 has four tiles: all named, densest first
            long[] c = byCount.get(i).getValue();
            String named = String.format(java.util.Locale.ROOT, ">%d. ", i + 1);
            int at = world.indexOf(named);
            assertTrue(at > 0, "tile " + (i + 1) + " named");
            String line = world.substring(at, world.indexOf('<', at));
            assertTrue(
                    line.contains("tile " + byCount.get(i).getKey() + ": "
                            + String.format(java.util.Locale.ROOT, "%,d", c[0] + c[1] + c[2]) + " places"),
                    line);
        }
    }

    private static void assertBad(Map<String, String> extra, String message) {
        String out = "bad-" + Math.abs(extra.hashCode());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> run(out, OutputKind.AVRO, extra));
        assertEquals(message, e.getMessage());
        assertFalse(new File(tmp, out).exists(), "nothing was written for " + extra);
    }
}
