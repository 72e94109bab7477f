package io.dumptruck.formats.shuffle;

import io.dumptruck.formats.internals.HadoopInternals;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.util.IndexedSortable;
import org.apache.hadoop.util.IndexedSorter;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.QuickSort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The map side's sort ({@code map.sort.class}) for jobs whose sort comparator is a {@link KeyPrefix}.
 *
 * <p>Hadoop's {@link QuickSort} compares records through their keys, which lie in the sort buffer in the order the map
 * wrote them: each comparison reads two keys from random places of a buffer of hundreds of megabytes, and the sort
 * spends its time waiting for memory. This sort reads each key once per 8 bytes of its sort string that it needs, in
 * buffer order: it packs (partition, the first 8 bytes, record) into one long and sorts those longs with
 * {@link Arrays#sort(long[])}, a sort over one contiguous array; records that tie go through the same step with their
 * next 8 bytes, and only records whose sort strings are equal (or that tie past {@link #MAX_CHUNKS} chunks) are
 * compared whole. The records are then moved into that order by the buffer's own swaps, one per record at most.
 *
 * <p>It reads the record metadata of Hadoop's {@code MapTask.MapOutputBuffer} directly (four ints per record in native
 * byte order, inside the buffer's {@code kvbuffer}: value start, key start, partition, value length). Anything else —
 * another collector, a comparator without prefixes, a layout that does not agree with the buffer's own comparisons — is
 * sorted by {@link QuickSort}, so the order is always the comparator's.
 */
public final class PrefixSort implements IndexedSorter, Configurable {
    private static final Logger LOG = LoggerFactory.getLogger(PrefixSort.class);
    /** Reads an int of the metadata, in the machine's byte order as MapOutputBuffer writes it. */
    public static final VarHandle NATIVE_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    /**
     * MapOutputBuffer's metadata per record: 4 ints; byte offsets of its fields (the map's block buffer keeps the
     * same).
     */
    public static final int META_BYTES = 16;

    public static final int VALUE_START = 0;
    public static final int KEY_START = 4;
    public static final int PARTITION = 8;
    public static final int VALUE_LENGTH = 12;
    /** How deep ties are followed in the sort string (8 bytes a chunk) before keys are compared whole. */
    static final int MAX_CHUNKS = 8;
    /** Ties of fewer records than this are compared whole straight away. */
    private static final int SMALL_TIE = 4;

    private static final long PLACED = 1L << 62;

    private final QuickSort quickSort = new QuickSort();
    private final TieRun tie = new TieRun();
    private Configuration conf;
    private KeyPrefix prefixes;
    /** Per record of the range: its packed sort long, then the record at that position. */
    private long[] keys = new long[0];
    /** A tie's records while their packed longs sort. */
    private int[] tieRecords = new int[0];
    /** Ties still to order: (from, to, chunk) triples. */
    private int[] ties = new int[48];

    private int tieCount;
    /** Records ordered by whole-key comparisons in the current sort. */
    private long comparedWhole;

    private IndexedSortable s;
    private int l;
    private byte[] buffer;
    private int records;

    public PrefixSort() {}

    /**
     * A sort by these prefixes, for a buffer laid out as a MapOutputBuffer's elsewhere (the map's
     * {@code CellBlockBuffer}).
     */
    public PrefixSort(KeyPrefix prefixes) {
        this.prefixes = prefixes;
    }

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        RawComparator<?> comparator = conf instanceof JobConf job ? job.getOutputKeyComparator() : null;
        prefixes = comparator instanceof KeyPrefix p ? p : null;
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public void sort(IndexedSortable s, int l, int r) {
        sort(s, l, r, null);
    }

    @Override
    public void sort(IndexedSortable s, int l, int r, Progressable progress) {
        sort(s, l, r, prefixes == null || r - l < 2 ? null : HadoopInternals.mapOutputBytes(s), progress);
    }

    /**
     * Sorts records l .. r - 1 of {@code s}, whose metadata and keys are in {@code buffer} laid out as in a
     * MapOutputBuffer; with QuickSort if {@code buffer} is null or does not hold that layout.
     */
    public void sort(IndexedSortable s, int l, int r, byte[] buffer, Progressable progress) {
        boolean sorted = false;
        if (buffer != null) {
            this.s = s;
            this.l = l;
            this.buffer = buffer;
            this.records = buffer.length / META_BYTES; // the metadata wraps around at this many records
            try {
                sorted = layoutAgrees(r - l) && sortByPrefix(r - l, progress);
            } finally {
                this.s = null;
                this.buffer = null;
            }
        }
        if (sorted) {
            count(progress, PrefixSortCounter.RECORDS_SORTED_BY_PREFIX, r - l);
            count(progress, PrefixSortCounter.RECORDS_COMPARED_WHOLE, comparedWhole);
        } else {
            quickSort.sort(s, l, r, progress);
        }
    }

    /** Sorts records l .. l + n - 1 of the sortable; false to leave it to QuickSort. */
    private boolean sortByPrefix(int n, Progressable progress) {
        if (keys.length < n) {
            keys = new long[n];
        }
        comparedWhole = 0;
        // 1. Each record's first chunk, and per partition the bits in which those differ.
        long[] first = new long[1];
        long[] differing = new long[1];
        boolean[] seen = new boolean[1];
        int maxPartition = 0;
        for (int i = 0; i < n; i++) {
            int partition = partition(i);
            long prefix = chunk(i, 0);
            keys[i] = prefix;
            if (partition >= seen.length) {
                int size = Math.max(partition + 1, seen.length * 2);
                first = Arrays.copyOf(first, size);
                differing = Arrays.copyOf(differing, size);
                seen = Arrays.copyOf(seen, size);
            }
            if (!seen[partition]) {
                seen[partition] = true;
                first[partition] = prefix;
            }
            differing[partition] |= prefix ^ first[partition];
            maxPartition = Math.max(maxPartition, partition);
        }
        // 2. One long per record: partition | the chunk's bits from the first that differs in the partition | record.
        int recordBits = bits(n - 1);
        int partitionBits = bits(maxPartition);
        int chunkBits = 63 - partitionBits - recordBits;
        if (chunkBits < 8) {
            return false; // too many records to leave a useful prefix
        }
        for (int i = 0; i < n; i++) {
            int partition = partition(i);
            keys[i] = ((long) partition << (chunkBits + recordBits))
                    | (pack(keys[i], differing[partition], chunkBits) << recordBits)
                    | i;
        }
        report(progress);
        Arrays.sort(keys, 0, n);
        // 3. Ties: a partition whose chunks differ in more bits than were packed looks at the same chunk again.
        long recordMask = (1L << recordBits) - 1;
        for (int k = 0; k < n; ) {
            int end = groupEnd(k, n, recordBits);
            int partition = (int) (keys[k] >>> (chunkBits + recordBits));
            int next = bits(differing[partition]) > chunkBits ? 0 : 1;
            for (int j = k; j < end; j++) {
                keys[j] &= recordMask;
            }
            if (end - k > 1) {
                pushTie(k, end, next);
            }
            k = end;
        }
        while (tieCount > 0) {
            tieCount -= 3;
            orderTie(ties[tieCount], ties[tieCount + 1], ties[tieCount + 2]);
        }
        report(progress);
        // 4. Move the records: follow each cycle of the permutation, one swap per record placed.
        for (int start = 0; start < n; start++) {
            if ((keys[start] & PLACED) != 0) {
                continue;
            }
            for (int at = start; ; ) {
                int from = (int) keys[at];
                keys[at] |= PLACED;
                if (from == start) {
                    break;
                }
                s.swap(l + at, l + from);
                at = from;
            }
        }
        report(progress);
        return true;
    }

    /**
     * Orders keys[from, to): records of one partition whose sort strings are equal before chunk {@code chunk} (and in
     * the chunk's bits already looked at). Leaves record numbers in place, and pushes the ties that remain.
     */
    private void orderTie(int from, int to, int chunk) {
        int n = to - from;
        if (tieRecords.length < n) {
            tieRecords = new int[Math.max(n, tieRecords.length * 2)];
        }
        while (n >= SMALL_TIE && chunk < MAX_CHUNKS) {
            long firstChunk = 0;
            long differing = 0;
            for (int j = 0; j < n; j++) {
                int record = (int) keys[from + j];
                tieRecords[j] = record;
                long c = chunk(record, chunk);
                if (j == 0) {
                    firstChunk = c;
                }
                differing |= c ^ firstChunk;
                keys[from + j] = c;
            }
            if (differing == 0) {
                int longest = 0;
                for (int j = 0; j < n; j++) {
                    keys[from + j] = tieRecords[j];
                    longest = Math.max(longest, sortStringLength(tieRecords[j]));
                }
                if (8 * (chunk + 1) >= longest) {
                    break; // equal sort strings: only the comparator can order them
                }
                chunk++;
                continue;
            }
            int recordBits = bits(n - 1);
            int chunkBits = 63 - recordBits;
            for (int j = 0; j < n; j++) {
                keys[from + j] = (pack(keys[from + j], differing, chunkBits) << recordBits) | j;
            }
            Arrays.sort(keys, from, to);
            int next = bits(differing) > chunkBits ? chunk : chunk + 1;
            long recordMask = (1L << recordBits) - 1;
            for (int k = from; k < to; ) {
                int end = groupEnd(k, to, recordBits);
                for (int j = k; j < end; j++) {
                    keys[j] = tieRecords[(int) (keys[j] & recordMask)];
                }
                if (end - k > 1) {
                    pushTie(k, end, next);
                }
                k = end;
            }
            return;
        }
        tie.sort(keys, from, to);
        comparedWhole += n;
    }

    /** The end of the run of longs from k on that agree above their low {@code lowBits} bits. */
    private int groupEnd(int k, int to, int lowBits) {
        long group = keys[k] >>> lowBits;
        int end = k + 1;
        while (end < to && keys[end] >>> lowBits == group) {
            end++;
        }
        return end;
    }

    private void pushTie(int from, int to, int chunk) {
        if (tieCount + 3 > ties.length) {
            ties = Arrays.copyOf(ties, ties.length * 2);
        }
        ties[tieCount++] = from;
        ties[tieCount++] = to;
        ties[tieCount++] = chunk;
    }

    /** The top {@code width} bits of a chunk from the first bit in which chunks of its group differ. */
    private static long pack(long chunk, long differing, int width) {
        return differing == 0 ? 0 : (chunk << Long.numberOfLeadingZeros(differing)) >>> (64 - width);
    }

    /** Bits needed to hold v (0 for 0). */
    private static int bits(long v) {
        return 64 - Long.numberOfLeadingZeros(v);
    }

    private int meta(int record) {
        return (l + record) % records * META_BYTES;
    }

    private int partition(int record) {
        return (int) NATIVE_INT.get(buffer, meta(record) + PARTITION);
    }

    private long chunk(int record, int chunk) {
        int meta = meta(record);
        int keyStart = (int) NATIVE_INT.get(buffer, meta + KEY_START);
        return prefixes.prefix(buffer, keyStart, (int) NATIVE_INT.get(buffer, meta + VALUE_START) - keyStart, chunk);
    }

    private int sortStringLength(int record) {
        int meta = meta(record);
        int keyStart = (int) NATIVE_INT.get(buffer, meta + KEY_START);
        return prefixes.sortStringLength(buffer, keyStart, (int) NATIVE_INT.get(buffer, meta + VALUE_START) - keyStart);
    }

    /**
     * Checks the layout read here against the buffer's own comparisons on the first records: offsets inside the buffer,
     * and wherever (partition, first chunk) orders two neighbours, {@code s.compare} ordering them the same way.
     */
    private boolean layoutAgrees(int n) {
        long previous = 0;
        for (int i = 0; i < Math.min(n, 64); i++) {
            int meta = meta(i);
            int keyStart = (int) NATIVE_INT.get(buffer, meta + KEY_START);
            int valueStart = (int) NATIVE_INT.get(buffer, meta + VALUE_START);
            if (partition(i) < 0 || keyStart < 0 || valueStart < keyStart || valueStart > buffer.length) {
                return layoutUnknown();
            }
            long chunk = chunk(i, 0);
            if (i > 0) {
                int p1 = partition(i - 1);
                int p2 = partition(i);
                int expected = p1 != p2 ? Integer.compare(p1, p2) : Long.compareUnsigned(previous, chunk);
                if (expected != 0 && Integer.signum(s.compare(l + i - 1, l + i)) != expected) {
                    return layoutUnknown();
                }
            }
            previous = chunk;
        }
        return true;
    }

    private boolean layoutUnknown() {
        LOG.warn("the map output buffer's layout is not the one PrefixSort knows; sorting with QuickSort");
        prefixes = null;
        return false;
    }

    /** Adds to a job counter when the sort runs in a task (whose progress reporter is a Reporter). */
    private static void count(Progressable progress, PrefixSortCounter counter, long n) {
        if (progress instanceof Reporter reporter && n > 0) {
            reporter.incrCounter(counter, n);
        }
    }

    private static void report(Progressable progress) {
        if (progress != null) {
            progress.progress();
        }
    }

    /** Orders the records of a tie with the buffer's own comparisons. */
    private final class TieRun implements IndexedSortable {
        private int[] tied = new int[16];

        void sort(long[] keys, int from, int to) {
            int n = to - from;
            if (tied.length < n) {
                tied = new int[Math.max(n, tied.length * 2)];
            }
            for (int j = 0; j < n; j++) {
                tied[j] = (int) keys[from + j];
            }
            quickSort.sort(this, 0, n);
            for (int j = 0; j < n; j++) {
                keys[from + j] = tied[j];
            }
        }

        @Override
        public int compare(int i, int j) {
            return s.compare(l + tied[i], l + tied[j]);
        }

        @Override
        public void swap(int i, int j) {
            int t = tied[i];
            tied[i] = tied[j];
            tied[j] = t;
        }
    }
}
