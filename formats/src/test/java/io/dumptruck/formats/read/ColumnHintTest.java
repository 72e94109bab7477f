package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.formats.testing.CellModel;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows asked for some columns ({@link RowScanner#row}) while the files step over the other columns' cells
 * ({@link FileCursor#onlyColumns}, taken by PREFIX files): the same cells as a whole scan's rows give of those columns,
 * with every kind of delete marker in several files, several versions per column, and rows running across many small
 * blocks. A PREFIX family beside a NONE one (which ignores the hint).
 */
class ColumnHintTest {
    @TempDir
    static File tmp;

    private static final long MIN_TS = 1_000L;
    private static final KeyValue.Type[] MARKERS = {
        KeyValue.Type.Delete, KeyValue.Type.DeleteColumn, KeyValue.Type.DeleteFamily, KeyValue.Type.DeleteFamilyVersion
    };

    @Test
    void rowsAskedForSomeColumnsGiveTheCellsAScanGivesOfThem() throws IOException {
        Configuration conf = LocalJobs.localConf();
        TableSpec spec = new TableSpec(
                "t",
                List.of(
                        FamilySpec.named("p")
                                .withMaxVersions(3)
                                .withBlockSize(1024)
                                .withEncoding(DataBlockEncoding.PREFIX),
                        FamilySpec.named("q").withMaxVersions(2).withBlockSize(1024)),
                RegionSplits.single(),
                null);
        Path table = new Path(tmp.getAbsolutePath(), "t");
        Random rnd = new Random(3);
        List<byte[]> rows = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            rows.add(bytes(rnd, 1 + rnd.nextInt(3), "abc\u0000\u00ff"));
        }
        int files = 3;
        for (FamilySpec family : spec.families()) {
            byte[] name = Bytes.toBytes(family.name());
            for (int file = 0; file < files; file++) {
                List<KeyValue> cells = new ArrayList<>();
                for (int i = 0; i < 3_000; i++) {
                    cells.add(new KeyValue(
                            rows.get(rnd.nextInt(rows.size())),
                            name,
                            bytes(rnd, 1 + rnd.nextInt(2), "xyz\u0000"),
                            MIN_TS + rnd.nextInt(12),
                            KeyValue.Type.Put,
                            bytes(rnd, rnd.nextInt(12), "value")));
                }
                for (int i = 0; i < 150; i++) {
                    KeyValue.Type type = MARKERS[rnd.nextInt(MARKERS.length)];
                    boolean wholeFamily =
                            type == KeyValue.Type.DeleteFamily || type == KeyValue.Type.DeleteFamilyVersion;
                    cells.add(new KeyValue(
                            rows.get(rnd.nextInt(rows.size())),
                            name,
                            wholeFamily ? new byte[0] : bytes(rnd, 1 + rnd.nextInt(2), "xyz\u0000"),
                            MIN_TS + rnd.nextInt(12),
                            type));
                }
                write(conf, new Path(table, family.name() + "/000" + file), family, cells);
            }
        }
        try (FSDataOutputStream out = FileSystem.getLocal(conf).create(new Path(table, TableSpecJson.FILE_NAME))) {
            out.write(TableSpecJson.toJson(spec).getBytes(StandardCharsets.UTF_8));
        }

        ScanSpec whole = ScanSpec.all().withMaxVersions(10);
        List<Result> all = new ArrayList<>();
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner scan = reader.scan(whole)) {
            for (Result r = scan.next(); r != null; r = scan.next()) {
                all.add(r);
            }
        }
        List<byte[]> asked = new ArrayList<>();
        long hinted;
        int found = 0;
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner scan = reader.scan(whole)) {
            RowScanner.Columns columns = new RowScanner.Columns();
            for (int i = 0; i < all.size(); i += 1 + rnd.nextInt(2)) {
                Result full = all.get(i);
                columns.clear();
                Set<String> picked = new TreeSet<>();
                for (Cell c : full.rawCells()) {
                    if (rnd.nextInt(4) == 0 && picked.add(column(c))) {
                        columns.add(CellUtil.cloneFamily(c), CellUtil.cloneQualifier(c));
                    }
                }
                columns.add(Bytes.toBytes("p"), Bytes.toBytes("not held"));
                List<Cell> expected = new ArrayList<>();
                for (Cell c : full.rawCells()) {
                    if (picked.contains(column(c))) {
                        expected.add(c);
                    }
                }
                asked.add(full.getRow());
                Result got = scan.row(full.getRow(), columns);
                String at = "row " + Bytes.toStringBinary(full.getRow()) + ", columns " + picked;
                if (expected.isEmpty()) {
                    assertNull(got, at);
                } else {
                    found++;
                    assertEquals(CellModel.lines(Result.create(expected)), CellModel.lines(got), at);
                }
            }
            assertTrue(found > 10, found + " rows found");
            hinted = scan.cellsRead();
        }
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner scan = reader.scan(whole)) {
            for (byte[] row : asked) {
                scan.row(row, null);
            }
            assertTrue(
                    hinted * 4 < scan.cellsRead() * 3, // the NONE family's files read every cell of the rows
                    "the PREFIX files stepped over cells: " + hinted + " read, " + scan.cellsRead()
                            + " in the rows asked");
        }
    }

    private static String column(Cell c) {
        return Bytes.toStringBinary(CellUtil.cloneFamily(c)) + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(c));
    }

    /** Writes the cells sorted, each key once. */
    private static void write(Configuration conf, Path file, FamilySpec family, List<KeyValue> cells)
            throws IOException {
        List<KeyValue> sorted = new ArrayList<>(cells);
        sorted.sort((x, y) -> CellComparator.getInstance().compare(x, y, true));
        StoreFileWriter w = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, FileSystem.getLocal(conf))
                .withFilePath(file)
                .withFileContext(new HFileContextBuilder()
                        .withBlockSize(family.blockSize())
                        .withDataBlockEncoding(family.encoding())
                        .build())
                .build();
        Cell previous = null;
        for (KeyValue kv : sorted) {
            if (previous == null || CellComparator.getInstance().compare(previous, kv, true) != 0) {
                w.append(kv);
            }
            previous = kv;
        }
        w.appendTrackedTimestampsToMetadata();
        w.close();
    }

    private static byte[] bytes(Random rnd, int n, String alphabet) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) alphabet.charAt(rnd.nextInt(alphabet.length()));
        }
        return b;
    }
}
