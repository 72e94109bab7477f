package io.dumptruck.formats.shuffle;

import static io.dumptruck.formats.shuffle.PrefixSort.KEY_START;
import static io.dumptruck.formats.shuffle.PrefixSort.META_BYTES;
import static io.dumptruck.formats.shuffle.PrefixSort.NATIVE_INT;
import static io.dumptruck.formats.shuffle.PrefixSort.PARTITION;
import static io.dumptruck.formats.shuffle.PrefixSort.VALUE_LENGTH;
import static io.dumptruck.formats.shuffle.PrefixSort.VALUE_START;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.IndexedSortable;

/**
 * A map task's cells, held in one buffer, sorted by key and written as blocks: {@link CellRun}s of
 * the cells of many rows of one region, each under its first cell's key, each closed at the first
 * cell past {@link #BLOCK_BYTES}. The shuffle then sorts, spills and merges one record per block
 * instead of one per cell, and the reducer's merge of the runs it receives yields the cells in key
 * order as before. A task whose cells fill the buffer more than once writes several sorted series
 * of blocks; blocks of different series and tasks overlap, which the reducer's merge is built for.
 *
 * <p>The buffer is laid out as Hadoop's {@code MapOutputBuffer} lays out its records, so that
 * {@link PrefixSort} sorts it: each cell's key, serialized as {@link CellKey#write} does, and its value
 * from the start up; per cell, metadata of four native-order ints from the end down — value start,
 * key start, partition (always 0: keys sort in partition order, see {@link RegionPartitioner}), value
 * length.
 */
public final class CellBlockBuffer {
  /** A block is closed once it holds this many bytes; the reducer holds a block per series it merges. */
  static final int BLOCK_BYTES = 64 << 10;

  /** Where blocks go: the map output. */
  public interface Output {
    void write(CellKey first, CellRun block) throws IOException, InterruptedException;
  }

  private final byte[] buffer;
  /** Metadata slots: cell k (0-based, in arrival order) has slot {@code slots - 1 - k}. */
  private final int slots;
  private final RegionPartitioner<?> partitioner;
  private final Output output;
  private final PrefixSort sort;
  private final CellKeyComparator comparator = new CellKeyComparator();
  private final IndexedSortable sortable = new Sortable();
  private final CellKey blockKey = new CellKey();
  private final CellRun block = new CellRun();
  private int dataEnd;
  private int cells;
  private long blocksWritten;

  public CellBlockBuffer(int bytes, RegionPartitioner<?> partitioner, Output output) {
    this.buffer = new byte[bytes / META_BYTES * META_BYTES];
    this.slots = buffer.length / META_BYTES;
    this.partitioner = partitioner;
    this.output = output;
    this.sort = new PrefixSort(comparator);
  }

  /**
   * Holds a cell, first writing out what is held if the buffer is full. False for a cell too big to
   * share the buffer with others (over a quarter of it): the caller sends it on its own.
   */
  public boolean add(CellKey key, byte[] value, int offset, int length) throws IOException, InterruptedException {
    int keyBytes = CellKey.HEADER + key.payloadLength();
    if (keyBytes + length + META_BYTES > buffer.length / 4) {
      return false;
    }
    if (dataEnd + keyBytes + length > (slots - cells - 1) * META_BYTES) {
      flush();
    }
    int keyStart = dataEnd;
    Bytes.putInt(buffer, keyStart, key.payloadLength());
    System.arraycopy(key.buffer(), 0, buffer, keyStart + CellKey.HEADER, key.payloadLength());
    int valueStart = keyStart + keyBytes;
    System.arraycopy(value, offset, buffer, valueStart, length);
    dataEnd = valueStart + length;
    int meta = (slots - 1 - cells) * META_BYTES;
    NATIVE_INT.set(buffer, meta + VALUE_START, valueStart);
    NATIVE_INT.set(buffer, meta + KEY_START, keyStart);
    NATIVE_INT.set(buffer, meta + PARTITION, 0);
    NATIVE_INT.set(buffer, meta + VALUE_LENGTH, length);
    cells++;
    return true;
  }

  /** Sorts the cells held and writes them out as blocks; the buffer is then empty. */
  public void flush() throws IOException, InterruptedException {
    if (cells == 0) {
      return;
    }
    int first = slots - cells;
    sort.sort(sortable, first, slots, buffer, null);
    int open = -1; // the partition of the block being filled; -1: none
    int previousTable = -1;
    int previousRow = 0;
    int previousRowLength = 0;
    for (int slot = first; slot < slots; slot++) {
      int meta = slot * META_BYTES;
      int keyStart = (int) NATIVE_INT.get(buffer, meta + KEY_START);
      int valueStart = (int) NATIVE_INT.get(buffer, meta + VALUE_START);
      int valueLength = (int) NATIVE_INT.get(buffer, meta + VALUE_LENGTH);
      // the payload, as CellKey lays it out: table, row length, row, family, qualifier, timestamp
      int payload = keyStart + CellKey.HEADER;
      int n = valueStart - payload;
      int table = Bytes.toShort(buffer, payload) & 0xFFFF;
      int rowLength = Bytes.toShort(buffer, payload + 2) & 0xFFFF;
      int row = payload + 4;
      int family = buffer[row + rowLength] & 0xFF;
      int qualifier = row + rowLength + 1;
      int qualifierLength = n - CellKey.FIXED - rowLength;
      long timestamp = Bytes.toLong(buffer, payload + n - 8);
      int shared = table != previousTable ? 0
          : Arrays.mismatch(buffer, previousRow, previousRow + previousRowLength, buffer, row, row + rowLength);
      boolean sameRow = table == previousTable && shared < 0;
      int partition = sameRow ? open : partitioner.partition(table, buffer, row, rowLength);
      if (partition == open && block.length() < BLOCK_BYTES) {
        if (sameRow) {
          block.add(family, buffer, qualifier, qualifierLength, timestamp, buffer, valueStart, valueLength);
        } else {
          block.addInNewRow(shared, buffer, row, rowLength, family, buffer, qualifier, qualifierLength, timestamp,
              buffer, valueStart, valueLength);
        }
      } else {
        writeBlock(open);
        blockKey.setSerialized(buffer, payload, n);
        block.first(timestamp, buffer, valueStart, valueLength);
        open = partition;
      }
      previousTable = table;
      previousRow = row;
      previousRowLength = rowLength;
    }
    writeBlock(open);
    cells = 0;
    dataEnd = 0;
  }

  private void writeBlock(int open) throws IOException, InterruptedException {
    if (open >= 0) {
      output.write(blockKey, block);
      blocksWritten++;
    }
  }

  /** Blocks written so far. */
  public long blocksWritten() { return blocksWritten; }

  /** The buffer's cells by metadata slot, for {@link PrefixSort}. */
  private final class Sortable implements IndexedSortable {
    @Override
    public int compare(int i, int j) {
      int mi = i * META_BYTES;
      int mj = j * META_BYTES;
      int ki = (int) NATIVE_INT.get(buffer, mi + KEY_START);
      int kj = (int) NATIVE_INT.get(buffer, mj + KEY_START);
      return comparator.compare(buffer, ki, (int) NATIVE_INT.get(buffer, mi + VALUE_START) - ki,
          buffer, kj, (int) NATIVE_INT.get(buffer, mj + VALUE_START) - kj);
    }

    @Override
    public void swap(int i, int j) {
      for (int field = 0; field < META_BYTES; field += 4) {
        int a = i * META_BYTES + field;
        int b = j * META_BYTES + field;
        int t = (int) NATIVE_INT.get(buffer, a);
        NATIVE_INT.set(buffer, a, (int) NATIVE_INT.get(buffer, b));
        NATIVE_INT.set(buffer, b, t);
      }
    }
  }
}
