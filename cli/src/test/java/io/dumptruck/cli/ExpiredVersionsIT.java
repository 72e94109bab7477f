package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.SharedMiniHBase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Families with a TTL and MIN_VERSIONS read through the command line and {@code HFileTableInputFormat} as HBase's
 * client reads them, where HBase's two column trackers differ: a scan of the whole family serves a column's live
 * versions (at least MIN_VERSIONS), a scan or get naming columns serves each named column's first expired version after
 * those too. Expired versions reach the table's files the only way they can stay there, by a bulk load (a flush or
 * compaction drops them), so the test needs no clock: they are hours past the TTL, the live ones minutes inside it.
 */
@ExtendWith(SharedMiniHBase.class)
class ExpiredVersionsIT {
    static final TableName TABLE = TableName.valueOf("expiring");
    static final String SNAPSHOT = "expiring_snap";
    /** k: VERSIONS 5, MIN_VERSIONS 2; h: VERSIONS 3, MIN_VERSIONS 1; both TTL one day. */
    static final byte[] K = Bytes.toBytes("k");

    static final byte[] H = Bytes.toBytes("h");
    static final int TTL_SECONDS = 24 * 3600;
    static final String[] QUALIFIERS = {"a", "b", "c", "d"};

    static HBaseTestingUtility hbase;
    static Path snapshotDir;

    @BeforeAll
    static void aTableHoldingExpiredVersionsAndItsSnapshot() throws Exception {
        hbase = SharedMiniHBase.util();
        Configuration conf = hbase.getConfiguration();
        Admin admin = hbase.getAdmin();
        admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
                .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(K)
                        .setMaxVersions(5)
                        .setMinVersions(2)
                        .setTimeToLive(TTL_SECONDS)
                        .build())
                .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(H)
                        .setMaxVersions(3)
                        .setMinVersions(1)
                        .setTimeToLive(TTL_SECONDS)
                        .build())
                .build());
        admin.compactionSwitch(false, List.of()); // a compaction would drop the expired versions
        long now = System.currentTimeMillis();
        long expired = now - (TTL_SECONDS + 3 * 3600) * 1000L;
        long live = now - 600_000;
        Random random = new Random(7);
        FileSystem fs = hbase.getTestFileSystem();
        Path bulk = new Path("/bulk/expiring");
        for (byte[] family : List.of(K, H)) {
            List<KeyValue> cells = new ArrayList<>();
            for (int r = 0; r < 40; r++) {
                for (String q : QUALIFIERS) {
                    // 0..3 live and 0..4 expired versions per column, one second apart
                    int lives = random.nextInt(4);
                    int olds = random.nextInt(5);
                    for (int v = 0; v < lives; v++) {
                        cells.add(cell(r, family, q, live - v * 1000L, "live" + v));
                    }
                    for (int v = 0; v < olds; v++) {
                        cells.add(cell(r, family, q, expired - v * 1000L, "old" + v));
                    }
                }
            }
            cells.sort(CellComparator.getInstance());
            try (HFile.Writer w = HFile.getWriterFactoryNoCache(conf)
                    .withPath(fs, new Path(bulk, Bytes.toString(family) + "/cells"))
                    .withFileContext(new HFileContextBuilder().build())
                    .create()) {
                for (KeyValue kv : cells) {
                    w.append(kv);
                }
            }
        }
        BulkLoadHFiles.create(conf).bulkLoad(TABLE, bulk);
        try (Table t = hbase.getConnection().getTable(TABLE)) {
            // newer live versions from Puts, in a second file per family
            for (int r = 0; r < 40; r += 3) {
                t.put(new Put(row(r)).addColumn(K, Bytes.toBytes("a"), now - 1000, Bytes.toBytes("put")));
            }
        }
        admin.flush(TABLE);
        admin.snapshot(SNAPSHOT, TABLE);
        snapshotDir = new Path(hbase.getDefaultRootDirPath(), HConstants.SNAPSHOT_DIR_NAME + "/" + SNAPSHOT);
    }

    @AfterAll
    static void compactAgain() throws Exception {
        hbase.getAdmin().compactionSwitch(true, List.of());
    }

    static KeyValue cell(int row, byte[] family, String qualifier, long ts, String value) {
        return new KeyValue(row(row), family, Bytes.toBytes(qualifier), ts, Bytes.toBytes(value));
    }

    static byte[] row(int i) {
        return Bytes.toBytes(String.format("r%02d", i));
    }

    @Test
    void namedColumnsServeTheirFirstExpiredVersionAsHBaseDoesThroughScanGetAndInputFormat() throws Exception {
        String table = "snapshot:" + SNAPSHOT;
        String[][] columnSets = {{"k:a", "k:c"}, {"k:b", "h:a", "h:d"}, {"h:c"}};
        for (String[] columns : columnSets) {
            for (int versions : new int[] {1, 2, 3, 5}) {
                Scan scan = new Scan().readVersions(versions);
                List<ScanSpec.Column> named = new ArrayList<>();
                for (String c : columns) {
                    String[] fq = c.split(":");
                    scan.addColumn(Bytes.toBytes(fq[0]), Bytes.toBytes(fq[1]));
                    named.add(new ScanSpec.Column(fq[0], Bytes.toBytes(fq[1])));
                }
                String what = String.join(",", columns) + ", " + versions + " versions";
                String expected = printed(p -> clientScan(scan).forEach(p::print));
                for (String dir : List.of(table, hbase.getDefaultRootDirPath() + "/data/default/expiring")) {
                    AgainstHBase.Run run = AgainstHBase.dumptruck(
                            hbase, "scan", dir, "--columns", String.join(",", columns), "--versions", "" + versions);
                    assertEquals(0, run.code(), run.err());
                    assertEquals(expected, run.out(), "scan " + what + " of " + dir);
                }
                List<Result> viaInputFormat = LocalJobs.readAll(
                        hbase.getConfiguration(),
                        snapshotDir,
                        ScanSpec.all().withColumns(named).withMaxVersions(versions));
                assertEquals(
                        expected, printed(p -> viaInputFormat.forEach(p::print)), "HFileTableInputFormat, " + what);
                for (int r = 0; r < 40; r += 7) {
                    Get get = new Get(row(r)).readVersions(versions);
                    scan.getFamilyMap().forEach((f, qs) -> qs.forEach(q -> get.addColumn(f, q)));
                    Result one = clientGet(get);
                    String expectedGet = printed(p -> {
                        if (!one.isEmpty()) {
                            p.print(one);
                        }
                    });
                    AgainstHBase.Run run = AgainstHBase.dumptruck(
                            hbase,
                            "get",
                            table,
                            Bytes.toString(row(r)),
                            "--columns",
                            String.join(",", columns),
                            "--versions",
                            "" + versions);
                    assertEquals(expectedGet, run.out(), "get " + Bytes.toString(row(r)) + ", " + what);
                }
            }
        }
    }

    @Test
    void theTableHoldsColumnsWhereTheTwoRulesDiffer() throws Exception {
        Scan family = new Scan().addFamily(K).readVersions(5);
        Scan named = new Scan().readVersions(5);
        for (String q : QUALIFIERS) {
            named.addColumn(K, Bytes.toBytes(q));
        }
        String wholeFamily = printed(p -> clientScan(family).forEach(p::print));
        String namedColumns = printed(p -> clientScan(named).forEach(p::print));
        assertNotEquals(wholeFamily, namedColumns, "HBase serves named columns more than the whole family");
        assertTrue(namedColumns.contains("value=old0"), namedColumns);
        AgainstHBase.Run run =
                AgainstHBase.dumptruck(hbase, "scan", "snapshot:" + SNAPSHOT, "--families", "k", "--versions", "5");
        assertEquals(wholeFamily, run.out());
    }

    static String printed(Consumer<ResultPrinter> results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultPrinter p = new ResultPrinter(out, KeyNotation.of(false));
            results.accept(p);
            p.finish();
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static List<Result> clientScan(Scan scan) {
        List<Result> out = new ArrayList<>();
        try (Table t = hbase.getConnection().getTable(TABLE);
                ResultScanner s = t.getScanner(scan)) {
            s.forEach(out::add);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    static Result clientGet(Get get) throws java.io.IOException {
        try (Table t = hbase.getConnection().getTable(TABLE)) {
            return t.get(get);
        }
    }
}
