package io.dumptruck.formats.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.WideRowLoad;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One row with 1,000,000 qualifiers loads in a JVM capped at 256 MB — map, shuffle and reduce all inside it (local
 * mode) — because the reducer streams cells instead of buffering the row; HBase's PutSortReducer/CellSortReducer would
 * hold the whole row in a TreeSet. Then every cell reads back in order.
 */
class WideRowIT {
    static final int QUALIFIERS = 1_000_000;

    @TempDir
    File tmp;

    @Test
    void millionQualifierRowLoadsIn256MegabyteHeap() throws Exception {
        File out = new File(tmp, "out");
        File log = new File(tmp, "job.log");
        List<String> cmd = new ArrayList<>(List.of(javaBinary(), "-Xmx256m"));
        cmd.addAll(List.of(System.getProperty("jdk17.opens", "").split(" ")).stream()
                .filter(s -> !s.isBlank())
                .toList());
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                WideRowLoad.class.getName(),
                out.getPath(),
                String.valueOf(QUALIFIERS)));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log)
                .start();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the wide-row load did not finish in 10 minutes");
        String output = Files.readString(log.toPath(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "wide-row load failed:\n" + tail(output));
        assertTrue(output.contains("cells=" + QUALIFIERS) && output.contains("maxHeap="), tail(output));

        try (TableReader reader = TableReader.open(LocalJobs.localConf(), new Path(out.getPath(), "followers"));
                RowScanner rows = reader.scan(ScanSpec.all())) {
            Result row = rows.next();
            assertArrayEquals(WideRowLoad.ROW, row.getRow());
            Cell[] cells = row.rawCells();
            assertEquals(QUALIFIERS, cells.length);
            for (int i = 0; i < cells.length; i++) {
                assertEquals(String.format("%010d", i), Bytes.toString(CellUtil.cloneQualifier(cells[i])));
                assertEquals(i, Bytes.toLong(CellUtil.cloneValue(cells[i])));
            }
            assertNull(rows.next());
        }
    }

    private static String javaBinary() {
        return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    }

    private static String tail(String s) {
        return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
    }
}
