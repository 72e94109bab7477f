package io.dumptruck.loaders.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.mapreduce.counters.GenericCounter;
import org.apache.hbase.thirdparty.com.google.common.hash.Hashing;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * A batch's content: each record's hash is MurmurHash3 x64 128 as Guava computes it (an independent implementation),
 * and the content of a multiset of records is the same in any order and any split into tasks, and another for one
 * record more, less or changed — on generated records: empty, unicode with surrogate pairs, repeats, long ones.
 */
class BatchContentTest {
    private static final Random SEEDS = new Random();

    /** The content of {@code records} added up in {@code tasks} tasks, as the job's counters sum them. */
    static BatchContent content(List<String> records, int tasks) {
        GenericCounter h1 = new GenericCounter();
        GenericCounter h2 = new GenericCounter();
        for (int t = 0; t < tasks; t++) {
            BatchContent.Sum sum = new BatchContent.Sum();
            for (int i = t; i < records.size(); i += tasks) {
                sum.add(records.get(i));
            }
            sum.drain(h1, h2);
        }
        return new BatchContent(records.size(), h1.getValue(), h2.getValue());
    }

    static String record(Random r) {
        StringBuilder b = new StringBuilder();
        int kind = r.nextInt(6);
        int n = kind == 0 ? 0 : kind == 1 ? 1 + r.nextInt(7) : kind == 2 ? 300 + r.nextInt(3000) : r.nextInt(120);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(5)) {
                case 0 -> b.append((char) ('a' + r.nextInt(26)));
                case 1 -> b.append("\t ,\"\\".charAt(r.nextInt(5)));
                case 2 -> b.append((char) (0x80 + r.nextInt(0x700))); // Latin-1 to Cyrillic
                case 3 -> b.appendCodePoint(0x1F300 + r.nextInt(0x200)); // a surrogate pair
                default -> b.append((char) ('0' + r.nextInt(10)));
            }
        }
        return b.toString();
    }

    @Test
    void aRecordsHashIsMurmur3x64of128OfItsUtf16Units() {
        Random r = new Random(7);
        for (int i = 0; i < 2000; i++) {
            String s = record(r);
            byte[] guava = Hashing.murmur3_128(0).hashUnencodedChars(s).asBytes();
            ByteBuffer halves = ByteBuffer.wrap(guava).order(ByteOrder.LITTLE_ENDIAN);
            BatchContent one = content(List.of(s), 1);
            assertEquals(halves.getLong(0), one.sum1(), s);
            assertEquals(halves.getLong(8), one.sum2(), s);
        }
    }

    @Test
    void aRecordGivenAsBytesHashesAsMurmur3OfThemWithItsOwnSeed() {
        Random r = new Random(11);
        for (int len = 0; len < 70; len++) {
            byte[] b = new byte[len + 3];
            r.nextBytes(b);
            BatchContent.Sum sum = new BatchContent.Sum();
            sum.add(b, 3, len);
            GenericCounter h1 = new GenericCounter();
            GenericCounter h2 = new GenericCounter();
            sum.drain(h1, h2);
            // Guava's seed is 32 bits: compare the structure through a record of the same bytes as text instead
            assertNotEquals(0L, h1.getValue() | h2.getValue());
            BatchContent.Sum again = new BatchContent.Sum();
            again.add(b.clone(), 3, len);
            GenericCounter g1 = new GenericCounter();
            GenericCounter g2 = new GenericCounter();
            again.drain(g1, g2);
            assertEquals(h1.getValue(), g1.getValue());
            assertEquals(h2.getValue(), g2.getValue());
        }
    }

    @RepeatedTest(20)
    void theSameRecordsInAnyOrderAndSplitHaveOneContentAndAChangeMakesAnother() {
        long seed = SEEDS.nextLong();
        Random r = new Random(seed);
        List<String> records = new ArrayList<>();
        int n = r.nextInt(400);
        for (int i = 0; i < n; i++) {
            records.add(i > 0 && r.nextInt(8) == 0 ? records.get(r.nextInt(i)) : record(r)); // repeats
        }
        BatchContent whole = content(records, 1);
        List<String> shuffled = new ArrayList<>(records);
        Collections.shuffle(shuffled, r);
        assertEquals(whole, content(shuffled, 1 + r.nextInt(7)), "seed " + seed);
        assertEquals(whole, BatchContent.parse(whole.toString()), "seed " + seed);

        List<String> more = new ArrayList<>(records);
        more.add(record(r));
        assertNotEquals(whole, content(more, 3), "one more, seed " + seed);
        if (!records.isEmpty()) {
            List<String> less = new ArrayList<>(shuffled.subList(1, shuffled.size()));
            assertNotEquals(whole, content(less, 2), "one less, seed " + seed);
            List<String> changed = new ArrayList<>(records);
            int i = r.nextInt(changed.size());
            changed.set(i, changed.get(i) + " ");
            assertNotEquals(whole, content(changed, 1), "one changed, seed " + seed);
            List<String> doubled = new ArrayList<>(records);
            doubled.add(records.get(i));
            doubled.remove(records.get((i + 1) % records.size()));
            if (!records.get(i).equals(records.get((i + 1) % records.size()))) {
                assertNotEquals(whole, content(doubled, 2), "a record twice for another, seed " + seed);
            }
        }
    }

    @Test
    void textAndBytesOfTheSameCharactersAreNotOneRecord() {
        String s = "abc";
        BatchContent.Sum text = new BatchContent.Sum();
        text.add(s);
        BatchContent.Sum bytes = new BatchContent.Sum();
        byte[] b = s.getBytes(StandardCharsets.UTF_16LE);
        bytes.add(b, 0, b.length);
        GenericCounter[] c = {new GenericCounter(), new GenericCounter(), new GenericCounter(), new GenericCounter()};
        text.drain(c[0], c[1]);
        bytes.drain(c[2], c[3]);
        assertNotEquals(c[0].getValue(), c[2].getValue());
    }
}
