package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.testing.SharedMiniHBase;
import io.dumptruck.loaders.events.EventQueries;
import io.dumptruck.loaders.graph.GraphQueries;
import io.dumptruck.loaders.weblogs.WebLogQueries;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's output goes into a real HBase (mini cluster) through {@code dumptruck bulkload} — tables created from
 * their specs, files loaded by HBase's own BulkLoadHFiles — and the demo's questions asked through the HBase client get
 * the same answers as {@code dumptruck query} gives from the files.
 */
@ExtendWith(SharedMiniHBase.class)
class DemoInHBaseIT {
    @TempDir
    static File tmp;

    static HBaseTestingUtility hbase;
    static Connection connection;
    static File demo;
    static final Configuration LOCAL = new Configuration();

    @BeforeAll
    static void loadDemoIntoHBase() throws Exception {
        hbase = SharedMiniHBase.util();
        connection = ConnectionFactory.createConnection(hbase.getConfiguration());
        demo = new File(tmp, "demo");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        PrintStream stdout = System.out;
        System.setOut(quiet);
        try {
            assertEquals(
                    0,
                    Main.run(
                            new String[] {
                                "demo",
                                "--output",
                                demo.getPath(),
                                "--samples",
                                new File("../sample-data").getAbsolutePath()
                            },
                            quiet,
                            System.err));
            for (DemoCommand.Step step : DemoCommand.STEPS) {
                BulkLoadCommand load = new BulkLoadCommand();
                load.setConf(new Configuration(hbase.getConfiguration()));
                assertEquals(0, load.run(new String[] {
                    new File(demo, step.output()).toURI().toString(), "--namespace", namespace(step.output())
                }));
            }
        } finally {
            System.setOut(stdout);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
    }

    static String namespace(String output) {
        return output.replace('-', '_');
    }

    static Table table(String output, String table) throws Exception {
        return connection.getTable(TableName.valueOf(namespace(output), table));
    }

    static TableReader files(String output, String table) throws Exception {
        return TableReader.open(LOCAL, new Path(new File(demo, output + "/" + table).getPath()));
    }

    /** Runs a {@link DemoAnswers} check on a demo output's table, in HBase and in the demo's files. */
    static void check(String output, String table, DemoAnswers.Check check) throws Exception {
        try (Table viaHBase = table(output, table);
                TableReader files = files(output, table)) {
            check.run(viaHBase, files);
        }
    }

    /** {@code dumptruck <args>}: its exit code and what it printed. */
    static CliTest.Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            int code = Main.run(args, o, e);
            return new CliTest.Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * Snapshots of the bulk-loaded web-log tables read by dumptruck where HBase keeps them: {@code scan} of
     * {@code snapshot:NAME} prints what the scan of the load's own table prints, {@code query} of a snapshot answers as
     * of the load output, and {@code run top-pages} over the snapshots writes the same data sets as over the load
     * output.
     */
    @Test
    void snapshotsOfTheLoadedTablesReadAsTheLoadOutput() throws Exception {
        String root = "hbase.rootdir=" + hbase.getDefaultRootDirPath();
        try (var admin = connection.getAdmin()) {
            for (String table : List.of("cookie_url_count", "cookie_stats")) {
                admin.snapshot(table + "_snap", TableName.valueOf("weblogs", table));
            }
            admin.snapshot("follows_snap", TableName.valueOf("graph", "follows"));
            admin.snapshot("log_data_snap", TableName.valueOf("events_hashed", "log_data"));
        }
        CliTest.Run follows = cli("query", "-D", root, "follows", "snapshot:follows_snap", "alice");
        assertEquals(0, follows.code(), follows.err());
        assertEquals(
                cli("query", "follows", new File(demo, "graph").getPath(), "alice")
                        .out(),
                follows.out());
        String[] cpuOfWeb01 = {"web-01", "--event", "cpu", "--from", "1763712000000", "--to", "1763719200000"};
        CliTest.Run noLayout =
                cli(concat(new String[] {"query", "-D", root, "events", "snapshot:log_data_snap"}, cpuOfWeb01));
        assertEquals(2, noLayout.code());
        assertTrue(noLayout.err().contains("or give --layout"), noLayout.err());
        CliTest.Run events = cli(concat(
                new String[] {"query", "-D", root, "events", "snapshot:log_data_snap", "--layout", "hashed"},
                cpuOfWeb01));
        assertEquals(0, events.code(), events.err());
        assertTrue(events.out().startsWith("5 event(s)"), events.out());
        assertEquals(
                cli(concat(new String[] {"query", "events", new File(demo, "events-hashed").getPath()}, cpuOfWeb01))
                        .out(),
                events.out());
        CliTest.Run fromSnapshot = cli("scan", "-D", root, "snapshot:cookie_stats_snap", "--versions", "5");
        CliTest.Run fromFiles = cli("scan", new File(demo, "weblogs/cookie_stats").getPath(), "--versions", "5");
        assertEquals(0, fromSnapshot.code(), fromSnapshot.err());
        assertTrue(fromFiles.out().contains(" row(s)") && !fromFiles.out().startsWith("0 row(s)"), fromFiles.out());
        assertEquals(fromFiles.out(), fromSnapshot.out());
        File viaFiles = new File(tmp, "top-pages-files");
        File viaSnapshots = new File(tmp, "top-pages-snapshots");
        assertEquals(
                0,
                cli(
                                "run",
                                "top-pages",
                                "--tables",
                                new File(demo, "weblogs").getPath(),
                                "--output",
                                viaFiles.getPath(),
                                "--format",
                                "tsv")
                        .code());
        CliTest.Run r = cli(
                "run",
                "-D",
                root,
                "top-pages",
                "--table",
                "cookie_url_count=snapshot:cookie_url_count_snap",
                "--table",
                "cookie_stats=snapshot:cookie_stats_snap",
                "--output",
                viaSnapshots.getPath(),
                "--format",
                "tsv");
        assertEquals(0, r.code(), r.err());
        for (File dataset :
                viaFiles.listFiles(f -> f.isDirectory() && !f.getName().startsWith("_"))) {
            assertEquals(lines(dataset), lines(new File(viaSnapshots, dataset.getName())), dataset.getName());
            assertFalse(lines(dataset).isEmpty(), dataset.getName());
        }
    }

    static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The lines of a data set's part files, sorted. */
    static List<String> lines(File dataset) throws Exception {
        List<String> out = new ArrayList<>();
        for (File part : dataset.listFiles(f -> f.getName().startsWith("part-"))) {
            out.addAll(java.nio.file.Files.readAllLines(part.toPath(), StandardCharsets.UTF_8));
        }
        out.sort(null);
        return out;
    }

    /**
     * A table written through the client with random Puts and all four delete kinds over several flushes, then
     * snapshotted: {@code scan} and {@code get} of the snapshot print, for every kind of scan, what the client's answer
     * from the table prints.
     */
    @Test
    void scanAndGetOfASnapshotWithDeletesPrintWhatTheClientReads() throws Exception {
        TableName name = TableName.valueOf("mutated");
        byte[] f = Bytes.toBytes("f");
        byte[] g = Bytes.toBytes("g");
        try (var admin = connection.getAdmin()) {
            admin.createTable(org.apache.hadoop.hbase.client.TableDescriptorBuilder.newBuilder(name)
                    .setColumnFamily(org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder.newBuilder(f)
                            .setMaxVersions(3)
                            .build())
                    .setColumnFamily(org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder.of(g))
                    .setCompactionEnabled(false) // the table keeps the snapshot's files: the client reads what it holds
                    .build());
            java.util.Random random = new java.util.Random(11);
            try (Table t = connection.getTable(name)) {
                for (int flush = 0; flush < 3; flush++) {
                    for (int i = 0; i < 400; i++) {
                        byte[] row = Bytes.toBytes(String.format("r%02d", random.nextInt(60)));
                        byte[] family = random.nextBoolean() ? f : g;
                        byte[] qualifier = Bytes.toBytes(String.valueOf((char) ('a' + random.nextInt(3))));
                        long ts = 1 + random.nextInt(20);
                        switch (random.nextInt(10)) {
                            case 0 ->
                                t.delete(new org.apache.hadoop.hbase.client.Delete(row)
                                        .addColumn(family, qualifier, ts));
                            case 1 ->
                                t.delete(new org.apache.hadoop.hbase.client.Delete(row)
                                        .addColumns(family, qualifier, ts));
                            case 2 -> t.delete(new org.apache.hadoop.hbase.client.Delete(row).addFamily(family, ts));
                            case 3 ->
                                t.delete(new org.apache.hadoop.hbase.client.Delete(row).addFamilyVersion(family, ts));
                            default ->
                                t.put(new org.apache.hadoop.hbase.client.Put(row)
                                        .addColumn(family, qualifier, ts, Bytes.toBytes("v" + i)));
                        }
                    }
                    admin.flush(name);
                }
            }
            admin.snapshot("mutated_snap", name);
        }
        String root = "hbase.rootdir=" + hbase.getDefaultRootDirPath();
        Object[][] scans = {
            {new String[] {"--versions", "3"}, new Scan().readVersions(3)},
            {new String[] {}, new Scan()},
            {new String[] {"--prefix", "r1"}, new Scan().setRowPrefixFilter(Bytes.toBytes("r1"))},
            {
                new String[] {"--start", "r20", "--stop", "r45", "--versions", "2"},
                new Scan()
                        .withStartRow(Bytes.toBytes("r20"))
                        .withStopRow(Bytes.toBytes("r45"))
                        .readVersions(2)
            },
            {new String[] {"--families", "g"}, new Scan().addFamily(g)},
            {
                new String[] {"--time-range", "5,15", "--versions", "3"},
                new Scan().setTimeRange(5, 15).readVersions(3)
            }
        };
        try (Table t = connection.getTable(name)) {
            for (Object[] c : scans) {
                String[] options = (String[]) c[0];
                CliTest.Run viaCli = cli(concat(new String[] {"scan", "-D", root, "snapshot:mutated_snap"}, options));
                assertEquals(0, viaCli.code(), viaCli.err());
                assertEquals(printed(DemoAnswers.scan(t, (Scan) c[1])), viaCli.out(), String.join(" ", options));
                assertFalse(viaCli.out().startsWith("0 row(s)"), viaCli.out());
            }
            for (int r = 0; r < 60; r += 3) {
                String row = String.format("r%02d", r);
                CliTest.Run viaCli = cli("get", "-D", root, "snapshot:mutated_snap", row, "--versions", "3");
                Result expected = t.get(new Get(Bytes.toBytes(row)).readVersions(3));
                assertEquals(printed(expected.isEmpty() ? List.of() : List.of(expected)), viaCli.out(), "get " + row);
            }
        }
    }

    /** What {@code scan} prints for these Results. */
    static String printed(List<Result> results) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream p = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            ResultPrinter printer = new ResultPrinter(p, KeyNotation.of(false));
            results.forEach(printer::print);
            printer.finish();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void graphQuestions() throws Exception {
        try (Table follows = table("graph", "follows");
                Table followedBy = table("graph", "followed_by");
                TableReader followsFiles = files("graph", "follows");
                TableReader followedByFiles = files("graph", "followed_by")) {
            DemoAnswers.aliceFollows(follows, followsFiles);
            assertTrue(follows.exists(new Get(Bytes.add(Md5.digest("alice"), Md5.digest("celebrity")))));
            assertFalse(follows.exists(new Get(Bytes.add(Md5.digest("celebrity"), Md5.digest("alice")))));
            List<String> followers = new ArrayList<>();
            for (Result r : DemoAnswers.scan(
                    followedBy,
                    new Scan().setRowPrefixFilter(Md5.digest("celebrity")).setLimit(8))) {
                followers.add(Bytes.toString(CellUtil.cloneQualifier(r.rawCells()[0])));
            }
            assertEquals(GraphQueries.neighbours(followedByFiles, "celebrity", 8), followers);
        }
    }

    @Test
    void autocompleteAndIpQuestions() throws Exception {
        check("titles", "title_autocomp", DemoAnswers::sanCompletions);
        check("ipblocks", "ip_geo", DemoAnswers::ipCountries);
    }

    @Test
    void placesVisitsAndEvents() throws Exception {
        check("geo", "tile_places", DemoAnswers::placesInLisbonTile);
        check("weblogs", "visits", DemoAnswers::visitsOfC7f3a);
        try (Table stats = table("weblogs", "cookie_stats");
                TableReader statFiles = files("weblogs", "cookie_stats")) {
            Result top = stats.get(new Get(Bytes.toBytes("c-7f3a")).addFamily(Bytes.toBytes("c")));
            String[] fromFiles = WebLogQueries.mostFrequent(statFiles, "c-7f3a").get();
            assertEquals(fromFiles[0], Bytes.toString(top.value()));
            assertEquals(
                    Long.parseLong(fromFiles[1]),
                    top.rawCells()[0].getTimestamp(),
                    "the count is the cell's timestamp");
        }
        try (Table counts = table("weblogs", "cookie_url_count");
                TableReader countFiles = files("weblogs", "cookie_url_count")) {
            Get week = new Get(Bytes.toBytes("c-7f3a")); // "views of c-7f3a in the week to 2026-11-21": seven cells
            List<WebLogQueries.DayCount> fromFiles = WebLogQueries.daily(countFiles, "c-7f3a", 7, "20261121");
            fromFiles.forEach(d -> week.addColumn(Bytes.toBytes("d"), Bytes.toBytes(d.day())));
            Result viaHBase = counts.get(week);
            for (WebLogQueries.DayCount d : fromFiles) {
                byte[] v = viaHBase.getValue(Bytes.toBytes("d"), Bytes.toBytes(d.day()));
                assertEquals(d.views(), v == null ? 0 : Bytes.toLong(v), d.day());
            }
            assertEquals(
                    7,
                    fromFiles.stream().mapToLong(WebLogQueries.DayCount::views).sum());
        }
        check("events-hashed", "log_data", DemoAnswers::cpuEventsOfWeb01);
        for (String layout : List.of("hashed", "bucketed")) {
            String output = "events-" + layout;
            try (Table logData = table(output, "log_data");
                    TableReader dataFiles = files(output, "log_data")) {
                long count = 0;
                for (Result r : DemoAnswers.scan(logData, new Scan())) {
                    for (Cell c : r.rawCells()) {
                        if (Bytes.toString(CellUtil.cloneQualifier(c)).equals("v")) {
                            count++;
                        }
                    }
                }
                assertEquals(402, count, layout + ": every loaded event is in HBase");
                int buckets = dataFiles.table().spec().regions().count();
                EventQueries.Listing fromFiles = EventQueries.events(
                        dataFiles, null, layout, buckets, "web-01", "cpu", 1763712000000L, 1763719200000L);
                assertEquals(5, fromFiles.events().size());
            }
        }
    }
}
