package io.dumptruck.formats.read;

import static io.dumptruck.formats.testing.TestBytes.b;
import static io.dumptruck.formats.testing.TestBytes.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.SpecException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScanSpecTest {

    private static boolean contains(ScanSpec scan, byte[] row) {
        return scan.containsRow(row, 0, row.length);
    }

    private static void assertMessageContains(Throwable t, String... parts) {
        for (String p : parts) {
            assertTrue(
                    t.getMessage() != null && t.getMessage().contains(p),
                    () -> "message '" + t.getMessage() + "' should mention '" + p + "'");
        }
    }

    private static void assertScanEquals(ScanSpec e, ScanSpec a) {
        assertArrayEquals(e.startRow(), a.startRow(), "startRow");
        assertArrayEquals(e.stopRow(), a.stopRow(), "stopRow");
        assertEquals(e.families(), a.families(), "families");
        assertEquals(e.columns(), a.columns(), "columns"); // Column.equals compares qualifiers by content
        assertEquals(e.minTime(), a.minTime(), "minTime");
        assertEquals(e.maxTime(), a.maxTime(), "maxTime");
        assertEquals(e.maxVersions(), a.maxVersions(), "maxVersions");
        assertEquals(e.limit(), a.limit(), "limit");
    }

    // ---------------------------------------------------------------- stopForPrefix

    @Test
    void stopForPrefix() {
        assertArrayEquals(s("abd"), ScanSpec.stopForPrefix(s("abc")));
        assertArrayEquals(s("ac"), ScanSpec.stopForPrefix(b('a', 'b', 0xFF)));
        assertArrayEquals(new byte[0], ScanSpec.stopForPrefix(b(0xFF, 0xFF)));
        assertArrayEquals(new byte[0], ScanSpec.stopForPrefix(new byte[0]));
        assertArrayEquals(b(0x80), ScanSpec.stopForPrefix(b(0x7F)));
        assertArrayEquals(b(0x01), ScanSpec.stopForPrefix(b(0x00)));
        assertArrayEquals(b('a', 0xFF), ScanSpec.stopForPrefix(b('a', 0xFE)));
        assertArrayEquals(b(0x01), ScanSpec.stopForPrefix(b(0x00, 0xFF, 0xFF)));
    }

    @Test
    void stopForPrefixDoesNotModifyThePrefix() {
        byte[] prefix = s("abc");
        ScanSpec.stopForPrefix(prefix);
        assertArrayEquals(s("abc"), prefix);
    }

    @Test
    void prefixScanContainsExactlyTheRowsWithThePrefix() {
        ScanSpec scan = ScanSpec.all().withPrefix(b('a', 0xFF));
        assertTrue(contains(scan, b('a', 0xFF)));
        assertTrue(contains(scan, b('a', 0xFF, 0xFF, 0xFF)));
        assertTrue(contains(scan, b('a', 0xFF, 0x00)));
        assertFalse(contains(scan, b('a', 0xFE, 0xFF)));
        assertFalse(contains(scan, b('b')));
        assertFalse(contains(scan, b('a')));

        ScanSpec all = ScanSpec.all().withPrefix(b(0xFF));
        assertTrue(contains(all, b(0xFF, 0xFF, 0xFF)));
        assertFalse(contains(all, b(0xFE)));
    }

    // ---------------------------------------------------------------- containsRow

    @Test
    void containsRowEdges() {
        ScanSpec scan = ScanSpec.all().withRange(s("b"), s("d"));
        assertFalse(contains(scan, s("a")), "below start");
        assertFalse(contains(scan, b(0x00)), "far below start");
        assertTrue(contains(scan, s("b")), "start is inclusive");
        assertTrue(contains(scan, b('b', 0x00)), "just after start");
        assertTrue(contains(scan, s("c")), "inside");
        assertTrue(contains(scan, b('c', 0xFF, 0xFF)), "just before stop");
        assertFalse(contains(scan, s("d")), "stop is exclusive");
        assertFalse(contains(scan, b('d', 0x00)), "after stop");
        assertFalse(contains(scan, b(0xFF)), "0xFF is above (unsigned)");
    }

    @Test
    void containsRowWithUnboundedEnds() {
        ScanSpec all = ScanSpec.all();
        assertTrue(contains(all, new byte[0]));
        assertTrue(contains(all, b(0x00)));
        assertTrue(contains(all, b(0xFF, 0xFF, 0xFF)));

        ScanSpec from = ScanSpec.all().withRange(s("m"), null);
        assertFalse(contains(from, s("l")));
        assertTrue(contains(from, s("m")));
        assertTrue(contains(from, b(0xFF, 0xFF)));

        ScanSpec to = ScanSpec.all().withRange(null, s("m"));
        assertTrue(contains(to, b(0x00)));
        assertTrue(contains(to, s("lzzz")));
        assertFalse(contains(to, s("m")));
    }

    @Test
    void containsRowHonoursOffsetAndLength() {
        ScanSpec scan = ScanSpec.all().withRange(s("b"), s("d"));
        byte[] buf = s("xxcyy");
        assertTrue(scan.containsRow(buf, 2, 1));
        assertFalse(scan.containsRow(buf, 0, 1));
        byte[] buf2 = s("zzdzz");
        assertFalse(scan.containsRow(buf2, 2, 1), "'d' is the stop row");
        assertFalse(scan.containsRow(buf2, 2, 3));
    }

    @Test
    void singleRowScan() {
        ScanSpec scan = ScanSpec.row(s("r1"));
        assertArrayEquals(s("r1"), scan.startRow());
        assertArrayEquals(b('r', '1', 0x00), scan.stopRow());
        assertTrue(contains(scan, s("r1")));
        assertFalse(contains(scan, s("r10")));
        assertFalse(contains(scan, b('r', '1', 0x00)));
        assertFalse(contains(scan, s("r")));
    }

    // ---------------------------------------------------------------- readsFamily

    @Test
    void readsEveryFamilyByDefault() {
        assertTrue(ScanSpec.all().readsFamily("a"));
        assertTrue(ScanSpec.all().readsFamily("anything"));
    }

    @Test
    void readsOnlyListedFamilies() {
        ScanSpec scan = ScanSpec.all().withFamilies(List.of("a", "c"));
        assertTrue(scan.readsFamily("a"));
        assertTrue(scan.readsFamily("c"));
        assertFalse(scan.readsFamily("b"));
        assertFalse(scan.readsFamily("aa"));
    }

    @Test
    void readsOnlyFamiliesOfListedColumns() {
        ScanSpec scan =
                ScanSpec.all().withColumns(List.of(ScanSpec.parseColumn("a:x"), ScanSpec.parseColumn("c:\\x00")));
        assertTrue(scan.readsFamily("a"));
        assertTrue(scan.readsFamily("c"));
        assertFalse(scan.readsFamily("b"));

        ScanSpec both = ScanSpec.all().withFamilies(List.of("a")).withColumns(List.of(ScanSpec.parseColumn("a:x")));
        assertTrue(both.readsFamily("a"));
        assertFalse(both.readsFamily("b"));
    }

    // ---------------------------------------------------------------- JSON

    @Test
    void jsonRoundTripWithBinaryRowsAndColumns() {
        ScanSpec scan = ScanSpec.all()
                .withRange(b(0x00, 'a', 0xFF, '\\'), b(0xFF, 0x00, 0xFF))
                .withFamilies(List.of("d", "m"))
                .withColumns(List.of(
                        new ScanSpec.Column("d", b(0x00, 0xFF)),
                        new ScanSpec.Column("d", s("a:b")),
                        new ScanSpec.Column("m", new byte[0]),
                        new ScanSpec.Column("m", b('\\', 'x', '4', '1'))))
                .withTimeRange(5, 1_700_000_000_000L)
                .withMaxVersions(3)
                .withLimit(1000);
        ScanSpec back = ScanSpec.fromJson(scan.toJson());
        assertScanEquals(scan, back);
        assertArrayEquals(b(0x00, 0xFF), back.columns().get(0).qualifier());
        assertArrayEquals(s("a:b"), back.columns().get(1).qualifier());
        assertArrayEquals(new byte[0], back.columns().get(2).qualifier());
        assertArrayEquals(b('\\', 'x', '4', '1'), back.columns().get(3).qualifier());
        assertEquals(scan.toJson(), back.toJson());
    }

    @Test
    void jsonRoundTripOfDefaults() {
        ScanSpec back = ScanSpec.fromJson(ScanSpec.all().toJson());
        assertScanEquals(ScanSpec.all(), back);
        assertEquals(0, back.startRow().length);
        assertEquals(0, back.stopRow().length);
        assertEquals(Long.MAX_VALUE, back.maxTime());
        assertEquals(1, back.maxVersions());

        ScanSpec empty = ScanSpec.fromJson("{}");
        assertScanEquals(ScanSpec.all(), empty);
    }

    @Test
    void invalidJsonIsASpecException() {
        assertMessageContains(
                assertThrows(SpecException.class, () -> ScanSpec.fromJson("{\"startRow\": ")), "not valid JSON");
        assertMessageContains(
                assertThrows(SpecException.class, () -> ScanSpec.fromJson("{\"maxVersions\": 0}")), "versions");
    }

    @Test
    void parseColumn() {
        ScanSpec.Column c = ScanSpec.parseColumn("f:q\\xFF:x");
        assertEquals("f", c.family());
        assertArrayEquals(b('q', 0xFF, ':', 'x'), c.qualifier());
        assertEquals(new ScanSpec.Column("f", b('q', 0xFF, ':', 'x')), c);
        assertEquals(new ScanSpec.Column("f", b('q', 0xFF, ':', 'x')).hashCode(), c.hashCode());
        assertEquals("f:q\\xFF:x", c.toString());
        assertMessageContains(assertThrows(SpecException.class, () -> ScanSpec.parseColumn("noColon")), "'noColon'");
        assertMessageContains(assertThrows(SpecException.class, () -> ScanSpec.parseColumn(":q")), "':q'");
    }

    // ---------------------------------------------------------------- validation

    @Test
    void rejectsStartAfterStop() {
        SpecException e = assertThrows(SpecException.class, () -> ScanSpec.all().withRange(s("b"), s("a")));
        assertMessageContains(e, "'b'", "'a'");
        assertThrows(SpecException.class, () -> ScanSpec.all().withRange(b(0xFF), b(0x01)));
        assertThrows(SpecException.class, () -> ScanSpec.all().withRange(s("ab"), s("a")));
        // an empty stop row is unbounded, not "before" the start
        assertArrayEquals(s("z"), ScanSpec.all().withRange(s("z"), new byte[0]).startRow());
        // equal bounds are an empty scan, not an error
        assertFalse(contains(ScanSpec.all().withRange(s("a"), s("a")), s("a")));
    }

    @Test
    void rejectsZeroVersions() {
        assertMessageContains(
                assertThrows(SpecException.class, () -> ScanSpec.all().withMaxVersions(0)), "versions", "0");
        assertThrows(SpecException.class, () -> ScanSpec.all().withMaxVersions(-1));
        assertEquals(
                Integer.MAX_VALUE,
                ScanSpec.all().withMaxVersions(Integer.MAX_VALUE).maxVersions());
    }

    @Test
    void rejectsNegativeLimit() {
        assertMessageContains(
                assertThrows(SpecException.class, () -> ScanSpec.all().withLimit(-1)), "limit", "-1");
        assertEquals(0, ScanSpec.all().withLimit(0).limit());
    }

    @Test
    void rejectsEmptyOrNegativeTimeRange() {
        assertMessageContains(
                assertThrows(SpecException.class, () -> ScanSpec.all().withTimeRange(10, 10)), "[10, 10)");
        assertThrows(SpecException.class, () -> ScanSpec.all().withTimeRange(10, 9));
        assertThrows(SpecException.class, () -> ScanSpec.all().withTimeRange(-1, 10));
        ScanSpec one = ScanSpec.all().withTimeRange(10, 11);
        assertEquals(10, one.minTime());
        assertEquals(11, one.maxTime());
    }

    @Test
    void listsAreCopied() {
        java.util.ArrayList<String> fams = new java.util.ArrayList<>(List.of("a"));
        ScanSpec scan = ScanSpec.all().withFamilies(fams);
        fams.add("b");
        assertFalse(scan.readsFamily("b"));
    }
}
