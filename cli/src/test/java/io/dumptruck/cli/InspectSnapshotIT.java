package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.testing.SharedMiniHBase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils;
import org.apache.hadoop.hbase.snapshot.SnapshotManifest;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code inspect} of a snapshot taken right after a region split, whose daughters hold reference files (each the
 * daughter's half of the parent's file): every region's rows and cells, in total and per family, are those a raw scan
 * of its key range through HBase's client returns (a raw scan serves every stored cell, markers included, as inspect
 * counts them; every cell has a key of its own, so no two files hold the same key).
 */
@ExtendWith(SharedMiniHBase.class)
class InspectSnapshotIT {
    static final TableName TABLE = TableName.valueOf("inspected");
    static final String SNAPSHOT = "inspected_snap";
    static final byte[] F = Bytes.toBytes("f");
    static final byte[] G = Bytes.toBytes("g");
    static HBaseTestingUtility hbase;

    @BeforeAll
    static void aSnapshotOfASplitTableWithReferenceFiles() throws Exception {
        hbase = SharedMiniHBase.util();
        Admin admin = hbase.getAdmin();
        admin.createTable(
                TableDescriptorBuilder.newBuilder(TABLE)
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F)
                                .setMaxVersions(5)
                                .build())
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G))
                        .build(),
                new byte[][] {row(100)});
        Random random = new Random(11);
        long ts = 1;
        try (Table t = hbase.getConnection().getTable(TABLE)) {
            for (int flush = 0; flush < 3; flush++) {
                for (int i = 0; i < 400; i++) {
                    byte[] row = row(random.nextInt(150));
                    byte[] family = random.nextInt(3) == 0 ? G : F;
                    byte[] qualifier = Bytes.toBytes("q" + random.nextInt(3));
                    if (random.nextInt(10) == 0) {
                        t.delete(new Delete(row).addColumns(family, qualifier, ts++));
                    } else {
                        t.put(new Put(row).addColumn(family, qualifier, ts++, Bytes.toBytes("v" + i)));
                    }
                }
                admin.flush(TABLE);
            }
            SharedMiniHBase.splitKeepingReferences(TABLE, row(50), 3); // the daughters keep their reference files
            admin.snapshot(SNAPSHOT, TABLE);
        }
    }

    @AfterAll
    static void compactAgain() throws Exception {
        hbase.getAdmin().compactionSwitch(true, List.of());
    }

    static byte[] row(int i) {
        return Bytes.toBytes(String.format("r%03d", i));
    }

    @Test
    void eachRegionCountsItsOwnHalfOfEverySplitFile() throws Exception {
        Path snapshotDir = new Path(hbase.getDefaultRootDirPath(), HConstants.SNAPSHOT_DIR_NAME + "/" + SNAPSHOT);
        var fs = hbase.getTestFileSystem();
        SnapshotManifest manifest = SnapshotManifest.open(
                hbase.getConfiguration(), fs, snapshotDir, SnapshotDescriptionUtils.readSnapshotInfo(fs, snapshotDir));
        List<String> files = new ArrayList<>();
        manifest.getRegionManifests()
                .forEach(r -> r.getFamilyFilesList()
                        .forEach(f -> f.getStoreFilesList().forEach(s -> files.add(s.getName()))));
        assertTrue(files.stream().anyMatch(n -> n.contains(".")), "reference files in the snapshot: " + files);

        AgainstHBase.Run run = AgainstHBase.dumptruck(hbase, "inspect", "snapshot:" + SNAPSHOT, "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode inspected = new ObjectMapper().readTree(run.out());
        JsonNode regions = inspected.get("regions");
        assertEquals(3, regions.size(), run.out());
        long allCells = 0;
        for (JsonNode region : regions) {
            byte[] start = Bytes.fromHex(region.get("startKeyHex").asText());
            byte[] end = Bytes.fromHex(region.get("endKeyHex").asText());
            String where = "region [" + Bytes.toStringBinary(start) + ", " + Bytes.toStringBinary(end) + ")";
            Map<String, long[]> expected = rawCounts(start, end);
            long[] total = expected.get("");
            assertEquals(total[0], region.get("totals").get("rows").asLong(), where + " rows");
            assertEquals(total[1], region.get("totals").get("cells").asLong(), where + " cells");
            for (String family : List.of("f", "g")) {
                long[] counts = expected.getOrDefault(family, new long[2]);
                JsonNode figures = region.get("families").get(family);
                assertEquals(counts[0], figures.get("rows").asLong(), where + " rows of " + family);
                assertEquals(counts[1], figures.get("cells").asLong(), where + " cells of " + family);
            }
            assertTrue(region.get("totals").get("bytesOnDisk").asLong() > 0, where + " has bytes");
            allCells += total[1];
        }
        assertEquals(allCells, inspected.get("totals").get("cells").asLong());
        assertEquals(rawCounts(new byte[0], new byte[0]).get("")[1], allCells, "every cell of the table, once");
    }

    /**
     * Distinct rows and cells of a raw, all-versions scan of {@code [start, end)}: per family, and over all ("" key).
     */
    static Map<String, long[]> rawCounts(byte[] start, byte[] end) throws Exception {
        Map<String, long[]> out = new TreeMap<>();
        Map<String, Set<String>> rows = new TreeMap<>();
        try (Table t = hbase.getConnection().getTable(TABLE);
                ResultScanner s = t.getScanner(new Scan()
                        .withStartRow(start)
                        .withStopRow(end)
                        .setRaw(true)
                        .readAllVersions())) {
            for (Result r : s) {
                for (Cell c : r.rawCells()) {
                    String row = Bytes.toStringBinary(CellUtil.cloneRow(c));
                    for (String key : List.of("", Bytes.toString(CellUtil.cloneFamily(c)))) {
                        out.computeIfAbsent(key, k -> new long[2])[1]++;
                        if (rows.computeIfAbsent(key, k -> new HashSet<>()).add(row)) {
                            out.get(key)[0]++;
                        }
                    }
                }
            }
        }
        return out;
    }
}
