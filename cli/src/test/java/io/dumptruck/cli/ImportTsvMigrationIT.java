package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.cli.AgainstHBase.Run;
import io.dumptruck.formats.testing.SharedMiniHBase;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.mapreduce.ImportTsv;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ImportTsv command line and the spec {@code dumptruck spec from-importtsv} makes of it load the same cells into
 * HBase: ImportTsv itself (its mapper, HFileOutputFormat2, then HBase's bulk load) into one table, the spec through
 * {@code load spec --live} and {@code bulkload} into a twin; every version of every cell compared through HBase's
 * client. The input has what ImportTsv reads as plain bytes — quotes, backslashes, non-ASCII, a separator inside no
 * quotes — and the lines both refuse (a field too many, a time that is no number).
 */
@ExtendWith(SharedMiniHBase.class)
class ImportTsvMigrationIT {
    static final String COLUMNS = "HBASE_ROW_KEY,d:c1,HBASE_TS_KEY,d:c2,m";

    @TempDir
    File tmp;

    @Test
    void theSpecOfAnImportTsvCommandLineLoadsWhatImportTsvLoads() throws Exception {
        HBaseTestingUtility hbase = SharedMiniHBase.util();
        File input = new File(tmp, "in");
        input.mkdirs();
        Random random = new Random(11);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            String c1 = "\"v" + i + "\\" + "é".repeat(random.nextInt(3)) + ",x";
            String c2 = i % 4 == 0 ? "" : "'" + random.nextInt(1000) + "\"";
            String ts = Long.toString(1_700_000_000_000L + random.nextInt(1_000_000));
            lines.add(String.join("|", "row" + random.nextInt(2000), c1, ts, c2, "m" + i));
        }
        lines.add(String.join("|", "toolong", "a", "1700000000000", "b", "c", "extra"));
        lines.add(String.join("|", "badtime", "a", "yesterday", "b", "c"));
        Files.write(new File(input, "part.psv").toPath(), lines, StandardCharsets.UTF_8);
        String inputUri = input.toURI().toString();

        TableName viaImportTsv = TableName.valueOf("migrate_importtsv");
        TableName viaDumptruck = TableName.valueOf("migrate_dumptruck");
        for (TableName t : List.of(viaImportTsv, viaDumptruck)) {
            hbase.getAdmin()
                    .createTable(
                            TableDescriptorBuilder.newBuilder(t)
                                    .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d"))
                                            .setMaxVersions(10)
                                            .build())
                                    .setColumnFamily(ColumnFamilyDescriptorBuilder.of("m"))
                                    .build(),
                            new byte[][] {Bytes.toBytes("row3"), Bytes.toBytes("row6")});
        }
        String[] importTsvSettings = {
            "-Dimporttsv.columns=" + COLUMNS, "-Dimporttsv.separator=|", "-Dimporttsv.skip.empty.columns=true"
        };

        Configuration conf = new Configuration(hbase.getConfiguration());
        conf.set("mapreduce.framework.name", "local");
        Path importTsvOut = new Path(new File(tmp, "importtsv-out").toURI().toString());
        List<String> importTsvArgs = new ArrayList<>(List.of(importTsvSettings));
        importTsvArgs.addAll(List.of(
                "-D" + ImportTsv.BULK_OUTPUT_CONF_KEY + "=" + importTsvOut, viaImportTsv.getNameAsString(), inputUri));
        assertEquals(0, ToolRunner.run(conf, new ImportTsv(), importTsvArgs.toArray(new String[0])), "ImportTsv");
        BulkLoadHFiles.create(hbase.getConfiguration()).bulkLoad(viaImportTsv, importTsvOut);

        List<String> specArgs = new ArrayList<>(List.of("from-importtsv"));
        specArgs.addAll(List.of(importTsvSettings));
        specArgs.addAll(List.of(viaDumptruck.getNameAsString(), inputUri));
        Run spec = AgainstHBase.dumptruck(hbase, "spec", specArgs.toArray(new String[0]));
        assertEquals(0, spec.code(), spec.err());
        assertTrue(spec.err().contains("dumptruck load spec --spec migrate_dumptruck.json"), spec.err());
        File specFile = new File(tmp, "migrate_dumptruck.json");
        Files.writeString(specFile.toPath(), spec.out());
        String out = new File(tmp, "dumptruck-out").getAbsolutePath();
        Run load = AgainstHBase.dumptruck(
                hbase, "load", "spec", "--spec", specFile.getPath(), "--input", inputUri, "--output", out, "--live");
        assertEquals(0, load.code(), load.out() + load.err());
        assertTrue(load.out().contains("2 rejected"), load.out());
        Run bulk = AgainstHBase.dumptruck(hbase, "bulkload", out);
        assertEquals(0, bulk.code(), bulk.out() + bulk.err());

        List<String> expected = cells(hbase, viaImportTsv);
        assertTrue(expected.size() > 5000, expected.size() + " cells");
        assertEquals(expected, cells(hbase, viaDumptruck));
    }

    /** Every version of every cell of {@code table}: row, column, time, value. */
    static List<String> cells(HBaseTestingUtility hbase, TableName table) throws Exception {
        List<String> out = new ArrayList<>();
        try (Table t = hbase.getConnection().getTable(table);
                ResultScanner scanner = t.getScanner(new Scan().readAllVersions())) {
            for (Result r : scanner) {
                for (Cell c : r.rawCells()) {
                    out.add(Bytes.toStringBinary(CellUtil.cloneRow(c)) + " "
                            + Bytes.toStringBinary(CellUtil.cloneFamily(c)) + ":"
                            + Bytes.toStringBinary(CellUtil.cloneQualifier(c)) + " @" + c.getTimestamp() + " = "
                            + Bytes.toStringBinary(CellUtil.cloneValue(c)));
                }
            }
        }
        return out;
    }
}
