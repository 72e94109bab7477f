package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The map page in a real headless Chromium (the system's, {@code dumptruck.chromium}; the {@code browser} profile runs
 * this class when {@code /usr/bin/chromium} exists, and CI installs it): over the demo's tables the page draws the
 * region shapes and places of the tiles in view, fetched from the server, and the autocomplete box lists the top titles
 * for a prefix as {@code query autocomplete} answers them. The screenshot is kept as {@code cli/target/map-page.png}.
 */
class MapPageBrowser {
    @TempDir
    File tmp;

    @Test
    void theMapDrawsTheTilesInViewAndAutocompleteListsTheTopTitles() throws Exception {
        String chromium = System.getProperty("dumptruck.chromium", "/usr/bin/chromium");
        assertTrue(new File(chromium).canExecute(), "Chromium at " + chromium + " (apt-get install chromium)");
        File demo = new File(tmp, "demo");
        CliTest.Run built = CliTest.run(
                "demo", "--output", demo.getPath(), "--samples", new File("../sample-data").getAbsolutePath());
        assertEquals(0, built.code(), built.err());
        QueryCommand.Tables tables =
                new QueryCommand.Tables(new Configuration(), new Path(demo.getAbsolutePath()), Map.of(), System.err);
        try (MapServer server = new MapServer(tables, new InetSocketAddress("127.0.0.1", 0), System.err).start()) {
            String page = "http://127.0.0.1:" + server.port() + "/?lat=38.72&lon=-9.14&z=6&prefix=san";
            String dom = chromium(chromium, "--dump-dom", page);
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
            chromium(chromium, "--screenshot=" + shot.getAbsolutePath(), "--window-size=1280,800", page);
            assertTrue(shot.length() > 10_000, "a screenshot of the map: " + shot + " " + shot.length());
        }
    }

    private String chromium(String chromium, String... args) throws Exception {
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
