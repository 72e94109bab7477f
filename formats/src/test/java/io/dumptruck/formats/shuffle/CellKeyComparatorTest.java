package io.dumptruck.formats.shuffle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.junit.jupiter.api.Test;

class CellKeyComparatorTest {

    /** Tiny alphabet so that equal rows, shared prefixes and the signed/unsigned edge are common. */
    private static final byte[] ALPHABET = {0x00, 0x01, 'a', 'b', 0x7F, (byte) 0x80, (byte) 0xFF};
    /** Timestamps HBase accepts: 0 .. Long.MAX_VALUE - 1 (LATEST_TIMESTAMP itself is reserved). */
    private static final long[] TIMESTAMPS = {
        0,
        1,
        2,
        255,
        256,
        1_700_000_000_000L,
        Long.MAX_VALUE - 1,
        Long.MAX_VALUE - 2,
        Integer.MAX_VALUE,
        1L << 32,
        1L << 62
    };

    private static final byte[][] FAMILY_NAMES = {Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c")};

    /** A cell key as plain values, for the reference comparator and for HBase. */
    private record Plain(int table, int family, byte[] row, byte[] qualifier, long ts) {
        CellKey toKey() {
            return new CellKey(table, family, row, qualifier, ts);
        }

        KeyValue toKeyValue() {
            return new KeyValue(row, FAMILY_NAMES[family], qualifier, ts, KeyValue.Type.Put, new byte[0]);
        }

        @Override
        public String toString() {
            return table + "/" + Bytes.toStringBinary(row) + "/" + family + ":" + Bytes.toStringBinary(qualifier) + "/"
                    + ts;
        }
    }

    private static int unsigned(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            int x = a[i] & 0xFF;
            int y = b[i] & 0xFF;
            if (x != y) {
                return x - y;
            }
        }
        return a.length - b.length;
    }

    /** Reference order: table, row (unsigned), family, qualifier (unsigned), timestamp descending. */
    private static int reference(Plain a, Plain b) {
        int c = Integer.compare(a.table, b.table);
        if (c != 0) {
            return c;
        }
        c = unsigned(a.row, b.row);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.family, b.family);
        if (c != 0) {
            return c;
        }
        c = unsigned(a.qualifier, b.qualifier);
        if (c != 0) {
            return c;
        }
        return a.ts == b.ts ? 0 : (a.ts > b.ts ? -1 : 1);
    }

    private static byte[] randomBytes(Random rnd, int min, int max) {
        byte[] out = new byte[min + rnd.nextInt(max - min + 1)];
        for (int i = 0; i < out.length; i++) {
            out[i] = ALPHABET[rnd.nextInt(ALPHABET.length)];
        }
        return out;
    }

    private static long randomTs(Random rnd) {
        return rnd.nextInt(4) == 0
                ? rnd.nextLong() & (Long.MAX_VALUE >>> 1)
                : TIMESTAMPS[rnd.nextInt(TIMESTAMPS.length)];
    }

    private static List<Plain> randomKeys(long seed, int n, int tables, int families) {
        Random rnd = new Random(seed);
        List<Plain> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // rows must not be empty (CellKey rejects them); qualifiers may be. Half the rows may reach 12
            // bytes, so rows of 8 bytes and more (compared 8 bytes at a time first) share prefixes of every length
            out.add(new Plain(
                    rnd.nextInt(tables),
                    rnd.nextInt(families),
                    randomBytes(rnd, 1, rnd.nextBoolean() ? 6 : 12),
                    randomBytes(rnd, 0, 6),
                    randomTs(rnd)));
        }
        // a few keys at the extremes of the index ranges
        out.add(new Plain(0xFFFF, CellKey.MAX_FAMILY, new byte[] {'a'}, new byte[0], 0));
        out.add(new Plain(0x8000, 0x80, new byte[] {'a'}, new byte[0], 0));
        out.add(new Plain(0x7FFF, 0x7F, new byte[] {'a'}, new byte[0], 0));
        return out;
    }

    private static byte[] serialize(CellKey k) throws IOException {
        DataOutputBuffer out = new DataOutputBuffer();
        k.write(out);
        return Arrays.copyOf(out.getData(), out.getLength());
    }

    // ---------------------------------------------------------------- order

    @Test
    void rawCompareAndCompareToMatchTheReferenceOrder() throws IOException {
        List<Plain> plain = randomKeys(20240601L, 20_000, 3, 3);
        int n = plain.size();
        CellKey[] keys = new CellKey[n];
        byte[][] bytes = new byte[n][];
        // all keys also written back to back into one buffer, as a map output spill holds them
        DataOutputBuffer all = new DataOutputBuffer();
        int[] start = new int[n];
        int[] len = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = plain.get(i).toKey();
            bytes[i] = serialize(keys[i]);
            start[i] = all.getLength();
            keys[i].write(all);
            len[i] = all.getLength() - start[i];
            assertEquals(bytes[i].length, len[i]);
        }
        byte[] spill = all.getData();
        CellKeyComparator cmp = new CellKeyComparator();
        Random rnd = new Random(99);
        int prefixRows = 0;
        for (int i = 0; i < n; i++) {
            for (int j : new int[] {(i + 1) % n, rnd.nextInt(n), rnd.nextInt(n), i}) {
                Plain a = plain.get(i);
                Plain b = plain.get(j);
                int expected = Integer.signum(reference(a, b));
                String what = a + " vs " + b;
                assertEquals(expected, Integer.signum(keys[i].compareTo(keys[j])), "compareTo " + what);
                assertEquals(
                        expected,
                        Integer.signum(cmp.compare(bytes[i], 0, bytes[i].length, bytes[j], 0, bytes[j].length)),
                        "raw compare " + what);
                assertEquals(
                        expected,
                        Integer.signum(cmp.compare(spill, start[i], len[i], spill, start[j], len[j])),
                        "raw compare at offsets " + what);
                assertEquals(expected, Integer.signum(cmp.compare(keys[i], keys[j])), "object compare " + what);
                assertEquals(expected == 0, keys[i].equals(keys[j]), "equals " + what);
                if (expected == 0) {
                    assertEquals(keys[i].hashCode(), keys[j].hashCode(), "hashCode " + what);
                }
                if (a.table == b.table
                        && !Arrays.equals(a.row, b.row)
                        && (Bytes.startsWith(a.row, b.row) || Bytes.startsWith(b.row, a.row))) {
                    prefixRows++;
                }
            }
        }
        // the generator must actually exercise the interesting cases
        assertTrue(prefixRows > 300, "few prefix rows: " + prefixRows);
    }

    @Test
    void sortingByCompareToGivesTheReferenceOrder() {
        List<Plain> plain = randomKeys(7L, 20_000, 2, 2);
        List<Plain> expected = new ArrayList<>(plain);
        expected.sort(CellKeyComparatorTest::reference);
        List<CellKey> keys = new ArrayList<>();
        plain.forEach(p -> keys.add(p.toKey()));
        keys.sort(Comparator.naturalOrder());
        for (int i = 0; i < keys.size(); i++) {
            Plain e = expected.get(i);
            CellKey k = keys.get(i);
            assertEquals(e.table, k.table(), "position " + i);
            assertArrayEquals(e.row, k.row(), "position " + i);
            assertEquals(e.family, k.family(), "position " + i);
            assertArrayEquals(e.qualifier, k.qualifier(), "position " + i);
            assertEquals(e.ts, k.timestamp(), "position " + i);
        }
    }

    @Test
    void orderAgreesWithHBaseWithinOneTableAndFamily() {
        List<Plain> plain = randomKeys(31337L, 20_000, 1, 1);
        plain.removeIf(p -> p.table != 0 || p.family != 0);
        CellComparator hbase = CellComparator.getInstance();
        Random rnd = new Random(5);
        int n = plain.size();
        List<CellKey> keys = new ArrayList<>();
        List<KeyValue> kvs = new ArrayList<>();
        for (Plain p : plain) {
            keys.add(p.toKey());
            kvs.add(p.toKeyValue());
        }
        for (int i = 0; i < n; i++) {
            for (int j : new int[] {(i + 1) % n, rnd.nextInt(n), rnd.nextInt(n)}) {
                int expected = Integer.signum(hbase.compare(kvs.get(i), kvs.get(j)));
                assertEquals(
                        expected,
                        Integer.signum(keys.get(i).compareTo(keys.get(j))),
                        plain.get(i) + " vs " + plain.get(j));
            }
        }
    }

    @Test
    void unsignedIndexesAndBytes() {
        CellKey low = new CellKey(1, 0, new byte[] {'a'}, new byte[0], 0);
        CellKey high = new CellKey(0xFFFF, 0, new byte[] {'a'}, new byte[0], 0);
        assertTrue(low.compareTo(high) < 0);
        assertEquals(0xFFFF, high.table());
        CellKey famLow = new CellKey(0, 1, new byte[] {'a'}, new byte[0], 0);
        CellKey famHigh = new CellKey(0, CellKey.MAX_FAMILY, new byte[] {'a'}, new byte[0], 0);
        assertTrue(famLow.compareTo(famHigh) < 0);
        assertEquals(0xFE, famHigh.family());
        assertThrows(
                IllegalArgumentException.class,
                () -> new CellKey(0, 0xFF, new byte[] {'a'}, new byte[0], 0),
                "0xFF marks a row in a CellRun: no family has it");
        CellKey rowLow = new CellKey(0, 0, new byte[] {0x7F}, new byte[0], 0);
        CellKey rowHigh = new CellKey(0, 0, new byte[] {(byte) 0x80}, new byte[0], 0);
        assertTrue(rowLow.compareTo(rowHigh) < 0);
        CellKey newer = new CellKey(0, 0, new byte[] {'a'}, new byte[] {'q'}, Long.MAX_VALUE - 1);
        CellKey older = new CellKey(0, 0, new byte[] {'a'}, new byte[] {'q'}, 0);
        assertTrue(newer.compareTo(older) < 0, "newer timestamps sort first");
        // a shorter row sorts before a longer one it prefixes, whatever the family and qualifier
        CellKey shortRow = new CellKey(0, CellKey.MAX_FAMILY, new byte[] {'a'}, new byte[] {(byte) 0xFF}, 0);
        CellKey longRow = new CellKey(0, 0, new byte[] {'a', 0x00}, new byte[0], 0);
        assertTrue(shortRow.compareTo(longRow) < 0);
    }

    @Test
    void indexesOutOfRangeAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new CellKey(0x10000, 0, new byte[] {'a'}, new byte[0], 0));
        assertThrows(IllegalArgumentException.class, () -> new CellKey(-1, 0, new byte[] {'a'}, new byte[0], 0));
        assertThrows(IllegalArgumentException.class, () -> new CellKey(0, 0x100, new byte[] {'a'}, new byte[0], 0));
        assertThrows(IllegalArgumentException.class, () -> new CellKey(0, -1, new byte[] {'a'}, new byte[0], 0));
    }

    // ---------------------------------------------------------------- serialization and reuse

    private static void assertKey(CellKey k, int table, int family, byte[] row, byte[] qualifier, long ts) {
        assertEquals(table, k.table());
        assertEquals(family, k.family());
        assertArrayEquals(row, k.row());
        assertEquals(row.length, k.rowLength());
        assertArrayEquals(row, Arrays.copyOfRange(k.buffer(), k.rowOffset(), k.rowOffset() + k.rowLength()));
        assertArrayEquals(qualifier, k.qualifier());
        assertEquals(qualifier.length, k.qualifierLength());
        assertArrayEquals(
                qualifier,
                Arrays.copyOfRange(k.buffer(), k.qualifierOffset(), k.qualifierOffset() + k.qualifierLength()));
        assertEquals(ts, k.timestamp());
    }

    @Test
    void readFieldsRoundTrip() throws IOException {
        byte[] row = {0x00, 'r', (byte) 0xFF};
        byte[] qual = {(byte) 0x80, ':', 0x00};
        CellKey k = new CellKey(300, 7, row, qual, 42L);
        byte[] data = serialize(k);
        assertEquals(4 + 13 + row.length + qual.length, data.length);
        assertEquals(13 + row.length + qual.length, Bytes.toInt(data, 0));

        DataInputBuffer in = new DataInputBuffer();
        in.reset(data, data.length);
        CellKey back = new CellKey();
        back.readFields(in);
        assertKey(back, 300, 7, row, qual, 42L);
        assertEquals(k, back);
        assertEquals(k.hashCode(), back.hashCode());
        assertEquals(0, k.compareTo(back));

        // read into a key that already holds a longer and then a shorter value, and a big one into a small buffer
        CellKey reused = new CellKey(1, 1, new byte[500], new byte[500], 1);
        in.reset(data, data.length);
        reused.readFields(in);
        assertKey(reused, 300, 7, row, qual, 42L);
        assertEquals(k, reused);

        byte[] bigRow = new byte[1000];
        Arrays.fill(bigRow, (byte) 'x');
        byte[] bigData = serialize(new CellKey(2, 3, bigRow, new byte[] {'q'}, 5));
        CellKey small = new CellKey();
        in.reset(bigData, bigData.length);
        small.readFields(in);
        assertKey(small, 2, 3, bigRow, new byte[] {'q'}, 5);
    }

    @Test
    void severalKeysInOneStream() throws IOException {
        DataOutputBuffer out = new DataOutputBuffer();
        List<Plain> plain = randomKeys(11L, 200, 4, 4);
        for (Plain p : plain) {
            p.toKey().write(out);
        }
        DataInputBuffer in = new DataInputBuffer();
        in.reset(out.getData(), out.getLength());
        CellKey k = new CellKey();
        for (Plain p : plain) {
            k.readFields(in);
            assertKey(k, p.table, p.family, p.row, p.qualifier, p.ts);
        }
        assertEquals(0, in.available());
    }

    @Test
    void reuseWithShrinkingAndGrowingSizes() {
        CellKey k = new CellKey();
        int[][] sizes = {{3, 2}, {100, 50}, {1, 0}, {40, 40}, {2, 1}, {5000, 3}, {4, 4000}, {1, 1}};
        Random rnd = new Random(1);
        for (int[] size : sizes) {
            byte[] row = new byte[size[0]];
            byte[] qual = new byte[size[1]];
            rnd.nextBytes(row);
            rnd.nextBytes(qual);
            row[0] = (byte) (row[0] | 1);
            long ts = rnd.nextLong() & (Long.MAX_VALUE >>> 1);
            int table = rnd.nextInt(0x10000);
            int fam = rnd.nextInt(0x100);
            assertTrue(k == k.set(table, fam, row, qual, ts));
            assertKey(k, table, fam, row, qual, ts);
            CellKey fresh = new CellKey(table, fam, row, qual, ts);
            assertEquals(fresh, k);
            assertEquals(fresh.hashCode(), k.hashCode());
            assertEquals(0, k.compareTo(fresh));
        }
    }

    @Test
    void setWithOffsets() {
        byte[] rowBuf = Bytes.toBytes("..row..");
        byte[] qualBuf = Bytes.toBytes("##q1##");
        CellKey k = new CellKey().set(9, 2, rowBuf, 2, 3, qualBuf, 2, 2, 77L);
        assertKey(k, 9, 2, Bytes.toBytes("row"), Bytes.toBytes("q1"), 77L);
        assertEquals(new CellKey(9, 2, Bytes.toBytes("row"), Bytes.toBytes("q1"), 77L), k);
    }

    @Test
    void sameRow() {
        CellKey a = new CellKey(1, 0, Bytes.toBytes("r1"), Bytes.toBytes("q"), 1);
        assertTrue(a.sameRow(new CellKey(1, 5, Bytes.toBytes("r1"), Bytes.toBytes("zz"), 9)));
        assertTrue(!a.sameRow(new CellKey(2, 0, Bytes.toBytes("r1"), Bytes.toBytes("q"), 1)));
        assertTrue(!a.sameRow(new CellKey(1, 0, Bytes.toBytes("r10"), Bytes.toBytes("q"), 1)));
        assertNotEquals(a, new CellKey(1, 0, Bytes.toBytes("r1"), Bytes.toBytes("q"), 2));
    }

    @Test
    void rowLengthLimits() {
        IllegalArgumentException empty =
                assertThrows(IllegalArgumentException.class, () -> new CellKey(0, 0, new byte[0], new byte[] {'q'}, 0));
        assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
        IllegalArgumentException tooLong =
                assertThrows(IllegalArgumentException.class, () -> new CellKey(0, 0, new byte[32768], new byte[0], 0));
        assertTrue(tooLong.getMessage().contains("32768"), tooLong.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new CellKey().set(0, 0, new byte[10], 0, 0, new byte[0], 0, 0, 0));

        byte[] max = new byte[CellKey.MAX_ROW_LENGTH];
        Arrays.fill(max, (byte) 0xFF);
        CellKey k = new CellKey(0, 0, max, new byte[] {'q'}, 3);
        assertEquals(32767, k.rowLength());
        assertArrayEquals(max, k.row());
        assertEquals(3, k.timestamp());
    }

    @Test
    void timestampsHBaseRejectsAreRejected() {
        for (long ts : new long[] {-1, Long.MIN_VALUE, Long.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> new CellKey(0, 0, new byte[] {'r'}, new byte[0], ts));
            assertTrue(e.getMessage().contains("timestamp"), e.getMessage());
        }
    }

    @Test
    void toStringShowsTheCell() {
        String s = new CellKey(3, 1, Bytes.toBytes("user42"), Bytes.toBytes("name"), 1234L).toString();
        assertTrue(s.contains("user42"), s);
        assertTrue(s.contains("name"), s);
        assertTrue(s.contains("1234"), s);
        String bin = new CellKey(0, 0, new byte[] {'r', 0x00, (byte) 0xFF}, new byte[0], 0).toString();
        assertTrue(bin.contains("r\\x00\\xFF"), bin);
    }

    // ---------------------------------------------------------------- prefixes (for PrefixSort)

    @Test
    void prefixesAreTheSortStringAndAgreeWithTheOrder() throws IOException {
        List<Plain> plain = randomKeys(77L, 4_000, 3, 2);
        CellKeyComparator cmp = new CellKeyComparator();
        Random rnd = new Random(5);
        int decidedByPrefix = 0;
        for (int i = 0; i < plain.size(); i++) {
            Plain a = plain.get(i);
            byte[] ka = serialize(a.toKey());
            // the sort string: table as two bytes, then the row; read 8 bytes at a time, zero-padded
            byte[] string = new byte[2 + a.row.length];
            string[0] = (byte) (a.table >> 8);
            string[1] = (byte) a.table;
            System.arraycopy(a.row, 0, string, 2, a.row.length);
            assertEquals(string.length, cmp.sortStringLength(ka, 0, ka.length));
            for (int c = 0; c < 4; c++) {
                byte[] chunk = Arrays.copyOfRange(Arrays.copyOf(string, 40), 8 * c, 8 * c + 8);
                assertEquals(Bytes.toLong(chunk), cmp.prefix(ka, 0, ka.length, c), a + " chunk " + c);
            }
            Plain b = plain.get(rnd.nextInt(plain.size()));
            byte[] kb = serialize(b.toKey());
            for (int c = 0; c < 4; c++) {
                int byPrefix = Long.compareUnsigned(cmp.prefix(ka, 0, ka.length, c), cmp.prefix(kb, 0, kb.length, c));
                if (byPrefix != 0) {
                    assertEquals(byPrefix, Integer.signum(reference(a, b)), a + " vs " + b + " at chunk " + c);
                    decidedByPrefix++;
                    break;
                }
            }
        }
        assertTrue(decidedByPrefix > plain.size() / 2, "most pairs differ in their sort strings");
    }
}
