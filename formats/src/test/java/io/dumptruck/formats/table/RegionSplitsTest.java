package io.dumptruck.formats.table;

import static io.dumptruck.formats.table.TableSpecTest.assertPointsEqual;
import static io.dumptruck.formats.testing.TestBytes.b;
import static io.dumptruck.formats.testing.TestBytes.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.SpecException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RegionSplitsTest {

    private static void assertStrictlyIncreasing(List<byte[]> points) {
        for (int i = 1; i < points.size(); i++) {
            int k = i;
            assertTrue(
                    Bytes.compareTo(points.get(i - 1), points.get(i)) < 0,
                    () -> "points " + (k - 1) + " and " + k + " out of order: " + TableSpecTest.show(points));
        }
    }

    // ---------------------------------------------------------------- uniform

    @Test
    void uniformFourIsQuarterBoundaries() {
        RegionSplits r = RegionSplits.uniform(4);
        assertEquals(RegionSplits.Kind.UNIFORM, r.kind());
        assertEquals(4, r.count());
        assertPointsEqual(List.of(b(0x40), b(0x80), b(0xC0)), r.splitPoints());
    }

    @Test
    void uniformThreeIsFloorOfThirds() {
        // floor(1 * 2^32 / 3) = 1431655765 = 0x55555555; floor(2 * 2^32 / 3) = 2863311530 = 0xAAAAAAAA
        assertPointsEqual(
                List.of(b(0x55, 0x55, 0x55, 0x55), b(0xAA, 0xAA, 0xAA, 0xAA)),
                RegionSplits.uniform(3).splitPoints());
    }

    @Test
    void uniformSmallCounts() {
        assertTrue(RegionSplits.uniform(1).splitPoints().isEmpty());
        assertPointsEqual(List.of(b(0x80)), RegionSplits.uniform(2).splitPoints());
        // floor(i * 2^32 / 5) = 0x33333333, 0x66666666, 0x99999999, 0xCCCCCCCC
        assertPointsEqual(
                List.of(
                        b(0x33, 0x33, 0x33, 0x33),
                        b(0x66, 0x66, 0x66, 0x66),
                        b(0x99, 0x99, 0x99, 0x99),
                        b(0xCC, 0xCC, 0xCC, 0xCC)),
                RegionSplits.uniform(5).splitPoints());
        // 2^32 / 1000 * 1 = 4294967.296 -> 4294967 = 0x00418937
        assertPointsEqual(
                List.of(b(0x00, 0x41, 0x89, 0x37)),
                RegionSplits.uniform(1000).splitPoints().subList(0, 1));
    }

    @Test
    void uniform256IsOneLeadingByteEach() {
        List<byte[]> p = RegionSplits.uniform(256).splitPoints();
        assertEquals(255, p.size());
        for (int i = 0; i < 255; i++) {
            assertPointsEqual(List.of(b(i + 1)), p.subList(i, i + 1));
        }
    }

    @Test
    void uniformMaxRegionsIsIncreasingAndTrimmed() {
        List<byte[]> p = RegionSplits.uniform(RegionSplits.MAX_REGIONS).splitPoints();
        assertEquals(RegionSplits.MAX_REGIONS - 1, p.size());
        assertStrictlyIncreasing(p);
        assertPointsEqual(List.of(b(0x00, 0x10)), p.subList(0, 1)); // 2^20 = 0x00100000
        assertPointsEqual(List.of(b(0xFF, 0xF0)), p.subList(p.size() - 1, p.size())); // 4095 * 2^20 = 0xFFF00000
        for (byte[] point : p) {
            assertTrue(point.length >= 1 && point.length <= 4);
            assertTrue(point.length == 1 || point[point.length - 1] != 0, "trailing zero not trimmed");
        }
    }

    @Test
    void uniformSpreadsHashedKeysEvenly() {
        List<byte[]> p = RegionSplits.uniform(8).splitPoints();
        int[] counts = new int[8];
        Random rnd = new Random(42);
        byte[] key = new byte[16];
        for (int i = 0; i < 80_000; i++) {
            rnd.nextBytes(key);
            counts[RegionSplits.regionOf(p, key, 0, key.length)]++;
        }
        for (int c : counts) {
            assertTrue(c > 9_000 && c < 11_000, "uneven: " + java.util.Arrays.toString(counts));
        }
    }

    // ---------------------------------------------------------------- salted, single, sampled

    @Test
    void saltedFourIsOneTwoThree() {
        assertPointsEqual(List.of(b(1), b(2), b(3)), RegionSplits.salted(4).splitPoints());
        assertTrue(RegionSplits.salted(1).splitPoints().isEmpty());
        List<byte[]> all = RegionSplits.salted(256).splitPoints();
        assertEquals(255, all.size());
        assertPointsEqual(List.of(b(0xFF)), all.subList(254, 255));
        assertStrictlyIncreasing(all);
    }

    @Test
    void saltBytesLandInTheirOwnRegion() {
        List<byte[]> p = RegionSplits.salted(16).splitPoints();
        for (int salt = 0; salt < 16; salt++) {
            assertEquals(salt, RegionSplits.regionOf(p, b(salt, 'r', 'o', 'w'), 0, 4));
            assertEquals(salt, RegionSplits.regionOf(p, b(salt), 0, 1));
        }
    }

    @Test
    void singleHasNoPoints() {
        RegionSplits r = RegionSplits.single();
        assertEquals(1, r.count());
        assertTrue(r.splitPoints().isEmpty());
        assertFalse(r.needsSample());
        assertEquals(1, new RegionSplits(RegionSplits.Kind.SINGLE, 99, null).count());
    }

    @Test
    void sampledNeedsASample() {
        RegionSplits r = RegionSplits.sampled(8);
        assertTrue(r.needsSample());
        assertThrows(IllegalStateException.class, r::splitPoints);
        assertFalse(RegionSplits.sampled(1).needsSample());
        assertTrue(RegionSplits.sampled(1).splitPoints().isEmpty());
    }

    @Test
    void resolvedWritesPointsOut() {
        RegionSplits r = RegionSplits.uniform(4).resolved();
        assertEquals(RegionSplits.Kind.UNIFORM, r.kind(), "the kind says how the points were made");
        assertEquals(4, r.count());
        assertPointsEqual(List.of(b(0x40), b(0x80), b(0xC0)), r.points());
        RegionSplits e = RegionSplits.explicit(s("m"));
        assertTrue(e.resolved() == e);
        assertEquals(RegionSplits.Kind.SINGLE, RegionSplits.single().resolved().kind());
        assertEquals(1, RegionSplits.single().resolved().count());
    }

    // ---------------------------------------------------------------- explicit

    @Test
    void explicitCountsRegions() {
        RegionSplits r = RegionSplits.explicit(s("g"), s("p"));
        assertEquals(3, r.count());
        assertPointsEqual(List.of(s("g"), s("p")), r.splitPoints());
        assertEquals(1, RegionSplits.explicit(List.of()).count());
        // a point that is a prefix of the next is strictly before it
        assertEquals(3, RegionSplits.explicit(b(0x00), b(0x00, 0x00)).count());
    }

    @Test
    void explicitRejectsUnsortedPoints() {
        SpecException e = assertThrows(SpecException.class, () -> RegionSplits.explicit(s("p"), s("g")));
        assertTrue(
                e.getMessage().contains("strictly increasing")
                        && e.getMessage().contains("'p'")
                        && e.getMessage().contains("'g'"),
                e.getMessage());
        // unsigned order: 0xFF sorts after 'a'
        assertThrows(SpecException.class, () -> RegionSplits.explicit(b(0xFF), s("a")));
    }

    @Test
    void explicitRejectsDuplicatePoints() {
        SpecException e = assertThrows(SpecException.class, () -> RegionSplits.explicit(s("a"), s("m"), s("m")));
        assertTrue(e.getMessage().contains("'m'"), e.getMessage());
    }

    @Test
    void explicitRejectsEmptyPoint() {
        SpecException e = assertThrows(SpecException.class, () -> RegionSplits.explicit(new byte[0], s("m")));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
        assertThrows(SpecException.class, () -> RegionSplits.explicit(s("a"), new byte[0]));
    }

    // ---------------------------------------------------------------- counts

    @ParameterizedTest
    @ValueSource(ints = {0, -1, RegionSplits.MAX_REGIONS + 1})
    void countsOutOfRangeAreRejected(int count) {
        for (RegionSplits.Kind kind :
                List.of(RegionSplits.Kind.UNIFORM, RegionSplits.Kind.SALTED, RegionSplits.Kind.SAMPLED)) {
            SpecException e =
                    assertThrows(SpecException.class, () -> new RegionSplits(kind, count, List.of()), kind.name());
            assertTrue(
                    e.getMessage().contains(Integer.toString(count))
                            && e.getMessage().contains("count"),
                    e.getMessage());
        }
        assertThrows(SpecException.class, () -> RegionSplits.uniform(count));
        assertThrows(SpecException.class, () -> RegionSplits.sampled(count));
        assertThrows(SpecException.class, () -> RegionSplits.salted(count));
    }

    @Test
    void saltedAllowsAtMost256() {
        SpecException e = assertThrows(SpecException.class, () -> RegionSplits.salted(257));
        assertTrue(e.getMessage().contains("257") && e.getMessage().contains("256"), e.getMessage());
        assertEquals(256, RegionSplits.salted(256).count());
        assertEquals(
                RegionSplits.MAX_REGIONS,
                RegionSplits.uniform(RegionSplits.MAX_REGIONS).count());
        assertEquals(
                RegionSplits.MAX_REGIONS,
                RegionSplits.sampled(RegionSplits.MAX_REGIONS).count());
    }

    // ---------------------------------------------------------------- fromSample

    private static List<byte[]> keys(int n) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(s(String.format("k%02d", i)));
        }
        return out;
    }

    @Test
    void sampleQuartiles() {
        List<byte[]> sample = keys(100);
        Collections.shuffle(sample, new Random(7));
        RegionSplits r = RegionSplits.fromSample(sample, 4);
        assertEquals(RegionSplits.Kind.SAMPLED, r.kind());
        assertFalse(r.needsSample(), "resolved");
        assertEquals(4, r.count());
        assertPointsEqual(List.of(s("k25"), s("k50"), s("k75")), r.splitPoints());
    }

    @Test
    void sampleIsNotModified() {
        List<byte[]> sample = keys(10);
        Collections.reverse(sample);
        List<byte[]> copy = new ArrayList<>(sample);
        RegionSplits.fromSample(sample, 2);
        assertPointsEqual(copy, sample);
    }

    @Test
    void sampleWithOneDistinctKeyGivesOnePoint() {
        List<byte[]> sample = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sample.add(s("x"));
        }
        RegionSplits r = RegionSplits.fromSample(sample, 4);
        assertPointsEqual(List.of(s("x")), r.splitPoints());
        assertEquals(2, r.count());
    }

    @Test
    void sampleWithFewDistinctKeysIsDeduplicated() {
        List<byte[]> sample = new ArrayList<>();
        for (String k : List.of("c", "a", "b")) {
            for (int i = 0; i < 10; i++) {
                sample.add(s(k));
            }
        }
        // 30 sorted keys, 10 regions: indexes 3,6,9 -> a; 12,15,18 -> b; 21,24,27 -> c
        RegionSplits r = RegionSplits.fromSample(sample, 10);
        assertPointsEqual(List.of(s("a"), s("b"), s("c")), r.splitPoints());
        assertEquals(4, r.count());
    }

    @Test
    void smallSampleManyRegions() {
        RegionSplits r = RegionSplits.fromSample(keys(3), 10);
        assertStrictlyIncreasing(r.splitPoints());
        assertPointsEqual(List.of(s("k00"), s("k01"), s("k02")), r.splitPoints());
    }

    @Test
    void emptySampleAndEmptyKeys() {
        assertTrue(RegionSplits.fromSample(List.of(), 8).splitPoints().isEmpty());
        assertEquals(1, RegionSplits.fromSample(List.of(), 8).count());
        List<byte[]> sample = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sample.add(new byte[0]);
        }
        sample.add(s("z"));
        sample.add(s("y"));
        RegionSplits r = RegionSplits.fromSample(sample, 4);
        for (byte[] p : r.splitPoints()) {
            assertTrue(p.length > 0, "empty split point");
        }
        assertStrictlyIncreasing(r.splitPoints());
    }

    @Test
    void sampleQuantilesUseUnsignedOrder() {
        List<byte[]> sample = List.of(b(0xF0), b(0x10), b(0x80), b(0x20));
        // sorted unsigned: 0x10, 0x20, 0x80, 0xF0; 2 regions -> index 2 -> 0x80
        assertPointsEqual(List.of(b(0x80)), RegionSplits.fromSample(sample, 2).splitPoints());
    }

    // ---------------------------------------------------------------- regionOf

    @Test
    void regionOfEdges() {
        List<byte[]> p = List.of(s("b"), s("d"), s("f"));
        assertEquals(0, RegionSplits.regionOf(p, s("a"), 0, 1), "below the first point");
        assertEquals(0, RegionSplits.regionOf(p, s("azzz"), 0, 4), "below the first point");
        assertEquals(0, RegionSplits.regionOf(p, new byte[0], 0, 0), "empty row");
        assertEquals(1, RegionSplits.regionOf(p, s("b"), 0, 1), "equal to the first point");
        assertEquals(1, RegionSplits.regionOf(p, s("b\u0000"), 0, 2), "just after the first point");
        assertEquals(1, RegionSplits.regionOf(p, s("c"), 0, 1), "between");
        assertEquals(2, RegionSplits.regionOf(p, s("d"), 0, 1), "equal to a middle point");
        assertEquals(2, RegionSplits.regionOf(p, s("e"), 0, 1), "between");
        assertEquals(3, RegionSplits.regionOf(p, s("f"), 0, 1), "equal to the last point");
        assertEquals(3, RegionSplits.regionOf(p, s("zz"), 0, 2), "above the last point");
        assertEquals(3, RegionSplits.regionOf(p, b(0xFF), 0, 1), "0xFF is above the last point (unsigned)");
    }

    @Test
    void rowsStartingWithAByteShareARegionUnlessAPointFallsAmongThem() {
        Random random = new Random(5);
        for (int trial = 0; trial < 200; trial++) {
            List<byte[]> points = new ArrayList<>();
            for (int i = random.nextInt(6); i > 0; i--) { // points of 1–3 bytes around a few first bytes
                byte[] p = new byte[1 + random.nextInt(3)];
                for (int j = 0; j < p.length; j++) {
                    p[j] = (byte) (j == 0 ? 0x7E + random.nextInt(4) : random.nextInt(256));
                }
                points.add(p);
            }
            points.sort(Bytes.BYTES_COMPARATOR);
            for (int first = 0; first < 256; first++) {
                int region = RegionSplits.regionOfRowsStartingWith(points, first);
                Set<Integer> seen = new TreeSet<>();
                for (int i = 0; i < 64; i++) { // rows starting with first: alone, and with 1–3 more bytes
                    byte[] row = new byte[1 + (i == 0 ? 0 : 1 + random.nextInt(3))];
                    random.nextBytes(row);
                    row[0] = (byte) first;
                    seen.add(RegionSplits.regionOf(points, row, 0, row.length));
                }
                if (region >= 0) {
                    assertEquals(Set.of(region), seen, "first byte " + first);
                } else {
                    int byteOfRows = first;
                    assertTrue(
                            points.stream().anyMatch(p -> (p[0] & 0xFF) == byteOfRows && p.length > 1),
                            "first byte " + first);
                }
            }
        }
    }

    @Test
    void regionOfWithNoPoints() {
        assertEquals(0, RegionSplits.regionOf(List.of(), s("anything"), 0, 8));
        assertEquals(0, RegionSplits.regionOf(List.of(), b(0xFF, 0xFF), 0, 2));
    }

    @Test
    void regionOfHonoursOffsetAndLength() {
        List<byte[]> p = List.of(s("b"), s("d"), s("f"));
        byte[] buf = s("zzcyy");
        assertEquals(1, RegionSplits.regionOf(p, buf, 2, 1));
        assertEquals(3, RegionSplits.regionOf(p, buf, 0, 1));
        byte[] buf2 = s("xxdzz");
        assertEquals(2, RegionSplits.regionOf(p, buf2, 2, 1), "exactly 'd'");
        assertEquals(2, RegionSplits.regionOf(p, buf2, 2, 3), "'dzz'");
    }

    @Test
    void regionOfAgreesWithALinearScan() {
        Random rnd = new Random(3);
        List<byte[]> sample = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            byte[] k = new byte[1 + rnd.nextInt(3)];
            for (int j = 0; j < k.length; j++) {
                k[j] = (byte) new int[] {0x00, 0x01, 'a', 0x7F, 0x80, 0xFF}[rnd.nextInt(6)];
            }
            sample.add(k);
        }
        List<byte[]> p = RegionSplits.fromSample(sample, 16).splitPoints();
        assertStrictlyIncreasing(p);
        for (byte[] row : sample) {
            int expected = 0;
            for (byte[] point : p) {
                if (Bytes.compareTo(point, row) <= 0) {
                    expected++;
                }
            }
            assertEquals(expected, RegionSplits.regionOf(p, row, 0, row.length), Bytes.toStringBinary(row));
        }
    }
}
