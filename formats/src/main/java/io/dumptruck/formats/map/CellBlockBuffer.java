package io.dumptruck.formats.map;

import static io.dumptruck.formats.shuffle.PrefixSort.KEY_START;
import static io.dumptruck.formats.shuffle.PrefixSort.META_BYTES;
import static io.dumptruck.formats.shuffle.PrefixSort.NATIVE_INT;
import static io.dumptruck.formats.shuffle.PrefixSort.PARTITION;
import static io.dumptruck.formats.shuffle.PrefixSort.VALUE_LENGTH;
import static io.dumptruck.formats.shuffle.PrefixSort.VALUE_START;

import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.reduce.FoldRowEnds;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellKeyComparator;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.shuffle.PrefixSort;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.util.IndexedSortable;

/**
 * A map task's cells, held in memory, sorted by key and written as blocks: {@link CellRun}s of the cells of many rows
 * of one region, each under its first cell's key, each closed at the first row (or record) past {@link #BLOCK_BYTES}.
 * The shuffle then sorts, spills and merges one record per block instead of one per record, and the reducer's merge of
 * the runs it receives yields the cells in key order as before. A task whose cells fill the buffer more than once
 * writes several sorted series of blocks; blocks of different series and tasks overlap, which the reducer's merge is
 * built for.
 *
 * <p>What is held are the runs a mapper writes: the cells one record puts into one row, in key order, under the first
 * cell's key (one cell, for an edge). How it sorts: runs are appended as they come to one half of the memory. When it
 * is full, they are copied to the other half bucket by bucket — a bucket per table and first row byte, so the buckets
 * in order are the key order — and each bucket, small enough to stay in the processor's cache when rows start with a
 * hash or a salt, is sorted by {@link PrefixSort} on the runs' first keys and cut into blocks. Sorting the whole half
 * at once instead reads keys from random places of tens of megabytes, and waits for memory at nearly every key.
 *
 * <p>Layouts. As added, per run: int32 key length n, the key's n bytes (as {@link CellKey#write} writes them after
 * their length), int32 run length, the run (as {@link CellRun#write} writes it after its length). Sorted, as Hadoop's
 * {@code MapOutputBuffer} lays out its records, which is what {@link PrefixSort} reads: each run's serialized key and
 * run from the start up, bucket after bucket; per run, metadata of four native-order ints from the end down (run start,
 * key start, partition — always 0, as keys sort in partition order, see {@link RegionPartitioner} — run length), bucket
 * after bucket.
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
    /** By table index, the combiner fold its cells go through (null: none), where those write, their rows' ends. */
    private final CellFold[] combiners;

    private final CellFold.Output combined;
    private final FoldRowEnds combinerRowEnds;
    /** The key and each value of a group of equal keys handed to a combiner; reused. */
    private final CellKey groupKey = new CellKey();

    private final BytesWritable groupValue = new BytesWritable();
    /** The partition of the bucket being combined (-1: look each row up), for the cells its combiner writes. */
    private int combiningPartition = -1;
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
    private long combinerInputCells;
    private long combinerOutputCells;
    private int previousTable;
    /** The last cell's row: {@code previousRowBytes[previousRow, previousRow + previousRowLength)}. */
    private byte[] previousRowBytes;

    private int previousRow;
    private int previousRowLength;
    private byte[] rowCopy = new byte[64];
    /** Whether the last run added to the block had one cell only. */
    private boolean previousSingle;

    /** A buffer of {@code bytes} in all (two halves), for a job's tables as the partitioner knows them. */
    public CellBlockBuffer(int bytes, RegionPartitioner<?> partitioner, Output output) {
        this(bytes, partitioner, new CellFold[partitioner.tables()], null, output);
    }

    /**
     * As {@link #CellBlockBuffer(int, RegionPartitioner, Output)}, with the combiner fold of each table by index (null:
     * none; see {@link CellFold#combiner}) and the task's context for them.
     */
    public CellBlockBuffer(
            int bytes,
            RegionPartitioner<?> partitioner,
            CellFold[] combiners,
            TaskInputOutputContext<?, ?, ?, ?> context,
            Output output) {
        this.combiners = combiners.clone();
        this.combined = new CellFold.Output() {
            @Override
            public void write(CellKey key, byte[] value, int length) throws IOException, InterruptedException {
                combinerOutputCells++;
                addCell(key.buffer(), 0, key.payloadLength(), value, 0, length, true, combiningPartition);
            }

            @Override
            public void count(Enum<?> counter, long n) {} // the reducer's fold counts what it does

            @Override
            public TaskInputOutputContext<?, ?, ?, ?> context() {
                return context;
            }
        };
        this.combinerRowEnds = new FoldRowEnds(this.combiners, combined);
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
     * Holds a run — cells of one row in key order, under the key of the first (what one record puts into a row) — first
     * writing out what is held if the buffer is full. False for a run too big to share the buffer with others (over a
     * quarter of a half): the caller sends it on its own.
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
     * Sorts the runs held and writes their cells out as blocks; the buffer is then empty. Each bucket is sorted and cut
     * into blocks while its runs are still in the cache.
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
            cutBlocks(from, from + bucketRuns[b], bucketPartition[b], combiners[b / ROW_BYTE_BUCKETS]);
        }
        writeBlock();
        runs = 0;
        dataBytes = 0;
        addedEnd = 0;
        Arrays.fill(bucketRuns, 0);
        Arrays.fill(bucketBytes, 0);
    }

    /**
     * Adds the cells of the sorted runs in slots [from, to) — one bucket, whose rows are all in {@code bucketPartition}
     * unless that is -1 — to blocks, writing each block that closes. A run's cells are all of one row: they go into the
     * block one after the other, unless another run of the same row is next to it, whose cells may sort between them —
     * such runs start blocks of their own, which the reducer's merge interleaves. A table with a combiner fold has its
     * cells, key by key, go through it on their way into the block ({@link #combine}).
     */
    private void cutBlocks(int from, int to, int bucketPartition, CellFold combiner)
            throws IOException, InterruptedException {
        for (int slot = from; slot < to; ) {
            int runStart = slotInt(slot, VALUE_START);
            int runLength = slotInt(slot, VALUE_LENGTH);
            int payload = slotInt(slot, KEY_START) + CellKey.HEADER;
            int n = runStart - payload;
            int valueLength = firstValueLength(runStart);
            int value = firstValue(runStart);
            boolean single = value + valueLength == runStart + runLength;
            if (combiner != null && single) {
                combiningPartition = bucketPartition;
                slot = combine(slot, to, combiner);
                continue;
            }
            addCell(sorted, payload, n, sorted, value, valueLength, single, bucketPartition);
            if (!single) {
                runKey.setSerialized(sorted, payload, n);
                CellRun.Reader cells = reader.reset(runKey, sorted, runStart, runLength);
                while (cells.next()) {
                    CellKey k = cells.key();
                    block.add(
                            k.family(),
                            k.buffer(),
                            k.qualifierOffset(),
                            k.qualifierLength(),
                            k.timestamp(),
                            sorted,
                            cells.valueOffset(),
                            cells.valueLength());
                }
            }
            slot++;
        }
        if (combiner != null) {
            combinerRowEnds.finish(); // a row lies in one bucket
        }
    }

    /**
     * Hands the single cells of slots [slot, end) that share the key of {@code slot} — a run of equal keys, as sorted —
     * to the table's combiner fold, whose cells go into the block; returns {@code end}. This is the map-side combining
     * of Hadoop's combiner, done here where the cells are sorted already.
     */
    private int combine(int slot, int to, CellFold combiner) throws IOException, InterruptedException {
        int end = slot + 1;
        while (end < to && singleWithKeyOf(end, slot)) {
            end++;
        }
        int payload = slotInt(slot, KEY_START) + CellKey.HEADER;
        groupKey.setSerialized(sorted, payload, slotInt(slot, VALUE_START) - payload);
        combinerRowEnds.at(groupKey);
        int last = end;
        combinerInputCells += end - slot;
        combiner.cell(
                groupKey,
                new Iterator<>() {
                    private int next = slot;

                    @Override
                    public boolean hasNext() {
                        return next < last;
                    }

                    @Override
                    public BytesWritable next() {
                        if (next >= last) {
                            throw new NoSuchElementException();
                        }
                        int runStart = slotInt(next++, VALUE_START);
                        groupValue.set(sorted, firstValue(runStart), firstValueLength(runStart));
                        return groupValue;
                    }
                },
                combined);
        return end;
    }

    /** Whether slot {@code i} holds a run of one cell whose key equals slot {@code of}'s. */
    private boolean singleWithKeyOf(int i, int of) {
        int ri = slotInt(i, VALUE_START);
        return Arrays.equals(
                        sorted, slotInt(i, KEY_START), ri, sorted, slotInt(of, KEY_START), slotInt(of, VALUE_START))
                && firstValue(ri) + firstValueLength(ri) == ri + slotInt(i, VALUE_LENGTH);
    }

    /**
     * A field of sorted slot {@code slot}'s metadata: {@code KEY_START}, {@code VALUE_START} or {@code VALUE_LENGTH}.
     */
    private int slotInt(int slot, int field) {
        return (int) NATIVE_INT.get(sorted, slot * META_BYTES + field);
    }

    /**
     * Where the first value of the run at {@code runStart} of {@link #sorted} begins: a run, as CellRun lays it out, is
     * the first cell's value (a vint length, the bytes), then any further cells of the row.
     */
    private int firstValue(int runStart) {
        return runStart + WritableUtils.decodeVIntSize(sorted[runStart]);
    }

    /** The length of the first value of the run at {@code runStart} of {@link #sorted}. */
    private int firstValueLength(int runStart) {
        return (int) CellRun.vlongAt(sorted, runStart);
    }

    /**
     * Adds one cell — its key the CellKey payload {@code keys[payload, payload + n)}, its value {@code values[value,
     * value + valueLength)} — to the open block, or closes that and opens another. {@code single}: the cell is all of
     * its run.
     */
    private void addCell(
            byte[] keys,
            int payload,
            int n,
            byte[] values,
            int value,
            int valueLength,
            boolean single,
            int bucketPartition)
            throws IOException, InterruptedException {
        // the payload, as CellKey lays it out: table, row length, row, family, qualifier, timestamp
        int table = Bytes.toShort(keys, payload) & 0xFFFF;
        int rowLength = Bytes.toShort(keys, payload + 2) & 0xFFFF;
        int row = payload + 4;
        int family = keys[row + rowLength] & 0xFF;
        int qualifier = row + rowLength + 1;
        int qualifierLength = n - CellKey.FIXED - rowLength;
        long timestamp = Bytes.toLong(keys, payload + n - 8);
        int shared = open < 0 || table != previousTable
                ? 0
                : Arrays.mismatch(
                        previousRowBytes, previousRow, previousRow + previousRowLength, keys, row, row + rowLength);
        boolean sameRow = open >= 0 && table == previousTable && shared < 0;
        int partition = sameRow
                ? open
                : bucketPartition >= 0 ? bucketPartition : partitioner.partition(table, keys, row, rowLength);
        boolean mayInterleave = sameRow && !(single && previousSingle); // two runs of a row, one of several cells
        if (partition == open && block.length() < BLOCK_BYTES && !mayInterleave) {
            if (sameRow) {
                block.add(family, keys, qualifier, qualifierLength, timestamp, values, value, valueLength);
            } else {
                block.addInNewRow(
                        shared,
                        keys,
                        row,
                        rowLength,
                        family,
                        keys,
                        qualifier,
                        qualifierLength,
                        timestamp,
                        values,
                        value,
                        valueLength);
            }
        } else {
            writeBlock();
            blockKey.setSerialized(keys, payload, n);
            block.first(timestamp, values, value, valueLength);
            open = partition;
        }
        previousTable = table;
        previousSingle = single;
        previousRowLength = rowLength;
        if (keys == sorted) {
            previousRowBytes = sorted;
            previousRow = row;
        } else { // a combiner's key, which it may change: the row is copied
            if (rowCopy.length < rowLength) {
                rowCopy = new byte[Math.max(rowLength, rowCopy.length * 2)];
            }
            System.arraycopy(keys, row, rowCopy, 0, rowLength);
            previousRowBytes = rowCopy;
            previousRow = 0;
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
    public long runsWritten() {
        return runsWritten;
    }

    /** Blocks written out so far. */
    public long blocksWritten() {
        return blocksWritten;
    }

    /** Cells handed to the tables' combiners so far. */
    public long combinerInputCells() {
        return combinerInputCells;
    }

    /** Cells the combiners wrote so far. */
    public long combinerOutputCells() {
        return combinerOutputCells;
    }

    /** The sorted runs by metadata slot, for {@link PrefixSort}: by their first keys. */
    private final class Sortable implements IndexedSortable {
        @Override
        public int compare(int i, int j) {
            int mi = i * META_BYTES;
            int mj = j * META_BYTES;
            int ki = (int) NATIVE_INT.get(sorted, mi + KEY_START);
            int kj = (int) NATIVE_INT.get(sorted, mj + KEY_START);
            return comparator.compare(
                    sorted,
                    ki,
                    (int) NATIVE_INT.get(sorted, mi + VALUE_START) - ki,
                    sorted,
                    kj,
                    (int) NATIVE_INT.get(sorted, mj + VALUE_START) - kj);
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
