package io.dumptruck.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvReaderTest {
  /** Each record as "line: [fields]", "line: skip" or "line: REASON". */
  private static List<String> read(CsvParser parser, Reader in) throws IOException {
    List<String> out = new ArrayList<>();
    try (CsvReader reader = parser.reader(in)) {
      for (CsvRecord r = reader.next(); r != null; r = reader.next()) {
        out.add(r.line() + ": " + (r.parsed().isRecord() ? r.parsed().record()
            : r.parsed().isSkip() ? "skip" : r.parsed().reason()));
      }
    }
    return out;
  }

  private static List<String> read(String text) throws IOException {
    return read(CsvParser.CSV, new StringReader(text));
  }

  /** A reader that returns one char per read call, to put every line break across buffer ends. */
  private static Reader trickle(String text) {
    return new Reader() {
      private int at;

      @Override
      public int read(char[] buffer, int offset, int length) {
        if (at == text.length()) {
          return -1;
        }
        buffer[offset] = text.charAt(at++);
        return 1;
      }

      @Override
      public void close() {}
    };
  }

  @Test
  void recordsWithTheirStartLines() throws IOException {
    String text = "a,\"b,c\",\"say \"\"hi\"\"\",,\n\"multi\nline\",x\r\n,\n\n\"\",\"\"\rlast,\"no newline\"";
    List<String> expected = List.of(
        "1: [a, b,c, say \"hi\", , ]",
        "2: [multi\nline, x]",
        "4: [, ]",
        "5: skip",
        "6: [, ]",
        "7: [last, no newline]");
    assertEquals(expected, read(text));
    assertEquals(expected, read(CsvParser.CSV, trickle(text)));
  }

  @Test
  void embeddedLineBreaksAreKeptAsWritten() throws IOException {
    assertEquals(List.of("1: [a\r\nb\rc\nd, e]", "5: [f]"), read("\"a\r\nb\rc\nd\",e\r\nf\r\n"));
    assertEquals(List.of("1: [a\r\nb\rc\nd, e]", "5: [f]"), read(CsvParser.CSV, trickle("\"a\r\nb\rc\nd\",e\r\nf\r\n")));
  }

  @Test
  void emptyInputAndTrailingBreaks() throws IOException {
    assertEquals(List.of(), read(""));
    assertEquals(List.of("1: skip"), read("\n"));
    assertEquals(List.of("1: [a]"), read("a\n"));
    assertEquals(List.of("1: [a, ]"), read("a,"));
    assertEquals(List.of("1: [a]", "2: skip"), read("a\r\n\r\n"));
  }

  @Test
  void unbalancedQuoteResyncsAtTheNextLine() throws IOException {
    assertEquals(List.of("1: UNBALANCED_QUOTE", "2: [d, e]", "3: [f, g]"), read("a,\"b,c\nd,e\nf,g\n"));
    try (CsvReader reader = CsvParser.CSV.reader(new StringReader("a,\"b,c\nd,e\n"))) {
      CsvRecord r = reader.next();
      assertEquals("the quote at line 1 column 3 is never closed", r.parsed().detail());
    }
  }

  @Test
  void aStrayQuoteThatSwallowsLinesCostsOneRecord() throws IOException {
    // line 1 opens a quote that line 3 closes, followed by text: line 1 is rejected, 2 and 3 read again
    assertEquals(List.of("1: TEXT_AFTER_QUOTE", "2: [d, e]", "3: [f, g]", "4: [h]"), read("a,\"b\nd,e\nf,\"g\"\nh"));
    assertEquals(List.of("1: STRAY_QUOTE", "2: [ok]"), read("a,b\"c\nok\n"));
    assertEquals(List.of("1: [x\ny, a]", "3: STRAY_QUOTE", "4: [z]"), read("\"x\ny\",a\nb\"\nz"));
  }

  @Test
  void anErrorOnALaterLineOfARecordRereadsThatLine() throws IOException {
    // the record of line 1 runs on to line 2, where a stray quote ends it; line 2 is read again
    assertEquals(List.of("1: STRAY_QUOTE", "2: STRAY_QUOTE", "3: [c, d]"), read("\"x\ny\",a\"b\nc,d\n"));
  }

  @Test
  void longRecordsAreRejectedWithoutHoldingThem() throws IOException {
    CsvParser small = new CsvParser(',', 8);
    assertEquals(List.of("1: [12345678]", "2: RECORD_TOO_LONG", "3: [ok]"),
        read(small, new StringReader("12345678\n123456789\nok\n")));
    assertEquals(List.of("1: RECORD_TOO_LONG", "2: [b]", "3: [c]", "4: [d, e]"),
        read(small, new StringReader("\"a\nb\nc\nd,e\n")));
    assertEquals(List.of("1: [a\nb\nc]"), read(small, new StringReader("\"a\nb\nc\"")));
    String huge = "x".repeat(100_000);
    assertEquals(List.of("1: RECORD_TOO_LONG", "2: [ok]"), read(small, trickle(huge + "\r\nok")));
  }

  @Test
  void tsvStream() throws IOException {
    assertEquals(List.of("1: [a, b, ]", "2: [c\td, e]"), read(CsvParser.TSV, new StringReader("a\tb\t\n\"c\td\"\te\n")));
  }
}
