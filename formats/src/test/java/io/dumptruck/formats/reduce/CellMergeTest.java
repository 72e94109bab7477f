package io.dumptruck.formats.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CellMerge} against the obvious reference: every cell of every run, stably sorted by key in the order the runs
 * arrived. Runs are what {@link CellSink} emits: one record's cells of one row.
 */
class CellMergeTest {
    @TempDir
    Path tmp;

    /** One cell as the test sees it: key, value, and where it came from (run, position in run). */
    private record Cell(CellKey key, byte[] value) {}

    /** A shuffle record: its cells in key order. */
    private record Run(List<Cell> cells) {
        CellKey firstKey() {
            return cells.get(0).key();
        }

        CellRun serialized() {
            CellRun run = new CellRun();
            Cell first = cells.get(0);
            run.first(first.key().timestamp(), first.value(), 0, first.value().length);
            for (Cell c : cells.subList(1, cells.size())) {
                CellKey k = c.key();
                run.add(
                        k.family(),
                        k.buffer(),
                        k.qualifierOffset(),
                        k.qualifierLength(),
                        k.timestamp(),
                        c.value(),
                        0,
                        c.value().length);
            }
            return run;
        }
    }

    @Test
    void runRoundTripsThroughItsWritableForm() throws Exception {
        Run run = randomRuns(new Random(1), 1, 3).get(0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        run.serialized().write(new DataOutputStream(bytes));
        CellRun back = new CellRun();
        back.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(run.serialized(), back);
        CellRun.Reader reader = new CellRun.Reader().reset(run.firstKey(), back.bytes(), back.length());
        for (int i = 0; i < run.cells().size(); i++) {
            assertTrue(i == 0 || reader.next());
            assertEquals(run.cells().get(i).key(), reader.key());
            assertEquals(
                    Bytes.toStringBinary(run.cells().get(i).value()),
                    Bytes.toStringBinary(reader.valueBuffer(), reader.valueOffset(), reader.valueLength()));
        }
        assertTrue(!reader.next());
    }

    @Test
    void runKeepsLargeTimestampGapsAndLongValues() {
        byte[] row = Bytes.toBytes("r");
        byte[] longValue = new byte[70_000];
        new Random(3).nextBytes(longValue);
        long[] times = {Long.MAX_VALUE - 1, 1L << 40, 300, 0};
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            cells.add(new Cell(
                    new CellKey(0, i % 2, row, Bytes.toBytes("q" + i), times[i]),
                    i == 2 ? longValue : Bytes.toBytes(i)));
        }
        cells.sort(Comparator.comparing(Cell::key));
        Run run = new Run(cells);
        CellRun serialized = run.serialized();
        CellRun.Reader reader = new CellRun.Reader().reset(run.firstKey(), serialized.bytes(), serialized.length());
        for (int i = 0; i < cells.size(); i++) {
            assertTrue(i == 0 || reader.next());
            assertEquals(cells.get(i).key(), reader.key());
            assertEquals(
                    Bytes.toStringBinary(cells.get(i).value()),
                    Bytes.toStringBinary(reader.valueBuffer(), reader.valueOffset(), reader.valueLength()));
        }
        assertTrue(!reader.next());
    }

    @Test
    void mergesOverlappingRunsOfFewRowsIntoKeyOrder() throws Exception {
        List<Run> runs = randomRuns(new Random(7), 5_000, 4);
        CellMerge merge = merge(runs, 64L << 20);
        assertEquals(reference(runs), drain(merge));
        assertEquals(0, merge.spills());
    }

    @Test
    void spillsHeldRunsToDiskAndStillMergesExactly() throws Exception {
        List<Run> runs = randomRuns(new Random(11), 20_000, 3);
        CellMerge merge = merge(runs, 4_096);
        assertEquals(reference(runs), drain(merge));
        assertTrue(merge.spills() > 10, "spills: " + merge.spills());
        merge.close();
        try (var left = Files.list(tmp)) {
            assertEquals(0, left.count(), "spill files are deleted");
        }
    }

    @Test
    void aWideRowOfSingleCellRunsIsNeverHeld() throws Exception {
        List<Run> runs = new ArrayList<>();
        byte[] row = Bytes.toBytes("wide");
        for (int q = 0; q < 100_000; q++) {
            runs.add(new Run(List.of(new Cell(new CellKey(0, 0, row, Bytes.toBytes(q), 5), new byte[0]))));
        }
        CellMerge merge = merge(runs, 256);
        assertEquals(reference(runs), drain(merge));
        assertEquals(0, merge.spills());
    }

    @Test
    void aLineRepeatedManyTimesKeepsItsFirstValuesFirst() throws Exception {
        List<Run> runs = new ArrayList<>();
        byte[] row = Bytes.toBytes("visitor\0t");
        for (int i = 0; i < 3_000; i++) {
            List<Cell> cells = new ArrayList<>();
            for (String q : new String[] {"d", "i", "m", "s", "u"}) {
                cells.add(new Cell(new CellKey(0, 0, row, Bytes.toBytes(q), 9), Bytes.toBytes(q + i)));
            }
            runs.add(new Run(cells));
        }
        CellMerge merge = merge(runs, 10_000);
        List<String> out = drain(merge);
        assertEquals(reference(runs), out);
        assertEquals(15_000, out.size());
        assertTrue(out.get(0).endsWith("=d0") && out.get(3_000).endsWith("=i0"), out.get(0) + " " + out.get(3_000));
        assertTrue(merge.spills() > 0);
    }

    private CellMerge merge(List<Run> runs, long maxHeld) {
        List<Run> shuffled = new ArrayList<>(runs);
        shuffled.sort(Comparator.comparing(Run::firstKey)); // the shuffle's order; stable, so arrival = list order
        runs.clear();
        runs.addAll(shuffled);
        int[] files = {0};
        CellMerge.Source source = new CellMerge.Source() {
            private int next;
            private final CellRun value = new CellRun();

            @Override
            public boolean next() {
                if (next == shuffled.size()) {
                    return false;
                }
                Run r = shuffled.get(next++);
                CellRun s = r.serialized();
                value.first(r.firstKey().timestamp(), new byte[0], 0, 0); // reuse, as Hadoop does: overwrite
                try {
                    ByteArrayOutputStream b = new ByteArrayOutputStream();
                    s.write(new DataOutputStream(b));
                    value.readFields(new DataInputStream(new ByteArrayInputStream(b.toByteArray())));
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
                return true;
            }

            @Override
            public CellKey key() {
                return new CellKey().copyFrom(shuffled.get(next - 1).firstKey());
            }

            @Override
            public CellRun run() {
                return value;
            }
        };
        return new CellMerge(source, maxHeld, () -> new File(tmp.toFile(), "spill-" + files[0]++));
    }

    private static List<String> drain(CellMerge merge) throws Exception {
        List<String> out = new ArrayList<>();
        while (merge.next()) {
            out.add(merge.key() + "="
                    + Bytes.toStringBinary(
                            merge.value().getBytes(), 0, merge.value().getLength()));
        }
        return out;
    }

    /** Every cell, stably sorted by key: equal keys in arrival order. */
    private static List<String> reference(List<Run> runs) {
        List<Cell> all = new ArrayList<>();
        runs.forEach(r -> all.addAll(r.cells()));
        all.sort(Comparator.comparing(Cell::key));
        List<String> out = new ArrayList<>();
        all.forEach(c -> out.add(c.key() + "=" + Bytes.toStringBinary(c.value())));
        return out;
    }

    /** Records of 1..maxCells cells over few rows, families and qualifiers, so that runs overlap and repeat. */
    private static List<Run> randomRuns(Random rnd, int count, int maxCells) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] row = Bytes.toBytes("r" + rnd.nextInt(20));
            int table = rnd.nextInt(2);
            List<Cell> cells = new ArrayList<>();
            int n = 1 + rnd.nextInt(maxCells);
            for (int c = 0; c < n; c++) {
                cells.add(new Cell(
                        new CellKey(
                                table, rnd.nextInt(2), row, Bytes.toBytes("q" + rnd.nextInt(6)), 100 + rnd.nextInt(3)),
                        Bytes.toBytes("v" + i + "." + c)));
            }
            cells.sort(Comparator.comparing(Cell::key));
            runs.add(new Run(cells));
        }
        return runs;
    }
}
