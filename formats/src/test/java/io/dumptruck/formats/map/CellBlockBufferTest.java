package io.dumptruck.formats.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.reduce.SumLongFold;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.junit.jupiter.api.Test;

/**
 * {@link CellBlockBuffer}: every cell of every run added leaves exactly once, in a block of cells in key order that all
 * belong to the block's partition; a flush's blocks follow each other by first key; blocks close past
 * {@link CellBlockBuffer#BLOCK_BYTES}; rows that share a prefix are written as their tails. Checked on random runs of
 * one to four cells of three tables (two with region splits), rows of several lengths that share prefixes (many runs of
 * one row), equal keys, and buffers small enough to flush many times.
 */
class CellBlockBufferTest {
    private static final byte[][] ROWS = {
        {1},
        {1, 0},
        {1, 0, 0},
        {1, 2, 3, 4, 5, 6, 7, 8, 9},
        {1, 2, 3, 4, 5, 6, 7, 8, 10},
        {2},
        {2, 0},
        {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
        {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4},
        {4},
        {(byte) 0x80},
        {(byte) 0xFF},
        {(byte) 0xFF, (byte) 0xFF}
    };
    private static final byte[][] QUALIFIERS = {{}, {'a'}, {'a', 'b'}, {'b'}, {(byte) 0x80}};

    /** One cell as added or as read back from a block (a block's first key alone, with no value). */
    private record Cell(CellKey key, byte[] value) {
        String render() {
            return key + "=" + Arrays.toString(value);
        }
    }

    /** A block as written: its first key, its bytes, and which flush wrote it. */
    private record Block(CellKey first, byte[] bytes, int flush) {}

    @Test
    void everyCellLeavesOnceSortedInBlocksOfItsPartition() throws Exception {
        for (int seed = 1; seed <= 3; seed++) {
            check(new Random(seed), 64 << 10, 20_000, 40, 4); // many flushes, short blocks, many runs of a few rows
            check(new Random(seed), 4 << 20, 40_000, 300, 0); // blocks that close at BLOCK_BYTES
        }
    }

    /** Adds {@code runCount} random runs, one in {@code hotRuns} (0: none) to one of ROWS' few rows. */
    private static void check(Random random, int bufferBytes, int runCount, int maxValue, int hotRuns)
            throws Exception {
        RegionPartitioner<CellRun> partitioner = partitioner();
        List<Block> blocks = new ArrayList<>();
        int[] flushes = {0};
        CellBlockBuffer buffer = new CellBlockBuffer(bufferBytes, partitioner, (first, block) -> {
            blocks.add(
                    new Block(new CellKey().copyFrom(first), Arrays.copyOf(block.bytes(), block.length()), flushes[0]));
        });
        List<Cell> added = new ArrayList<>();
        int refused = 0;
        int multiCellRuns = 0;
        for (int i = 0; i < runCount; i++) {
            // a run: one cell, or (one in four) several of one row, in key order — what a record puts into a row
            int table = random.nextInt(3);
            byte[] row = ROWS[random.nextInt(ROWS.length)];
            if (hotRuns == 0
                    || random.nextInt(hotRuns) > 0) { // the others extend one of ROWS: rows that share prefixes
                byte[] tail = new byte[1 + random.nextInt(3)];
                random.nextBytes(tail);
                row = Bytes.add(row, tail);
            }
            List<Cell> run = new ArrayList<>();
            int cells = random.nextInt(4) == 0 ? 2 + random.nextInt(3) : 1;
            for (int c = 0; c < cells; c++) {
                byte[] value = new byte[random.nextInt(100) == 0 ? bufferBytes / 4 : random.nextInt(maxValue)];
                random.nextBytes(value);
                run.add(new Cell(
                        new CellKey(
                                table,
                                random.nextInt(3),
                                row,
                                QUALIFIERS[random.nextInt(QUALIFIERS.length)],
                                random.nextInt(3)),
                        value));
            }
            run.sort(Comparator.comparing(Cell::key));
            CellRun cellRun = new CellRun()
                    .first(
                            run.get(0).key().timestamp(),
                            run.get(0).value(),
                            0,
                            run.get(0).value().length);
            for (Cell c : run.subList(1, run.size())) {
                CellKey k = c.key();
                cellRun.add(
                        k.family(),
                        k.buffer(),
                        k.qualifierOffset(),
                        k.qualifierLength(),
                        k.timestamp(),
                        c.value(),
                        0,
                        c.value().length);
            }
            int blocksBefore = blocks.size();
            if (buffer.add(run.get(0).key(), cellRun)) {
                added.addAll(run);
                multiCellRuns += cells > 1 ? 1 : 0;
            } else {
                refused++;
                assertTrue(
                        cellRun.length() >= bufferBytes / 8 - 64,
                        "refused only a run too big to share the buffer: " + cellRun.length());
            }
            if (blocks.size() > blocksBefore) {
                flushes[0]++; // the add flushed: later blocks belong to the next series
            }
        }
        buffer.flush();
        assertTrue(refused > 0, "some runs were too big");
        assertTrue(multiCellRuns > runCount / 10, "runs of several cells: " + multiCellRuns);

        List<Cell> written = new ArrayList<>();
        int multiRowBlocks = 0;
        int closedFull = 0;
        Cell previous = null;
        int previousFlush = -1;
        for (Block b : blocks) {
            int partition = partitioner.getPartition(b.first(), null, 100);
            CellRun.Reader reader = new CellRun.Reader().reset(b.first(), b.bytes(), b.bytes().length);
            List<Cell> cells = new ArrayList<>();
            do {
                CellKey k = new CellKey().copyFrom(reader.key());
                assertEquals(partition, partitioner.getPartition(k, null, 100), "a block holds one partition: " + k);
                cells.add(new Cell(
                        k,
                        Arrays.copyOfRange(
                                reader.valueBuffer(),
                                reader.valueOffset(),
                                reader.valueOffset() + reader.valueLength())));
            } while (reader.next());
            if (b.flush() == previousFlush) {
                assertTrue(
                        previous.key().compareTo(b.first()) <= 0,
                        "blocks of a flush in order: " + previous.key() + " then " + b.first());
            }
            for (int i = 1; i < cells.size(); i++) {
                assertTrue(
                        cells.get(i - 1).key().compareTo(cells.get(i).key()) <= 0,
                        "a block in key order: " + cells.get(i - 1).key() + " then "
                                + cells.get(i).key());
            }
            assertTrue(
                    b.bytes().length < CellBlockBuffer.BLOCK_BYTES + 400,
                    "a block closes past BLOCK_BYTES: " + b.bytes().length);
            if (b.bytes().length >= CellBlockBuffer.BLOCK_BYTES) {
                closedFull++;
            }
            if (cells.stream()
                            .map(c -> c.key().table() + Arrays.toString(c.key().row()))
                            .distinct()
                            .count()
                    > 1) {
                multiRowBlocks++;
            }
            written.addAll(cells);
            previous = new Cell(b.first(), null);
            previousFlush = b.flush();
        }
        assertEquals(sorted(added), sorted(written), "every cell added leaves once");
        assertTrue(
                multiRowBlocks > blocks.size() / 3,
                "blocks of several rows: " + multiRowBlocks + " of " + blocks.size());
        if (bufferBytes > 2 * CellBlockBuffer.BLOCK_BYTES * 12) {
            assertTrue(closedFull > 0, "some blocks closed at BLOCK_BYTES");
        } else {
            assertTrue(flushes[0] > 5, "the buffer flushed several times: " + flushes[0]);
        }
    }

    /**
     * A table whose fold has a combiner: its cells go through it as the blocks are cut — within a flush each key leaves
     * once, with the sum of its values, and the sums over all blocks are the sums of what was added — while the cells
     * of other tables leave as they came.
     */
    @Test
    void aCombinerSumsEqualKeysWithinEachFlush() throws Exception {
        RegionPartitioner<CellRun> partitioner = partitioner();
        CellFold[] combiners = {null, new SumLongFold().combiner(), null};
        List<Block> blocks = new ArrayList<>();
        int[] flushes = {0};
        CellBlockBuffer buffer = new CellBlockBuffer(
                64 << 10,
                partitioner,
                combiners,
                null,
                (first, block) -> blocks.add(new Block(
                        new CellKey().copyFrom(first), Arrays.copyOf(block.bytes(), block.length()), flushes[0])));
        Random random = new Random(5);
        Map<String, Long> addedSums = new TreeMap<>();
        List<Cell> addedOthers = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            int table = random.nextInt(3);
            CellKey key = new CellKey(
                    table,
                    random.nextInt(2),
                    ROWS[random.nextInt(ROWS.length)],
                    QUALIFIERS[random.nextInt(QUALIFIERS.length)],
                    random.nextInt(2));
            byte[] value = Bytes.toBytes((long) random.nextInt(1000) - 100);
            int blocksBefore = blocks.size();
            assertTrue(buffer.add(key, new CellRun().first(key.timestamp(), value, 0, value.length)));
            if (table == 1) {
                addedSums.merge(key.toString(), Bytes.toLong(value), Long::sum);
            } else {
                addedOthers.add(new Cell(key, value));
            }
            if (blocks.size() > blocksBefore) {
                flushes[0]++;
            }
        }
        buffer.flush();
        assertTrue(flushes[0] > 5, "the buffer flushed several times: " + flushes[0]);
        Map<String, Long> writtenSums = new TreeMap<>();
        List<Cell> writtenOthers = new ArrayList<>();
        Set<String> keysOfFlush = new HashSet<>();
        int combinedCells = 0;
        int previousFlush = -1;
        for (Block b : blocks) {
            if (b.flush() != previousFlush) {
                keysOfFlush.clear();
                previousFlush = b.flush();
            }
            CellRun.Reader reader = new CellRun.Reader().reset(b.first(), b.bytes(), b.bytes().length);
            CellKey previous = null;
            do {
                CellKey k = new CellKey().copyFrom(reader.key());
                byte[] v = Arrays.copyOfRange(
                        reader.valueBuffer(), reader.valueOffset(), reader.valueOffset() + reader.valueLength());
                if (previous != null) {
                    assertTrue(previous.compareTo(k) <= 0, "a block in key order: " + previous + " then " + k);
                }
                previous = k;
                if (k.table() == 1) {
                    assertTrue(keysOfFlush.add(k.toString()), "a key leaves a flush once: " + k);
                    writtenSums.merge(k.toString(), Bytes.toLong(v), Long::sum);
                    combinedCells++;
                } else {
                    writtenOthers.add(new Cell(k, v));
                }
            } while (reader.next());
        }
        assertEquals(addedSums, writtenSums);
        assertEquals(sorted(addedOthers), sorted(writtenOthers));
        long addedCounters = 30_000 - addedOthers.size();
        assertTrue(
                combinedCells < addedCounters * 3 / 4,
                "equal keys were combined: " + combinedCells + " cells for " + addedCounters);
    }

    /** A combiner's row ends come where its rows end: here it keeps each row's first cell of a flush. */
    @Test
    void aCombinerSeesEachRowsEnd() throws Exception {
        RegionPartitioner<CellRun> partitioner = partitioner();
        CellFold firstOfRow = new CellFold() {
            private boolean taken;

            @Override
            public void cell(CellKey key, Iterator<BytesWritable> values, Output out)
                    throws IOException, InterruptedException {
                if (!taken) {
                    out.write(key, values.next());
                    taken = true;
                }
            }

            @Override
            public void endRow(Output out) {
                taken = false;
            }
        };
        List<Cell> written = new ArrayList<>();
        CellBlockBuffer buffer = new CellBlockBuffer(
                16 << 20, partitioner, new CellFold[] {null, null, firstOfRow}, null, (first, block) -> {
                    CellRun.Reader reader = new CellRun.Reader().reset(first, block.bytes(), block.length());
                    do {
                        written.add(new Cell(new CellKey().copyFrom(reader.key()), new byte[0]));
                    } while (reader.next());
                });
        Random random = new Random(9);
        Map<String, CellKey> firstOfEachRow = new TreeMap<>();
        for (int i = 0; i < 5_000; i++) {
            CellKey key = new CellKey(
                    2,
                    random.nextInt(3),
                    ROWS[random.nextInt(ROWS.length)],
                    QUALIFIERS[random.nextInt(QUALIFIERS.length)],
                    random.nextInt(5));
            assertTrue(buffer.add(key, new CellRun().first(key.timestamp(), new byte[0], 0, 0)));
            firstOfEachRow.merge(
                    Arrays.toString(key.row()), new CellKey().copyFrom(key), (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
        buffer.flush();
        assertEquals(
                firstOfEachRow.values().stream().map(CellKey::toString).sorted().toList(),
                written.stream().map(c -> c.key().toString()).sorted().toList());
    }

    @Test
    void aRowTailLongerThanThePreviousRowIsADamagedBlock() {
        CellKey first = new CellKey(0, 0, new byte[] {1, 2}, new byte[0], 1);
        CellRun run = new CellRun().first(1, new byte[0], 0, 0);
        run.addInNewRow(
                3, new byte[] {1, 2, 3, 4}, 0, 4, 0, new byte[0], 0, 0, 1, new byte[0], 0, 0); // claims 3 shared of 2
        CellRun.Reader reader = new CellRun.Reader().reset(first, run.bytes(), run.length());
        assertThrows(IllegalStateException.class, reader::next);
    }

    private static List<String> sorted(List<Cell> cells) {
        return cells.stream()
                .sorted(Comparator.comparing(Cell::key))
                .map(Cell::render)
                .sorted()
                .toList();
    }

    private static RegionPartitioner<CellRun> partitioner() {
        Configuration conf = new Configuration(false);
        List<TableSpec> specs = List.of(
                TableSpec.of("single", FamilySpec.named("a"), FamilySpec.named("b"), FamilySpec.named("c")),
                TableSpec.of("split", FamilySpec.named("a"), FamilySpec.named("b"), FamilySpec.named("c"))
                        .withRegions(
                                RegionSplits.explicit(new byte[] {1, 2}, new byte[] {3, 3}, new byte[] {(byte) 0x80})),
                TableSpec.of("split-at-rows", FamilySpec.named("a"), FamilySpec.named("b"), FamilySpec.named("c"))
                        .withRegions(RegionSplits.explicit(new byte[] {1, 0}, new byte[] {2})));
        JobTables.set(conf, specs);
        RegionPartitioner<CellRun> partitioner = new RegionPartitioner<>();
        partitioner.setConf(conf);
        return partitioner;
    }
}
