package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStore;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.hbase.util.FSTableDescriptors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table directory read while HBase compacts it: a real region (no cluster, on the local file system) with three
 * flushed files, compacted after a reader planned them and its old files moved to the archive by HBase's own archiver.
 * The reader reads every row from the archive, before or in the middle of a scan; once the cleaner would have deleted
 * the archived files too, the read fails naming the file and what happened — never a shorter table. A region that
 * vanished from the listing (a split half-made) is refused the same way.
 */
class LiveTableDirTest {
    static final byte[] F = Bytes.toBytes("f");
    static final int ROWS = 300;

    @TempDir
    File tmp;

    Configuration conf;
    HRegion region;
    Path tableDir;

    @BeforeEach
    void aRegionWithThreeFlushedFiles() throws IOException {
        conf = HBaseConfiguration.create();
        Path root = new Path(new File(tmp, "hbase").toURI());
        conf.set("hbase.rootdir", root.toString());
        conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
        TableDescriptor table = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
                .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
                .build();
        FileSystem fs = root.getFileSystem(conf);
        tableDir = CommonFSUtils.getTableDir(root, table.getTableName());
        new FSTableDescriptors(fs, root).createTableDescriptorForTableDirectory(tableDir, table, false);
        RegionInfo info = RegionInfoBuilder.newBuilder(table.getTableName()).build();
        region = HBaseTestingUtility.createRegionAndWAL(info, root, conf, table);
        for (int flush = 0; flush < 3; flush++) {
            for (int r = flush; r < ROWS; r += 3) {
                region.put(new Put(row(r)).addColumn(F, Bytes.toBytes("q"), Bytes.toBytes("v" + r)));
            }
            region.flush(true);
        }
    }

    @AfterEach
    void close() throws IOException {
        HBaseTestingUtility.closeRegionAndWAL(region);
    }

    static byte[] row(int i) {
        return Bytes.toBytes(String.format("r%03d", i));
    }

    /** Compacts the region into one file and moves its old files to the archive, as a region server does. */
    private List<Path> compactAndArchive() throws IOException {
        List<Path> old = new ArrayList<>();
        region.getStore(F).getStorefiles().forEach(f -> old.add(f.getPath()));
        assertEquals(3, old.size());
        region.compact(true);
        for (HStore store : region.getStores()) {
            store.closeAndArchiveCompactedFiles();
        }
        FileSystem fs = tableDir.getFileSystem(conf);
        for (Path p : old) {
            assertFalse(fs.exists(p), "moved: " + p);
            assertTrue(fs.exists(HBaseTableFiles.archived(p)), "archived: " + p);
        }
        return old;
    }

    private static int readAll(RowScanner rows, int already) throws IOException {
        int n = already;
        for (Result r = rows.next(); r != null; r = rows.next()) {
            assertEquals(
                    "v" + Bytes.toString(r.getRow()).substring(1).replaceFirst("^0+(?=.)", ""),
                    Bytes.toString(r.getValue(F, Bytes.toBytes("q"))));
            n++;
        }
        return n;
    }

    @Test
    void filesCompactedAwayAfterPlanningAreReadFromTheArchive() throws Exception {
        try (TableReader reader = TableReader.open(conf, tableDir)) {
            compactAndArchive();
            try (RowScanner rows = reader.scan(ScanSpec.all())) {
                assertEquals(ROWS, readAll(rows, 0));
            }
        }
    }

    @Test
    void filesCompactedAwayInTheMiddleOfAScanAreReadToTheEnd() throws Exception {
        try (TableReader reader = TableReader.open(conf, tableDir);
                RowScanner rows = reader.scan(ScanSpec.all())) {
            int n = 0;
            for (; n < 10; n++) {
                rows.next();
            }
            compactAndArchive();
            assertEquals(ROWS, readAll(rows, n));
        }
    }

    @Test
    void filesTheCleanerDeletedFailNamingTheFileAndWhatHappened() throws Exception {
        try (TableReader reader = TableReader.open(conf, tableDir)) {
            List<Path> old = compactAndArchive();
            FileSystem fs = tableDir.getFileSystem(conf);
            for (Path p : old) {
                fs.delete(HBaseTableFiles.archived(p), false);
            }
            IOException e = assertThrows(IOException.class, () -> {
                try (RowScanner rows = reader.scan(ScanSpec.all())) {
                    readAll(rows, 0);
                }
            });
            assertTrue(old.stream().anyMatch(p -> e.getMessage().contains(p.getName())), e.getMessage());
            assertTrue(e.getMessage().contains("in neither its table nor the archive"), e.getMessage());
            assertTrue(e.getMessage().contains("read a snapshot"), e.getMessage());
        }
    }

    @Test
    void aRegionMissingFromTheListingIsRefusedNotSkipped() throws Exception {
        RegionInfo[] halves = {
            RegionInfoBuilder.newBuilder(TableName.valueOf("t"))
                    .setEndKey(row(150))
                    .setRegionId(region.getRegionInfo().getRegionId() + 1)
                    .build()
        };
        // the first daughter of a split is there, the second not yet: its rows must not go missing
        org.apache.hadoop.hbase.regionserver.HRegionFileSystem.createRegionOnFileSystem(
                conf, tableDir.getFileSystem(conf), tableDir, halves[0]);
        IOException e = assertThrows(IOException.class, () -> TableReader.open(conf, tableDir));
        assertTrue(e.getMessage().contains("in no region"), e.getMessage());
        assertTrue(e.getMessage().contains("r150"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
