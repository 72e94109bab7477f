package io.dumptruck.formats.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.reduce.held.HeldRows;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.testing.CellTextMapper;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Folds that take what the live table holds as well as the load's cells: counters add the held count, a row fold lists
 * held and new qualifiers, and only the rows the load touches are asked for and written — against a model computed here
 * from the random input.
 */
class HeldRowsFoldTest {
    /** Rows r000..r299 of both tables are held. */
    static final int HELD = 300;

    @TempDir
    File tmp;

    /** What "the live tables" hold, as a function of the row: counts q0..q2 and one list entry. */
    public static final class GeneratedHeldRows implements HeldRows {
        static final String ASKED = "held rows asked";
        private HeldCellsOut out;
        private TaskInputOutputContext<?, ?, ?, ?> context;
        private FamilyRef counts;
        private FamilyRef lists;
        private final Map<Integer, String> last = new TreeMap<>();

        static long count(int row, int q) {
            return 1 + (row * 7L + q * 13L) % 50;
        }

        @Override
        public void open(TaskInputOutputContext<?, ?, ?, ?> context, HeldCellsOut out) {
            this.context = context;
            this.out = out;
            counts = out.family("counts", "c");
            lists = out.family("lists", "l");
        }

        @Override
        public void cells(int table, byte[] row) {
            String r = Bytes.toString(row);
            String before = last.put(table, r);
            if (before != null && before.compareTo(r) >= 0) {
                throw new IllegalStateException("rows asked out of order: " + before + " then " + r);
            }
            context.getCounter(ASKED, "table " + table).increment(1);
            int n = Integer.parseInt(r.substring(1));
            if (n >= HELD) {
                return;
            }
            for (int q = 0;
                    q < 3;
                    q++) { // both tables' cells, as a re-emitter feeding two tables would: out keeps the asked one's
                out.put(counts, row, Bytes.toBytes("q" + q), 7L, Bytes.toBytes(count(n, q)));
            }
            out.put(lists, row, Bytes.toBytes("old" + n % 4), 7L, new byte[0]);
        }

        @Override
        public void close() throws IOException {}
    }

    /**
     * Only touched rows are read; of a sum, only the touched columns are written (the others of a touched row would be
     * written as the live table holds them), of a list the touched rows whole.
     */
    @Test
    void heldRowsFoldWithTheLoadsCellsAndOnlyTouchedRowsAreReadAndWritten() throws Exception {
        Random rnd = new Random(21);
        Map<String, Long> counts = new TreeMap<>();
        Map<String, TreeSet<String>> lists = new TreeMap<>();
        for (int r = 0; r < HELD; r++) {
            String row = String.format("r%03d", r);
            for (int q = 0; q < 3; q++) {
                counts.put(row + "/q" + q, GeneratedHeldRows.count(r, q));
            }
            lists.computeIfAbsent(row, k -> new TreeSet<>()).add("old" + r % 4);
        }
        TreeSet<String> touchedCounts = new TreeSet<>();
        TreeSet<String> touchedColumns = new TreeSet<>();
        TreeSet<String> touchedLists = new TreeSet<>();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 2000; i++) { // the load's own cells, into some held rows and some new ones
            String row = String.format("r%03d", rnd.nextInt(400));
            String q = "q" + rnd.nextInt(5);
            long n = 1 + rnd.nextInt(3);
            counts.merge(row + "/" + q, n, Long::sum);
            touchedCounts.add(row);
            touchedColumns.add(row + "/" + q);
            lines.add(CellTextMapper.line("counts", Bytes.toBytes(row), "c", Bytes.toBytes(q), 7L, Bytes.toBytes(n)));
            if (i % 3 == 0) {
                lists.computeIfAbsent(row, k -> new TreeSet<>()).add("new" + q);
                touchedLists.add(row);
                lines.add(CellTextMapper.line(
                        "lists", Bytes.toBytes(row), "l", Bytes.toBytes("new" + q), 7L, new byte[0]));
            }
        }
        Files.createDirectories(tmp.toPath().resolve("in"));
        Files.write(tmp.toPath().resolve("in/cells.txt"), lines, StandardCharsets.UTF_8);
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out");
        Job job = LocalJobs.cellTextJob(conf, "held", new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(job)
                .tables(
                        TableSpec.of("counts", FamilySpec.named("c"))
                                .withRegions(RegionSplits.explicit(Bytes.toBytes("r150"))),
                        TableSpec.of("lists", FamilySpec.named("l"))
                                .withRegions(RegionSplits.explicit(Bytes.toBytes("r200"))))
                .fold("counts", SumLongFold.class)
                .fold("lists", CellFoldTest.JoinQualifiersFold.class)
                .foldingHeldRows("counts")
                .foldingHeldRows("lists")
                .heldRowsFrom(GeneratedHeldRows.class)
                .output(out)
                .apply();
        assertTrue(job.waitForCompletion(false));

        Map<String, Long> expectedCounts = new TreeMap<>();
        counts.forEach((key, n) -> {
            if (touchedColumns.contains(key)) {
                expectedCounts.put(key, n);
            }
        });
        assertTrue(
                counts.keySet().stream()
                        .anyMatch(key -> !touchedColumns.contains(key)
                                && touchedCounts.contains(key.substring(0, key.indexOf('/')))),
                "touched rows hold held columns the load does not touch");
        Map<String, String> expectedLists = new TreeMap<>();
        lists.forEach((row, qs) -> {
            if (touchedLists.contains(row)) {
                expectedLists.put(row, String.join(",", qs));
            }
        });
        Map<String, Long> gotCounts = new TreeMap<>();
        Map<String, String> gotLists = new TreeMap<>();
        CellFoldTest.readCountsAndLists(conf, out, gotCounts, gotLists);
        assertEquals(expectedCounts, gotCounts);
        assertEquals(expectedLists, gotLists);
        assertEquals(
                touchedCounts.size(),
                job.getCounters()
                        .findCounter(GeneratedHeldRows.ASKED, "table 0")
                        .getValue(),
                "each touched row of counts asked for once, no other");
        assertEquals(
                touchedLists.size(),
                job.getCounters()
                        .findCounter(GeneratedHeldRows.ASKED, "table 1")
                        .getValue());
        long heldAndTouched = touchedCounts.headSet("r300").size()
                + touchedLists.headSet("r300").size();
        assertTrue(heldAndTouched < 2 * HELD, "some held rows are untouched");
        assertEquals(
                heldAndTouched,
                job.getCounters().findCounter(CellCounter.HELD_ROWS_FOLDED).getValue());
    }

    @Test
    void onlyAFoldedTableFoldsHeldRowsAndTheyComeFromSomewhere() throws Exception {
        Job job = LocalJobs.cellTextJob(LocalJobs.localConf(), "held", new Path(tmp.getAbsolutePath(), "in"));
        SpecException e = assertThrows(
                SpecException.class,
                () -> HFileTableJob.configure(job)
                        .tables(TableSpec.of("plain", FamilySpec.named("c")))
                        .foldingHeldRows("plain")
                        .heldRowsFrom(GeneratedHeldRows.class)
                        .output(new Path(tmp.getAbsolutePath(), "o"))
                        .apply());
        assertTrue(e.getMessage().contains("has no fold"), e.getMessage());
        Job job2 = LocalJobs.cellTextJob(LocalJobs.localConf(), "held", new Path(tmp.getAbsolutePath(), "in"));
        e = assertThrows(
                SpecException.class,
                () -> HFileTableJob.configure(job2)
                        .tables(TableSpec.of("counts", FamilySpec.named("c")))
                        .fold("counts", SumLongFold.class)
                        .foldingHeldRows("counts")
                        .output(new Path(tmp.getAbsolutePath(), "o2"))
                        .apply());
        assertTrue(e.getMessage().contains("heldRowsFrom"), e.getMessage());
    }
}
