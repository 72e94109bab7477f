package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The map page in a real headless Chromium (the system's, {@code dumptruck.chromium}; the {@code browser} profile runs
 * this class when {@code /usr/bin/chromium} exists, and CI installs it), over the demo's tables: the page draws the
 * region shapes and places of every tile in view, fetched from the server, labels places where they fit, and the
 * autocomplete box lists the top titles for a prefix as {@code query autocomplete} answers them; on screenshots, the
 * base map shows land and sea, and a region cut to tiles shows no line along the tiles' seams. Screenshots are kept in
 * {@code cli/target}: {@code map-page.png} (the page), {@code map-regions.png} and {@code map-regions-iceland.png}
 * (regions alone).
 */
class MapPageBrowser {
    /** The page's colours: the base map's (its {@code #map}'s data-sea, data-land) are read from the page itself. */
    private static final int COUNTRY = 0x1f5fa8;

    private static final int ADMIN1 = 0xb0442c;
    /** How far (in any of red, green, blue) two pixels may differ and still be the same colour. */
    private static final int TOLERANCE = 10;

    @TempDir
    static File tmp;

    private static String chromium;
    private static File demo;

    @BeforeAll
    static void demo() {
        chromium = System.getProperty("dumptruck.chromium", "/usr/bin/chromium");
        assertTrue(new File(chromium).canExecute(), "Chromium at " + chromium + " (apt-get install chromium)");
        demo = new File(tmp, "demo");
        CliTest.Run built = CliTest.run(
                "demo", "--output", demo.getPath(), "--samples", new File("../sample-data").getAbsolutePath());
        assertEquals(0, built.code(), built.err());
    }

    @Test
    void theMapDrawsTheTilesInViewAndAutocompleteListsTheTopTitles() throws Exception {
        try (MapServer server = server(demo)) {
            String page = "http://127.0.0.1:" + server.port() + "/?lat=38.72&lon=-9.14&z=6&prefix=san";
            String dom = chromium(1280, 800, "--dump-dom", page);
            Matcher status = Pattern.compile("id=\"status\"[^>]*data-tiles=\"(\\d+)\"[^>]*data-features=\"(\\d+)\""
                            + "[^>]*data-regions=\"(\\d+)\"[^>]*data-places=\"(\\d+)\"")
                    .matcher(dom);
            assertTrue(status.find(), "the page reports what it drew: " + dom);
            int tiles = Integer.parseInt(status.group(1));
            int regions = Integer.parseInt(status.group(3));
            int places = Integer.parseInt(status.group(4));
            assertTrue(tiles > 0 && regions > 0 && places > 0, status.group());
            int paths = count(dom, "<path class=\"leaflet-interactive\"");
            assertTrue(paths >= regions + places, "every shape and place is drawn: " + paths + " paths");

            // labels: most prominent first, where they fit — none overlaps another, and some places go without
            List<int[]> boxes = new ArrayList<>();
            Matcher label = Pattern.compile("data-box=\"(-?[\\d.]+),(-?[\\d.]+),([\\d.]+),([\\d.]+)\">([^<]*)<")
                    .matcher(dom);
            List<String> labelled = new ArrayList<>();
            while (label.find()) {
                int[] b = new int[4];
                for (int i = 0; i < 4; i++) {
                    b[i] = (int) Math.round(Double.parseDouble(label.group(i + 1)));
                }
                for (int[] other : boxes) {
                    assertTrue(
                            b[0] >= other[0] + other[2]
                                    || other[0] >= b[0] + b[2]
                                    || b[1] >= other[1] + other[3]
                                    || other[1] >= b[1] + b[3],
                            "label " + label.group(5) + " overlaps another");
                }
                boxes.add(b);
                labelled.add(label.group(5));
            }
            assertEquals(attribute(dom, "status", "labels"), labelled.size(), "every label counted");
            assertTrue(labelled.size() > 10 && labelled.size() < places, labelled.size() + " labels of " + places);
            assertTrue(
                    labelled.containsAll(List.of("Lisbon", "Madrid")),
                    "the capitals in view are labelled: " + labelled);

            var expected = new ObjectMapper()
                    .readTree(CliTest.run("query", "autocomplete", demo.getPath(), "san", "--json")
                            .out())
                    .get("answer")
                    .get("titles");
            List<String> shown = new ArrayList<>();
            Matcher li = Pattern.compile("<li>([^<]*)</li>").matcher(dom.substring(dom.indexOf("id=\"titles\"")));
            while (li.find() && shown.size() < expected.size()) {
                shown.add(li.group(1).replace("&amp;", "&"));
            }
            List<String> titles = new ArrayList<>();
            expected.forEach(t -> titles.add(t.asText()));
            assertTrue(!titles.isEmpty());
            assertEquals(titles, shown, "the autocomplete box lists the top titles for 'san'");

            File shot = new File("target/map-page.png");
            chromium(1280, 800, "--screenshot=" + shot.getAbsolutePath(), page);
            assertTrue(shot.length() > 10_000, "a screenshot of the map: " + shot + " " + shot.length());
        }
    }

    /** On a large screen (4K) every tile in view is drawn: more than the 64 the page once stopped at. */
    @Test
    void aLargeScreenGetsEveryTileInView() throws Exception {
        try (MapServer server = server(demo)) {
            String dom = chromium(3840, 2160, "--dump-dom", "http://127.0.0.1:" + server.port() + "/?z=6");
            int inView = attribute(dom, "status", "tiles-in-view");
            assertTrue(inView > 64, inView + " tiles in view");
            assertEquals(inView, attribute(dom, "status", "tiles"), "every tile in view answered and drawn");
            assertEquals(0, attribute(dom, "status", "failed"));
        }
    }

    /**
     * Screenshots of the regions alone (a server of {@code tile_bounds} only: no places nor labels over them), each
     * sampled where a user would look: land and sea in the base map's colours; along a tile seam inside a region (zoom
     * 6: mainland Portugal spans tile rows 23 and 24; Iceland columns 28 and 29, rows 16 and 17), the fill and no line;
     * on a region's own edge, its line.
     */
    @Test
    void theBaseMapLiesUnderRegionsDrawnWithoutTileSeams() throws Exception {
        try (MapServer server = server(new File(demo, "geo/tile_bounds"))) {
            Shot portugal = shot(server, "?lat=38.72&lon=-9.14&z=6", "target/map-regions.png");
            assertEquals(6, portugal.zoom);
            int land = portugal.colour("land");
            int sea = portugal.colour("sea");
            assertTrue(distance(land, sea) > 3 * TOLERANCE, hex(land) + " and " + hex(sea) + " tell land from sea");
            assertColour(land, portugal.at(39.5, -4.0), "inland Spain is land");
            assertColour(land, portugal.at(33.0, -5.0), "inland Morocco is land");
            assertColour(sea, portugal.at(38.0, -15.0), "the Atlantic is sea");
            assertColour(sea, portugal.at(36.5, -2.0), "the Mediterranean is sea");

            List<String> seams = new ArrayList<>();
            // mainland Portugal's tiles 6/30/23 and 6/30/24 meet at 40.98° N, from 8.79° W to 6.93° W
            int sampled = portugal.seamless(true, 24, -8.5, -7.2, seams);
            Shot iceland = shot(server, "?lat=65&lon=-19&z=6", "target/map-regions-iceland.png");
            // Iceland's rows 16 and 17 meet at 64.17° N; columns 28 and 29 at 16.875° W
            sampled += iceland.seamless(true, 17, -21.5, -17.3, seams);
            sampled += iceland.seamless(false, 29, 64.4, 66.0, seams);
            assertTrue(sampled > 100, sampled + " pixels along seams");
            assertTrue(
                    seams.isEmpty(),
                    "no line along a tile seam inside a region: " + seams.size() + " of " + sampled
                            + " pixels differ from the fill beside them: "
                            + String.join("; ", seams.subList(0, Math.min(8, seams.size()))));

            assertLine(ADMIN1, portugal, 39.0, -8.95, "the Lisbon district's inland edge");
            assertLine(COUNTRY, iceland, 66.0, -23.05, "Iceland's north-west edge");
        }
    }

    /** A screenshot of the page with the view in {@code query}, and where its map's top left corner is in the world. */
    private Shot shot(MapServer server, String query, String file) throws Exception {
        String page = "http://127.0.0.1:" + server.port() + "/" + query;
        String dom = chromium(1280, 800, "--dump-dom", page);
        File png = new File(file);
        chromium(1280, 800, "--screenshot=" + png.getAbsolutePath(), page);
        return new Shot(
                ImageIO.read(png),
                attribute(dom, "map", "zoom"),
                attribute(dom, "map", "origin-x"),
                attribute(dom, "map", "origin-y"),
                dom);
    }

    /**
     * A screenshot and its map's view: {@code zoom}, and the map's top left corner in pixels of the whole world at that
     * zoom (the page's {@code #map} data-origin-x, -y; Web Mercator, 256 × 2^zoom pixels around).
     */
    private record Shot(BufferedImage image, int zoom, int originX, int originY, String dom) {
        /** The page's colour of {@code name} ({@code #map}'s data-NAME, #rrggbb). */
        int colour(String name) {
            Matcher m = Pattern.compile("id=\"map\"[^>]*data-" + name + "=\"#([0-9a-f]{6})\"")
                    .matcher(dom);
            assertTrue(m.find(), "the page's " + name + " colour");
            return Integer.parseInt(m.group(1), 16);
        }

        double worldX(double lon) {
            return (lon + 180) / 360 * 256 * (1 << zoom);
        }

        double worldY(double lat) {
            double sin = Math.sin(Math.toRadians(lat));
            return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256 * (1 << zoom);
        }

        /** The pixel at world pixel (x, y), as 0xrrggbb. */
        int pixel(double x, double y) {
            return image.getRGB((int) Math.floor(x) - originX, (int) Math.floor(y) - originY) & 0xffffff;
        }

        int at(double lat, double lon) {
            return pixel(worldX(lon), worldY(lat));
        }

        /**
         * Samples the seam of tiles along their edge at tile row (or column) {@code tile} — world pixel 256 × tile,
         * between the pixels before it and after it — from {@code from} to {@code to} (longitudes along a row's edge,
         * latitudes along a column's) every 3 pixels: each of the two pixels astride the seam must have the colour of
         * the pixel 5 further out on its side, and that the colour of the region's fill, not of the land; a pixel that
         * does not is added to {@code failures} (its position in the screenshot, its colour, the fill's). Returns how
         * many pixels it sampled.
         */
        int seamless(boolean row, int tile, double from, double to, List<String> failures) {
            double a = row ? worldX(from) : worldY(from);
            double b = row ? worldX(to) : worldY(to);
            int seam = 256 * tile;
            int land = colour("land");
            int sampled = 0;
            for (double along = Math.min(a, b); along <= Math.max(a, b); along += 3) {
                for (int side : new int[] {-1, 1}) {
                    double near = side < 0 ? seam - 0.5 : seam + 0.5;
                    double beside = near + side * 5;
                    double x = row ? along : near;
                    double y = row ? near : along;
                    int onSeam = pixel(x, y);
                    int fill = row ? pixel(x, beside) : pixel(beside, y);
                    if (distance(onSeam, fill) > TOLERANCE || distance(fill, land) <= TOLERANCE) {
                        failures.add(String.format(
                                "(%d, %d) %s beside %s", (int) x - originX, (int) y - originY, hex(onSeam), hex(fill)));
                    }
                    sampled++;
                }
            }
            return sampled;
        }
    }

    /** A line of {@code rgb} is drawn through (lat, lon): a pixel within 3 of it has that colour, near enough. */
    private static void assertLine(int rgb, Shot shot, double lat, double lon, String what) {
        double x = shot.worldX(lon);
        double y = shot.worldY(lat);
        int nearest = Integer.MAX_VALUE;
        for (int dx = -3; dx <= 3; dx++) {
            for (int dy = -3; dy <= 3; dy++) {
                nearest = Math.min(nearest, distance(rgb, shot.pixel(x + dx, y + dy)));
            }
        }
        assertTrue(nearest <= 60, what + " is drawn in " + hex(rgb) + ": the nearest pixel is " + nearest + " off");
    }

    private static void assertColour(int expected, int actual, String what) {
        assertTrue(distance(expected, actual) <= TOLERANCE, what + ": " + hex(actual) + ", not " + hex(expected));
    }

    /** The largest difference of red, green or blue. */
    private static int distance(int a, int b) {
        int d = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            d = Math.max(d, Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)));
        }
        return d;
    }

    private static String hex(int rgb) {
        return String.format("#%06x", rgb);
    }

    /** A whole-number data attribute ({@code data-NAME}) of the element of id {@code id}. */
    private static int attribute(String dom, String id, String name) {
        Matcher m = Pattern.compile("id=\"" + id + "\"[^>]*data-" + name + "=\"(-?\\d+)\"")
                .matcher(dom);
        assertTrue(m.find(), "#" + id + " data-" + name);
        return Integer.parseInt(m.group(1));
    }

    /** A server of the tables in {@code tables} (the demo's folder of loads, or one table). */
    private static MapServer server(File tables) throws Exception {
        QueryCommand.Tables t =
                new QueryCommand.Tables(new Configuration(), new Path(tables.getAbsolutePath()), Map.of(), System.err);
        return new MapServer(t, new InetSocketAddress("127.0.0.1", 0), System.err).start();
    }

    /**
     * Chromium headless on a screen of width × height. Kiosk on a screen that size: a headless window otherwise lays
     * the page out without its frame (800 tall → 657) and takes the screenshot at the window's size, resized after the
     * page's time is up, before the map could follow.
     */
    private static String chromium(int width, int height, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--kiosk",
                "--screen-info={" + width + "x" + height + "}",
                "--window-size=" + width + "," + height,
                "--user-data-dir=" + Files.createTempDirectory(tmp.toPath(), "chromium"),
                "--virtual-time-budget=20000"));
        command.addAll(List.of(args));
        File out = new File(tmp, "chromium.out");
        Process p = new ProcessBuilder(command)
                .redirectOutput(out)
                .redirectError(new File(tmp, "chromium.err"))
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "Chromium ended");
        String stdout = Files.readString(out.toPath());
        assertEquals(0, p.exitValue(), stdout + Files.readString(new File(tmp, "chromium.err").toPath()));
        return stdout;
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
