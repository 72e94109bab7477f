package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.cli.AgainstHBase.Run;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.testing.SharedMiniHBase;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlock;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load matched to the tables HBase serves ({@code load --live}): a live table of 12 regions whose family settings
 * differ from the graph loader's, written with the live region bounds and settings, read back from the HFiles
 * themselves and through HBase after the bulk load; and what cannot match refused in one line, before any job, leaving
 * no output.
 */
@ExtendWith(SharedMiniHBase.class)
class LiveTableIT {
    static final String NAMESPACE = "live";
    static final int REGIONS = 12;

    @TempDir
    static File tmp;

    static HBaseTestingUtility hbase;
    static Connection connection;
    static File edges;
    static String rootDir;

    @BeforeAll
    static void startHBaseWithLiveTables() throws Exception {
        hbase = SharedMiniHBase.util();
        connection = ConnectionFactory.createConnection(hbase.getConfiguration());
        rootDir = hbase.getDefaultRootDirPath().toString();
        edges = new File(tmp, "edges");
        DataGenerator.generate("graph", 60_000, 7, edges.toPath(), 2);
        try (Admin admin = connection.getAdmin()) {
            admin.createNamespace(NamespaceDescriptor.create(NAMESPACE).build());
            byte[][] splits = splits();
            ColumnFamilyDescriptor theirs = ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("f"))
                    .setCompressionType(Compression.Algorithm.GZ)
                    .setDataBlockEncoding(DataBlockEncoding.DIFF)
                    .setBloomFilterType(BloomType.ROWCOL)
                    .setBlocksize(16 * 1024)
                    .setMaxVersions(3)
                    .build();
            for (String table : List.of("follows", "followed_by")) {
                admin.createTable(
                        TableDescriptorBuilder.newBuilder(TableName.valueOf(NAMESPACE, table))
                                .setColumnFamily(theirs)
                                .build(),
                        splits);
            }
            admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(NAMESPACE, "other_family"))
                    .setColumnFamily(ColumnFamilyDescriptorBuilder.of("x"))
                    .build());
            admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(NAMESPACE, "prefix_bloom"))
                    .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("f"))
                            .setBloomFilterType(BloomType.ROWPREFIX_FIXED_LENGTH)
                            .setConfiguration("RowPrefixBloomFilter.prefix_length", "4")
                            .build())
                    .build());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
    }

    /**
     * {@code dumptruck load graph} of the 60,000 edges against the mini cluster, with {@code args} after the loader's
     * name.
     */
    static Run load(String... args) {
        List<String> all =
                new ArrayList<>(List.of("graph", "--input", edges.getPath(), "--timestamp", "1700000000000"));
        all.addAll(Arrays.asList(args));
        return loadWith(all.toArray(new String[0]));
    }

    /** {@code dumptruck load <args>} against the mini cluster. */
    static Run loadWith(String... args) {
        return dumptruck("load", args);
    }

    /**
     * {@code dumptruck <command> <args>} against the mini cluster (its ZooKeeper and root directory set after the
     * command).
     */
    static Run dumptruck(String command, String... args) {
        return AgainstHBase.dumptruck(hbase, command, args);
    }

    @Test
    void aMatchedLoadWritesTheLiveRegionsAndFamilySettingsAndLoadsWithoutSplits() throws Exception {
        File output = new File(tmp, "matched");
        Run r = load("--output", output.getPath(), "--live", "--namespace", NAMESPACE);
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out()
                        .contains(
                                "matched to the live table: follows ← live:follows: 12 region(s); f: compression NONE → GZ, "
                                        + "bloom ROW → ROWCOL, encoding NONE → DIFF, block size 65536 → 16384, VERSIONS 1 → 3"),
                r.out());
        String report = Files.readString(new File(output, "_report.json").toPath(), StandardCharsets.UTF_8);
        assertTrue(report.contains("\"table\" : \"live:follows\"") && report.contains("\"regions\" : 12"), report);
        Configuration conf = hbase.getConfiguration();
        for (String table : List.of("follows", "followed_by")) {
            TableName name = TableName.valueOf(NAMESPACE, table);
            Path dir = new Path(output.toURI().toString(), table);
            FileSystem fs = dir.getFileSystem(conf);
            List<HRegionLocation> regions;
            try (RegionLocator locator = connection.getRegionLocator(name)) {
                regions = locator.getAllRegionLocations();
            }
            assertEquals(REGIONS, regions.size());
            FileStatus[] files = fs.listStatus(new Path(dir, "f"));
            assertEquals(REGIONS, files.length, "one file per live region: 60,000 edges spread over every md5 byte");
            assertFilesMatchTheLiveTable(dir, name);
            for (FileStatus file : files) {
                try (HFile.Reader reader = HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
                    assertTrue(
                            largestDataBlock(reader) < 24 * 1024,
                            "16 KiB blocks, not the loader's 64 KiB: " + largestDataBlock(reader));
                }
            }
            long rows = rowsOf(dir);
            assertTrue(rows > 59_000, "edges loaded: " + rows);
            assertTrue(bulkload(dir, NAMESPACE).contains(": 12 HFile(s), 0 of them split by HBase"), table);
            assertEquals(rows, rowsInHBase(name), table + " through the HBase client");
            assertTrue(bulkload(dir, NAMESPACE)
                    .contains("was already bulk-loaded into live:" + table + "; nothing to do"));
            assertEquals(rows, rowsInHBase(name));
        }
    }

    /**
     * The same edges loaded with the loader's own single region: HBase splits every file on the client, and
     * {@code bulkload} counts it — the difference a matched load makes, measured. And a matched load whose table splits
     * before the bulk load still loads every cell, the splits counted.
     */
    @Test
    void unmatchedOrStaleFilesAreSplitByHBaseAndCounted() throws Exception {
        try (Admin admin = connection.getAdmin()) {
            admin.createNamespace(NamespaceDescriptor.create("day2").build());
            admin.createNamespace(NamespaceDescriptor.create("stale").build());
            for (String ns : List.of("day2", "stale")) {
                for (String table : List.of("follows", "followed_by")) {
                    admin.createTable(
                            TableDescriptorBuilder.copy(
                                    TableName.valueOf(ns, table),
                                    admin.getDescriptor(TableName.valueOf(NAMESPACE, table))),
                            splits());
                }
            }
        }
        File unmatched = new File(tmp, "unmatched");
        assertEquals(0, load("--output", unmatched.getPath()).code());
        long unmatchedRows = rowsOf(new Path(unmatched.toURI().toString(), "follows"));
        String said = bulkload(new Path(unmatched.toURI().toString(), "follows"), "day2");
        int split = Integer.parseInt(said.replaceAll("(?s).*: 1 HFile\\(s\\), (\\d+) of them split by HBase.*", "$1"));
        assertEquals(1, split, said);
        File stale = new File(tmp, "stale");
        assertEquals(
                0,
                load("--output", stale.getPath(), "--live", "--namespace", "stale")
                        .code());
        TableName follows = TableName.valueOf("stale", "follows");
        try (Admin admin = connection.getAdmin()) {
            admin.split(follows, new byte[] {(byte) (256 / REGIONS / 2)}); // inside the first region
            hbase.waitFor(
                    60_000,
                    () -> admin.getRegions(follows).stream()
                                    .filter(r -> !r.isSplitParent() && !r.isOffline())
                                    .count()
                            == REGIONS + 1);
            hbase.waitUntilNoRegionsInTransition(60_000);
            hbase.waitTableAvailable(follows, 60_000);
        }
        Path dir = new Path(stale.toURI().toString(), "follows");
        long rows = rowsOf(dir);
        assertTrue(bulkload(dir, "stale").contains(": 12 HFile(s), 1 of them split by HBase"));
        assertEquals(rows, rowsInHBase(follows));
        assertEquals(unmatchedRows, rowsInHBase(TableName.valueOf("day2", "follows")));
    }

    /** The plan of a matched load: the live tables' regions and settings, and nothing written. */
    @Test
    void aDryRunPrintsThePlanOfAMatchedLoadAndWritesNothing() {
        File output = new File(tmp, "dry-run");
        Run r = load("--output", output.getPath(), "--live", "--namespace", NAMESPACE, "--dry-run");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("table follows: matched to the live table live:follows, 12 region(s)"), r.out());
        assertTrue(
                r.out()
                        .contains(
                                "  family f: compression GZ, bloom ROWCOL, encoding DIFF, block size 16384, VERSIONS 3"),
                r.out());
        assertTrue(r.out().contains("input: 2 file(s), "), r.out());
        assertFalse(output.exists(), "a dry run writes nothing");
        Run refused = load("--output", output.getPath(), "--live", "--namespace", "nowhere", "--dry-run");
        assertEquals(2, refused.code());
        assertTrue(refused.err().contains("HBase has no table nowhere:follows"), refused.err());
    }

    /**
     * The night the issue describes, for a loader and for the spec loader: day 1 written through the HBase client,
     * regions split and merged by Admin since, day 2 loaded matched to the table as it is now and bulk-loaded — no file
     * split, the files with the live settings, and every cell HBase serves (all versions, through Scan and Get) that of
     * a model of day 1 + day 2.
     */
    @Test
    void dayTwoMatchedToATableThatSplitAndMergedSinceDayOneReadsAsBothDays() throws Exception {
        String ns = "nightly";
        try (Admin admin = connection.getAdmin()) {
            admin.createNamespace(NamespaceDescriptor.create(ns).build());
            for (String table : List.of("follows", "followed_by")) {
                admin.createTable(
                        TableDescriptorBuilder.copy(
                                TableName.valueOf(ns, table), admin.getDescriptor(TableName.valueOf(NAMESPACE, table))),
                        splits());
            }
            byte[][] metricSplits = new byte[REGIONS - 1][];
            for (int i = 1; i < REGIONS; i++) {
                metricSplits[i - 1] = Bytes.toBytes(String.format("k%04d", i * 400));
            }
            admin.createTable(
                    TableDescriptorBuilder.newBuilder(TableName.valueOf(ns, "metrics"))
                            .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("m"))
                                    .setCompressionType(Compression.Algorithm.GZ)
                                    .setDataBlockEncoding(DataBlockEncoding.FAST_DIFF)
                                    .setBloomFilterType(BloomType.NONE)
                                    .setBlocksize(8 * 1024)
                                    .setMaxVersions(2)
                                    .build())
                            .build(),
                    metricSplits);
        }
        File day1Edges = new File(tmp, "day1-edges");
        File day2Edges = new File(tmp, "day2-edges");
        DataGenerator.generate("graph", 20_000, 11, day1Edges.toPath(), 1);
        DataGenerator.generate("graph", 20_000, 12, day2Edges.toPath(), 1);
        nightly(
                ns,
                List.of("follows", "followed_by"),
                List.of("graph", "--input", day1Edges.getPath(), "--timestamp", "1700000000000"),
                List.of("graph", "--input", day2Edges.getPath(), "--timestamp", "1700086400000"),
                new byte[] {(byte) (2 * 256 / REGIONS + 7)},
                new byte[] {(byte) (7 * 256 / REGIONS + 7)});

        File spec = new File(tmp, "metrics-spec.json");
        Files.writeString(
                spec.toPath(),
                "{\"input\": {\"format\": \"csv\", \"header\": true}, \"tables\": [{\"name\": \"metrics\", "
                        + "\"families\": [{\"name\": \"m\"}], \"rowKey\": [{\"field\": \"id\"}], "
                        + "\"cells\": [{\"column\": \"m:v\", \"field\": \"value\"}]}]}");
        File day1 = new File(tmp, "metrics-day1.csv");
        File day2 = new File(tmp, "metrics-day2.csv");
        StringBuilder one = new StringBuilder("id,value\n");
        StringBuilder two = new StringBuilder("id,value\n");
        for (int i = 0; i < 4800; i++) {
            one.append(String.format("k%04d,one-%d%n", i, i));
        }
        for (int i = 0; i < 5200; i += 3) { // some rows again, some new beyond the last split
            two.append(String.format("k%04d,two-%d%n", i, i));
        }
        Files.writeString(day1.toPath(), one);
        Files.writeString(day2.toPath(), two);
        nightly(
                ns,
                List.of("metrics"),
                List.of("spec", "--spec", spec.getPath(), "--input", day1.getPath(), "--timestamp", "1700000000000"),
                List.of("spec", "--spec", spec.getPath(), "--input", day2.getPath(), "--timestamp", "1700086400000"),
                Bytes.toBytes("k1000"),
                Bytes.toBytes("k3000"));
    }

    /**
     * Day 1 ({@code day1}, loaded on its own, its cells written to the live tables through Puts), two regions split at
     * {@code splitAt} (in the first two thirds of the key space) and two neighbours near the end merged, then day 2
     * ({@code day2}) matched and bulk-loaded; HBase then serves exactly the model of both days.
     */
    static void nightly(String ns, List<String> tables, List<String> day1, List<String> day2, byte[]... splitAt)
            throws Exception {
        File dayOne = new File(tmp, ns + "-" + day1.get(0) + "-day1");
        List<String> args = new ArrayList<>(day1);
        args.addAll(List.of("--output", dayOne.getPath()));
        assertEquals(0, loadWith(args.toArray(new String[0])).code());
        Map<String, TreeMap<String, byte[]>> model = new HashMap<>();
        for (String table : tables) {
            TableName name = TableName.valueOf(ns, table);
            TreeMap<String, byte[]> cells = cellsOf(new Path(dayOne.toURI().toString(), table));
            try (BufferedMutator puts = connection.getBufferedMutator(name)) {
                for (Cell c : cellList(new Path(dayOne.toURI().toString(), table))) {
                    puts.mutate(new Put(CellUtil.cloneRow(c)).add(c));
                }
            }
            model.put(table, cells);
        }
        try (Admin admin = connection.getAdmin()) {
            for (String table : tables) {
                TableName name = TableName.valueOf(ns, table);
                admin.flush(name);
                for (byte[] at : splitAt) {
                    admin.split(name, at);
                }
                int expected = REGIONS + splitAt.length;
                hbase.waitFor(60_000, () -> onlineRegions(admin, name).size() == expected);
                hbase.waitUntilNoRegionsInTransition(60_000);
                List<RegionInfo> regions = onlineRegions(
                        admin, name); // two near the end: daughters of a split are not mergeable until compacted
                admin.mergeRegionsAsync(
                                new byte[][] {
                                    regions.get(regions.size() - 3).getEncodedNameAsBytes(),
                                    regions.get(regions.size() - 2).getEncodedNameAsBytes()
                                },
                                false)
                        .get(60, TimeUnit.SECONDS);
                hbase.waitFor(60_000, () -> onlineRegions(admin, name).size() == expected - 1);
                hbase.waitUntilNoRegionsInTransition(60_000);
                hbase.waitTableAvailable(name, 60_000);
            }
        }
        File dayTwo = new File(tmp, ns + "-" + day2.get(0) + "-day2");
        args = new ArrayList<>(day2);
        args.addAll(List.of("--output", dayTwo.getPath(), "--live", "--namespace", ns));
        Run r = loadWith(args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        for (String table : tables) {
            TableName name = TableName.valueOf(ns, table);
            int regions = REGIONS + splitAt.length - 1;
            assertTrue(r.out().contains(table + " ← " + name + ": " + regions + " region(s)"), r.out());
            Path dir = new Path(dayTwo.toURI().toString(), table);
            assertFilesMatchTheLiveTable(dir, name);
            TreeMap<String, byte[]> cells = model.get(table);
            cells.putAll(cellsOf(dir));
            String said = bulkload(dir, ns);
            assertTrue(said.contains(" of them split by HBase") && said.contains(", 0 of them split by HBase"), said);
            int versions;
            try (Admin admin = connection.getAdmin()) {
                versions = admin.getDescriptor(name).getColumnFamilies()[0].getMaxVersions();
            }
            TreeMap<String, byte[]> expected = newest(cells, versions);
            TreeMap<String, byte[]> served = new TreeMap<>();
            try (Table t = connection.getTable(name);
                    ResultScanner scanner = t.getScanner(new Scan().readAllVersions())) {
                for (Result row : scanner) {
                    row.listCells().forEach(c -> served.put(keyOf(c), CellUtil.cloneValue(c)));
                }
                assertEquals(expected.keySet(), served.keySet(), table + ": the cells HBase serves are day 1 + day 2");
                expected.forEach((k, v) -> assertArrayEquals(v, served.get(k), k));
                List<String> rows = expected.keySet().stream()
                        .map(k -> k.substring(0, k.indexOf('\u0001')))
                        .distinct()
                        .toList();
                for (int i = 0; i < rows.size(); i += Math.max(1, rows.size() / 200)) {
                    Result got = t.get(new Get(Bytes.toBytesBinary(rows.get(i))).readAllVersions());
                    String row = rows.get(i);
                    assertEquals(
                            expected.subMap(row + "\u0001", row + "\u0002").keySet(),
                            got.listCells().stream()
                                    .map(LiveTableIT::keyOf)
                                    .collect(Collectors.toCollection(TreeSet::new)),
                            "Get " + row);
                }
            }
        }
    }

    /**
     * The numeric event layout night after night: day 2, matched to the live tables, keeps every id day 1 gave (read
     * from the live log_types) and numbers new names above i:max — so no id of log_data ever stands for two hosts or
     * two events, which per-load ids would do here ("aaa-new" sorts first and would take cache-01's id 1).
     */
    /**
     * Day one's follows bulk-loaded; day two's unfollows ({@code --edges unfollows}, matched to the live tables)
     * bulk-loaded as delete markers: through HBase, the unfollowed edges are gone from follows, followed_by and
     * adjacency and the others stay; {@code query} over a snapshot of the live table answers the same.
     */
    @Test
    void unfollowsBulkLoadedAsDeleteMarkersRemoveTheEdgesThroughHBaseAndInASnapshot() throws Exception {
        String ns = "unfollow";
        createNamespace(ns);
        List<String> follows = new ArrayList<>();
        List<String> unfollows = new ArrayList<>();
        for (int u = 0; u < 50; u++) {
            for (int v = 0; v < 4; v++) {
                follows.add("u" + u + "\tv" + v);
                if (v == 1 || (v == 2 && u % 5 == 0)) {
                    unfollows.add("u" + u + "\tv" + v);
                }
            }
        }
        unfollows.add("u1\tu1"); // a self edge: rejected, not a marker
        File dayOneInput = new File(tmp, "follows-day1.tsv");
        File dayTwoInput = new File(tmp, "unfollows-day2.tsv");
        Files.write(dayOneInput.toPath(), follows, StandardCharsets.UTF_8);
        Files.write(dayTwoInput.toPath(), unfollows, StandardCharsets.UTF_8);
        File dayOne = new File(tmp, "unfollow-day1");
        File dayTwo = new File(tmp, "unfollow-day2");
        Run one = loadWith(
                "graph",
                "--input",
                dayOneInput.getPath(),
                "--layouts",
                "edges,adjacency",
                "--output",
                dayOne.getPath(),
                "--timestamp",
                "1700000000000");
        assertEquals(0, one.code(), one.err());
        bulkload(new Path(dayOne.toURI().toString()), ns);
        Run two = loadWith(
                "graph",
                "--input",
                dayTwoInput.getPath(),
                "--layouts",
                "edges,adjacency",
                "--edges",
                "unfollows",
                "--output",
                dayTwo.getPath(),
                "--timestamp",
                "1700086400000",
                "--live",
                "--namespace",
                ns);
        assertEquals(0, two.code(), two.err());
        int removed = unfollows.size() - 1;
        assertTrue(
                two.out().contains("records: " + (removed + 1) + " read = " + removed + " loaded + 1 rejected"),
                two.out());
        assertTrue(
                two.out()
                        .contains("delete markers (tombstones, masking what they delete once bulk-loaded): follows "
                                + removed + ", followed_by " + removed + ", adjacency " + removed),
                two.out());
        bulkload(new Path(dayTwo.toURI().toString()), ns);

        Map<String, Set<String>> expected = new TreeMap<>();
        for (String edge : follows) {
            if (!unfollows.contains(edge)) {
                expected.computeIfAbsent(edge.split("\t")[0], k -> new TreeSet<>())
                        .add(edge.split("\t")[1]);
            }
        }
        Map<String, Set<String>> followsInHBase = new TreeMap<>();
        Map<String, Set<String>> adjacencyInHBase = new TreeMap<>();
        Map<String, Set<String>> followedByInHBase = new TreeMap<>();
        scanQualifiers(
                TableName.valueOf(ns, "adjacency"),
                (row, q) -> adjacencyInHBase
                        .computeIfAbsent(row, k -> new TreeSet<>())
                        .add(q));
        Map<String, String> user = new HashMap<>(); // md5 hex → user, for the edge tables' keys
        for (int i = 0; i < 50; i++) {
            user.put(Bytes.toHex(Md5.digest(Bytes.toBytes("u" + i))), "u" + i);
        }
        scanQualifiers(
                TableName.valueOf(ns, "follows"),
                (row, q) -> followsInHBase
                        .computeIfAbsent(user.get(row.substring(0, 32)), k -> new TreeSet<>())
                        .add(q));
        scanQualifiers(
                TableName.valueOf(ns, "followed_by"),
                (row, q) -> followedByInHBase
                        .computeIfAbsent(q, k -> new TreeSet<>())
                        .add(row.substring(0, 32)));
        assertEquals(expected, adjacencyInHBase);
        assertEquals(expected, followsInHBase);
        Map<String, Set<String>> followedByExpected = new TreeMap<>();
        expected.forEach((u, vs) -> vs.forEach(v -> followedByExpected
                .computeIfAbsent(u, k -> new TreeSet<>())
                .add(Bytes.toHex(Md5.digest(Bytes.toBytes(v))))));
        assertEquals(followedByExpected, followedByInHBase);

        try (Admin admin = connection.getAdmin()) {
            admin.snapshot("unfollow_follows", TableName.valueOf(ns, "follows"));
        }
        Run u5 = dumptruck("query", "follows", "snapshot:unfollow_follows", "u5");
        assertEquals(0, u5.code(), u5.err());
        assertTrue(u5.out().startsWith("u5 follows (2): "), u5.out());
        assertEquals(
                Set.of("v0", "v3"),
                Set.of(u5.out().substring("u5 follows (2): ".length()).trim().split(", ")));
        assertEquals(
                "u7 does not follow v1",
                dumptruck("query", "follows", "snapshot:unfollow_follows", "u7", "v1")
                        .out()
                        .trim());
        assertEquals(
                "u7 follows v2",
                dumptruck("query", "follows", "snapshot:unfollow_follows", "u7", "v2")
                        .out()
                        .trim());
    }

    /**
     * Three days of web logs into the live tables: day one bulk-loaded as it is, days two and three matched
     * ({@code --live}), so their counts and stats fold into what the tables hold (snapshots whose touched rows the
     * reducers read). After each day's bulk load, every cell of cookie_url_count and cookie_stats read through HBase
     * equals what the raw lines of all the days so far make.
     */
    @Test
    void webLogCountsAndStatsFoldIntoTheLiveTablesDayAfterDay() throws Exception {
        String ns = "folded";
        createNamespace(ns);
        File generated = new File(tmp, "weblog-days");
        DataGenerator.generate("weblogs", 900, 5, generated.toPath(), 1);
        List<String> lines = new ArrayList<>();
        for (File f : generated.listFiles(f -> !f.getName().startsWith("."))) {
            lines.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
        }
        List<String> soFar = new ArrayList<>();
        for (int day = 1; day <= 3; day++) {
            List<String> today = new ArrayList<>();
            for (int i = day - 1; i < lines.size(); i += 3) {
                today.add(lines.get(i));
            }
            soFar.addAll(today);
            File input = new File(tmp, "weblogs-day" + day + ".log");
            Files.write(input.toPath(), today, StandardCharsets.UTF_8);
            String ts = String.valueOf(1700000000000L + day * 86_400_000L);
            File out = new File(tmp, "weblogs-day" + day);
            List<String> args = new ArrayList<>(List.of(
                    "weblogs",
                    "--input",
                    input.getPath(),
                    "--output",
                    out.getPath(),
                    "--timestamp",
                    ts,
                    "--daily",
                    "forever"));
            if (day > 1) {
                args.addAll(List.of("--live", "--namespace", ns));
            }
            if (day == 3) { // a scheduler's own snapshot of one table, pinned: read, not taken, not deleted
                try (Admin admin = connection.getAdmin()) {
                    admin.snapshot("pinned_url_counts", TableName.valueOf(ns, "cookie_url_count"));
                }
                args.addAll(0, List.of("-D", "dumptruck.load.snapshot.cookie_url_count=pinned_url_counts"));
            }
            Run load = loadWith(args.toArray(new String[0]));
            assertEquals(0, load.code(), load.err());
            if (day > 1) {
                assertTrue(
                        load.out()
                                .contains(
                                        "folded into the live tables: cookie_stats, cookie_url_count, with what snapshot(s) "
                                                + (day == 3 ? "pinned_url_counts, " : "dumptruck-cookie_url_count-")),
                        load.out());
                try (Admin admin = connection.getAdmin()) {
                    List<String> left = admin.listSnapshots().stream()
                            .filter(d -> d.getTableName().getNamespaceAsString().equals(ns))
                            .map(d -> d.getName())
                            .toList();
                    assertEquals(day == 3, left.contains("pinned_url_counts"), "the pinned one is not deleted");
                    // the ones it took are kept, the tables' state before its batch, for its bulk load to record
                    // (dumptruck ledger --undo)
                    assertEquals(
                            day == 3 ? 1 : 2,
                            left.stream()
                                    .filter(n -> n.startsWith("dumptruck-") && n.contains("-" + ts + "-"))
                                    .count(),
                            left.toString());
                }
            }
            bulkload(new Path(out.toURI().toString()), ns);

            Map<String, TreeMap<String, String>> model = webLogModel(soFar);
            for (String table : List.of("cookie_url_count", "cookie_stats")) {
                TreeMap<String, String> expected = model.get(table);
                TreeMap<String, String> inHBase = new TreeMap<>();
                int versions = table.equals("cookie_stats") ? 5 : 1;
                try (Table t = connection.getTable(TableName.valueOf(ns, table));
                        ResultScanner scanner = t.getScanner(new Scan().readVersions(versions))) {
                    for (Result row : scanner) {
                        for (Cell c : row.rawCells()) {
                            inHBase.merge(valueKeyOf(c), valueOf(c), (a, b) -> a + " " + b);
                        }
                    }
                }
                assertEquals(expected, inHBase, table + " after day " + day);
            }
        }
    }

    /**
     * Three days of ranked titles and of edges into the live tables: day one bulk-loaded as it is, days two and three
     * matched ({@code --live}) and folded into what the tables hold. After each day's bulk load, every prefix's top-10
     * list in title_autocomp and every user's list in adjacency_ro, read through HBase, is what the titles and edges of
     * all the days so far make (computed here from the raw lines): a title seen again keeps its best rank, an unfollow
     * (day two) removes the id, a follow after it (day three) brings it back, a user who unfollowed everyone has no
     * list.
     */
    @Test
    void titleTopTensAndAdjacencyListsFoldIntoTheLiveTablesDayAfterDay() throws Exception {
        String ns = "lists";
        createNamespace(ns);
        java.util.Random random = new java.util.Random(21);
        String[] words = {"New", "Newt", "York", "Yorkshire", "Zoo", "Zürich", "Nova", "Scotia", "Newark", "Yo"};
        Map<String, Double> bestRank = new HashMap<>();
        Map<String, Set<String>> lists = new TreeMap<>();
        List<String[]> day1Edges = new ArrayList<>();
        for (int u = 0; u < 40; u++) {
            for (int v = 0; v < 1 + u % 4; v++) {
                day1Edges.add(new String[] {"u" + u, "v" + (u + v) % 25});
            }
        }
        for (int day = 1; day <= 3; day++) {
            String ts = String.valueOf(1700000000000L + day * 86_400_000L);
            List<String> titles = new ArrayList<>();
            for (int i = 0; i < 120; i++) {
                String title = words[random.nextInt(words.length)] + "_" + words[random.nextInt(words.length)]
                        + (random.nextInt(3) == 0 ? "_" + i % 7 : "");
                int rank = random.nextInt(400);
                titles.add(title + "\t" + rank);
                bestRank.merge(title.replace('_', ' '), (double) rank, Math::max);
            }
            List<String> edgeLines = new ArrayList<>();
            String edgesKind = day == 2 ? "unfollows" : "follows";
            if (day == 1) {
                day1Edges.forEach(e -> edgeLines.add(e[0] + "\t" + e[1]));
            } else if (day
                    == 2) { // u0..u9 unfollow everyone they follow, every third of the others one id, and one they
                // never followed
                lists.forEach((u, vs) -> {
                    int n = Integer.parseInt(u.substring(1));
                    vs.stream()
                            .filter(v -> n < 10 || n % 3 == 0)
                            .limit(n < 10 ? vs.size() : 1)
                            .forEach(v -> edgeLines.add(u + "\t" + v));
                });
                edgeLines.add("u20\tnobody");
            } else { // u1 follows again, u30 follows someone new
                edgeLines.addAll(List.of("u1\tv1", "u30\tv24", "u31\tw1"));
            }
            for (String line : edgeLines) {
                String[] e = line.split("\t");
                if (day == 2) {
                    Set<String> vs = lists.get(e[0]);
                    if (vs != null) {
                        vs.remove(e[1]);
                        if (vs.isEmpty()) {
                            lists.remove(e[0]);
                        }
                    }
                } else {
                    lists.computeIfAbsent(e[0], k -> new TreeSet<>()).add(e[1]);
                }
            }
            File titleInput = new File(tmp, "titles-day" + day + ".tsv");
            File edgeInput = new File(tmp, "lists-edges-day" + day + ".tsv");
            Files.write(titleInput.toPath(), titles, StandardCharsets.UTF_8);
            Files.write(edgeInput.toPath(), edgeLines, StandardCharsets.UTF_8);
            List<String> live = day == 1 ? List.of() : List.of("--live", "--namespace", ns);
            File titleOut = new File(tmp, "titles-day" + day);
            List<String> titleArgs = new ArrayList<>(List.of(
                    "titles", "--input", titleInput.getPath(), "--output", titleOut.getPath(), "--timestamp", ts));
            titleArgs.addAll(live);
            if (day == 2) {
                List<String> dryRun = new ArrayList<>(titleArgs);
                dryRun.add("--dry-run");
                Run plan = loadWith(dryRun.toArray(new String[0]));
                assertEquals(0, plan.code(), plan.err());
                assertTrue(
                        plan.out()
                                .contains(
                                        "folds into what the live table holds, read from a snapshot taken when the load starts"),
                        plan.out());
                assertFalse(titleOut.exists(), "a dry run writes nothing");
            }
            Run t = loadWith(titleArgs.toArray(new String[0]));
            assertEquals(0, t.code(), t.err());
            File edgeOut = new File(tmp, "lists-edges-day" + day);
            List<String> edgeArgs = new ArrayList<>(List.of(
                    "graph",
                    "--input",
                    edgeInput.getPath(),
                    "--output",
                    edgeOut.getPath(),
                    "--layouts",
                    "edges,adjacency-ro",
                    "--edges",
                    edgesKind,
                    "--timestamp",
                    ts));
            edgeArgs.addAll(live);
            Run g = loadWith(edgeArgs.toArray(new String[0]));
            assertEquals(0, g.code(), g.err());
            if (day > 1) {
                assertTrue(t.out().contains("folded into the live tables: title_autocomp"), t.out());
                assertTrue(g.out().contains("folded into the live tables: adjacency_ro"), g.out());
            }
            bulkload(new Path(titleOut.toURI().toString()), ns);
            bulkload(new Path(edgeOut.toURI().toString()), ns);
            if (day == 2) { // HBase rewrites the files: the ranks (a tag on each cell) must survive for day three
                majorCompact(TableName.valueOf(ns, "title_autocomp"));
            }

            Map<String, List<String>> byPrefix = new TreeMap<>();
            for (String title : bestRank.keySet()) {
                int[] cps = String.join(
                                " ",
                                title.toLowerCase(java.util.Locale.ROOT).trim().split("\\s+"))
                        .codePoints()
                        .toArray();
                for (int n = 3; n <= Math.min(12, cps.length); n++) {
                    byPrefix.computeIfAbsent(new String(cps, 0, n), k -> new ArrayList<>())
                            .add(title);
                }
            }
            Map<String, String> expectedTitles = new TreeMap<>();
            byPrefix.forEach((prefix, ts2) -> expectedTitles.put(
                    prefix,
                    "[\""
                            + String.join(
                                    "\",\"",
                                    ts2.stream()
                                            .sorted(java.util.Comparator.<String>comparingDouble(x -> -bestRank.get(x))
                                                    .thenComparing(
                                                            x -> x.getBytes(StandardCharsets.UTF_8),
                                                            java.util.Arrays::compareUnsigned))
                                            .limit(10)
                                            .toList())
                            + "\"]"));
            assertEquals(
                    expectedTitles,
                    rowValues(TableName.valueOf(ns, "title_autocomp")),
                    "title_autocomp after day " + day);
            Map<String, String> expectedLists = new TreeMap<>();
            lists.forEach((u, vs) -> expectedLists.put(u, "[\"" + String.join("\",\"", vs) + "\"]"));
            assertEquals(
                    expectedLists, rowValues(TableName.valueOf(ns, "adjacency_ro")), "adjacency_ro after day " + day);
            Map<String, Set<String>> follows = new TreeMap<>();
            Map<String, String> user = new HashMap<>();
            lists.keySet().forEach(u -> user.put(Bytes.toHex(Md5.digest(Bytes.toBytes(u))), u));
            scanQualifiers(
                    TableName.valueOf(ns, "follows"),
                    (row, q) -> follows.computeIfAbsent(
                                    user.getOrDefault(row.substring(0, 32), row), k -> new TreeSet<>())
                            .add(q));
            assertEquals(lists, follows, "follows after day " + day);
        }
        assertFalse(lists.containsKey("u0"), "u0 unfollowed everyone: no list");
    }

    static void majorCompact(TableName name) throws Exception {
        try (Admin admin = connection.getAdmin()) {
            admin.majorCompact(name);
            long deadline = System.currentTimeMillis() + 60_000;
            do {
                Thread.sleep(200);
            } while (admin.getCompactionState(name) != org.apache.hadoop.hbase.client.CompactionState.NONE
                    && System.currentTimeMillis() < deadline);
            assertEquals(
                    1,
                    hbase.getHBaseCluster()
                            .getRegions(name)
                            .get(0)
                            .getStore(Bytes.toBytes("j"))
                            .getStorefilesCount(),
                    "compacted into one file");
        }
    }

    /** Each row of a table of one cell per row, through the client: row as text → value as text. */
    static Map<String, String> rowValues(TableName name) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Table t = connection.getTable(name);
                ResultScanner scanner = t.getScanner(new Scan())) {
            for (Result row : scanner) {
                assertEquals(1, row.rawCells().length, Bytes.toString(row.getRow()));
                out.put(Bytes.toString(row.getRow()), Bytes.toString(row.value()));
            }
        }
        return out;
    }

    /**
     * What one load of {@code lines} writes into cookie_url_count and cookie_stats, computed from the raw lines by
     * docs/tables.md's rules, as {@link #valueKeyOf} → {@link #valueOf}: per visitor and path the count (u:), per UTC
     * day the day's count at the day's start (d:), the most requested path with its count as the timestamp (c:, ties to
     * the smallest path), and the path of each of the 5 newest request times (r:, a time's smallest path).
     */
    static Map<String, TreeMap<String, String>> webLogModel(List<String> lines) {
        java.util.Comparator<String> utf8 = (a, b) -> Bytes.compareTo(Bytes.toBytes(a), Bytes.toBytes(b));
        Map<String, TreeMap<String, Long>> paths = new TreeMap<>();
        Map<String, TreeMap<String, long[]>> days = new TreeMap<>();
        Map<String, TreeMap<Long, String>> times = new TreeMap<>();
        WebLogParser parser = new WebLogParser();
        for (String line : lines) {
            Parsed<WebLogRecord> p = parser.parse(line);
            if (!p.isRecord() || p.record().path() == null) {
                continue;
            }
            WebLogRecord r = p.record();
            paths.computeIfAbsent(r.visitor(), k -> new TreeMap<>(utf8)).merge(r.path(), 1L, Long::sum);
            long dayStart = Math.floorDiv(r.time(), 86_400_000L) * 86_400_000L;
            days.computeIfAbsent(r.visitor(), k -> new TreeMap<>())
                    .merge(WebLogSchema.dayText(r.time()), new long[] {dayStart, 1}, (a, b) ->
                            new long[] {a[0], a[1] + b[1]});
            times.computeIfAbsent(r.visitor(), k -> new TreeMap<>())
                    .merge(r.time(), r.path(), (a, b) -> utf8.compare(a, b) <= 0 ? a : b);
        }
        TreeMap<String, String> counts = new TreeMap<>();
        TreeMap<String, String> stats = new TreeMap<>();
        paths.forEach((visitor, byPath) -> {
            String row = Bytes.toStringBinary(Bytes.toBytes(visitor));
            String top = null;
            long topCount = 0;
            for (var e :
                    byPath.entrySet()) { // paths in UTF-8 byte order, as the fold sees them: the first to reach the
                // top wins
                counts.put(
                        row + "/u:" + Bytes.toStringBinary(Bytes.toBytes(e.getKey())),
                        Bytes.toStringBinary(Bytes.toBytes(e.getValue())));
                if (e.getValue() > topCount) {
                    top = e.getKey();
                    topCount = e.getValue();
                }
            }
            days.get(visitor)
                    .forEach((day, d) ->
                            counts.put(row + "/d:" + day + "/" + d[0], Bytes.toStringBinary(Bytes.toBytes(d[1]))));
            stats.put(row + "/c:/" + topCount, Bytes.toStringBinary(Bytes.toBytes(top)));
            times.get(visitor).descendingMap().entrySet().stream()
                    .limit(5)
                    .forEach(e ->
                            stats.put(row + "/r:/" + e.getKey(), Bytes.toStringBinary(Bytes.toBytes(e.getValue()))));
        });
        return Map.of("cookie_url_count", counts, "cookie_stats", stats);
    }

    /** A cell's key without the timestamp of a counter (the day's load's, which differs from the one load's). */
    static String valueKeyOf(Cell c) {
        String family = Bytes.toString(CellUtil.cloneFamily(c));
        boolean stamped = family.equals("c") || family.equals("r") || family.equals("d"); // count, request time, day
        return Bytes.toStringBinary(CellUtil.cloneRow(c)) + "/" + family + ":"
                + Bytes.toStringBinary(CellUtil.cloneQualifier(c)) + (stamped ? "/" + c.getTimestamp() : "");
    }

    static String valueOf(Cell c) {
        return Bytes.toStringBinary(CellUtil.cloneValue(c));
    }

    static void createNamespace(String ns) throws Exception {
        try (Admin admin = connection.getAdmin()) {
            admin.createNamespace(NamespaceDescriptor.create(ns).build());
        }
    }

    /** Every cell of the table through the client, as (row in hex or as text, qualifier as text). */
    static void scanQualifiers(TableName name, java.util.function.BiConsumer<String, String> cell) throws Exception {
        try (Table t = connection.getTable(name);
                ResultScanner scanner = t.getScanner(new Scan())) {
            for (Result row : scanner) {
                for (Cell c : row.rawCells()) {
                    byte[] key = CellUtil.cloneRow(c);
                    String rowText =
                            name.getQualifierAsString().equals("adjacency") ? Bytes.toString(key) : Bytes.toHex(key);
                    cell.accept(rowText, Bytes.toString(CellUtil.cloneQualifier(c)));
                }
            }
        }
    }

    @Test
    void numericEventIdsStayTheSameFromNightToNight() throws Exception {
        String ns = "ev";
        createNamespace(ns);
        File dayOne = new File(tmp, "events-day1");
        assertEquals(
                0,
                loadWith(
                                "events",
                                "--input",
                                new File("../sample-data/events").getPath(),
                                "--layout",
                                "numeric",
                                "--output",
                                dayOne.getPath(),
                                "--timestamp",
                                "1700000000000")
                        .code());
        bulkload(new Path(dayOne.toURI().toString()), ns);
        Map<String, Long> before = logTypes(ns);
        long hosts = before.get("\\x00h");
        long events = before.get("\\x00e");
        File day2 = new File(tmp, "events-day2.tsv");
        Files.writeString(
                day2.toPath(),
                "web-01\t1700090000000\tlogin\tann\n" + "aaa-new\t1700090000001\tzz_new_event\t1\n"
                        + "aaa-new\t1700090000002\tlogin\tbob\n");
        File dayTwo = new File(tmp, "events-day2");
        Run r = loadWith(
                "events",
                "--input",
                day2.getPath(),
                "--layout",
                "numeric",
                "--output",
                dayTwo.getPath(),
                "--timestamp",
                "1700086400000",
                "--live",
                "--namespace",
                ns);
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains("log_types ids: 2 name(s) kept the id ev:log_types gives them, 2 new above its i:max"),
                r.out());
        bulkload(new Path(dayTwo.toURI().toString()), ns);
        Map<String, Long> after = logTypes(ns);
        before.forEach((name, id) -> {
            if (!name.startsWith("\\x00")) {
                assertEquals(id, after.get(name), name + " keeps its id");
            }
        });
        assertEquals(hosts + 1, after.get("haaa-new"));
        assertEquals(events + 1, after.get("ezz_new_event"));
        assertEquals(hosts + 1, after.get("\\x00h"), "i:max moves up");
        assertEquals(events + 1, after.get("\\x00e"));
        Map<Long, Set<String>> hostsOfId = new HashMap<>();
        Map<Long, Set<String>> eventsOfId = new HashMap<>();
        long rows = 0;
        try (Table t = connection.getTable(TableName.valueOf(ns, "log_data"));
                ResultScanner scanner = t.getScanner(new Scan())) {
            for (Result row : scanner) {
                hostsOfId
                        .computeIfAbsent(Bytes.toLong(row.getRow(), 0), k -> new TreeSet<>())
                        .add(Bytes.toString(row.getValue(Bytes.toBytes("d"), Bytes.toBytes("h"))));
                eventsOfId
                        .computeIfAbsent(Bytes.toLong(row.getRow(), 8), k -> new TreeSet<>())
                        .add(Bytes.toString(row.getValue(Bytes.toBytes("d"), Bytes.toBytes("e"))));
                rows++;
            }
        }
        assertTrue(rows > 400, "both days in log_data: " + rows);
        hostsOfId.forEach((id, names) -> assertEquals(1, names.size(), "host id " + id + " stands for " + names));
        eventsOfId.forEach((id, names) -> assertEquals(1, names.size(), "event id " + id + " stands for " + names));
        assertEquals(Set.of("aaa-new"), hostsOfId.get(hosts + 1));
    }

    /** The live log_types as name → id (the i:max rows as {@code \\x00h}/{@code \\x00e}). */
    static Map<String, Long> logTypes(String ns) throws Exception {
        Map<String, Long> ids = new HashMap<>();
        try (Table t = connection.getTable(TableName.valueOf(ns, "log_types"));
                ResultScanner scanner = t.getScanner(new Scan())) {
            for (Result row : scanner) {
                Cell c = row.rawCells()[0];
                ids.put(Bytes.toStringBinary(row.getRow()), Bytes.toLong(CellUtil.cloneValue(c)));
            }
        }
        return ids;
    }

    static List<RegionInfo> onlineRegions(Admin admin, TableName name) throws Exception {
        return admin.getRegions(name).stream()
                .filter(r -> !r.isSplitParent() && !r.isOffline())
                .sorted(Comparator.comparing(RegionInfo::getStartKey, Bytes.BYTES_COMPARATOR))
                .toList();
    }

    /** The cells of a load's table, every version, as {@link #keyOf} → value. */
    static TreeMap<String, byte[]> cellsOf(Path table) throws Exception {
        TreeMap<String, byte[]> out = new TreeMap<>();
        for (Cell c : cellList(table)) {
            out.put(keyOf(c), CellUtil.cloneValue(c));
        }
        return out;
    }

    static List<Cell> cellList(Path table) throws Exception {
        List<Cell> out = new ArrayList<>();
        try (TableReader reader = TableReader.open(hbase.getConfiguration(), table);
                RowScanner scan = reader.scan(ScanSpec.all().withMaxVersions(Integer.MAX_VALUE))) {
            for (Result r = scan.next(); r != null; r = scan.next()) {
                out.addAll(r.listCells());
            }
        }
        return out;
    }

    /** row, family:qualifier and the timestamp inverted, so that a column's newest version sorts first. */
    static String keyOf(Cell c) {
        return Bytes.toStringBinary(CellUtil.cloneRow(c))
                + '\u0001'
                + Bytes.toStringBinary(CellUtil.cloneFamily(c))
                + ':'
                + Bytes.toStringBinary(CellUtil.cloneQualifier(c))
                + '\u0001'
                + String.format("%019d", Long.MAX_VALUE - c.getTimestamp());
    }

    /** The newest {@code versions} cells of each column, as a region server serves them. */
    static TreeMap<String, byte[]> newest(TreeMap<String, byte[]> cells, int versions) {
        TreeMap<String, byte[]> out = new TreeMap<>();
        String column = null;
        int kept = 0;
        for (Map.Entry<String, byte[]> e : cells.entrySet()) {
            String c = e.getKey().substring(0, e.getKey().lastIndexOf('\u0001'));
            kept = c.equals(column) ? kept + 1 : 1;
            column = c;
            if (kept <= versions) {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    static byte[][] splits() {
        byte[][] splits = new byte[REGIONS - 1][];
        for (int i = 1; i < REGIONS; i++) {
            splits[i - 1] = new byte[] {(byte) (i * 256 / REGIONS)};
        }
        return splits;
    }

    /** {@code dumptruck bulkload DIR --namespace NS}: what it printed. */
    static String bulkload(Path dir, String namespace) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BulkLoadCommand command = new BulkLoadCommand();
        command.setConf(new Configuration(hbase.getConfiguration()));
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            assertEquals(
                    0, command.writingTo(o, System.err).run(new String[] {dir.toString(), "--namespace", namespace}));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static long rowsInHBase(TableName name) throws Exception {
        long n = 0;
        try (Table t = connection.getTable(name);
                ResultScanner scanner = t.getScanner(new Scan())) {
            for (Result ignored : scanner) {
                n++;
            }
        }
        return n;
    }

    static long rowsOf(Path table) throws Exception {
        long n = 0;
        try (TableReader reader = TableReader.open(hbase.getConfiguration(), table);
                RowScanner scan = reader.scan(ScanSpec.all())) {
            while (scan.next() != null) {
                n++;
            }
        }
        return n;
    }

    /**
     * Every HFile of the load's table {@code dir} carries the live table's family settings — compression, data block
     * encoding and bloom type, read from the file itself — and lies within one live region.
     */
    static void assertFilesMatchTheLiveTable(Path dir, TableName name) throws Exception {
        Configuration conf = hbase.getConfiguration();
        FileSystem fs = dir.getFileSystem(conf);
        List<HRegionLocation> regions;
        TableDescriptor live;
        try (RegionLocator locator = connection.getRegionLocator(name);
                Admin admin = connection.getAdmin()) {
            regions = locator.getAllRegionLocations();
            live = admin.getDescriptor(name);
        }
        int checked = 0;
        for (ColumnFamilyDescriptor family : live.getColumnFamilies()) {
            Path familyDir = new Path(dir, family.getNameAsString());
            for (FileStatus file : fs.exists(familyDir) ? fs.listStatus(familyDir) : new FileStatus[0]) {
                try (HFile.Reader reader = HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
                    assertEquals(
                            family.getCompressionType(),
                            reader.getFileContext().getCompression(),
                            file.getPath().toString());
                    assertEquals(
                            family.getDataBlockEncoding(),
                            reader.getDataBlockEncoding(),
                            file.getPath().toString());
                    byte[] bloom = reader.getHFileInfo().get(HStoreFile.BLOOM_FILTER_TYPE_KEY); // absent: no bloom
                    assertEquals(
                            family.getBloomFilterType(),
                            bloom == null ? BloomType.NONE : BloomType.valueOf(Bytes.toString(bloom)));
                    byte[] first = reader.getFirstRowKey().orElseThrow();
                    byte[] last = reader.getLastRowKey().orElseThrow();
                    assertEquals(
                            1,
                            regions.stream()
                                    .filter(l -> l.getRegion().containsRange(first, last))
                                    .count(),
                            "a file within one live region: the bulk load splits none");
                    checked++;
                }
            }
        }
        assertTrue(checked > 0, "no HFile in " + dir);
    }

    /** The largest data block of a file, in bytes as stored before compression. */
    static int largestDataBlock(HFile.Reader reader) throws Exception {
        int largest = 0;
        long last = reader.getTrailer().getLastDataBlockOffset();
        for (long offset = 0; offset <= last; ) {
            HFileBlock block = reader.readBlock(offset, -1, false, true, false, false, null, null);
            if (block.getBlockType().isData()) {
                largest = Math.max(largest, block.getUncompressedSizeWithoutHeader());
            }
            offset += block.getOnDiskSizeWithHeader();
        }
        return largest;
    }

    @Test
    void whatCannotMatchIsRefusedInOneLineBeforeAnyJob() {
        String[][] refused = {
            {"HBase has no table live:absent to match", "--live", "--live-name", "follows=live:absent"},
            {
                "table live:other_family has no family 'f'",
                "--live",
                "--live-name",
                "follows=live:other_family,followed_by=live:other_family"
            },
            {
                "bloom type ROWPREFIX_FIXED_LENGTH",
                "--live",
                "--live-name",
                "follows=live:prefix_bloom",
                "--namespace",
                NAMESPACE
            },
            {"HBase has no table nowhere:follows", "--live", "--namespace", "nowhere"},
            {"--namespace, --live-name, --batch and --again go with --live", "--namespace", NAMESPACE},
            {"--regions cannot go with --live", "--live", "--regions", "4"},
            {"--live-name takes TABLE=[NAMESPACE:]NAME", "--live", "--live-name", "follows"},
            {
                "--live-name names table 'folows', which this load does not write; it writes follows, followed_by",
                "--live",
                "--namespace",
                NAMESPACE,
                "--live-name",
                "folows=live:follows"
            }
        };
        for (String[] c : refused) {
            File output = new File(tmp, "refused-" + Math.abs(Arrays.hashCode(c)));
            List<String> args = new ArrayList<>(List.of("--output", output.getPath()));
            args.addAll(Arrays.asList(c).subList(1, c.length));
            Run r = load(args.toArray(new String[0]));
            assertEquals(2, r.code(), c[0] + ": " + r.out() + r.err());
            assertTrue(r.err().contains(c[0]), r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            assertFalse(output.exists(), "no output left by a refused load");
        }
    }
}
