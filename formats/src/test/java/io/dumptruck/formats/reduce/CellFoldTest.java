package io.dumptruck.formats.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.testing.CellTextMapper;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Folds in the reducer: counters summed, and a row's qualifiers folded into one cell at the row's end. */
class CellFoldTest {
    @TempDir
    File tmp;

    /** Writes one cell per row, qualifier empty, value = the row's qualifiers joined by ','. */
    public static final class JoinQualifiersFold implements CellFold {
        private final List<String> qualifiers = new ArrayList<>();
        private final CellKey key = new CellKey();

        @Override
        public void cell(CellKey k, Iterator<BytesWritable> values, Output out) {
            if (qualifiers.isEmpty()) {
                key.set(k.table(), k.family(), k.row(), new byte[0], 1L);
            }
            qualifiers.add(Bytes.toString(k.qualifier()));
        }

        @Override
        public void endRow(Output out) throws IOException, InterruptedException {
            out.write(key, Bytes.toBytes(String.join(",", qualifiers)));
            qualifiers.clear();
        }
    }

    @Test
    void countersAreSummedAndRowsFolded() throws Exception {
        Random rnd = new Random(9);
        Map<String, Long> counts = new TreeMap<>();
        Map<String, java.util.TreeSet<String>> lists = new TreeMap<>();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            String row = "r" + rnd.nextInt(200);
            String q = "q" + rnd.nextInt(5);
            long n = 1 + rnd.nextInt(3);
            counts.merge(row + "/" + q, n, Long::sum);
            lines.add(CellTextMapper.line("counts", Bytes.toBytes(row), "c", Bytes.toBytes(q), 7L, Bytes.toBytes(n)));
            lists.computeIfAbsent(row, r -> new java.util.TreeSet<>()).add(q);
            lines.add(CellTextMapper.line("lists", Bytes.toBytes(row), "l", Bytes.toBytes(q), 7L, new byte[0]));
        }
        Files.createDirectories(tmp.toPath().resolve("in"));
        Files.write(tmp.toPath().resolve("in/cells.txt"), lines, StandardCharsets.UTF_8);
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out");
        Job job = LocalJobs.cellTextJob(conf, "folds", new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(job)
                .tables(
                        TableSpec.of("counts", FamilySpec.named("c"))
                                .withRegions(io.dumptruck.formats.table.RegionSplits.explicit(Bytes.toBytes("r5"))),
                        TableSpec.of("lists", FamilySpec.named("l"))
                                .withRegions(io.dumptruck.formats.table.RegionSplits.explicit(Bytes.toBytes("r3"))))
                .fold("counts", SumLongFold.class)
                .fold("lists", JoinQualifiersFold.class)
                .output(out)
                .apply();
        assertTrue(job.waitForCompletion(false));

        Map<String, Long> gotCounts = new TreeMap<>();
        Map<String, String> gotLists = new TreeMap<>();
        readCountsAndLists(conf, out, gotCounts, gotLists);
        assertEquals(counts, gotCounts);
        Map<String, String> expectedLists = new TreeMap<>();
        lists.forEach((row, qs) -> expectedLists.put(row, String.join(",", qs)));
        assertEquals(expectedLists, gotLists);
    }

    /** The written "counts" table as row/qualifier → count, and "lists" as row → joined qualifiers. */
    static void readCountsAndLists(Configuration conf, Path out, Map<String, Long> counts, Map<String, String> lists)
            throws IOException {
        for (String table : List.of("counts", "lists")) {
            try (TableReader reader = TableReader.open(conf, new Path(out, table));
                    RowScanner rows = reader.scan(ScanSpec.all())) {
                for (Result r = rows.next(); r != null; r = rows.next()) {
                    for (Cell c : r.rawCells()) {
                        String row = Bytes.toString(CellUtil.cloneRow(c));
                        if (table.equals("counts")) {
                            counts.put(
                                    row + "/" + Bytes.toString(CellUtil.cloneQualifier(c)),
                                    Bytes.toLong(CellUtil.cloneValue(c)));
                        } else {
                            lists.put(row, Bytes.toString(CellUtil.cloneValue(c)));
                        }
                    }
                }
            }
        }
    }
}
