package io.dumptruck.formats.map;

import static io.dumptruck.formats.map.PrefixSort.KEY_START;
import static io.dumptruck.formats.map.PrefixSort.META_BYTES;
import static io.dumptruck.formats.map.PrefixSort.NATIVE_INT;
import static io.dumptruck.formats.map.PrefixSort.PARTITION;
import static io.dumptruck.formats.map.PrefixSort.VALUE_LENGTH;
import static io.dumptruck.formats.map.PrefixSort.VALUE_START;

import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellKeyComparator;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.util.IndexedSortable;

/**
 * A map task's cells, held in memory, sorted by key and written as blocks: {@link CellRun}s of the
 * cells of many rows of one region, each under its first cell's key, each closed at the first row
 * (or record) past {@link #BLOCK_BYTES}. The shuffle then sorts, spills and merges one record per
 * block instead of one per record, and the reducer's merge of the runs it receives yields the cells in
 * key order as before. A task whose cells fill the buffer more than once writes several sorted series
 * of blocks; blocks of different series and tasks overlap, which the reducer's merge is built for.
 *
 * <p>What is held are the runs a mapper writes: the cells one record puts into one row, in key
 * order, under the first cell's key (one cell, for an edge). How it sorts: runs are appended as they
 * come to one half of the memory. When it is full, they are copied to the other half bucket by bucket
 * — a bucket per table and first row byte, so the buckets in order are the key order — and each
 * bucket, small enough to stay in the processor's cache when rows start with a hash or a salt, is
 * sorted by {@link PrefixSort} on the runs' first keys and cut into blocks. Sorting the whole half at
 * once instead reads keys from random places of tens of megabytes, and waits for memory at nearly
 * every key.
 *
 * <p>Layouts. As added, per run: int32 key length n, the key's n bytes (as {@link CellKey#write}
 * writes them after their length), int32 run length, the run (as {@link CellRun#write} writes it
 * after its length). Sorted, as Hadoop's {@code MapOutputBuffer} lays out its records, which is what
 * {@link PrefixSort} reads: each run's serialized key and run from the start up, bucket after bucket;
 * per run, metadata of four native-order ints from the end down (run start, key start, partition —
 * always 0, as keys sort in partition order, see {@link RegionPartitioner} — run length), bucket after
 * bucket.
 */
public final class CellBlockBuffer {
  /** A block is closed once it holds this many bytes; the reducer holds a block per series it merges. */
  static final int BLOCK_BYTES = 64 << 10;
  /** Buckets per table: one per first byte of the row. */
  private static final int ROW_BYTE_BUCKETS = 256;

  /** Where blocks go: the map output. */
  public interface Output {
    void write(CellKey first, CellRun block) throws IOException, InterruptedException;
  }

  /** The two halves, allocated when first needed: a task that adds nothing costs no memory. */
  private byte[] added;
  private byte[] sorted;
  private final int half;
  /** Metadata slots of {@link #sorted}: the runs of a flush occupy the last ones. */
  private final int slots;
  private final RegionPartitioner<?> partitioner;
  private final Output output;
  private final PrefixSort sort;
  private final CellKeyComparator comparator = new CellKeyComparator();
  private final IndexedSortable sortable = new Sortable();
  private final CellKey blockKey = new CellKey();
  private final CellRun block = new CellRun();
  private final CellKey runKey = new CellKey();
  private final CellRun.Reader reader = new CellRun.Reader();
  /** Per bucket: its runs, and the bytes of their keys (with length) and runs; then where they go. */
  private final int[] bucketRuns;
  private final int[] bucketBytes;
  private final int[] bucketData;
  private final int[] bucketSlot;
  /** Per bucket: the partition of all its rows, or -1 where a region starts inside the bucket. */
  private final int[] bucketPartition;
  private int addedEnd;
  /** The bytes of keys (with length) and runs held: what they take in {@link #sorted} besides metadata. */
  private int dataBytes;
  private int runs;
  /** The block being filled: its partition (-1: none), and its last run's table and row in {@link #sorted}. */
  private int open = -1;
  private long runsWritten;
  private long blocksWritten;
  private int previousTable;
  private int previousRow;
  private int previousRowLength;
  /** Whether the last run added to the block had one cell only. */
  private boolean previousSingle;

  /** A buffer of {@code bytes} in all (two halves), for a job's tables as the partitioner knows them. */
  public CellBlockBuffer(int bytes, RegionPartitioner<?> partitioner, Output output) {
    this.half = bytes / 2 / META_BYTES * META_BYTES;
    this.slots = half / META_BYTES;
    this.partitioner = partitioner;
    this.output = output;
    this.sort = new PrefixSort(comparator);
    int buckets = partitioner.tables() * ROW_BYTE_BUCKETS;
    bucketRuns = new int[buckets];
    bucketBytes = new int[buckets];
    bucketData = new int[buckets];
    bucketSlot = new int[buckets];
    bucketPartition = new int[buckets];
    for (int b = 0; b < buckets; b++) {
      bucketPartition[b] = partitioner.partitionOfRowsStartingWith(b / ROW_BYTE_BUCKETS, b % ROW_BYTE_BUCKETS);
    }
  }

  /**
   * Holds a run — cells of one row in key order, under the key of the first (what one record puts into
   * a row) — first writing out what is held if the buffer is full. False for a run too big to share
   * the buffer with others (over a quarter of a half): the caller sends it on its own.
   */
  public boolean add(CellKey first, CellRun run) throws IOException, InterruptedException {
    int n = first.payloadLength();
    int length = run.length();
    int bytes = CellKey.HEADER + n + length;
    if (bytes + META_BYTES > half / 4) {
      return false;
    }
    if (dataBytes + bytes + (runs + 1) * META_BYTES > half) {
      flush();
    }
    if (added == null) {
      added = new byte[half];
    }
    Bytes.putInt(added, addedEnd, n);
    System.arraycopy(first.buffer(), 0, added, addedEnd + CellKey.HEADER, n);
    int at = addedEnd + CellKey.HEADER + n;
    Bytes.putInt(added, at, length);
    System.arraycopy(run.bytes(), 0, added, at + 4, length);
    addedEnd = at + 4 + length;
    int bucket = bucket(first.buffer(), 0);
    bucketRuns[bucket]++;
    bucketBytes[bucket] += bytes;
    dataBytes += bytes;
    runs++;
    return true;
  }

  /** The bucket of the key payload at {@code payload}: its table, then its row's first byte. */
  private static int bucket(byte[] b, int payload) {
    return (Bytes.toShort(b, payload) & 0xFFFF) * ROW_BYTE_BUCKETS + (b[payload + 4] & 0xFF);
  }

  /** Copies the runs added into {@link #sorted}, bucket by bucket. */
  private void copyByBucket() {
    if (sorted == null) {
      sorted = new byte[half];
    }
    int data = 0;
    int slot = slots - runs;
    for (int b = 0; b < bucketRuns.length; b++) {
      bucketData[b] = data;
      bucketSlot[b] = slot;
      data += bucketBytes[b];
      slot += bucketRuns[b];
    }
    for (int at = 0; at < addedEnd; ) {
      int n = Bytes.toInt(added, at);
      int payload = at + CellKey.HEADER;
      int valueLength = Bytes.toInt(added, payload + n);
      int b = bucket(added, payload);
      int keyStart = bucketData[b];
      int valueStart = keyStart + CellKey.HEADER + n;
      System.arraycopy(added, at, sorted, keyStart, CellKey.HEADER + n);
      System.arraycopy(added, payload + n + 4, sorted, valueStart, valueLength);
      bucketData[b] = valueStart + valueLength;
      int meta = bucketSlot[b]++ * META_BYTES;
      NATIVE_INT.set(sorted, meta + VALUE_START, valueStart);
      NATIVE_INT.set(sorted, meta + KEY_START, keyStart);
      NATIVE_INT.set(sorted, meta + PARTITION, 0);
      NATIVE_INT.set(sorted, meta + VALUE_LENGTH, valueLength);
      at = payload + n + 4 + valueLength;
    }
  }

  /**
   * Sorts the runs held and writes their cells out as blocks; the buffer is then empty. Each bucket is
   * sorted and cut into blocks while its runs are still in the cache.
   */
  public void flush() throws IOException, InterruptedException {
    if (runs == 0) {
      return;
    }
    copyByBucket();
    runsWritten += runs;
    for (int b = 0, from = slots - runs; b < bucketRuns.length; from += bucketRuns[b++]) {
      if (bucketRuns[b] > 1) {
        sort.sort(sortable, from, from + bucketRuns[b], sorted, null);
      }
      cutBlocks(from, from + bucketRuns[b], bucketPartition[b]);
    }
    writeBlock();
    runs = 0;
    dataBytes = 0;
    addedEnd = 0;
    Arrays.fill(bucketRuns, 0);
    Arrays.fill(bucketBytes, 0);
  }

  /**
   * Adds the cells of the sorted runs in slots [from, to) — one bucket, whose rows are all in
   * {@code bucketPartition} unless that is -1 — to blocks, writing each block that closes.
   * A run's cells are all of one row: they go into the block one after the other, unless another run
   * of the same row is next to it, whose cells may sort between them — such runs start blocks of their
   * own, which the reducer's merge interleaves.
   */
  private void cutBlocks(int from, int to, int bucketPartition) throws IOException, InterruptedException {
    for (int slot = from; slot < to; slot++) {
      int meta = slot * META_BYTES;
      int keyStart = (int) NATIVE_INT.get(sorted, meta + KEY_START);
      int runStart = (int) NATIVE_INT.get(sorted, meta + VALUE_START);
      int runLength = (int) NATIVE_INT.get(sorted, meta + VALUE_LENGTH);
      // the payload, as CellKey lays it out: table, row length, row, family, qualifier, timestamp
      int payload = keyStart + CellKey.HEADER;
      int n = runStart - payload;
      int table = Bytes.toShort(sorted, payload) & 0xFFFF;
      int rowLength = Bytes.toShort(sorted, payload + 2) & 0xFFFF;
      int row = payload + 4;
      int family = sorted[row + rowLength] & 0xFF;
      int qualifier = row + rowLength + 1;
      int qualifierLength = n - CellKey.FIXED - rowLength;
      long timestamp = Bytes.toLong(sorted, payload + n - 8);
      // the run, as CellRun lays it out: the first cell's value, then any further cells of the row
      int valueLength = (int) CellRun.vlongAt(sorted, runStart);
      int value = runStart + WritableUtils.decodeVIntSize(sorted[runStart]);
      boolean single = value + valueLength == runStart + runLength;
      int shared = open < 0 || table != previousTable ? 0
          : Arrays.mismatch(sorted, previousRow, previousRow + previousRowLength, sorted, row, row + rowLength);
      boolean sameRow = open >= 0 && table == previousTable && shared < 0;
      int partition = sameRow ? open
          : bucketPartition >= 0 ? bucketPartition : partitioner.partition(table, sorted, row, rowLength);
      boolean mayInterleave = sameRow && !(single && previousSingle); // two runs of a row, one of several cells
      if (partition == open && block.length() < BLOCK_BYTES && !mayInterleave) {
        if (sameRow) {
          block.add(family, sorted, qualifier, qualifierLength, timestamp, sorted, value, valueLength);
        } else {
          block.addInNewRow(shared, sorted, row, rowLength, family, sorted, qualifier, qualifierLength, timestamp,
              sorted, value, valueLength);
        }
      } else {
        writeBlock();
        blockKey.setSerialized(sorted, payload, n);
        block.first(timestamp, sorted, value, valueLength);
        open = partition;
      }
      if (!single) {
        runKey.setSerialized(sorted, payload, n);
        CellRun.Reader cells = reader.reset(runKey, sorted, runStart, runLength);
        while (cells.next()) {
          CellKey k = cells.key();
          block.add(k.family(), k.buffer(), k.qualifierOffset(), k.qualifierLength(), k.timestamp(),
              sorted, cells.valueOffset(), cells.valueLength());
        }
      }
      previousTable = table;
      previousRow = row;
      previousRowLength = rowLength;
      previousSingle = single;
    }
  }

  /** Writes the open block, if any. */
  private void writeBlock() throws IOException, InterruptedException {
    if (open >= 0) {
      output.write(blockKey, block);
      blocksWritten++;
      open = -1;
    }
  }

  /** Runs written out so far (the records that {@link #add} took). */
  public long runsWritten() { return runsWritten; }

  /** Blocks written out so far. */
  public long blocksWritten() { return blocksWritten; }

  /** The sorted runs by metadata slot, for {@link PrefixSort}: by their first keys. */
  private final class Sortable implements IndexedSortable {
    @Override
    public int compare(int i, int j) {
      int mi = i * META_BYTES;
      int mj = j * META_BYTES;
      int ki = (int) NATIVE_INT.get(sorted, mi + KEY_START);
      int kj = (int) NATIVE_INT.get(sorted, mj + KEY_START);
      return comparator.compare(sorted, ki, (int) NATIVE_INT.get(sorted, mi + VALUE_START) - ki,
          sorted, kj, (int) NATIVE_INT.get(sorted, mj + VALUE_START) - kj);
    }

    @Override
    public void swap(int i, int j) {
      for (int field = 0; field < META_BYTES; field += 4) {
        int a = i * META_BYTES + field;
        int b = j * META_BYTES + field;
        int t = (int) NATIVE_INT.get(sorted, a);
        NATIVE_INT.set(sorted, a, (int) NATIVE_INT.get(sorted, b));
        NATIVE_INT.set(sorted, b, t);
      }
    }
  }
}
