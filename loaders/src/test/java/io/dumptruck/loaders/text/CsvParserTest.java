package io.dumptruck.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvParserTest {
    private static List<String> fields(CsvParser parser, String line) {
        Parsed<List<String>> p = parser.parseLine(line);
        assertTrue(p.isRecord(), () -> line + " -> " + p);
        return p.record();
    }

    private static void assertReject(CsvParser.Reject reason, String detail, String line) {
        Parsed<List<String>> p = CsvParser.CSV.parseLine(line);
        assertTrue(p.isReject(), () -> line + " -> " + p);
        assertEquals(reason, p.reason());
        assertEquals(detail, p.detail());
    }

    @Test
    void plainAndQuotedFields() {
        assertEquals(List.of("a", "b", "c"), fields(CsvParser.CSV, "a,b,c"));
        assertEquals(
                List.of("a", "b,c", "say \"hi\"", "", ""), fields(CsvParser.CSV, "a,\"b,c\",\"say \"\"hi\"\"\",,"));
        assertEquals(List.of("\""), fields(CsvParser.CSV, "\"\"\"\""));
        assertEquals(List.of("", ""), fields(CsvParser.CSV, "\"\",\"\""));
        assertEquals(List.of(""), fields(CsvParser.CSV, "\"\""));
        assertEquals(List.of(" a ", " b"), fields(CsvParser.CSV, " a , b"));
    }

    @Test
    void emptyFields() {
        assertEquals(List.of("", ""), fields(CsvParser.CSV, ","));
        assertEquals(List.of("", "", ""), fields(CsvParser.CSV, ",,"));
        assertEquals(List.of("a", ""), fields(CsvParser.CSV, "a,"));
        assertEquals(List.of("", "a"), fields(CsvParser.CSV, ",a"));
        assertEquals(List.of("a", ""), fields(CsvParser.CSV, "a,\"\""));
    }

    @Test
    void lineBreaks() {
        assertEquals(List.of("a", "b"), fields(CsvParser.CSV, "a,b\n"));
        assertEquals(List.of("a", "b"), fields(CsvParser.CSV, "a,b\r\n"));
        assertEquals(List.of("a", ""), fields(CsvParser.CSV, "a,\r"));
        assertEquals(List.of("multi\nline", "x"), fields(CsvParser.CSV, "\"multi\nline\",x"));
        assertEquals(List.of("a\r\nb"), fields(CsvParser.CSV, "\"a\r\nb\"\r\n"));
        assertEquals(List.of("a\nb", "c"), fields(CsvParser.CSV, "a\nb,c"));
    }

    @Test
    void tabSeparated() {
        assertEquals(List.of("a", "b", "c\td", ""), fields(CsvParser.TSV, "a\tb\t\"c\td\"\t"));
        assertEquals(List.of("a,b", "c"), fields(CsvParser.TSV, "a,b\tc"));
        assertEquals(List.of("", ""), fields(CsvParser.TSV, "\t"));
        assertEquals(List.of("x;y", "z"), fields(new CsvParser(';'), "\"x;y\";z"));
    }

    @Test
    void nonAscii() {
        assertEquals(List.of("Zürich", "東京", "😀,🇫🇷"), fields(CsvParser.CSV, "Zürich,東京,\"😀,🇫🇷\""));
    }

    @Test
    void blankIsSkip() {
        assertTrue(CsvParser.CSV.parseLine("").isSkip());
        assertTrue(CsvParser.CSV.parseLine("   ").isSkip());
        assertTrue(CsvParser.CSV.parseLine("\r\n").isSkip());
        assertTrue(CsvParser.CSV.parseLine("\t").isSkip());
        assertTrue(CsvParser.TSV.parseLine(" ").isSkip());
    }

    @Test
    void quoteErrors() {
        assertReject(CsvParser.Reject.UNBALANCED_QUOTE, "the quote at line 1 column 3 is never closed", "a,\"b,c");
        assertReject(
                CsvParser.Reject.UNBALANCED_QUOTE, "the quote at line 1 column 1 is never closed", "\"say \"\"hi\"\"");
        assertReject(CsvParser.Reject.STRAY_QUOTE, "quote inside an unquoted field at line 1 column 4", "a,b\"c\",d");
        assertReject(CsvParser.Reject.STRAY_QUOTE, "quote inside an unquoted field at line 1 column 4", "a, \"b\"");
        assertReject(
                CsvParser.Reject.TEXT_AFTER_QUOTE, "text after the closing quote at line 1 column 7", "\"say \"hi\"\"");
        assertReject(
                CsvParser.Reject.TEXT_AFTER_QUOTE, "text after the closing quote at line 1 column 6", "x,\"b\" ,c");
    }

    @Test
    void recordLengthIsBounded() {
        CsvParser small = new CsvParser(',', 5);
        assertEquals(List.of("ab", "cd"), fields(small, "ab,cd\r\n"));
        Parsed<List<String>> p = small.parseLine("ab,cde");
        assertEquals(CsvParser.Reject.RECORD_TOO_LONG, p.reason());
        assertEquals("the record is longer than 5 characters", p.detail());
    }

    @Test
    void badConfiguration() {
        assertThrows(IllegalArgumentException.class, () -> new CsvParser('"'));
        assertThrows(IllegalArgumentException.class, () -> new CsvParser('\n'));
        assertThrows(IllegalArgumentException.class, () -> new CsvParser(',', 0));
    }

    @Test
    void fieldsAreImmutable() {
        List<String> f = fields(CsvParser.CSV, "a,b");
        assertThrows(UnsupportedOperationException.class, () -> f.add("c"));
    }
}
