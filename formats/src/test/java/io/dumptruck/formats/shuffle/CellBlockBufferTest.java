package io.dumptruck.formats.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.spec.FamilySpec;
import io.dumptruck.formats.spec.RegionSplits;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.formats.spec.TableSpecJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * {@link CellBlockBuffer}: every cell added leaves exactly once, in a block of cells in key order that
 * all belong to the block's partition; a flush's blocks follow each other in key order; blocks close
 * past {@link CellBlockBuffer#BLOCK_BYTES}; rows that share a prefix are written as their tails.
 * Checked on random cells of three tables (two with region splits), rows of several lengths that
 * share prefixes, equal keys, and buffers small enough to flush many times.
 */
class CellBlockBufferTest {
  private static final byte[][] ROWS = {
      {1}, {1, 0}, {1, 0, 0}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 5, 6, 7, 8, 10}, {2}, {2, 0},
      {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4},
      {4}, {(byte) 0x80}, {(byte) 0xFF}, {(byte) 0xFF, (byte) 0xFF}};
  private static final byte[][] QUALIFIERS = {{}, {'a'}, {'a', 'b'}, {'b'}, {(byte) 0x80}};

  /** One cell as added or as read back from a block. */
  private record Cell(CellKey key, byte[] value) {
    String render() { return key + "=" + Arrays.toString(value); }
  }

  /** A block as written: its first key, its bytes, and which flush wrote it. */
  private record Block(CellKey first, byte[] bytes, int flush) {}

  @Test
  void everyCellLeavesOnceSortedInBlocksOfItsPartition() throws Exception {
    for (int seed = 1; seed <= 3; seed++) {
      check(new Random(seed), 64 << 10, 20_000, 40); // many flushes, short blocks
      check(new Random(seed), 4 << 20, 40_000, 300); // one flush, blocks that close at BLOCK_BYTES
    }
  }

  private static void check(Random random, int bufferBytes, int cellCount, int maxValue) throws Exception {
    RegionPartitioner<CellRun> partitioner = partitioner();
    List<Block> blocks = new ArrayList<>();
    int[] flushes = {0};
    CellBlockBuffer buffer = new CellBlockBuffer(bufferBytes, partitioner, (first, block) -> {
      blocks.add(new Block(new CellKey().copyFrom(first), Arrays.copyOf(block.bytes(), block.length()), flushes[0]));
    });
    List<Cell> added = new ArrayList<>();
    int refused = 0;
    for (int i = 0; i < cellCount; i++) {
      CellKey key = new CellKey(random.nextInt(3), random.nextInt(3), ROWS[random.nextInt(ROWS.length)],
          QUALIFIERS[random.nextInt(QUALIFIERS.length)], random.nextInt(3));
      byte[] value = new byte[random.nextInt(100) == 0 ? bufferBytes / 4 : random.nextInt(maxValue)];
      random.nextBytes(value);
      int blocksBefore = blocks.size();
      if (buffer.add(key, value, 0, value.length)) {
        added.add(new Cell(new CellKey().copyFrom(key), value));
      } else {
        refused++;
        assertTrue(value.length >= bufferBytes / 4 - 64, "refused only a cell too big to share the buffer: " + value.length);
      }
      if (blocks.size() > blocksBefore) {
        flushes[0]++; // the add flushed: later blocks belong to the next series
      }
    }
    buffer.flush();
    assertTrue(refused > 0, "some cells were too big");

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
        cells.add(new Cell(k, Arrays.copyOfRange(reader.valueBuffer(), reader.valueOffset(), reader.valueOffset() + reader.valueLength())));
      } while (reader.next());
      if (b.flush() == previousFlush) {
        assertTrue(previous.key().compareTo(cells.get(0).key()) <= 0, "blocks of a flush in key order: " + previous.key() + " then " + b.first());
      }
      for (int i = 1; i < cells.size(); i++) {
        assertTrue(cells.get(i - 1).key().compareTo(cells.get(i).key()) <= 0, "a block in key order");
      }
      assertTrue(b.bytes().length < CellBlockBuffer.BLOCK_BYTES + 400, "a block closes past BLOCK_BYTES: " + b.bytes().length);
      if (b.bytes().length >= CellBlockBuffer.BLOCK_BYTES) {
        closedFull++;
      }
      if (cells.stream().map(c -> c.key().table() + Arrays.toString(c.key().row())).distinct().count() > 1) {
        multiRowBlocks++;
      }
      written.addAll(cells);
      previous = cells.get(cells.size() - 1);
      previousFlush = b.flush();
    }
    assertEquals(sorted(added), sorted(written), "every cell added leaves once");
    assertTrue(multiRowBlocks > blocks.size() / 2, "blocks of many rows: " + multiRowBlocks + " of " + blocks.size());
    if (bufferBytes > 2 * CellBlockBuffer.BLOCK_BYTES * 12) {
      assertTrue(closedFull > 0, "some blocks closed at BLOCK_BYTES");
    } else {
      assertTrue(flushes[0] > 5, "the buffer flushed several times: " + flushes[0]);
    }
  }

  @Test
  void aRowTailLongerThanThePreviousRowIsADamagedBlock() {
    CellKey first = new CellKey(0, 0, new byte[] {1, 2}, new byte[0], 1);
    CellRun run = new CellRun().first(1, new byte[0], 0, 0);
    run.addInNewRow(3, new byte[] {1, 2, 3, 4}, 0, 4, 0, new byte[0], 0, 0, 1, new byte[0], 0, 0); // claims 3 shared of 2
    CellRun.Reader reader = new CellRun.Reader().reset(first, run.bytes(), run.length());
    assertThrows(IllegalStateException.class, reader::next);
  }

  private static List<String> sorted(List<Cell> cells) {
    return cells.stream().sorted(Comparator.comparing(Cell::key)).map(Cell::render).sorted().toList();
  }

  private static RegionPartitioner<CellRun> partitioner() {
    Configuration conf = new Configuration(false);
    List<TableSpec> specs = List.of(
        TableSpec.of("single", FamilySpec.named("a"), FamilySpec.named("b"), FamilySpec.named("c")),
        TableSpec.of("split", FamilySpec.named("a"), FamilySpec.named("b"), FamilySpec.named("c"))
            .withRegions(RegionSplits.explicit(new byte[] {1, 2}, new byte[] {3, 3}, new byte[] {(byte) 0x80})),
        TableSpec.of("split-at-rows", FamilySpec.named("a"), FamilySpec.named("b"), FamilySpec.named("c"))
            .withRegions(RegionSplits.explicit(new byte[] {1, 0}, new byte[] {2})));
    conf.set(FormatConf.OUTPUT_TABLES.key(), TableSpecJson.toJson(specs));
    RegionPartitioner<CellRun> partitioner = new RegionPartitioner<>();
    partitioner.setConf(conf);
    return partitioner;
  }
}
