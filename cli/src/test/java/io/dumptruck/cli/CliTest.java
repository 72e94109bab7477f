package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.jobs.events.EventRollupConf;
import io.dumptruck.jobs.graphstats.GraphStatsConf;
import io.dumptruck.jobs.journeys.JourneysConf;
import io.dumptruck.jobs.output.DatasetConf;
import io.dumptruck.jobs.tiles.TileDensityConf;
import io.dumptruck.jobs.toppages.TopPagesConf;
import io.dumptruck.loaders.LoaderConf;
import io.dumptruck.loaders.Question;
import io.dumptruck.loaders.events.EventConf;
import io.dumptruck.loaders.jsonspec.SpecConf;
import io.dumptruck.loaders.live.LiveConf;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: the demo, get and scan output, usage and one-line errors. */
class CliTest {
    @TempDir
    static File tmp;

    static String users;
    static String byCity;
    static String demoOutput;

    record Run(int code, String out, String err) {}

    static synchronized Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            int code = Main.run(args, o, e);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
        }
    }

    @BeforeAll
    static void demo() {
        File dir = new File(tmp, "demo");
        Run r = run("demo", "--output", dir.getPath(), "--samples", new File("../sample-data").getAbsolutePath());
        assertEquals(0, r.code(), r.err());
        demoOutput = r.out();
        users = new File(dir, "graph/adjacency").getPath();
        byCity = new File(dir, "titles/title_autocomp").getPath();
    }

    @Test
    void helpConfigListsEveryKeyOfEveryModule() {
        Run r = run("help", "config");
        assertEquals(0, r.code(), r.err());
        List<ConfKey> keys = new ArrayList<>(List.of(FormatConf.values()));
        for (List<ConfKey> own : List.of(
                LoaderConf.ALL,
                LiveConf.ALL,
                SpecConf.ALL,
                EventConf.ALL,
                DatasetConf.ALL,
                JourneysConf.ALL,
                TopPagesConf.ALL,
                GraphStatsConf.ALL,
                TileDensityConf.ALL,
                EventRollupConf.ALL)) {
            keys.addAll(own);
        }
        for (ConfKey k : keys) {
            assertTrue(k.key().startsWith("dumptruck."), k.key());
            assertTrue(r.out().contains(k.key() + " "), "help config lacks " + k.key() + ":\n" + r.out());
        }
        assertTrue(
                r.out().contains("dumptruck.output.file.max.bytes" + " ".repeat(42 - 31 + 1) + "268435456"), r.out());
    }

    /**
     * A scheduler's view of a load: {@code --dry-run} plans without writing, and every load leaves {@code _report.json}
     * whose figures are the summary's (read = loaded + rejected, per table).
     */
    @Test
    void aDryRunPlansWithoutWritingAndEveryLoadLeavesAJsonReport() throws Exception {
        File output = new File(tmp, "reported");
        String events = new File("../sample-data/events").getPath();
        Run plan = run("load", "events", "--input", events, "--output", output.getPath(), "--dry-run");
        assertEquals(0, plan.code(), plan.err());
        assertTrue(
                plan.out().contains("input: 1 file(s), ")
                        && plan.out().contains("table log_data: 16 region(s) (salted split points)")
                        && plan.out()
                                .contains(
                                        "  family d: compression GZ, bloom ROW, encoding FAST_DIFF, block size 65536, VERSIONS 1, TTL forever")
                        && plan.out().contains("reducers: 16 for 16 region(s), one per region"),
                plan.out());
        Run grouped = run(
                "load",
                "-D",
                "dumptruck.output.reducer.input.bytes=1073741824",
                "events",
                "--input",
                events,
                "--output",
                output.getPath(),
                "--dry-run");
        assertTrue(
                grouped.out()
                        .contains("reducers: 1 for 16 region(s), each writing a run of consecutive regions (a reducer "
                                + "per dumptruck.output.reducer.input.bytes of input)"),
                grouped.out());
        assertFalse(output.exists(), "a dry run writes nothing");
        Run load = run("load", "events", "--input", events, "--output", output.getPath(), "--max-reject-ratio", "0.5");
        assertEquals(0, load.code(), load.err());
        assertTrue(load.out().contains("report (JSON): " + new File(output, "_report.json").getPath()), load.out());
        JsonNode report = new ObjectMapper().readTree(new File(output, "_report.json"));
        JsonNode records = report.get("records");
        assertEquals(
                records.get("read").asLong(),
                records.get("loaded").asLong() + records.get("rejected").asLong());
        assertTrue(
                load.out()
                        .contains(String.format(
                                "records: %,d read = %,d loaded + %,d rejected",
                                records.get("read").asLong(),
                                records.get("loaded").asLong(),
                                records.get("rejected").asLong())),
                load.out());
        long byReason = 0;
        for (JsonNode n : records.get("rejectedByReason")) {
            byReason += n.asLong();
        }
        assertEquals(records.get("rejected").asLong(), byReason);
        assertEquals("events", report.get("loader").asText());
        assertTrue(report.get("succeeded").asBoolean() && report.get("failure").isNull());
        JsonNode logData = report.get("tables").get(0);
        assertEquals("log_data", logData.get("name").asText());
        assertEquals(16, logData.get("regions").asInt());
        assertTrue(logData.get("live").isNull());
        assertTrue(
                load.out()
                        .lines()
                        .anyMatch(l ->
                                l.matches("log_data +" + logData.get("files").asLong() + " +"
                                        + logData.get("rows").asLong() + " +"
                                        + logData.get("cells").asLong() + " +"
                                        + logData.get("bytes").asLong())),
                load.out());
        Run again = run("load", "events", "--input", events, "--output", output.getPath(), "--dry-run");
        assertEquals(2, again.code(), "a dry run refuses what the load would: an existing output");
    }

    @Test
    void demoLoadsEverySampleAndAnswersEachQuestion() {
        for (String expected : new String[] {
            "alice follows celebrity",
            "celebrity does not follow alice",
            "followers of celebrity (8)",
            "'san' → (10): San",
            "Lisbon",
            "most requested page: /item/42 (4 requests)",
            "page views of c-7f3a per day, 7 day(s) to 20261121: 7 in all",
            "8.8.8.8 → US",
            "2a00:1450::200e → IE",
            "203.0.113.9 → no block holds this address",
            "from the bucketed layout, in 4 scan(s)",
            "from the host-first layout, in 1 scan(s)",
            "from the hashed layout, in 1 scan(s)",
            "from the numeric layout, in 1 scan(s)",
            "graph/follows",
            "events-numeric/log_types",
            "sessions: 5 records",
            "transitions: 9 records",
            "stats_check: 0 records",
            "top_pages: 3 records",
            "reciprocal_pairs: 14 records",
            "tile_density: 64 records",
            "rollup: 62 records",
            "verdict         balanced"
        }) {
            assertTrue(demoOutput.contains(expected), "demo output lacks '" + expected + "':\n" + demoOutput);
        }
    }

    @Test
    void ddlPrintsCreateStatementsWithTheSplitsUsed() {
        Run r = run("ddl", new File(new File(users).getParentFile().getParentFile(), "events-bucketed").getPath());
        assertEquals(0, r.code(), r.err());
        assertEquals(
                "create 'log_data', {NAME => 'd', VERSIONS => 1, BLOOMFILTER => 'ROW', COMPRESSION => 'GZ', "
                        + "BLOCKSIZE => '65536', DATA_BLOCK_ENCODING => 'FAST_DIFF'}, {SPLITS => [\"\\x01\", \"\\x02\", \"\\x03\"]}\n",
                r.out());
    }

    @Test
    void getPrintsOneRowInShellNotation() {
        Run r = run("get", byCity, "san");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains(" san")
                        && r.out().contains("column=j:, timestamp=" + DemoCommand.TIMESTAMP + ", value=[\"San"),
                r.out());
        assertTrue(r.out().endsWith("1 row(s)\n"), r.out());
    }

    @Test
    void getOfAnAbsentRowPrintsNoRow() {
        Run r = run("get", users, "nobody");
        assertEquals(0, r.code());
        assertTrue(r.out().endsWith("0 row(s)\n"), r.out());
    }

    @Test
    void scanTakesEscapedAndHexKeys() {
        Run shell = run("scan", users, "--prefix", "user00", "--limit", "3");
        assertEquals(0, shell.code(), shell.err());
        assertTrue(shell.out().contains(" user000 "), shell.out());
        assertTrue(shell.out().endsWith("3 row(s)\n"), shell.out());
        Run hex = run("scan", users, "--prefix", "757365723030", "--limit", "3", "--hex"); // "user00"
        assertEquals(0, hex.code(), hex.err());
        assertTrue(hex.out().contains(" 75736572303030 "), hex.out()); // "user000" in hex
        assertEquals(shell.out().lines().count(), hex.out().lines().count());
        Run escaped = run("scan", users, "--prefix", "\\x75ser00", "--limit", "3");
        assertEquals(shell.out(), escaped.out(), "\\x75 is 'u'");
    }

    @Test
    void scanRangeIsStopExclusive() {
        Run r = run("scan", users, "--start", "user010", "--stop", "user013");
        assertEquals(0, r.code(), r.err());
        assertEquals(
                List.of(" user010", " user011", " user012"),
                r.out()
                        .lines()
                        .filter(l -> l.startsWith(" user"))
                        .map(l -> l.substring(0, 8))
                        .distinct()
                        .toList());
    }

    @Test
    void errorsAreOneLineWithNonZeroExit() {
        // a path that is not a table is a command line to fix: exit 2 with the help pointer, as for bad options
        Run missing = run("get", new File(tmp, "nope").getPath(), "x");
        assertEquals(2, missing.code());
        assertTrue(missing.err().startsWith("dumptruck get: no table directory"), missing.err());
        assertTrue(missing.err().endsWith("(see: dumptruck help get)\n"), missing.err());
        assertEquals(1, missing.err().lines().count(), "one line: " + missing.err());

        Run outputDir = run("scan", new File(users).getParent());
        assertEquals(2, outputDir.code());
        assertTrue(outputDir.err().contains("is an output directory, not a table"), outputDir.err());

        Run badKey = run("get", users, "a\\xZZ");
        assertEquals(2, badKey.code());
        assertEquals(1, badKey.err().lines().count(), "one line: " + badKey.err());
        assertTrue(badKey.err().endsWith("(see: dumptruck help get)\n"), badKey.err());
        assertTrue(badKey.err().contains("is not a \\xNN escape"), badKey.err());

        Run badHex = run("get", users, "xyz", "--hex");
        assertEquals(2, badHex.code());
        assertTrue(badHex.err().contains("is not hex"), badHex.err());

        Run unknown = run("scan", users, "--prefx", "a");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith("dumptruck scan: unknown option --prefx"), unknown.err());

        Run both = run("scan", users, "--prefix", "a", "--start", "b");
        assertEquals(2, both.code());

        Run command = run("frobnicate");
        assertEquals(2, command.code());
        assertTrue(command.err().contains("unknown command 'frobnicate'"), command.err());

        Run demoAgain =
                run("demo", "--output", new File(users).getParentFile().getParent(), "--samples", "../sample-data");
        assertEquals(2, demoAgain.code());
        Run notAnAddress = run("query", "ip", new File(users).getParentFile().getParentFile() + "/ipblocks", "1.2.3");
        assertEquals(2, notAnAddress.code());
        assertTrue(notAnAddress.err().contains("is not an IPv4 or IPv6 address"), notAnAddress.err());
        Run wrongDir = run("query", "follows", new File(users).getParentFile().getParentFile() + "/titles", "alice");
        assertEquals(2, wrongDir.code());
        assertTrue(wrongDir.err().contains("has no table follows"), wrongDir.err());
        assertEquals(2, demoAgain.code());
        assertTrue(demoAgain.err().contains("already exists"), demoAgain.err());

        String logs = new File("../sample-data/weblogs").getAbsolutePath();
        File never = new File(tmp, "never-written");
        Run badFold =
                run("load", "-D", "dumptruck.load.fold=maybe", "weblogs", "--input", logs, "--output", never.getPath());
        assertEquals(2, badFold.code(), badFold.err());
        assertTrue(badFold.err().contains("dumptruck.load.fold is 'maybe': give true or false"), badFold.err());
        assertEquals(1, badFold.err().lines().count(), "one line: " + badFold.err());
        for (String[] bad : new String[][] {
            {"dumptruck.output.file.max.bytes=abc", "give a whole number of bytes"},
            {"dumptruck.output.reducer.input.bytes=1g", "give a whole number of bytes"},
            {"dumptruck.output.file.maxbytes=1000", "unknown configuration key dumptruck.output.file.maxbytes"},
            {"dumptruck.load.timestamp=5", "dumptruck.load.timestamp is set by dumptruck itself"}
        }) {
            Run refusedKey = run("load", "-D", bad[0], "weblogs", "--input", logs, "--output", never.getPath());
            assertEquals(2, refusedKey.code(), refusedKey.err());
            assertTrue(refusedKey.err().contains(bad[1]), refusedKey.err());
            assertEquals(1, refusedKey.err().lines().count(), "one line: " + refusedKey.err());
        }
        // generic options may follow the command's own arguments: this -D is read (and its value refused)
        Run lateD = run(
                "load",
                "weblogs",
                "--input",
                logs,
                "-D",
                "dumptruck.output.file.max.bytes=0",
                "--output",
                never.getPath());
        assertEquals(2, lateD.code(), lateD.err());
        assertTrue(lateD.err().contains("dumptruck.output.file.max.bytes is '0'"), lateD.err());
        for (String[] bad : new String[][] {
            {"--records", "9223372036854775807", "--files", "1", "needs more than the"},
            {"--records", "10", "--files", "11", "--files 11 is more than --records 10"},
            {
                "--records",
                "10",
                "--files",
                "99999999999",
                "--files takes a whole number from 1 to 10000, got '99999999999'"
            }
        }) {
            Run generate = run("generate", "graph", bad[0], bad[1], bad[2], bad[3], "--output", never.getPath());
            assertEquals(2, generate.code(), generate.err());
            assertTrue(generate.err().contains(bad[4]), generate.err());
        }
        String geo = new File(tmp, "demo/geo").getPath();
        for (String[] bad : new String[][] {
            {"91", "0", "LAT must be a number of degrees from -90 to 90, got '91'"},
            {"0", "-180.5", "LON must be a number of degrees from -180 to 180, got '-180.5'"},
            {"NaN", "0", "got 'NaN'"}
        }) {
            Run places = run("query", "places", geo, bad[0], bad[1]);
            assertEquals(2, places.code(), places.err());
            assertTrue(places.err().contains(bad[2]), places.err());
        }
        Run regions = run("load", "graph", "--input", logs, "--output", never.getPath(), "--regions", "99999999999");
        assertTrue(
                regions.err().contains("--regions takes a whole number from 1 to 4096, got '99999999999'"),
                regions.err());
        Run dangling = run("load", "weblogs", "--input", logs, "--output", never.getPath(), "-D");
        assertEquals(2, dangling.code(), dangling.err());
        assertTrue(dangling.err().contains("-D needs a value: -D key=value"), dangling.err());
        assertFalse(never.exists(), "nothing written by a refused command line");
        Run noSnapshot = run("scan", "-D", "hbase.rootdir=" + tmp.getAbsolutePath(), "snapshot:nightly");
        assertEquals(2, noSnapshot.code(), noSnapshot.err());
        assertTrue(
                noSnapshot
                        .err()
                        .contains("no snapshot nightly under the HBase root directory " + tmp.getAbsolutePath()
                                + " (hbase.rootdir: set it"),
                noSnapshot.err());
        Run notAName = run("scan", "snapshot:a/b");
        assertEquals(2, notAName.code(), notAName.err());
        assertTrue(notAName.err().contains("is not a snapshot's name"), notAName.err());
        assertFalse(never.exists(), "nothing written");
    }

    /**
     * {@code query} takes one table where it reads one (as it would a snapshot or HBase table directory), must be the
     * table asked for, and takes the second table of a two-table question from --table.
     */
    @Test
    void queryReadsTheOneTableItIsGivenOrTheTablesNamedByTable() {
        File demo = new File(users).getParentFile().getParentFile();
        Run fromOutput = run("query", "follows", new File(demo, "graph").getPath(), "alice");
        Run fromTable = run("query", "follows", new File(demo, "graph/follows").getPath(), "alice");
        assertEquals(0, fromTable.code(), fromTable.err());
        assertTrue(
                fromOutput.out().startsWith("alice follows (")
                        && fromOutput.out().contains("celebrity"),
                fromOutput.out());
        assertEquals(fromOutput.out(), fromTable.out());

        Run otherTable = run("query", "follows", new File(demo, "graph/followed_by").getPath(), "alice");
        assertEquals(2, otherTable.code());
        assertTrue(
                otherTable.err().contains("is table followed_by, not follows: give --table follows=LOCATION"),
                otherTable.err());

        String visits = new File(demo, "weblogs/visits").getPath();
        Run withoutStats = run("query", "visits", visits, "c-7f3a");
        assertEquals(2, withoutStats.code());
        assertTrue(withoutStats.err().contains("--table cookie_stats=LOCATION"), withoutStats.err());
        Run withStats = run(
                "query",
                "visits",
                visits,
                "c-7f3a",
                "--table",
                "cookie_stats=" + new File(demo, "weblogs/cookie_stats").getPath());
        assertEquals(0, withStats.code(), withStats.err());
        assertEquals(
                run("query", "visits", new File(demo, "weblogs").getPath(), "c-7f3a")
                        .out(),
                withStats.out());
        assertTrue(withStats.out().contains("most requested page:"), withStats.out());

        Run numeric = run(
                "query",
                "events",
                new File(demo, "events-numeric/log_data").getPath(),
                "web-01",
                "--event",
                "cpu",
                "--from",
                "1763712000000",
                "--to",
                "1763719200000");
        assertEquals(2, numeric.code());
        assertTrue(
                numeric.err().contains("is table log_data, not log_types: give --table log_types=LOCATION"),
                numeric.err());
        Run numericWithTypes = run(
                "query",
                "events",
                new File(demo, "events-numeric/log_data").getPath(),
                "web-01",
                "--event",
                "cpu",
                "--from",
                "1763712000000",
                "--to",
                "1763719200000",
                "--table",
                "log_types=" + new File(demo, "events-numeric/log_types").getPath());
        assertEquals(0, numericWithTypes.code(), numericWithTypes.err());
        assertTrue(numericWithTypes.out().startsWith("5 event(s) of web-01 cpu"), numericWithTypes.out());
    }

    /**
     * Every question of the catalog answers as one JSON document with the same facts as its text, and counts its reads:
     * the test asks each one (a question without a case here fails it).
     */
    @Test
    void everyQuestionAnswersAsJsonWithTheFactsOfItsTextAndItsReads() throws Exception {
        String b = new File(users).getParentFile().getParentFile().getPath();
        String[][] asked = {
            {"follows", b + "/graph", "alice"},
            {"followers", b + "/graph", "celebrity"},
            {"autocomplete", b + "/titles", "san"},
            {"places", b + "/geo", "38.7223", "-9.1393", "--zoom", "10", "--neighbours"},
            {"visits", b + "/weblogs", "c-7f3a"},
            {"daily", b + "/weblogs", "c-7f3a", "--days", "3", "--to", "20261122"},
            {"ip", b + "/ipblocks", "8.8.8.8"},
            {
                "events",
                b + "/events-hashed",
                "web-01",
                "--event",
                "cpu",
                "--from",
                "1763712000000",
                "--to",
                "1763719200000"
            },
            {"window", b + "/events-bucketed", "--from", "1763712000000", "--to", "1763719200000", "--event", "cpu"},
            {"feature", b + "/geo", "P", "3039154"},
            {"region", b + "/geo", "country", "PT"},
            {"tile", b + "/geo", "9", "243", "196", "--types", "admin1"},
            {"adjacency", b + "/graph", "alice"},
            {"adjacency-ro", b + "/graph", "alice"},
            {"front-page", b + "/blog", "bl"},
            {"entry", b + "/blog", "bl", "20070211100000"},
            {"entries", b + "/blog", "bl", "200702"},
            {"user", b + "/users", "jim", "--password", "correct horse battery staple"}
        };
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (String[] q : asked) {
            names.add(q[0]);
            List<String> argv = new ArrayList<>(List.of("query"));
            argv.addAll(List.of(q));
            Run text = run(argv.toArray(new String[0]));
            assertEquals(0, text.code(), q[0] + ": " + text.err());
            argv.add("--json");
            Run asJson = run(argv.toArray(new String[0]));
            assertEquals(0, asJson.code(), q[0] + ": " + asJson.err());
            var doc = json.readTree(asJson.out());
            assertEquals(q[0], doc.get("question").asText());
            if (!q[2].startsWith("--")) {
                assertEquals(q[2], doc.get("arguments").elements().next().asText(), q[0] + ": the first argument");
            }
            var answer = doc.get("answer");
            var reads = doc.get("reads");
            assertTrue(reads.get("gets").asLong() + reads.get("scans").asLong() > 0, q[0] + " read something");
            String firstLine = text.out().lines().findFirst().orElse("");
            switch (q[0]) {
                case "follows", "followers" -> {
                    var ids = answer.get(q[0]);
                    assertTrue(ids.size() > 0, asJson.out());
                    assertTrue(
                            firstLine.contains(
                                    "(" + ids.size() + "): " + ids.get(0).asText()),
                            firstLine);
                    assertEquals(1, reads.get("scans").asLong(), "one prefix scan");
                    assertEquals(0, reads.get("gets").asLong());
                }
                case "autocomplete" -> {
                    assertTrue(
                            firstLine.startsWith(
                                    "'san' → (" + answer.get("titles").size() + "): "),
                            firstLine);
                    assertEquals(1, reads.get("gets").asLong(), "one get");
                }
                case "places" -> {
                    assertTrue(firstLine.startsWith(answer.get("count").asInt() + " place(s) around"), firstLine);
                    assertEquals(
                            answer.get("places").get(0).get("name").asText(),
                            text.out()
                                    .lines()
                                    .skip(1)
                                    .findFirst()
                                    .map(l -> l.replaceAll("^  tile \\S+  \\[[^]]*\\] ", "")
                                            .split("  ")[0])
                                    .orElse(""));
                    assertEquals(9, reads.get("scans").asLong(), "the tile and its eight neighbours");
                }
                case "visits" -> {
                    assertTrue(firstLine.startsWith(answer.get("views").size() + " page view(s)"), firstLine);
                    assertTrue(
                            text.out()
                                    .contains("most requested page: "
                                            + answer.get("mostRequested")
                                                    .get("path")
                                                    .asText()),
                            text.out());
                }
                case "daily" -> {
                    assertEquals(7, answer.get("total").asLong());
                    assertEquals(3, answer.get("days").size());
                    assertEquals(1, reads.get("gets").asLong(), "one get");
                }
                case "ip" -> assertEquals("8.8.8.8 → " + answer.get("country").asText(), firstLine);
                case "events" -> {
                    assertTrue(firstLine.startsWith(answer.get("count").asInt() + " event(s) of web-01"), firstLine);
                    assertEquals(
                            answer.get("scans").asLong(), reads.get("scans").asLong());
                }
                case "window" -> {
                    assertTrue(firstLine.startsWith(answer.get("count").asInt() + " event(s) of every host, cpu"));
                    int buckets = json.readTree(new File(b + "/events-bucketed/log_data/_spec.json"))
                            .get("regions")
                            .get("count")
                            .asInt();
                    assertTrue(buckets > 1, "the demo's bucketed layout has several buckets");
                    assertEquals(buckets, reads.get("scans").asLong(), "one scan per bucket");
                }
                case "feature" -> { // the input line: 3039154 El Tarter … 42.57952 1.65362 P PPL
                    assertEquals("El Tarter", answer.get("record").get("name").asText());
                    assertEquals(42.57952, answer.get("record").get("latitude").asDouble(), 1e-9);
                    assertEquals(1, reads.get("gets").asLong(), "one get");
                }
                case "region" ->
                    assertEquals( // regions.geojson's properties
                            "Portugal (mainland, simplified)",
                            answer.get("properties").get("name").asText());
                case "tile" -> { // zooms 2-6 were stored: 9/243/196 is served by its parent 6/30/24
                    assertEquals(6, answer.get("servedBy").get("z").asInt());
                    assertEquals(30, answer.get("servedBy").get("x").asInt());
                    assertEquals(24, answer.get("servedBy").get("y").asInt());
                    assertEquals("pt-11", answer.get("regions").get(0).get("id").asText());
                    assertEquals(
                            "admin1", answer.get("regions").get(0).get("type").asText());
                    assertEquals(
                            "MultiPolygon",
                            answer.get("regions")
                                    .get(0)
                                    .get("geometry")
                                    .get("type")
                                    .asText());
                    assertEquals(1, answer.get("regions").size(), "only admin1");
                    assertEquals(4, reads.get("gets").asLong(), "zooms 9, 8, 7 absent, 6 found");
                }
                case "adjacency", "adjacency-ro" -> { // the same list as the tall table's scan
                    var tall = json.readTree(run("query", "follows", b + "/graph", "alice", "--json")
                                    .out())
                            .get("answer")
                            .get("follows");
                    java.util.Set<String> fromTall = new java.util.TreeSet<>();
                    java.util.Set<String> fromRow = new java.util.TreeSet<>();
                    tall.forEach(n -> fromTall.add(n.asText()));
                    answer.get("follows").forEach(n -> fromRow.add(n.asText()));
                    assertEquals(fromTall, fromRow, "the one-row layouts list whom the tall table lists (md5 order)");
                    assertEquals(1, reads.get("gets").asLong(), "one get");
                    assertEquals(0, reads.get("scans").asLong());
                }
                case "front-page", "entries" -> { // blog.csv: one bl entry, created 2007-02-11 10:00:00
                    assertEquals(
                            "20070211100000",
                            answer.get("entries").get(0).get("created").asText());
                    assertEquals(
                            "HBase, a first look",
                            answer.get("entries").get(0).get("title").asText());
                    assertEquals(1, reads.get("scans").asLong(), "one scan");
                }
                case "entry" -> {
                    assertEquals(
                            "Final text; it says \"sorted map of maps\".",
                            answer.get("text").asText());
                    assertEquals(
                            "20070213110203",
                            answer.get("comments").get(0).get("at").asText());
                    assertEquals(
                            "ann", answer.get("comments").get(0).get("author").asText());
                    assertEquals(
                            "20070214074500",
                            answer.get("comments").get(1).get("at").asText());
                }
                case "user" -> {
                    assertEquals("Jim Kellerman", answer.get("name").asText());
                    assertTrue(answer.get("passwordMatches").asBoolean());
                    assertEquals(
                            "(secret)", doc.get("arguments").get("password").asText(), "never echoed");
                    Run wrong = run("query", "user", b + "/users", "jim", "--password", "x");
                    assertTrue(wrong.out().contains("password does not match"), wrong.out());
                }
                default -> throw new AssertionError("no case for " + q[0]);
            }
            argv.set(argv.size() - 1, "--reads");
            Run withReads = run(argv.toArray(new String[0]));
            List<String> lines = withReads.out().lines().toList();
            assertEquals(text.out().lines().toList(), lines.subList(0, lines.size() - 1));
            assertEquals(
                    "reads: " + reads.get("gets").asLong() + " get(s), "
                            + reads.get("scans").asLong() + " scan(s), "
                            + reads.get("rows").asLong() + " row(s), "
                            + reads.get("cells").asLong() + " cell(s) read",
                    lines.get(lines.size() - 1));
        }
        assertEquals(
                new java.util.TreeSet<>(
                        io.dumptruck.loaders.LoaderCatalog.questions().keySet()),
                names);
        for (String name : names) {
            assertTrue(demoOutput.contains("$ dumptruck query " + name + " "), "the demo asks " + name);
        }
        assertTrue(demoOutput.contains("bin/dumptruck serve "), "the demo ends with the command that serves the map");
        String doc = java.nio.file.Files.readString(new File("../docs/questions.md").toPath());
        String help = run("help", "query").out();
        for (String name : names) {
            assertTrue(doc.contains("### `" + name + "`"), "docs/questions.md has a section for " + name);
            assertTrue(help.contains("  " + name + " "), "help query lists " + name + ": " + help);
            Matcher example = Pattern.compile("Example \\(the demo asks it[^)]*\\): `dumptruck (query "
                            + Pattern.quote(name) + " DEMO/[^`]*)`")
                    .matcher(doc);
            assertTrue(example.find(), "docs/questions.md gives an example of " + name);
            String demoAsks = "$ dumptruck " + example.group(1).replace("DEMO", b) + "\n";
            assertTrue(demoOutput.contains(demoAsks), "the demo asks " + name + "'s documented example: " + demoAsks);
            Question q = io.dumptruck.loaders.LoaderCatalog.questions().get(name);
            if (q.listing() != null) {
                assertTrue(
                        doc.contains("| " + q.listing().order() + " |"),
                        "questions.md states " + name + "'s order as the question does: "
                                + q.listing().order());
            }
        }
        Run unknown = run("query", "nonsense", b);
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("unknown question 'nonsense'; questions: follows, followers"), unknown.err());
        Run badOption = run("query", "follows", b + "/graph", "alice", "--zoom", "3");
        assertEquals(2, badOption.code(), "--zoom is the places question's: " + badOption.out());
        for (String[] twice : List.of(
                new String[] {"follows", b + "/graph", "alice", "--limit", "3", "--limit", "5"},
                new String[] {"places", b + "/geo", "38.7", "-9.1", "--zoom", "3", "--zoom=4"},
                new String[] {"places", b + "/geo", "38.7", "-9.1", "--neighbours", "--neighbours"})) {
            List<String> argv = new ArrayList<>(List.of("query"));
            argv.addAll(List.of(twice));
            Run repeated = run(argv.toArray(String[]::new));
            assertEquals(2, repeated.code(), "an option given twice is refused, not the last one taken: " + argv);
            assertTrue(repeated.err().contains("is given 2 times; give it once"), repeated.err());
            assertEquals(1, repeated.err().lines().count(), repeated.err());
        }
        Run tooMany = run("query", "ip", b + "/ipblocks", "8.8.8.8", "9.9.9.9");
        assertEquals(2, tooMany.code());
        assertTrue(tooMany.err().contains("ip takes ADDRESS after the tables, got 2 argument(s)"), tooMany.err());
    }

    /**
     * The map server over the demo's folder of loads: the page, its bundled Leaflet and base map, tiles as GeoJSON (a
     * stored tile, one served by its first stored parent and cut to the tile asked for, types as families), the
     * questions as the JSON of {@code query --json}, cache headers, and bad requests answered 4xx in one line of JSON.
     */
    @Test
    void theMapServerAnswersTilesQuestionsAndBadRequests() throws Exception {
        File demo = new File(users).getParentFile().getParentFile();
        org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
        QueryCommand.Tables tables = new QueryCommand.Tables(
                conf, new org.apache.hadoop.fs.Path(demo.getAbsolutePath()), java.util.Map.of(), System.err);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        try (MapServer server =
                new MapServer(tables, new java.net.InetSocketAddress("127.0.0.1", 0), System.err).start()) {
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            java.util.function.Function<String, java.net.http.HttpResponse<String>> get = path -> {
                try {
                    return http.send(
                            java.net.http.HttpRequest.newBuilder(
                                            java.net.URI.create("http://127.0.0.1:" + server.port() + path))
                                    .build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            };
            var page = get.apply("/");
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("/lib/leaflet.js"), page.body());
            var leaflet = get.apply("/lib/leaflet.js");
            assertEquals(200, leaflet.statusCode());
            assertTrue(leaflet.body().contains("Leaflet"), "the bundled Leaflet");
            assertEquals(
                    "public, max-age=3600",
                    leaflet.headers().firstValue("Cache-Control").orElse(""));
            var world = get.apply("/lib/world.json");
            assertEquals(200, world.statusCode());
            assertEquals(
                    "application/geo+json; charset=utf-8",
                    world.headers().firstValue("Content-Type").orElse(""));
            assertEquals(
                    "public, max-age=3600",
                    world.headers().firstValue("Cache-Control").orElse(""));
            try (var in = getClass().getClassLoader().getResourceAsStream(PageFiles.WORLD)) {
                assertEquals(
                        new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                        world.body(),
                        "the base map is the jobs module's, as it is");
            }
            java.util.Set<String> kinds = new java.util.TreeSet<>();
            json.readTree(world.body())
                    .get("features")
                    .forEach(f -> kinds.add(f.get("properties").get("kind").asText()));
            assertEquals(java.util.Set.of("border", "land"), kinds);

            var stored = json.readTree(get.apply("/tiles/6/30/24.json").body());
            assertEquals("FeatureCollection", stored.get("type").asText());
            assertEquals(6, stored.get("servedBy").get("z").asInt());
            java.util.Set<String> regions = new java.util.TreeSet<>();
            int places = 0;
            for (var f : stored.get("features")) {
                if (f.get("properties").get("kind").asText().equals("region")) {
                    regions.add(f.get("properties").get("id").asText());
                } else {
                    places++;
                    double lon = f.get("geometry").get("coordinates").get(0).asDouble();
                    double lat = f.get("geometry").get("coordinates").get(1).asDouble();
                    double[] box = io.dumptruck.formats.rowkey.TileClip.bounds(30, 24, 6);
                    assertTrue(lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3], "in the tile: " + f);
                }
            }
            assertEquals(java.util.Set.of("pt", "pt-11"), regions);
            assertEquals(stored.get("places").asInt(), places, "every place of the tile (under the cap)");
            assertTrue(places > 0);

            var fallback = get.apply("/tiles/9/243/196.json?types=admin1");
            assertEquals(200, fallback.statusCode());
            assertEquals(
                    "public, max-age=3600",
                    fallback.headers().firstValue("Cache-Control").orElse(""));
            var parent = json.readTree(fallback.body());
            assertEquals(6, parent.get("servedBy").get("z").asInt(), "zoom 9 is answered by its stored parent");
            double[] box = io.dumptruck.formats.rowkey.TileClip.bounds(243, 196, 9);
            int shapes = 0;
            for (var f : parent.get("features")) {
                if (!f.get("properties").get("kind").asText().equals("region")) {
                    continue;
                }
                shapes++;
                assertEquals("admin1", f.get("properties").get("type").asText());
                for (var polygon : f.get("geometry").get("coordinates")) {
                    for (var ring : polygon) {
                        for (var p : ring) {
                            assertTrue(
                                    p.get(0).asDouble() >= box[0] - 1e-6
                                            && p.get(0).asDouble() <= box[2] + 1e-6
                                            && p.get(1).asDouble() >= box[1] - 1e-6
                                            && p.get(1).asDouble() <= box[3] + 1e-6,
                                    "cut to the tile asked for: " + p);
                        }
                    }
                }
            }
            assertEquals(1, shapes, fallback.body());

            var titles = json.readTree(
                    get.apply("/questions/autocomplete?PREFIX=san").body());
            var viaCli = json.readTree(run("query", "autocomplete", demo + "/titles", "san", "--json")
                    .out());
            assertEquals(viaCli.get("answer"), titles.get("answer"));
            assertEquals(viaCli.get("reads"), titles.get("reads"));
            var again = json.readTree(
                    get.apply("/questions/autocomplete?PREFIX=san").body());
            assertEquals(viaCli.get("reads"), again.get("reads"), "each answer counts its own reads");
            var listed = json.readTree(get.apply("/questions").body());
            assertEquals(
                    io.dumptruck.loaders.LoaderCatalog.questions().size(),
                    listed.get("questions").size());

            String[][] refused = {
                {"/tiles/3/9/0.json", "404", "out of range"},
                {"/tiles/17/0/0.json", "404", "out of range"},
                {"/tiles/6/30/24.json?types=planet", "400", "unknown region type 'planet'"},
                {"/questions/nope", "404", "unknown question 'nope'"},
                {"/questions/ip", "400", "ip takes ADDRESS"},
                {"/questions/ip?ADDRESS=1.2.3", "400", "is not an IPv4 or IPv6 address"},
                {"/questions/follows?USER=alice&zoom=3", "400", "follows takes no 'zoom'"},
                {"/etc/passwd", "404", "no such path"},
                {"/questions/user?LOGIN=jim&password=x", "400", "is not taken over HTTP"},
                {"/questions/places?LAT=38.7&LON=-9.1&neighbours=maybe", "400", "is a flag"},
                {"/lib/../../etc/passwd", "404", "no such path"},
                {"/tiles/2/1/1.json?x=" + "a".repeat(100_000), "400", "at most 4096 are taken"},
                {"/tiles/2/1/1.json?x=1", "400", "takes no 'x'; it takes types, region"},
                {"/tiles/2/1/1.json?types=country&types=admin1", "400", "'types' is given twice"},
                {"/questions/ip?ADDRESS=" + "1".repeat(2000), "400", "at most 1024 are taken"},
                {"/?zoom=3", "400", "/ takes no 'zoom'"},
                {"/questions?all=1", "400", "/questions takes no 'all': it takes no parameter"},
                {"/lib/leaflet.js?v=2", "400", "takes no 'v'"},
                {"/lib/world.json?z=3", "400", "/lib/world.json takes no 'z': it takes no parameter"},
                {"/lib/world.json?z=3&z=4", "400", "'z' is given twice"},
                {"/lib/world.geojson", "404", "no such path"},
            };
            for (String[] r : refused) {
                var response = get.apply(r[0]);
                assertEquals(Integer.parseInt(r[1]), response.statusCode(), r[0] + ": " + response.body());
                assertTrue(
                        response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
                var error = json.readTree(response.body()).get("error").asText();
                assertTrue(error.contains(r[2]), r[0] + ": " + error);
                assertEquals(1, response.body().lines().count(), r[0]);
            }
            var post = http.send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + server.port() + "/"))
                            .POST(java.net.http.HttpRequest.BodyPublishers.noBody())
                            .build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(405, post.statusCode());
        }
    }

    /**
     * The four event layouts answer the same questions the same way (the hashed and numeric ones only with an event
     * type, their keys holding no names): a host's events, of one type or all, and every host's events in a window.
     */
    @Test
    void theFourEventLayoutsAnswerTheSameQuestionsTheSameWay() throws Exception {
        String b = new File(users).getParentFile().getParentFile().getPath();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        String[] window = {"--from", "1763712000000", "--to", "1763719200000", "--limit", "100000", "--json"};
        String[][] questions = {
            {"events", "web-01", "--event", "cpu"},
            {"events", "web-02", "--event", "mem"},
            {"events", "web-01"},
            {"window", "--event", "cpu"},
            {"window"}
        };
        for (String[] q : questions) {
            String answers = null;
            for (String layout : List.of("bucketed", "host-first", "hashed", "numeric")) {
                boolean needsEvent = q[0].equals("events") && q.length == 2;
                if (needsEvent && (layout.equals("hashed") || layout.equals("numeric"))) {
                    continue;
                }
                List<String> argv = new ArrayList<>(List.of("query", q[0], b + "/events-" + layout));
                argv.addAll(List.of(q).subList(1, q.length));
                argv.addAll(List.of(window));
                Run r = run(argv.toArray(new String[0]));
                assertEquals(0, r.code(), layout + " " + List.of(q) + ": " + r.err());
                String events =
                        json.readTree(r.out()).get("answer").get("events").toString();
                assertTrue(events.length() > 2, layout + " " + List.of(q) + " found events");
                if (answers == null) {
                    answers = events;
                } else {
                    assertEquals(answers, events, layout + " answers " + List.of(q) + " as bucketed does");
                }
            }
        }
    }

    /** The per-day counts: a window that ends where asked, and a day that is not a date refused in one line. */
    @Test
    void dailyViewsEndWhereAskedAndABadDayIsRefused() {
        String weblogs = new File(new File(users).getParentFile().getParentFile(), "weblogs").getPath();
        Run three = run("query", "daily", weblogs, "c-7f3a", "--days", "3", "--to", "20261122");
        assertEquals(0, three.code(), three.err());
        assertEquals(
                List.of(
                        "page views of c-7f3a per day, 3 day(s) to 20261122: 7 in all",
                        "  20261120  0",
                        "  20261121  7",
                        "  20261122  0"),
                three.out().lines().toList());
        Run nobody = run("query", "daily", weblogs, "nobody");
        assertEquals("no daily counts for nobody", nobody.out().trim());
        Run bad = run("query", "daily", weblogs, "c-7f3a", "--to", "2026-11-21");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--to: day '2026-11-21' is not yyyyMMdd"), bad.err());
    }

    @Test
    void keysThatLookLikeOptionsOrHelpAreKeys() {
        Run help = run("get", users, "help");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().endsWith("0 row(s)\n"), "'help' as a row key is looked up: " + help.out());
        Run dashes = run("get", users, "--", "--x");
        assertEquals(0, dashes.code(), dashes.err());
        assertTrue(dashes.out().endsWith("0 row(s)\n"), dashes.out());
    }

    @Test
    void badReadOptionsAreUsageErrors() {
        Run family = run("get", users, "user001", "--families", "nosuch");
        assertEquals(2, family.code());
        assertTrue(family.err().contains("has no family 'nosuch' (families: l)"), family.err());
        Run range = run("scan", users, "--start", "z", "--stop", "a");
        assertEquals(2, range.code());
        assertTrue(range.err().contains("is after stop row"), range.err());
        Run time = run("scan", users, "--time-range", "1,2,3");
        assertEquals(2, time.code());
        assertTrue(time.err().contains("--time-range takes T1,T2"), time.err());
        Run emptyTime = run("scan", users, "--time-range", "5,5");
        assertEquals(2, emptyTime.code());
        assertTrue(emptyTime.err().contains("time range [5, 5) is empty"), emptyTime.err());
    }

    /** Half a keytab login, or a keytab that is not there, is refused before Kerberos is switched on in the JVM. */
    @Test
    void aKeytabLoginNeedsBothKeysAndAReadableKeytab() {
        String kerberos = "hadoop.security.authentication=kerberos";
        Run half = run("ledger", "-D", kerberos, "-D", "hbase.client.keytab.principal=alice@EXAMPLE.COM");
        assertEquals(2, half.code(), half.err());
        assertTrue(
                half.err().contains("give both hbase.client.keytab.principal and hbase.client.keytab.file"),
                half.err());
        Run missing = run(
                "ledger",
                "-D",
                kerberos,
                "-D",
                "hbase.client.keytab.principal=alice@EXAMPLE.COM",
                "-D",
                "hbase.client.keytab.file=/nonexistent/alice.keytab");
        assertEquals(2, missing.code(), missing.err());
        assertTrue(missing.err().contains("/nonexistent/alice.keytab is not a file this user can read"), missing.err());
        Run bogus = run("version", "-D", "hadoop.security.authentication=kerbros");
        assertEquals(2, bogus.code(), bogus.err());
        assertTrue(
                bogus.err().contains("hadoop.security.authentication is 'kerbros': give simple or kerberos"),
                bogus.err());
        assertFalse(org.apache.hadoop.security.UserGroupInformation.isSecurityEnabled(), "the JVM stays unsecured");
    }

    /** {@code version} names the versions the build wrote and the HFile format; {@code --json} the same fields. */
    @Test
    void versionPrintsWhatTheJarWasBuiltWith() throws Exception {
        Run text = run("version");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("HFile format version 3"), text.out());
        Run json = run("version", "--json");
        assertEquals(0, json.code(), json.err());
        var o = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
        assertEquals(
                org.apache.hadoop.util.VersionInfo.getVersion(),
                o.get("hadoopBuiltWith").asText());
        assertEquals(
                org.apache.hadoop.hbase.util.VersionInfo.getVersion(),
                o.get("hbaseBuiltWith").asText());
        assertEquals(3, o.get("hfileFormatVersion").asInt());
        assertEquals(2, run("version", "extra").code());
    }

    /** ImportTsv's own arguments give a spec the loader takes; what ImportTsv would refuse is refused here too. */
    @Test
    void specFromImportTsvPrintsALoadableSpecAndRefusesWhatImportTsvRefuses() {
        Run spec = run("spec", "from-importtsv", "-Dimporttsv.columns=HBASE_ROW_KEY,d:a,HBASE_TS_KEY,m", "ns:t", "/in");
        assertEquals(0, spec.code(), spec.err());
        assertTrue(spec.out().contains("\"quoting\" : \"none\""), spec.out());
        assertTrue(
                spec.err().contains("dumptruck load spec --spec t.json --input /in --output DIR --live --namespace ns"),
                spec.err());
        assertTrue(spec.err().contains("dumptruck bulkload DIR"), spec.err());
        Run bulk = run(
                "spec", "from-importtsv", "-Dimporttsv.columns=HBASE_ROW_KEY,d:a", "-Dimporttsv.bulk.output=/o", "t");
        assertTrue(
                bulk.err().contains("--output /o --live") && bulk.err().contains("dumptruck bulkload /o"), bulk.err());
        String[][] refused = {
            {"-Dimporttsv.columns=d:a", "t", "HBASE_ROW_KEY exactly once"},
            {"-Dimporttsv.columns=HBASE_ROW_KEY,d:a,d:a", "t", "names 'd:a' twice"},
            {"-Dimporttsv.columns=HBASE_ROW_KEY", "t", "needs a family:qualifier column"},
            {"-Dimporttsv.columns=HBASE_ROW_KEY,:a", "t", "has no family"},
            {"-Dimporttsv.separator=ab", "t", "importtsv.separator takes one byte"},
        };
        for (String[] r : refused) {
            Run bad = r[0].contains("separator")
                    ? run("spec", "from-importtsv", "-Dimporttsv.columns=HBASE_ROW_KEY,d:a", r[0], r[1])
                    : run("spec", "from-importtsv", r[0], r[1]);
            assertEquals(2, bad.code(), r[0] + ": " + bad.err());
            assertTrue(bad.err().contains(r[2]), r[0] + ": " + bad.err());
        }
        assertEquals(2, run("spec", "to-importtsv").code());
    }

    /**
     * What ImportTsv would do otherwise is refused in one line, exit 2, naming the setting; a dry run is a dry run; a
     * setting given twice is read as Hadoop reads it, the last one; a harmless one is noted.
     */
    @Test
    void specFromImportTsvTranslatesOrRefusesEverySetting() throws IOException {
        String columns = "-Dimporttsv.columns=HBASE_ROW_KEY,d:a";
        String[][] refused = {
            {"-Dimporttsv.mapper.class=com.example.MyMapper", "importtsv.mapper.class=com.example.MyMapper"},
            {"-Dimporttsv.dry.run=yes", "importtsv.dry.run takes true or false, got 'yes'"},
            {"-Dimporttsv.separator=§", "importtsv.separator takes one byte"},
            {"-Dimporttsv.separator=😀", "is 4 bytes in UTF-8"},
            {"-Dimporttsv.separator=\\t", "a backslash and a t"},
            {"-Dimporttsv.timestamp=yesterday", "importtsv.timestamp takes a whole number, got 'yesterday'"},
            {"-Dimporttsv.skip.bad.lines=flase", "importtsv.skip.bad.lines takes true or false"},
            {"-Dimporttsv.skipbadlines=false", "importtsv.skipbadlines is not a setting ImportTsv reads"},
            {"-Dimporttsv.skip.empty.columns=false", "the spec loader never writes"},
            {"-Dcreate.table=yes", "create.table=yes"},
            {"-Dno.strict=true", "no.strict=true"},
            {"-Dputsortreducer.row.threshold=1G", "putsortreducer.row.threshold takes a whole number"},
            {"-Dimporttsv.columns=HBASE_ROW_KEY,d:a,HBASE_CELL_VISIBILITY", "HBASE_CELL_VISIBILITY in importtsv.columns"
            },
        };
        for (String[] r : refused) {
            Run bad = run("spec", "from-importtsv", columns, r[0], "-Dimporttsv.bulk.output=/o", "t", "/in");
            assertEquals(2, bad.code(), r[0] + ": " + bad.err());
            assertEquals(1, bad.err().lines().count(), "one line: " + bad.err());
            assertTrue(bad.err().contains(r[1]), r[0] + ": " + bad.err());
            assertEquals("", bad.out(), "no spec printed");
        }

        Run dry = run("spec", "from-importtsv", columns, "-Dimporttsv.dry.run=TRUE", "t", "/in");
        assertEquals(0, dry.code(), dry.err());
        assertTrue(dry.err().contains("--output DIR --live --dry-run"), dry.err());
        assertFalse(dry.err().contains("dumptruck bulkload"), "a dry run writes nothing to bulk-load: " + dry.err());

        String[][] twice = {{"§", "|"}, {"|", "§"}};
        for (String[] pair : twice) {
            String[] args = {"-Dimporttsv.separator=" + pair[0], "-Dimporttsv.separator=" + pair[1]};
            Configuration hadoop = new Configuration(false);
            new GenericOptionsParser(hadoop, args);
            Run r = run("spec", "from-importtsv", columns, args[0], args[1], "t");
            assertEquals(hadoop.get("importtsv.separator").equals("|") ? 0 : 2, r.code(), r.err());
        }

        Run noted = run(
                "spec",
                "from-importtsv",
                columns,
                "-Dmapreduce.job.name=nightly",
                "-Dimporttsv.log.bad.lines=true",
                "-Dimporttsv.bulk.output=/staging/my out",
                "-Dimporttsv.timestamp=1700000000",
                "t",
                "/in");
        assertEquals(0, noted.code(), noted.err());
        assertTrue(noted.err().contains("note: mapreduce.job.name is not carried"), noted.err());
        assertTrue(noted.err().contains("note: importtsv.log.bad.lines is not carried"), noted.err());
        assertFalse(noted.err().contains("io.serializations"), "a Hadoop default is no setting given: " + noted.err());
        assertTrue(
                noted.err().contains("--output '/staging/my out' --live --timestamp 1700000000 --any-timestamp")
                        && noted.err().contains("dumptruck bulkload '/staging/my out'"),
                noted.err());
        assertTrue(noted.err().contains("importtsv.timestamp=1700000000 is 1970-01-20"), noted.err());
    }

    @Test
    void helpListsCommandsAndTheirOptions() {
        Run help = run("help");
        assertEquals(0, help.code());
        for (String c : Main.COMMANDS.keySet()) {
            assertTrue(help.out().contains("  " + c + " "), help.out());
        }
        Run scanHelp = run("scan", "--help");
        assertEquals(0, scanHelp.code());
        assertTrue(scanHelp.out().contains("--prefix P"), scanHelp.out());
        assertEquals(2, run().code(), "no command at all is a usage error");
    }

    @Test
    void loadRefusesAnExistingOutputOrAMissingInputAsUsage() {
        String tables = new File(users).getParentFile().getParent();
        String logs = new File("../sample-data/weblogs").getAbsolutePath();
        Run exists = run("load", "weblogs", "--input", logs, "--output", tables + "/graph");
        assertEquals(2, exists.code(), exists.err());
        assertTrue(
                exists.err().contains("already exists") && exists.err().endsWith("(see: dumptruck help load)\n"),
                exists.err());
        String out = new File(tmp, "load-out").getPath();
        Run missing = run("load", "weblogs", "--input", new File(tmp, "no-such-logs").getPath(), "--output", out);
        assertEquals(2, missing.code(), missing.err());
        assertTrue(missing.err().contains("matches no file"), missing.err());
        for (Run r : List.of(exists, missing)) {
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        }
        assertFalse(new File(out).exists(), "nothing was written");
    }

    @Test
    void outputsThatCannotBeCreatedAndNamesTooLongAreRefusedBeforeAnyTask() throws Exception {
        String logs = new File("../sample-data/weblogs").getAbsolutePath();
        File aFile = new File(tmp, "a-file");
        java.nio.file.Files.writeString(aFile.toPath(), "not a directory");
        for (String out : List.of(new File(aFile, "out").getPath(), new File(tmp, "o".repeat(300)).getPath())) {
            Run r = run("load", "weblogs", "--input", logs, "--output", out);
            assertEquals(2, r.code(), r.err());
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
            assertTrue(r.err().contains("cannot create output directory"), r.err());
            Run job = run(
                    "run",
                    "journeys",
                    "--tables",
                    new File(users).getParentFile().getParent() + "/weblogs",
                    "--output",
                    out);
            assertEquals(2, job.code(), job.err());
            assertEquals(1, job.err().lines().count(), "one line: " + job.err());
        }
        File spec = new File(tmp, "long-names.json");
        java.nio.file.Files.writeString(
                spec.toPath(),
                "{\"input\": {\"format\": \"csv\", \"header\": true}, \"tables\": [{\"name\": \""
                        + "t".repeat(256)
                        + "\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"login\"}],"
                        + " \"cells\": [{\"column\": \"f:name\", \"field\": \"name\"}]}]}");
        String out = new File(tmp, "long-names-out").getPath();
        Run longName = run(
                "load",
                "spec",
                "--spec",
                spec.getPath(),
                "--input",
                new File("../sample-data/spec/users").getAbsolutePath(),
                "--output",
                out);
        assertEquals(2, longName.code(), longName.err());
        assertEquals(1, longName.err().lines().count(), "one line: " + longName.err());
        assertTrue(longName.err().contains("at most 255"), longName.err());
        assertFalse(new File(out).exists(), "nothing was written");
    }

    /** A comma inside a glob's braces belongs to the glob; an error never echoes a control character of the input. */
    @Test
    void globsKeepTheirCommasAndErrorsShowControlCharactersEscaped() throws Exception {
        File a = new File(tmp, "globs/a");
        File b = new File(tmp, "globs/b");
        a.mkdirs();
        b.mkdirs();
        java.nio.file.Files.writeString(new File(a, "1.tsv").toPath(), "x\ty\t1000\n");
        java.nio.file.Files.writeString(new File(b, "2.tsv").toPath(), "y\tz\t1000\n");
        java.nio.file.Files.writeString(new File(b, "3.csv").toPath(), "z\tx\t1000\n");
        String glob = new File(tmp, "globs").getPath() + "/{a,b}/*.{tsv,csv}";
        Run r = run(
                "load", "graph", "--input", glob + "," + a.getPath(), "--output", new File(tmp, "globs-out").getPath());
        assertEquals(0, r.code(), r.err());
        // the glob's three files, and a/1.tsv once more by its directory: a file two inputs name is read once
        assertTrue(r.out().contains("(3 input files)") && r.out().contains("records: 3 read = 3 loaded"), r.out());

        Run bad = run(
                "load",
                "graph",
                "--input",
                new File(tmp, "no\nsuch\u001b[31m").getPath(),
                "--output",
                new File(tmp, "x").getPath());
        assertEquals(2, bad.code(), bad.err());
        assertEquals(1, bad.err().lines().count(), bad.err());
        assertTrue(
                bad.err().contains("no\\x0Asuch\\x1B[31m") && bad.err().chars().noneMatch(c -> c == 0x1b), bad.err());
    }

    @Test
    void runChecksEverythingBeforeAnyTaskAndSaysWhatToDo() {
        String tables = new File(users).getParentFile().getParent();
        String out = new File(tmp, "run-out").getPath();
        Run unknown = run("run", "page-rank", "--tables", tables + "/weblogs", "--output", out);
        assertEquals(2, unknown.code());
        assertTrue(
                unknown.err()
                        .contains(
                                "unknown job 'page-rank'; jobs: journeys, top-pages, graph-stats, tile-density, event-rollup"),
                unknown.err());
        Run wrongTables = run("run", "journeys", "--tables", tables + "/graph", "--output", out);
        assertEquals(2, wrongTables.code());
        assertTrue(
                wrongTables
                        .err()
                        .contains(
                                "no table 'visits' under " + tables + "/graph: load it first (dumptruck load weblogs"),
                wrongTables.err());
        Run exists = run("run", "journeys", "--tables", tables + "/weblogs", "--output", tables + "/graph");
        assertEquals(2, exists.code());
        assertTrue(exists.err().contains("already exists: give a new --output directory"), exists.err());
        Run format = run("run", "journeys", "--tables", tables + "/weblogs", "--output", out, "--format", "orc");
        assertEquals(2, format.code());
        assertTrue(format.err().contains("--format must be one of parquet, avro, tsv, got 'orc'"), format.err());
        Run top = run("run", "top-pages", "--tables", tables + "/weblogs", "--output", out, "--top", "0");
        assertEquals(2, top.code());
        assertTrue(top.err().contains("--top"), top.err());
        Run option = run("run", "journeys", "--tables", tables + "/weblogs", "--output", out, "--zoom", "3");
        assertEquals(2, option.code());
        assertTrue(option.err().contains("unknown option --zoom"), option.err());
        Run inside = run("run", "journeys", "--tables", tables + "/weblogs", "--output", tables + "/weblogs/visits/x");
        assertEquals(2, inside.code());
        assertTrue(
                inside.err()
                        .contains("lies inside " + tables
                                + "/weblogs: the output directory would join the tables the job reads"),
                inside.err());
        assertFalse(new File(tables + "/weblogs/visits/x").exists());
        Run picture = run("inspect", users, "--picture", users + "/l/sizes.png");
        assertEquals(2, picture.code());
        assertTrue(
                picture.err().contains("readers would take the picture for one of the table's files"), picture.err());
        assertFalse(new File(users + "/l/sizes.png").exists());
        Run loadInside = run("load", "graph", "--input", tables + "/graph", "--output", tables + "/graph/again");
        assertEquals(2, loadInside.code());
        assertTrue(
                loadInside.err().contains("would be read as input by the next load of that input"), loadInside.err());
        for (Run r : List.of(unknown, wrongTables, exists, format, top, option, inside, picture, loadInside)) {
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        }
        assertFalse(new File(out).exists(), "nothing was written");
    }

    @Test
    void runWritesTsvThatReadsAsTheDataSet() throws Exception {
        String tables = new File(users).getParentFile().getParent() + "/weblogs";
        File out = new File(tmp, "top-tsv");
        Run r = run("run", "top-pages", "--tables", tables, "--output", out.getPath(), "--format", "tsv", "--top", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("read: 4 HFile opens (the tables hold 8 HFiles,"), r.out());
        List<String> lines = java.nio.file.Files.readAllLines(new File(out, "top_pages/part-r-00000.tsv").toPath());
        assertEquals(List.of("rank\tpath\tviews\tvisitors", "1\t/item/42\t4\t1", "2\t/cart\t2\t1"), lines);
        assertTrue(new File(out, "top_pages/_schema.avsc").isFile());
        assertFalse(new File(out, "_work").exists(), "the scratch directory is removed");
    }

    @Test
    void inspectPrintsJsonForScriptsAndRefusesOtherPictures() throws Exception {
        Run json = run("inspect", users, "--json");
        assertEquals(0, json.code(), json.err());
        com.fasterxml.jackson.databind.JsonNode tree =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
        assertTrue(tree.toString().contains("\"verdict\""), json.out());
        Run gif = run("inspect", users, "--picture", new File(tmp, "x.gif").getPath());
        assertEquals(2, gif.code());
        assertTrue(gif.err().contains(".png or .svg"), gif.err());
        Run notTable = run("inspect", new File(users).getParent());
        assertEquals(2, notTable.code());
        assertTrue(notTable.err().contains("is an output directory, not a table"), notTable.err());
    }

    /**
     * What would fold into the wrong state is refused in one line, exit 2, before anything runs: a --timestamp in
     * seconds or far ahead, HBase's own tables as live tables, --batch without --live, a snapshot or table of another
     * table given for a table of a job.
     */
    @Test
    void waysIntoAWrongStateAreRefusedBeforeAnythingRuns() {
        String logs = new File("../sample-data/weblogs").getAbsolutePath();
        File never = new File(tmp, "never-folded");
        String[][] refusals = {
            {"--timestamp", "1700000000", "seconds since 1970?"},
            {"--timestamp", "4102444800000", "in the future"},
            {"--batch", "2026-11-25", "go with --live"},
            {"--live", "--live-name", "cookie_url_count=hbase:meta", "HBase's own namespace"},
            {"--live", "--namespace", "hbase", "is HBase's own"},
        };
        for (String[] r : refusals) {
            List<String> args =
                    new ArrayList<>(List.of("load", "weblogs", "--input", logs, "--output", never.getPath()));
            args.addAll(Arrays.asList(r).subList(0, r.length - 1));
            Run refused = run(args.toArray(new String[0]));
            assertEquals(2, refused.code(), refused.err());
            assertTrue(refused.err().contains(r[r.length - 1]), refused.err());
            assertEquals(1, refused.err().lines().count(), "one line: " + refused.err());
            assertFalse(never.exists());
        }
        String stats = new File(tmp, "demo/weblogs/cookie_stats").getPath();
        Run wrongTable = run(
                "run",
                "top-pages",
                "--table",
                "cookie_url_count=" + stats,
                "--table",
                "cookie_stats=" + stats,
                "--output",
                never.getPath());
        assertEquals(2, wrongTable.code(), wrongTable.err());
        assertTrue(wrongTable.err().contains("holds table cookie_stats, not cookie_url_count"), wrongTable.err());
        assertFalse(never.exists());

        Run noDir = run("bulkload", never.getPath());
        assertEquals(2, noDir.code(), noDir.err());
        assertTrue(noDir.err().contains("no directory " + never.getPath()), noDir.err());
        Run unreachable = run(
                "bulkload",
                "-D",
                "hbase.zookeeper.quorum=127.0.0.1",
                "-D",
                "hbase.zookeeper.property.clientPort=2",
                new File(tmp, "demo/graph").getPath());
        assertEquals(1, unreachable.code(), unreachable.err());
        assertTrue(unreachable.err().contains("HBase cannot be reached"), unreachable.err());
        assertTrue(unreachable.err().contains("nothing was loaded"), unreachable.err());
        assertEquals(1, unreachable.err().strip().lines().count(), "one line: " + unreachable.err());
    }
}
