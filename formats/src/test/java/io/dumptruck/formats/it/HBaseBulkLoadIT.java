package io.dumptruck.formats.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.testing.CellModel;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.RandomTables;
import io.dumptruck.formats.testing.SharedMiniHBase;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output of a real load job, bulk-loaded into a real HBase (mini cluster) the way {@code hbase completebulkload}
 * does it, then read back through the HBase client and compared with the {@link CellModel} and with our own
 * {@link TableReader}.
 *
 * <p>Flow, once for the class: a local-mode job writes random tables with {@link HFileTableOutputFormat} into a local
 * temp dir; the mini cluster starts; each table is created from {@link TableSpec#toDescriptor()} with the spec's split
 * points, its directory is copied into the cluster's MiniDFS and loaded with {@link BulkLoadHFiles}. The load runs with
 * {@code hbase.loadincremental.fail.if.need.split.hfile=true}: every HFile must already fit in one region, so HBase
 * never has to split one of our files.
 *
 * <p>On versions and time ranges: HBase applies a scan's time range first and then counts versions against min(scan
 * versions, family VERSIONS) over the cells present in the store files (see {@code UserScanQueryMatcher#matchColumn}),
 * while the model drops cells beyond family VERSIONS before looking at the time range. The two agree only because the
 * loader itself drops versions beyond the family's VERSIONS, as a major compaction would. A time-range mismatch here
 * therefore points at the loader keeping too many versions, not at the model.
 */
@ExtendWith(SharedMiniHBase.class)
class HBaseBulkLoadIT {
    private static final long SEED = 20_240_917L;
    private static final int CELLS = 15_000;

    @TempDir
    static File tmp;

    static RandomTables data;
    static Path out;
    static Configuration localConf;
    static HBaseTestingUtility util;
    static final Map<String, LoadReport> loads = new HashMap<>();

    /** One HFile the job wrote: its family, name and row range (read from the local copy). */
    record HFileRange(String family, String name, byte[] firstRow, byte[] lastRow) {}

    /** What happened when a table was bulk-loaded. */
    record LoadReport(List<HFileRange> files, Map<BulkLoadHFiles.LoadQueueItem, ByteBuffer> loaded, int leftInSource) {}

    @BeforeAll
    static void loadIntoHBase() throws Exception {
        data = new RandomTables(SEED, CELLS);
        data.writeInput(tmp.toPath().resolve("in"), 3);
        localConf = LocalJobs.localConf();
        out = new Path(tmp.getAbsolutePath(), "out");
        Job job = LocalJobs.cellTextJob(localConf, "bulk load IT", new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(job)
                .tables(data.specs)
                .output(out)
                .maxFileBytes(8 * 1024)
                .apply();
        assertTrue(job.waitForCompletion(false), "load job failed");

        util = SharedMiniHBase.util();
        Configuration bulkConf = new Configuration(util.getConfiguration());
        // An HFile that straddles a region boundary fails the load instead of being split by HBase.
        bulkConf.setBoolean("hbase.loadincremental.fail.if.need.split.hfile", true);
        FileSystem localFs = FileSystem.getLocal(localConf);
        FileSystem dfs = util.getTestFileSystem();
        Path staging = util.getDataTestDirOnTestFS("bulkload");
        Admin admin = util.getAdmin();
        for (TableSpec t : data.specs) {
            TableName name = TableName.valueOf(t.name());
            List<byte[]> points = t.regions().splitPoints();
            if (points.isEmpty()) {
                admin.createTable(t.toDescriptor());
            } else {
                admin.createTable(t.toDescriptor(), points.toArray(new byte[0][]));
            }
            util.waitTableAvailable(name);
            Path local = new Path(out, t.name());
            List<HFileRange> files = describeHFiles(localFs, local, t);
            Path remote = new Path(staging, t.name());
            assertTrue(
                    FileUtil.copy(localFs, local, dfs, remote, false, util.getConfiguration()),
                    "copy " + local + " to " + remote);
            Map<BulkLoadHFiles.LoadQueueItem, ByteBuffer> loaded =
                    BulkLoadHFiles.create(bulkConf).bulkLoad(name, remote);
            loads.put(t.name(), new LoadReport(files, loaded, countHFiles(dfs, remote, t)));
        }
    }

    @Test
    void everyHFileIsLoadedWholeIntoItsRegion() throws Exception {
        Admin admin = util.getAdmin();
        for (TableSpec t : data.specs) {
            LoadReport load = loads.get(t.name());
            List<byte[]> points = t.regions().splitPoints();
            assertFalse(load.loaded().isEmpty(), t.name() + ": bulk load loaded nothing");
            assertEquals(
                    load.files().size(),
                    load.loaded().size(),
                    t.name() + ": every HFile the job wrote is loaded once, none split: "
                            + load.loaded().keySet());
            assertEquals(0, load.leftInSource(), t.name() + ": HFiles left behind in the bulk-load directory");

            Map<String, HFileRange> byName = new HashMap<>();
            load.files().forEach(f -> byName.put(f.family() + "/" + f.name(), f));
            for (Map.Entry<BulkLoadHFiles.LoadQueueItem, ByteBuffer> e :
                    load.loaded().entrySet()) {
                Path file = e.getKey().getFilePath();
                String family = Bytes.toString(e.getKey().getFamily());
                HFileRange f = byName.get(family + "/" + file.getName());
                assertNotNull(f, t.name() + ": HBase loaded a file the job did not write: " + file);
                int region = RegionSplits.regionOf(points, f.firstRow(), 0, f.firstRow().length);
                assertEquals(
                        region,
                        RegionSplits.regionOf(points, f.lastRow(), 0, f.lastRow().length),
                        t.name() + ": " + file + " spans regions: " + Bytes.toStringBinary(f.firstRow()) + " .. "
                                + Bytes.toStringBinary(f.lastRow()));
                byte[] expectedStart = region == 0 ? new byte[0] : points.get(region - 1);
                assertArrayEquals(
                        expectedStart,
                        Bytes.getBytes(e.getValue()),
                        t.name() + ": " + file + " went to region starting at " + Bytes.toStringBinary(e.getValue()));
            }

            List<RegionInfo> regions = new ArrayList<>(admin.getRegions(TableName.valueOf(t.name())));
            assertEquals(points.size() + 1, regions.size(), t.name() + ": regions after the load");
            regions.sort(RegionInfo.COMPARATOR);
            for (int i = 0; i < regions.size(); i++) {
                assertArrayEquals(
                        i == 0 ? new byte[0] : points.get(i - 1),
                        regions.get(i).getStartKey(),
                        t.name() + " region " + i + " start");
                assertArrayEquals(
                        i == points.size() ? new byte[0] : points.get(i),
                        regions.get(i).getEndKey(),
                        t.name() + " region " + i + " end");
            }
        }
    }

    @Test
    void hbaseScansAnswerLikeTheModel() throws Exception {
        for (TableSpec t : data.specs) {
            try (Table table = util.getConnection().getTable(TableName.valueOf(t.name()))) {
                List<ScanSpec> scans = data.scans(new Random(SEED + t.name().hashCode()), t);
                for (ScanSpec scan : scans) {
                    List<List<String>> expected = data.model.scan(t.name(), scan);
                    CellModel.assertSameRows(expected, hbaseScan(table, scan), t.name() + " " + scan.toJson());
                }
                // the comparisons must have had something to compare
                assertEquals(
                        data.model.rows(t.name()).size(),
                        hbaseScan(table, ScanSpec.all()).size(),
                        t.name() + ": rows in HBase");
            }
        }
    }

    @Test
    void hbaseGetsAnswerLikeTheModelAndTableReader() throws Exception {
        for (TableSpec t : data.specs) {
            List<byte[]> rows = data.model.rows(t.name());
            Random rnd = new Random(SEED * 31 + t.name().hashCode());
            try (Table table = util.getConnection().getTable(TableName.valueOf(t.name()));
                    TableReader reader = TableReader.open(localConf, new Path(out, t.name()))) {
                List<Get> gets = new ArrayList<>();
                List<Integer> versions = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    byte[] row = rows.get(rnd.nextInt(rows.size()));
                    int v = 1 + rnd.nextInt(6);
                    gets.add(new Get(row).readVersions(v));
                    versions.add(v);
                }
                Result[] results = table.get(gets);
                for (int i = 0; i < gets.size(); i++) {
                    byte[] row = gets.get(i).getRow();
                    int v = versions.get(i);
                    String what = t.name() + " get " + Bytes.toStringBinary(row) + " versions " + v;
                    List<String> hbase = CellModel.lines(results[i]);
                    assertFalse(hbase.isEmpty(), what + ": HBase has no such row");
                    assertEquals(
                            data.model
                                    .scan(t.name(), ScanSpec.row(row).withMaxVersions(v))
                                    .get(0),
                            hbase,
                            what + ": HBase vs model");
                    Optional<Result> ours = reader.get(row, ScanSpec.all().withMaxVersions(v));
                    assertTrue(ours.isPresent(), what + ": TableReader has no such row");
                    assertEquals(hbase, CellModel.lines(ours.get()), what + ": TableReader vs HBase");
                }

                List<Get> absent = new ArrayList<>();
                for (int i = 0; i < 150; i++) {
                    // near misses (a present row plus a byte no generated key holds) and far ones
                    byte[] row = i % 2 == 0
                            ? Bytes.add(rows.get(rnd.nextInt(rows.size())), new byte[] {1})
                            : t.name().equals(RandomTables.SALTED)
                                    ? new byte[] {(byte) (i % 4), 'n', 'o', (byte) i}
                                    : Bytes.toBytes("absent-" + i);
                    assertTrue(
                            data.model.scan(t.name(), ScanSpec.row(row)).isEmpty(),
                            "test bug: " + Bytes.toStringBinary(row) + " is present");
                    absent.add(new Get(row).readVersions(3));
                }
                Result[] none = table.get(absent);
                for (int i = 0; i < absent.size(); i++) {
                    byte[] row = absent.get(i).getRow();
                    assertTrue(
                            none[i].isEmpty(),
                            t.name() + ": HBase answers absent row " + Bytes.toStringBinary(row) + " with "
                                    + CellModel.lines(none[i]));
                    assertTrue(
                            reader.get(row, ScanSpec.all().withMaxVersions(3)).isEmpty(),
                            t.name() + ": TableReader answers absent row " + Bytes.toStringBinary(row));
                }
            }
        }
    }

    /** The HBase client scan equivalent to {@code s}. */
    static Scan toScan(ScanSpec s) throws Exception {
        Scan scan = new Scan()
                .withStartRow(s.startRow())
                .withStopRow(s.stopRow())
                .readVersions(s.maxVersions())
                .setCaching(1000);
        if (s.minTime() != 0 || s.maxTime() != Long.MAX_VALUE) {
            scan.setTimeRange(s.minTime(), s.maxTime());
        }
        s.families().forEach(f -> scan.addFamily(Bytes.toBytes(f)));
        s.columns().forEach(c -> scan.addColumn(Bytes.toBytes(c.family()), c.qualifier())); // narrows its family
        if (s.limit() > 0) {
            scan.setLimit(Math.toIntExact(s.limit()));
        }
        return scan;
    }

    static List<List<String>> hbaseScan(Table table, ScanSpec spec) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        try (ResultScanner scanner = table.getScanner(toScan(spec))) {
            for (Result r : scanner) {
                rows.add(CellModel.lines(r));
            }
        }
        return rows;
    }

    /** Every HFile of the table directory with its row range, read from the local file system. */
    private static List<HFileRange> describeHFiles(FileSystem fs, Path tableDir, TableSpec t) throws Exception {
        List<HFileRange> out = new ArrayList<>();
        for (FamilySpec f : t.families()) {
            for (FileStatus st : fs.listStatus(new Path(tableDir, f.name()))) {
                String name = st.getPath().getName();
                if (!st.isFile() || name.startsWith(".") || name.startsWith("_")) {
                    continue;
                }
                try (HFile.Reader r = HFile.createReader(fs, st.getPath(), CacheConfig.DISABLED, true, localConf)) {
                    byte[] first =
                            r.getFirstRowKey().orElseThrow(() -> new AssertionError("empty HFile " + st.getPath()));
                    byte[] last =
                            r.getLastRowKey().orElseThrow(() -> new AssertionError("empty HFile " + st.getPath()));
                    out.add(new HFileRange(f.name(), name, first, last));
                }
            }
        }
        assertFalse(out.isEmpty(), t.name() + ": the job wrote no HFiles");
        return out;
    }

    /** HFiles still in the family directories of a bulk-load source directory. */
    private static int countHFiles(FileSystem fs, Path tableDir, TableSpec t) throws Exception {
        int n = 0;
        for (FamilySpec f : t.families()) {
            Path dir = new Path(tableDir, f.name());
            if (!fs.exists(dir)) {
                continue;
            }
            for (FileStatus st : fs.listStatus(dir)) {
                String name = st.getPath().getName();
                if (st.isFile() && !name.startsWith(".") && !name.startsWith("_")) {
                    n++;
                }
            }
        }
        return n;
    }
}
