package io.dumptruck.formats.shuffle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.util.IndexedSortable;
import org.apache.hadoop.util.QuickSort;
import org.junit.jupiter.api.Test;

/**
 * {@link PrefixSort} must leave a spill in exactly the order Hadoop's QuickSort gives it: partition, then the
 * comparator's order. The spills here are laid out as Hadoop's MapOutputBuffer lays them out (its record metadata
 * wrapping around the end of the buffer included) and compared and swapped as it does; that the real buffer has this
 * layout is checked by the loads, whose counters show every map output record sorted by prefix.
 */
class PrefixSortTest {
    private static final byte[] ALPHABET = {0x00, 0x01, 'a', (byte) 0x80, (byte) 0xFF};

    /** One map output record: partition, cell key, and its number as the value. */
    private record Entry(int partition, CellKey key, int id) {}

    /**
     * A spill as in MapOutputBuffer: per record 16 bytes of metadata (native-order ints: value start, key start,
     * partition, value length) at {@code (record % capacity) * 16}, keys and values in the same array between the
     * metadata in use. Records {@code first .. first + n - 1}; {@code first} is chosen so that the metadata wraps
     * around the buffer's end.
     */
    private static final class Spill implements IndexedSortable {
        final byte[] buffer;
        final int first;
        final int n;
        final int capacity;
        private final ByteBuffer meta;
        private final RawComparator<?> comparator = new CellKeyComparator();

        Spill(List<Entry> entries, ByteOrder order) throws IOException {
            n = entries.size();
            DataOutputBuffer data = new DataOutputBuffer();
            int[] keyStart = new int[n];
            int[] valueStart = new int[n];
            for (int i = 0; i < n; i++) {
                keyStart[i] = data.getLength();
                entries.get(i).key().write(data);
                valueStart[i] = data.getLength();
                data.writeInt(entries.get(i).id());
            }
            int wrapped = Math.min(10, n / 2); // metadata slots at the end of the buffer; the rest wrap to its start
            capacity = n + 2 + (data.getLength() + 15) / 16;
            first = capacity - wrapped;
            buffer = new byte[capacity * 16];
            meta = ByteBuffer.wrap(buffer).order(order);
            int base = (n - wrapped) * 16; // data between the slots used at the start and those at the end
            System.arraycopy(data.getData(), 0, buffer, base, data.getLength());
            for (int i = 0; i < n; i++) {
                int m = slot(first + i);
                meta.putInt(m, base + valueStart[i]);
                meta.putInt(m + 4, base + keyStart[i]);
                meta.putInt(m + 8, entries.get(i).partition());
                meta.putInt(m + 12, 4);
            }
        }

        private int slot(int record) {
            return record % capacity * 16;
        }

        /** As MapOutputBuffer.compare: partition, then key. */
        @Override
        public int compare(int i, int j) {
            int mi = slot(i);
            int mj = slot(j);
            int pi = meta.getInt(mi + 8);
            int pj = meta.getInt(mj + 8);
            if (pi != pj) {
                return pi - pj;
            }
            return comparator.compare(
                    buffer,
                    meta.getInt(mi + 4),
                    meta.getInt(mi) - meta.getInt(mi + 4),
                    buffer,
                    meta.getInt(mj + 4),
                    meta.getInt(mj) - meta.getInt(mj + 4));
        }

        /** As MapOutputBuffer.swap: the 16 bytes of metadata. */
        @Override
        public void swap(int i, int j) {
            byte[] t = new byte[16];
            System.arraycopy(buffer, slot(i), t, 0, 16);
            System.arraycopy(buffer, slot(j), buffer, slot(i), 16);
            System.arraycopy(t, 0, buffer, slot(j), 16);
        }

        /** The records in their current order, as "partition/key bytes", and their ids. */
        List<String> order() {
            List<String> out = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                int m = slot(first + k);
                int keyStart = meta.getInt(m + 4);
                out.add(meta.getInt(m + 8) + "/"
                        + Arrays.toString(Arrays.copyOfRange(buffer, keyStart, meta.getInt(m))));
            }
            return out;
        }

        int[] ids() {
            int[] out = new int[n];
            for (int k = 0; k < n; k++) {
                out[k] = ByteBuffer.wrap(buffer).getInt(meta.getInt(slot(first + k)));
            }
            return out;
        }
    }

    /** A reporter that keeps the counters a task would. */
    private static final class CountingReporter implements Reporter {
        final Counters counters = new Counters();

        long get(PrefixSortCounter c) {
            return counters.findCounter(c).getValue();
        }

        @Override
        public void setStatus(String status) {}

        @Override
        public Counters.Counter getCounter(Enum<?> name) {
            return counters.findCounter(name);
        }

        @Override
        public Counters.Counter getCounter(String group, String name) {
            return counters.findCounter(group, name);
        }

        @Override
        public void incrCounter(Enum<?> key, long amount) {
            counters.incrCounter(key, amount);
        }

        @Override
        public void incrCounter(String group, String counter, long amount) {
            counters.incrCounter(group, counter, amount);
        }

        @Override
        public InputSplit getInputSplit() {
            return null;
        }

        @Override
        public float getProgress() {
            return 0;
        }

        @Override
        public void progress() {}
    }

    private static PrefixSort prefixSort() {
        JobConf conf = new JobConf(false);
        conf.setOutputKeyComparatorClass(CellKeyComparator.class);
        PrefixSort sort = new PrefixSort();
        sort.setConf(conf);
        return sort;
    }

    private static byte[] bytes(Random rnd, int min, int max) {
        byte[] out = new byte[min + rnd.nextInt(max - min + 1)];
        for (int i = 0; i < out.length; i++) {
            out[i] = ALPHABET[rnd.nextInt(ALPHABET.length)];
        }
        return out;
    }

    private static byte[] randomBytes(Random rnd, int n) {
        byte[] out = new byte[n];
        rnd.nextBytes(out);
        return out;
    }

    /** Sorts the entries with PrefixSort and with QuickSort; asserts the same order and every record kept. */
    private static CountingReporter assertSortsAsQuickSort(List<Entry> entries) throws IOException {
        Spill expected = new Spill(entries, ByteOrder.nativeOrder());
        new QuickSort().sort(expected, expected.first, expected.first + expected.n);
        Spill actual = new Spill(entries, ByteOrder.nativeOrder());
        CountingReporter reporter = new CountingReporter();
        prefixSort().sort(actual, actual.first, actual.first + actual.n, actual.buffer, reporter);
        assertEquals(expected.order(), actual.order());
        int[] ids = actual.ids();
        List<String> input = new Spill(entries, ByteOrder.nativeOrder()).order();
        List<String> sorted = actual.order();
        for (int k = 0; k < ids.length; k++) {
            assertEquals(input.get(ids[k]), sorted.get(k), "record " + ids[k] + " moved without its key");
        }
        int[] sortedIds = ids.clone();
        Arrays.sort(sortedIds);
        int[] all = new int[ids.length];
        Arrays.setAll(all, i -> i);
        assertArrayEquals(all, sortedIds, "every record once");
        return reporter;
    }

    @Test
    void shortRowsSharingPrefixesAndZeroBytes() throws IOException {
        for (long seed = 1; seed <= 5; seed++) {
            Random rnd = new Random(seed);
            List<Entry> entries = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                entries.add(new Entry(
                        rnd.nextInt(5) * 2,
                        new CellKey(
                                rnd.nextInt(3), rnd.nextInt(2), bytes(rnd, 1, 12), bytes(rnd, 0, 3), rnd.nextInt(3)),
                        i));
            }
            CountingReporter r = assertSortsAsQuickSort(entries);
            assertEquals(entries.size(), r.get(PrefixSortCounter.RECORDS_SORTED_BY_PREFIX));
        }
    }

    @Test
    void longRowsTiedOnTheirFirstHalf() throws IOException {
        // as in `follows`: md5(follower) ‖ md5(followed); a few followers with many followees each
        Random rnd = new Random(7);
        byte[][] followers = new byte[40][];
        for (int i = 0; i < followers.length; i++) {
            followers[i] = randomBytes(rnd, 16);
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            byte[] row = new byte[32];
            System.arraycopy(followers[rnd.nextInt(followers.length)], 0, row, 0, 16);
            System.arraycopy(randomBytes(rnd, 16), 0, row, 16, 16);
            entries.add(new Entry(row[0] & 3, new CellKey(0, 0, row, new byte[] {'x'}, 5), i));
        }
        CountingReporter r = assertSortsAsQuickSort(entries);
        assertEquals(entries.size(), r.get(PrefixSortCounter.RECORDS_SORTED_BY_PREFIX));
        assertEquals(0, r.get(PrefixSortCounter.RECORDS_COMPARED_WHOLE), "the second md5 tells every row apart");
    }

    @Test
    void equalRowsAndDuplicateKeysAreComparedWhole() throws IOException {
        Random rnd = new Random(11);
        byte[] row = "the-same-row-for-every-cell".getBytes();
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            entries.add(new Entry(0, new CellKey(1, rnd.nextInt(2), row, bytes(rnd, 0, 4), rnd.nextInt(4)), i));
        }
        CountingReporter r = assertSortsAsQuickSort(entries);
        assertEquals(entries.size(), r.get(PrefixSortCounter.RECORDS_COMPARED_WHOLE));
    }

    @Test
    void smallAndOneRecordSpills() throws IOException {
        Random rnd = new Random(3);
        for (int n = 1; n <= 40; n++) {
            List<Entry> entries = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                entries.add(new Entry(rnd.nextInt(2), new CellKey(0, 0, bytes(rnd, 1, 20), new byte[0], 1), i));
            }
            assertSortsAsQuickSort(entries);
        }
    }

    @Test
    void anotherLayoutOrAnotherSortableIsLeftToQuickSort() throws IOException {
        Random rnd = new Random(5);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            entries.add(new Entry(rnd.nextInt(3), new CellKey(0, 0, bytes(rnd, 1, 10), new byte[0], 1), i));
        }
        Spill expected = new Spill(entries, ByteOrder.nativeOrder());
        new QuickSort().sort(expected, expected.first, expected.first + expected.n);

        // metadata in the other byte order: offsets read as garbage must not be followed
        ByteOrder other =
                ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        Spill swapped = new Spill(entries, other);
        CountingReporter reporter = new CountingReporter();
        prefixSort().sort(swapped, swapped.first, swapped.first + swapped.n, swapped.buffer, reporter);
        assertEquals(expected.order().size(), swapped.order().size());
        assertEquals(0, reporter.get(PrefixSortCounter.RECORDS_SORTED_BY_PREFIX));
        assertTrue(isSorted(swapped), "QuickSort sorted it");

        // a sortable that is not Hadoop's MapOutputBuffer
        Spill plain = new Spill(entries, ByteOrder.nativeOrder());
        CountingReporter plainReporter = new CountingReporter();
        prefixSort().sort(plain, plain.first, plain.first + plain.n, plainReporter);
        assertEquals(expected.order(), plain.order());
        assertEquals(0, plainReporter.get(PrefixSortCounter.RECORDS_SORTED_BY_PREFIX));
    }

    private static boolean isSorted(Spill s) {
        for (int k = 1; k < s.n; k++) {
            if (s.compare(s.first + k - 1, s.first + k) > 0) {
                return false;
            }
        }
        return true;
    }
}
