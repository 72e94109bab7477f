package io.dumptruck.formats.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.NotATableException;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.SharedMiniHBase;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A snapshot of a real table read by dumptruck as HBase serves it. The table (two families, VERSIONS 3 and 1) takes
 * random Puts and all four delete kinds through the client over several flushes, so markers and the cells they mask sit
 * in different HFiles; one region is split with compactions off, so the daughters hold reference files when the
 * snapshot is taken; then more writes and a major compaction move the snapshot's files to the archive, where only links
 * reach them. Every scan and get through {@link TableReader} and every split of {@code HFileTableInputFormat} equals
 * what HBase's client returns from the table cloned from the snapshot, and the HBase root directory is the same before
 * and after.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(SharedMiniHBase.class)
class SnapshotReadIT {
    static final byte[] F = Bytes.toBytes("f");
    static final byte[] G = Bytes.toBytes("g");
    static final byte[][] QUALIFIERS = {Bytes.toBytes(""), Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c")};
    static final TableName TABLE = TableName.valueOf("t");
    static final TableName CLONE = TableName.valueOf("t_clone");
    static final String SNAPSHOT = "t_snap";
    static HBaseTestingUtility hbase;
    static Path snapshotDir;
    static Configuration conf;

    @BeforeAll
    static void snapshotOfATableWithDeletesSplitsAndArchivedFiles() throws Exception {
        hbase = SharedMiniHBase.util();
        conf = hbase.getConfiguration();
        Admin admin = hbase.getAdmin();
        admin.createTable(
                TableDescriptorBuilder.newBuilder(TABLE)
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F)
                                .setMaxVersions(3)
                                .build())
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(G)
                                .setMaxVersions(1)
                                .build())
                        .build(),
                new byte[][] {row(100)});
        Random random = new Random(42);
        try (Table t = hbase.getConnection().getTable(TABLE)) {
            for (int flush = 0; flush < 4; flush++) {
                for (int i = 0; i < 600; i++) {
                    mutate(t, random);
                }
                admin.flush(TABLE);
            }
            SharedMiniHBase.splitKeepingReferences(TABLE, row(50), 3); // the daughters keep their reference files
            admin.snapshot(SNAPSHOT, TABLE);
            admin.compactionSwitch(true, List.of());
            for (int i = 0; i < 300; i++) {
                mutate(t, random);
            }
            admin.flush(TABLE);
            admin.majorCompact(TABLE);
            // Wait for what the compaction does, not for its state (NONE until the request is queued): the daughters'
            // reference files rewritten and archived. The region server archives compacted files at its discharger's
            // next run, up to two minutes later; here it is run at once, so that it cannot change t during the tests.
            hbase.waitFor(120_000, () -> {
                for (org.apache.hadoop.hbase.regionserver.HRegion region :
                        hbase.getHBaseCluster().getRegions(TABLE)) {
                    for (org.apache.hadoop.hbase.regionserver.HStore store : region.getStores()) {
                        store.closeAndArchiveCompactedFiles();
                    }
                }
                return admin.getCompactionState(TABLE) == org.apache.hadoop.hbase.client.CompactionState.NONE
                        && referenceFiles().isEmpty();
            });
            // and the split parent, now unreferenced, archived by the catalog janitor now rather than at its next run
            hbase.waitFor(60_000, () -> {
                admin.runCatalogJanitor();
                return regionDirectories()
                        == admin.getRegions(TABLE).stream()
                                .filter(r -> !r.isSplitParent())
                                .count();
            });
        }
        // the clone reads the snapshot's files as they are: a compaction of its regions would drop versions beyond
        // VERSIONS that a time-range scan of the uncompacted files still serves, as HBase does
        admin.compactionSwitch(false, List.of());
        admin.cloneSnapshot(SNAPSHOT, CLONE);
        hbase.waitTableAvailable(CLONE, 60_000);
        snapshotDir = new Path(hbase.getDefaultRootDirPath(), HConstants.SNAPSHOT_DIR_NAME + "/" + SNAPSHOT);
    }

    /** The shared cluster as it was found: compactions on. */
    @AfterAll
    static void compactAgain() throws Exception {
        hbase.getAdmin().compactionSwitch(true, List.of());
    }

    static byte[] row(int i) {
        return Bytes.toBytes(String.format("r%03d", i));
    }

    static void mutate(Table t, Random random) throws Exception {
        byte[] row = row(random.nextInt(150));
        byte[] family = random.nextBoolean() ? F : G;
        byte[] qualifier = QUALIFIERS[random.nextInt(QUALIFIERS.length)];
        long ts = 1 + random.nextInt(20);
        int kind = random.nextInt(20);
        if (kind < 14) {
            t.put(new Put(row).addColumn(family, qualifier, ts, Bytes.toBytes("v" + random.nextInt(1000))));
        } else if (kind < 16) {
            t.delete(new Delete(row).addColumn(family, qualifier, ts));
        } else if (kind < 18) {
            t.delete(new Delete(row).addColumns(family, qualifier, ts));
        } else if (kind < 19) {
            t.delete(new Delete(row).addFamily(family, ts));
        } else {
            t.delete(new Delete(row).addFamilyVersion(family, ts));
        }
    }

    @Test
    void theSnapshotWasTakenWithReferenceFilesAndItsFilesAreNowInTheArchive() throws Exception {
        FileSystem fs = hbase.getTestFileSystem();
        List<String> manifestFiles = new ArrayList<>();
        org.apache.hadoop.hbase.snapshot.SnapshotManifest m = org.apache.hadoop.hbase.snapshot.SnapshotManifest.open(
                conf,
                fs,
                snapshotDir,
                org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils.readSnapshotInfo(fs, snapshotDir));
        m.getRegionManifests()
                .forEach(r -> r.getFamilyFilesList()
                        .forEach(f -> f.getStoreFilesList().forEach(s -> manifestFiles.add(s.getName()))));
        assertTrue(
                manifestFiles.stream().anyMatch(n -> n.contains(".")),
                "reference files in the snapshot: " + manifestFiles);
        assertTrue(
                fs.exists(new Path(hbase.getDefaultRootDirPath(), "archive/data/default/t")),
                "files moved to the archive");
    }

    @Test
    void everyScanOfTheSnapshotEqualsTheClonedTableThroughTheClient() throws Exception {
        List<String> before = listing();
        compare("full", new Scan(), ScanSpec.all());
        compare("all versions", new Scan().readAllVersions(), ScanSpec.all().withMaxVersions(Integer.MAX_VALUE));
        compare("2 versions", new Scan().readVersions(2), ScanSpec.all().withMaxVersions(2));
        compare(
                "range across the split",
                new Scan().withStartRow(row(30)).withStopRow(row(120)).readAllVersions(),
                ScanSpec.all().withRange(row(30), row(120)).withMaxVersions(Integer.MAX_VALUE));
        compare(
                "prefix",
                new Scan().setRowPrefixFilter(Bytes.toBytes("r05")).readAllVersions(),
                ScanSpec.all().withPrefix(Bytes.toBytes("r05")).withMaxVersions(Integer.MAX_VALUE));
        compare("family", new Scan().addFamily(G), ScanSpec.all().withFamilies(List.of("g")));
        compare(
                "columns",
                new Scan()
                        .addColumn(F, QUALIFIERS[1])
                        .addColumn(G, QUALIFIERS[0])
                        .readAllVersions(),
                ScanSpec.all()
                        .withColumns(List.of(
                                new ScanSpec.Column("f", QUALIFIERS[1]), new ScanSpec.Column("g", QUALIFIERS[0])))
                        .withMaxVersions(Integer.MAX_VALUE));
        compare(
                "time range",
                new Scan().setTimeRange(5, 15).readAllVersions(),
                ScanSpec.all().withTimeRange(5, 15).withMaxVersions(Integer.MAX_VALUE));
        try (TableReader reader = TableReader.open(conf, snapshotDir);
                Table clone = hbase.getConnection().getTable(CLONE)) {
            for (int r = 0; r < 150; r += 7) {
                Result expected = clone.get(new Get(row(r)).readAllVersions());
                Optional<Result> actual = reader.get(row(r), ScanSpec.all().withMaxVersions(Integer.MAX_VALUE));
                assertEquals(
                        describe(expected.isEmpty() ? List.of() : List.of(expected)),
                        describe(actual.map(List::of).orElse(List.of())),
                        "get " + r);
            }
        }
        List<Result> viaInputFormat =
                LocalJobs.readAll(conf, snapshotDir, ScanSpec.all().withMaxVersions(Integer.MAX_VALUE));
        assertEquals(
                describe(clientScan(new Scan().readAllVersions())), describe(viaInputFormat), "HFileTableInputFormat");
        assertEquals(before, listing(), "the root directory is left as it was");
    }

    @Test
    void directoriesOfTheRootThatAreNoTableAreRefusedNamingWhatToGive() throws Exception {
        Path root = hbase.getDefaultRootDirPath();
        String[][] cases = {
            {root.toString(), "is an HBase root directory"},
            {root + "/data/default", "is an HBase namespace directory"},
            {root + "/" + HConstants.SNAPSHOT_DIR_NAME, "is HBase's snapshot directory"}
        };
        for (String[] c : cases) {
            NotATableException e = assertThrows(NotATableException.class, () -> TableReader.open(conf, new Path(c[0])));
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
        String[][] ofTheRoot = { // HBase's own directories, those the mini cluster has made
            {"data", "is the data directory"},
            {"MasterData", "is the master's own store"},
            {"WALs", "is write-ahead logs"},
            {"oldWALs", "is write-ahead logs"},
            {"archive", "is the archive"},
            {".tmp", "is HBase's temporary directory"}
        };
        int found = 0;
        for (String[] c : ofTheRoot) {
            Path dir = new Path(root, c[0]);
            if (!dir.getFileSystem(conf).exists(dir)) {
                continue;
            }
            found++;
            NotATableException e = assertThrows(NotATableException.class, () -> TableReader.open(conf, dir));
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
        assertTrue(found >= 3, "the mini cluster's root has data, MasterData and WALs at least");
    }

    @Test
    void aTableDirectoryIsReadAsItIsWithAWarning() throws Exception {
        Path dir = new Path(hbase.getDefaultRootDirPath(), "data/default/t_clone");
        try (TableReader reader = TableReader.open(conf, dir);
                RowScanner rows = reader.scan(ScanSpec.all().withMaxVersions(Integer.MAX_VALUE))) {
            assertTrue(reader.table().warning().contains("a snapshot is the safe way"));
            List<Result> read = new ArrayList<>();
            for (Result r = rows.next(); r != null; r = rows.next()) {
                read.add(r);
            }
            assertEquals(describe(clientScan(new Scan().readAllVersions())), describe(read));
        }
    }

    /** What both jobs' mappers write per row: the row and its cells, described. */
    public static final class RowMapper extends TableMapper<Text, Text> {
        @Override
        protected void map(ImmutableBytesWritable row, Result value, Context context)
                throws IOException, InterruptedException {
            context.write(
                    new Text(Bytes.toStringBinary(row.copyBytes())),
                    new Text(describe(List.of(value)).replace('\n', ' ')));
        }
    }

    /**
     * The same TableMapper over the snapshot, once through HBase's TableSnapshotInputFormat (which restores the
     * snapshot into a directory of its own) and once through HFileTableInputFormat: the same output. Runs last: the
     * restore writes back-references into the archive.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aTableMapperWritesTheSameOutputAsOverTableSnapshotInputFormat() throws Exception {
        Configuration local = new Configuration(conf);
        local.set("mapreduce.framework.name", "local");
        FileSystem fs = hbase.getTestFileSystem();
        Path viaHBase = new Path("/mr/table-snapshot-input-format");
        Job hbaseJob = Job.getInstance(local, "TableSnapshotInputFormat");
        TableMapReduceUtil.initTableSnapshotMapperJob(
                SNAPSHOT,
                new Scan().readAllVersions(),
                RowMapper.class,
                Text.class,
                Text.class,
                hbaseJob,
                false,
                new Path("/mr/restore"));
        hbaseJob.setNumReduceTasks(0);
        FileOutputFormat.setOutputPath(hbaseJob, viaHBase);
        assertTrue(hbaseJob.waitForCompletion(false));
        Path viaDumptruck = new Path("/mr/hfile-table-input-format");
        Job ours = Job.getInstance(local, "HFileTableInputFormat");
        HFileTableInputFormat.configure(ours)
                .table(snapshotDir)
                .scan(ScanSpec.all().withMaxVersions(Integer.MAX_VALUE))
                .apply();
        ours.setMapperClass(RowMapper.class);
        ours.setOutputKeyClass(Text.class);
        ours.setOutputValueClass(Text.class);
        ours.setNumReduceTasks(0);
        FileOutputFormat.setOutputPath(ours, viaDumptruck);
        assertTrue(ours.waitForCompletion(false));
        List<String> expected = outputLines(fs, viaHBase);
        assertTrue(expected.size() > 100, "rows: " + expected.size());
        assertEquals(expected, outputLines(fs, viaDumptruck));
    }

    static List<String> outputLines(FileSystem fs, Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        for (org.apache.hadoop.fs.FileStatus part :
                fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
            try (var in = new java.io.BufferedReader(
                    new java.io.InputStreamReader(fs.open(part.getPath()), java.nio.charset.StandardCharsets.UTF_8))) {
                in.lines().forEach(out::add);
            }
        }
        out.sort(null);
        return out;
    }

    static void compare(String what, Scan scan, ScanSpec spec) throws Exception {
        List<Result> read = new ArrayList<>();
        try (TableReader reader = TableReader.open(conf, snapshotDir);
                RowScanner rows = reader.scan(spec)) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                read.add(r);
            }
        }
        List<Result> expected = clientScan(scan);
        assertTrue(!expected.isEmpty(), what + ": the clone returned nothing");
        assertEquals(describe(expected), describe(read), what);
    }

    static List<Result> clientScan(Scan scan) throws Exception {
        List<Result> out = new ArrayList<>();
        try (Table t = hbase.getConnection().getTable(CLONE);
                ResultScanner s = t.getScanner(scan)) {
            s.forEach(out::add);
        }
        return out;
    }

    static String describe(List<Result> results) {
        StringBuilder b = new StringBuilder();
        for (Result r : results) {
            for (Cell c : r.rawCells()) {
                b.append(Bytes.toStringBinary(CellUtil.cloneRow(c)))
                        .append('/')
                        .append(Bytes.toStringBinary(CellUtil.cloneFamily(c)))
                        .append(':')
                        .append(Bytes.toStringBinary(CellUtil.cloneQualifier(c)))
                        .append('/')
                        .append(c.getTimestamp())
                        .append('=')
                        .append(Bytes.toStringBinary(CellUtil.cloneValue(c)))
                        .append('\n');
            }
        }
        return b.toString();
    }

    /** The store files of t's regions that are references to a parent's files (named {@code hfile.parent}). */
    static List<Path> referenceFiles() throws IOException {
        FileSystem fs = hbase.getTestFileSystem();
        List<Path> out = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> files =
                fs.listFiles(new Path(hbase.getDefaultRootDirPath(), "data/default/t"), true);
        while (files.hasNext()) {
            Path file = files.next().getPath();
            boolean ofAFamily = file.getParent().getName().equals("f")
                    || file.getParent().getName().equals("g");
            if (ofAFamily && org.apache.hadoop.hbase.regionserver.StoreFileInfo.isReference(file)) {
                out.add(file);
            }
        }
        return out;
    }

    static int regionDirectories() throws IOException {
        Path table = new Path(hbase.getDefaultRootDirPath(), "data/default/t");
        return hbase.getTestFileSystem().listStatus(table, p -> !p.getName().startsWith(".")).length;
    }

    /**
     * What a reader of the snapshot could change: the names in the root directory, and every file (with its length and
     * time) of t, of t's archive and of the snapshots. Other tables of the shared cluster are left out: their
     * compactions move files into the archive whenever the region server gets to them.
     */
    static List<String> listing() throws Exception {
        FileSystem fs = hbase.getTestFileSystem();
        TreeSet<String> out = new TreeSet<>();
        for (org.apache.hadoop.fs.FileStatus child : fs.listStatus(hbase.getDefaultRootDirPath())) {
            out.add(child.getPath().getName() + "/");
        }
        for (String sub : List.of("data/default/t", "archive/data/default/t", HConstants.SNAPSHOT_DIR_NAME)) {
            Path dir = new Path(hbase.getDefaultRootDirPath(), sub);
            if (fs.exists(dir)) {
                RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
                while (files.hasNext()) {
                    LocatedFileStatus f = files.next();
                    out.add(f.getPath() + " " + f.getLen() + " " + f.getModificationTime());
                }
            }
        }
        return new ArrayList<>(out);
    }
}
