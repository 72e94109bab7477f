package io.dumptruck.formats.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.reduce.held.HeldRows;
import io.dumptruck.formats.shuffle.CellKey;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
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
        /** Rows asked for some columns only (a sum's), and the held count cells put for them. */
        static final String ASKED_BY_COLUMN = "held rows asked by column";

        static final String COUNTS_PUT = "held counts put";
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
            put(table, row, q -> true);
        }

        /** Only the columns asked for, as a source that reads a wide live row by column would. */
        @Override
        public void cells(int table, byte[] row, List<CellKey> columns) {
            context.getCounter(ASKED_BY_COLUMN, "table " + table).increment(1);
            Set<String> asked = new HashSet<>();
            columns.forEach(k -> asked.add(Bytes.toString(k.qualifier())));
            put(table, row, asked::contains);
        }

        private void put(int table, byte[] row, Predicate<String> column) {
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
                if (column.test("q" + q)) {
                    out.put(counts, row, Bytes.toBytes("q" + q), 7L, Bytes.toBytes(count(n, q)));
                    context.getCounter(COUNTS_PUT, "table " + table).increment(1);
                }
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
        Job job = jobOver(lines);
        Configuration conf = job.getConfiguration();
        Path out = new Path(tmp.getAbsolutePath(), "out");
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
        assertEquals(
                touchedCounts.size(),
                job.getCounters()
                        .findCounter(GeneratedHeldRows.ASKED_BY_COLUMN, "table 0")
                        .getValue(),
                "a sum's rows are asked for the load's columns");
        assertEquals(
                0,
                job.getCounters()
                        .findCounter(GeneratedHeldRows.ASKED_BY_COLUMN, "table 1")
                        .getValue(),
                "a list's rows are asked whole");
        assertEquals(
                touchedColumns.stream()
                        .filter(c -> c.compareTo("r300") < 0 && c.charAt(c.length() - 1) < '3')
                        .count(),
                job.getCounters()
                        .findCounter(GeneratedHeldRows.COUNTS_PUT, "table 0")
                        .getValue(),
                "of a sum's held rows, only the touched columns are put");
        // of counts, the rows where the load touches a held column (q0..q2); of lists, every touched held row
        long heldAndTouched = touchedColumns.stream()
                        .filter(c -> c.compareTo("r300") < 0 && c.charAt(c.length() - 1) < '3')
                        .map(c -> c.substring(0, c.indexOf('/')))
                        .distinct()
                        .count()
                + touchedLists.headSet("r300").size();
        assertTrue(
                heldAndTouched
                        < touchedCounts.headSet("r300").size()
                                + touchedLists.headSet("r300").size(),
                "some touched held rows hold none of the columns the load writes");
        assertTrue(heldAndTouched < 2 * HELD, "some held rows are untouched");
        assertEquals(
                heldAndTouched,
                job.getCounters().findCounter(CellCounter.HELD_ROWS_FOLDED).getValue());
    }

    /**
     * A row whose load cells outgrow what a sum's fold keeps before asking for the held row ({@code MAX_PENDING_BYTES})
     * is asked for whole and then streams: its sums are still the held count plus the load's, and only the touched
     * columns are written.
     */
    @Test
    void aRowTooWideToKeepIsAskedForWhole() throws Exception {
        List<String> lines = new ArrayList<>();
        Map<String, Long> expected = new TreeMap<>();
        int wide = HeldRowsFold.MAX_PENDING_BYTES / 30; // each cell's key and value: over 30 bytes
        for (int i = 0; i < wide; i++) {
            String q = i < 3 ? "q" + i : String.format("w%07d", i);
            lines.add(
                    CellTextMapper.line("counts", Bytes.toBytes("r005"), "c", Bytes.toBytes(q), 7L, Bytes.toBytes(2L)));
            expected.put("r005/" + q, 2L + (i < 3 ? GeneratedHeldRows.count(5, i) : 0));
        }
        lines.add(
                CellTextMapper.line("counts", Bytes.toBytes("r006"), "c", Bytes.toBytes("q1"), 7L, Bytes.toBytes(1L)));
        expected.put("r006/q1", 1L + GeneratedHeldRows.count(6, 1));
        Job job = jobOver(lines);
        Configuration conf = job.getConfiguration();
        Path out = new Path(tmp.getAbsolutePath(), "out");
        HFileTableJob.configure(job)
                .tables(TableSpec.of("counts", FamilySpec.named("c")), TableSpec.of("lists", FamilySpec.named("l")))
                .fold("counts", SumLongFold.class)
                .fold("lists", CellFoldTest.JoinQualifiersFold.class)
                .foldingHeldRows("counts")
                .heldRowsFrom(GeneratedHeldRows.class)
                .output(out)
                .apply();
        assertTrue(job.waitForCompletion(false));
        Map<String, Long> got = new TreeMap<>();
        CellFoldTest.readCountsAndLists(conf, out, got, new TreeMap<>());
        assertEquals(expected, got);
        assertEquals(
                2,
                job.getCounters()
                        .findCounter(GeneratedHeldRows.ASKED, "table 0")
                        .getValue());
        assertEquals(
                1,
                job.getCounters()
                        .findCounter(GeneratedHeldRows.ASKED_BY_COLUMN, "table 0")
                        .getValue(),
                "the narrow row by column, the wide one whole");
    }

    /** A local job whose input is {@code lines} of cell text. */
    private Job jobOver(List<String> lines) throws IOException {
        Files.createDirectories(tmp.toPath().resolve("in"));
        Files.write(tmp.toPath().resolve("in/cells.txt"), lines, StandardCharsets.UTF_8);
        return LocalJobs.cellTextJob(LocalJobs.localConf(), "held", new Path(tmp.getAbsolutePath(), "in"));
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
