package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.RegionScanner;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.apache.hadoop.hbase.util.ManualEnvironmentEdge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delete markers read as a region server reads them: a real HBase region (no cluster, on the local file system) takes
 * random Puts and all four kinds of delete over several flushes — so markers and the cells they mask sit in different
 * HFiles, and the same key sometimes gets a second value later — then every scan dumptruck's {@link RowScanner} makes
 * over the region's HFiles must return exactly what the region's own scanner returns: full, range, family, column,
 * version and time-range scans, and single rows, and raw scans (markers included); one family's cells are all past its
 * TTL, and its MIN_VERSIONS keeps some served.
 */
class DeleteSemanticsTest {
    static final byte[] F = Bytes.toBytes("f");
    static final byte[] G = Bytes.toBytes("g");
    /** Every cell of h is long expired (timestamps 1..20 ms), but MIN_VERSIONS 2 keeps each column's newest two. */
    static final byte[] H = Bytes.toBytes("h");
    /**
     * k's cells are live when flushed and half of them expire before the scans (the clock moves on): MIN_VERSIONS 2
     * keeps each column's newest two, and a scan naming k's columns serves the first expired version after the live
     * ones too, as HBase's ExplicitColumnTracker does.
     */
    static final byte[] K = Bytes.toBytes("k");
    /** k's timestamps: K_BASE + 1..20 × 10 s; the clock is at K_BASE + 205 s while writing, + 310 s while reading. */
    static final long K_BASE = 1_700_000_000_000L;

    static final long K_STEP = 10_000;

    static final byte[][] QUALIFIERS = {Bytes.toBytes(""), Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c")};
    static final TableSpec SPEC = TableSpec.of(
            "t",
            FamilySpec.named("f").withMaxVersions(3),
            FamilySpec.named("g").withMaxVersions(1),
            FamilySpec.named("h").withMaxVersions(3).withTtlSeconds(60).withMinVersions(2),
            FamilySpec.named("k").withMaxVersions(4).withTtlSeconds(200).withMinVersions(2));

    @TempDir
    File tmp;

    @Test
    void everyScanOfRandomPutsAndDeletesEqualsTheRegionServersAnswer() throws Exception {
        for (long seed = 1; seed <= 6; seed++) {
            checkSeed(seed);
        }
    }

    private void checkSeed(long seed) throws Exception {
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.rootdir", new File(tmp, "root-" + seed).toURI().toString());
        conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
        TableDescriptor table = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
                .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F)
                        .setMaxVersions(3)
                        .build())
                .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(G)
                        .setMaxVersions(1)
                        .build())
                .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(H)
                        .setMaxVersions(3)
                        .setMinVersions(2)
                        .setTimeToLive(60)
                        .build())
                .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(K)
                        .setMaxVersions(4)
                        .setMinVersions(2)
                        .setTimeToLive(200)
                        .build())
                .build();
        ManualEnvironmentEdge clock = new ManualEnvironmentEdge();
        clock.setValue(K_BASE + 205_000); // every k cell but the oldest (ts + 10 s) is live while written and flushed
        EnvironmentEdgeManager.injectEdge(clock);
        HRegion region = HBaseTestingUtility.createRegionAndWAL(
                RegionInfoBuilder.newBuilder(table.getTableName()).build(),
                new Path(conf.get("hbase.rootdir")),
                conf,
                table);
        try {
            Random random = new Random(seed);
            for (int flush = 0; flush < 5; flush++) {
                for (int i = 0; i < 300; i++) {
                    mutate(region, random);
                }
                region.flush(true);
            }
            List<StoredFile> probe = files(conf, region, ScanSpec.all());
            assertTrue(probe.size() >= 8, "markers and cells spread over many files: " + probe.size());
            StoredFile.closeAll(probe);
            clock.setValue(K_BASE + 310_000); // k's cells older than K_BASE + 110 s have now expired
            compare(conf, region, seed, "full", new Scan(), ScanSpec.all());
            compare(
                    conf,
                    region,
                    seed,
                    "all versions",
                    new Scan().readAllVersions(),
                    ScanSpec.all().withMaxVersions(Integer.MAX_VALUE));
            compare(
                    conf,
                    region,
                    seed,
                    "2 versions",
                    new Scan().readVersions(2),
                    ScanSpec.all().withMaxVersions(2));
            compare(
                    conf,
                    region,
                    seed,
                    "range",
                    new Scan().withStartRow(row(7)).withStopRow(row(19)).readAllVersions(),
                    ScanSpec.all().withRange(row(7), row(19)).withMaxVersions(Integer.MAX_VALUE));
            compare(
                    conf,
                    region,
                    seed,
                    "family g",
                    new Scan().addFamily(G).readAllVersions(),
                    ScanSpec.all().withFamilies(List.of("g")).withMaxVersions(Integer.MAX_VALUE));
            compare(
                    conf,
                    region,
                    seed,
                    "columns",
                    new Scan()
                            .addColumn(F, QUALIFIERS[1])
                            .addColumn(G, QUALIFIERS[0])
                            .readAllVersions(),
                    ScanSpec.all()
                            .withColumns(List.of(
                                    new ScanSpec.Column("f", QUALIFIERS[1]), new ScanSpec.Column("g", QUALIFIERS[0])))
                            .withMaxVersions(Integer.MAX_VALUE));
            for (int versions : new int[] {Integer.MAX_VALUE, 3, 2, 1}) {
                compare(
                        conf,
                        region,
                        seed,
                        "named columns of TTL families, " + versions + " versions",
                        new Scan()
                                .addColumn(H, QUALIFIERS[1])
                                .addColumn(K, QUALIFIERS[0])
                                .addColumn(K, QUALIFIERS[1])
                                .addColumn(K, QUALIFIERS[3])
                                .readVersions(versions),
                        ScanSpec.all()
                                .withColumns(List.of(
                                        new ScanSpec.Column("h", QUALIFIERS[1]),
                                        new ScanSpec.Column("k", QUALIFIERS[0]),
                                        new ScanSpec.Column("k", QUALIFIERS[1]),
                                        new ScanSpec.Column("k", QUALIFIERS[3])))
                                .withMaxVersions(versions));
            }
            compare(
                    conf,
                    region,
                    seed,
                    "family k",
                    new Scan().addFamily(K).readAllVersions(),
                    ScanSpec.all().withFamilies(List.of("k")).withMaxVersions(Integer.MAX_VALUE));
            compare(
                    conf,
                    region,
                    seed,
                    "time range",
                    new Scan().setTimeRange(6, 14).readAllVersions(),
                    ScanSpec.all().withTimeRange(6, 14).withMaxVersions(Integer.MAX_VALUE));
            compare(
                    conf,
                    region,
                    seed,
                    "time range, 1 version",
                    new Scan().setTimeRange(6, 14),
                    ScanSpec.all().withTimeRange(6, 14));
            compare(
                    conf,
                    region,
                    seed,
                    "raw",
                    new Scan().setRaw(true).readAllVersions(),
                    ScanSpec.all().withRaw(true).withMaxVersions(Integer.MAX_VALUE));
            for (int r = 0; r < 30; r += 3) {
                byte[] one = row(r);
                compare(
                        conf,
                        region,
                        seed,
                        "row " + r,
                        new Scan().withStartRow(one).withStopRow(one, true).readAllVersions(),
                        ScanSpec.row(one).withMaxVersions(Integer.MAX_VALUE));
            }
            for (int r = 0; r < 30; r += 4) {
                byte[] one = row(r);
                compare(
                        conf,
                        region,
                        seed,
                        "row " + r + ", named columns",
                        new Scan()
                                .withStartRow(one)
                                .withStopRow(one, true)
                                .addColumn(K, QUALIFIERS[1])
                                .addColumn(K, QUALIFIERS[2])
                                .addColumn(H, QUALIFIERS[0])
                                .readAllVersions(),
                        ScanSpec.row(one)
                                .withColumns(List.of(
                                        new ScanSpec.Column("k", QUALIFIERS[1]),
                                        new ScanSpec.Column("k", QUALIFIERS[2]),
                                        new ScanSpec.Column("h", QUALIFIERS[0])))
                                .withMaxVersions(Integer.MAX_VALUE));
            }
        } finally {
            HBaseTestingUtility.closeRegionAndWAL(region);
            EnvironmentEdgeManager.reset();
        }
    }

    static byte[] row(int i) {
        return Bytes.toBytes(String.format("r%02d", i));
    }

    /** One random Put or delete of any kind, at timestamps 1..20 so that they meet often. */
    static void mutate(HRegion region, Random random) throws IOException {
        byte[] row = row(random.nextInt(30));
        byte[] family = new byte[][] {F, G, H, K}[random.nextInt(4)];
        byte[] qualifier = QUALIFIERS[random.nextInt(QUALIFIERS.length)];
        long ts = 1 + random.nextInt(20);
        if (family == K) {
            ts = K_BASE + ts * K_STEP;
        }
        int kind = random.nextInt(20);
        if (kind < 14) {
            region.put(new Put(row).addColumn(family, qualifier, ts, Bytes.toBytes("v" + random.nextInt(1000))));
        } else if (kind < 16) {
            region.delete(new Delete(row).addColumn(family, qualifier, ts));
        } else if (kind < 18) {
            region.delete(new Delete(row).addColumns(family, qualifier, ts));
        } else if (kind < 19) {
            region.delete(new Delete(row).addFamily(family, ts));
        } else {
            region.delete(new Delete(row).addFamilyVersion(family, ts));
        }
    }

    /** The region's HFiles of the families {@code scan} reads, opened as dumptruck opens a table's, oldest first. */
    static List<StoredFile> files(Configuration conf, HRegion region, ScanSpec scan) throws IOException {
        FileSystem fs = region.getRegionFileSystem().getFileSystem();
        List<StoredFile> out = new ArrayList<>();
        for (byte[] family : List.of(F, G, H, K)) {
            if (!scan.readsFamily(Bytes.toString(family))) {
                continue;
            }
            for (HStoreFile f : region.getStore(family).getStorefiles()) {
                out.add(StoredFile.open(conf, fs, f.getPath(), Bytes.toString(family)));
            }
        }
        out.sort((a, b) -> FileRange.OLDEST_FIRST.compare(a.range(), b.range()));
        return out;
    }

    static void compare(Configuration conf, HRegion region, long seed, String what, Scan scan, ScanSpec spec)
            throws Exception {
        List<String> expected = new ArrayList<>();
        try (RegionScanner scanner = region.getScanner(scan)) {
            List<Cell> cells = new ArrayList<>();
            boolean more;
            do {
                cells.clear();
                more = scanner.next(cells);
                cells.forEach(c -> expected.add(describe(c)));
            } while (more);
        }
        List<String> actual = new ArrayList<>();
        try (RowScanner rows =
                new RowScanner(conf, SPEC, files(conf, region, spec), spec, spec.startRow(), spec.stopRow(), true)) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                for (Cell c : r.rawCells()) {
                    actual.add(describe(c));
                }
            }
        }
        assertTrue(
                expected.size() > 0 || what.startsWith("row"),
                "seed " + seed + ", " + what + ": the region returned nothing");
        assertEquals(String.join("\n", expected), String.join("\n", actual), "seed " + seed + ", " + what);
    }

    static String describe(Cell c) {
        Function<byte[], String> s = Bytes::toStringBinary;
        return s.apply(CellUtil.cloneRow(c)) + "/" + s.apply(CellUtil.cloneFamily(c)) + ":"
                + s.apply(CellUtil.cloneQualifier(c)) + "/" + c.getTimestamp() + "/" + c.getType() + "="
                + s.apply(CellUtil.cloneValue(c));
    }
}
