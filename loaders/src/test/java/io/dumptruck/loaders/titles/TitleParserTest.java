package io.dumptruck.loaders.titles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TitleParserTest {
    private final TitleParser parser = new TitleParser();

    private TitleRecord record(String line) {
        Parsed<TitleRecord> p = parser.parse(line);
        assertTrue(p.isRecord(), () -> line + " -> " + p);
        return p.record();
    }

    private void assertReject(TitleParser.Reject reason, String line) {
        Parsed<TitleRecord> p = parser.parse(line);
        assertTrue(p.isReject(), () -> line + " -> " + p);
        assertEquals(reason, p.reason(), p::detail);
    }

    @Test
    void underscoresBecomeSpacesAndTheNormalFormCollapsesThem() {
        assertEquals(new TitleRecord("New York City", "new york city", 1234.5), record("New_York_City\t1234.5"));
        assertEquals(new TitleRecord("  The  Big   Apple  ", "the big apple", 7), record("  The__Big   Apple_ \t7"));
        assertEquals(new TitleRecord("ÉCOLE Normale", "école normale", -2), record("ÉCOLE_Normale\t-2"));
    }

    @Test
    void nonAsciiTitles() {
        assertEquals(new TitleRecord("Zürich", "zürich", 3), record("Zürich\t3"));
        assertEquals(new TitleRecord("東京タワー", "東京タワー", 1e6), record("東京タワー\t1e6"));
        assertEquals(new TitleRecord("😀 Smile", "😀 smile", 0.25), record("😀_Smile\t.25"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "New_York_City|new york city",
                "İstanbul|i\u0307stanbul",
                "ΟΔΟΣ|οδος",
                "Tab\u00a0Title\u3000X|tab title x",
                "A\u2028B\u0085C\u000bD|a b c d",
                "_x_|x",
                "new_Σ\uD83D\uDE9A|new σ\uD83D\uDE9A", // as written with a space: not the final ς Java gives after _
                "new Σ\uD83D\uDE9A|new σ\uD83D\uDE9A",
            })
    void normalize(String title, String normalized) {
        assertEquals(normalized, TitleParser.normalize(title));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"NaN", "Infinity", "-Infinity", "", "1,5", "0x10", "1d", " 1", "1 ", "+1", "1e400", "abc", "١"})
    void badRank(String rank) {
        assertReject(TitleParser.Reject.BAD_RANK, "Title\t" + rank);
    }

    @Test
    void emptyTitle() {
        assertReject(TitleParser.Reject.EMPTY_TITLE, "\t5");
        assertReject(TitleParser.Reject.EMPTY_TITLE, "___\t5");
        assertReject(TitleParser.Reject.EMPTY_TITLE, " _ \t5");
    }

    @Test
    void columns() {
        assertReject(TitleParser.Reject.WRONG_COLUMN_COUNT, "Title");
        assertReject(TitleParser.Reject.WRONG_COLUMN_COUNT, "Title\t1\t2");
        assertEquals(new TitleRecord("Title", "title", 1), record("Title\t1\r\n"));
        assertEquals(new TitleRecord("Title", "title", 1), record("Title\t1\n"));
    }

    @Test
    void blankLinesAreSkipped() {
        assertTrue(parser.parse("").isSkip());
        assertTrue(parser.parse(" \t ").isSkip());
    }
}
