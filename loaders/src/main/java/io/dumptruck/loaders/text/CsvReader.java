package io.dumptruck.loaders.text;

import io.dumptruck.loaders.Parsed;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams the records of a {@link CsvParser} from a {@link Reader}, each with the line where it
 * starts. Not thread-safe.
 *
 * <p><b>Resynchronisation.</b> After a reject the reader goes on at the physical line that follows
 * the rejected record's <em>start</em> line, even if the record ran on over more lines: a stray
 * quote that opened a "quoted field" swallowing the next lines costs one reject, and the lines it
 * swallowed are read again as records of their own. To do that the reader keeps the lines of the
 * current record, which is why a record is bounded ({@link CsvParser#maxRecordChars()}); a longer
 * record is {@link CsvParser.Reject#RECORD_TOO_LONG}. A single physical line longer than the bound is
 * never held: its excess is read and dropped.
 */
public final class CsvReader implements Closeable {
  private final CsvParser parser;
  private final Reader in;
  private final char[] buffer = new char[8192];
  private int position;
  private int limit;
  private boolean endOfInput;
  private long lastLineNumber;
  /** Lines read but handed back for a new try after a reject, in input order. */
  private final ArrayDeque<Line> pending = new ArrayDeque<>();

  /** A physical line without its break; {@code lineBreak} is "" at the end of input. */
  private record Line(long number, String text, String lineBreak, boolean tooLong) {}

  CsvReader(CsvParser parser, Reader in) {
    this.parser = parser;
    this.in = in;
  }

  /** The next record, skip or reject, or null at the end of the input. */
  public CsvRecord next() throws IOException {
    Line first = nextLine();
    if (first == null) {
      return null;
    }
    if (first.tooLong) {
      return new CsvRecord(first.number, tooLong());
    }
    if (parser.isBlank(first.text, first.text.length())) {
      return new CsvRecord(first.number, Parsed.skip());
    }
    CsvParser.Scan scan = parser.new Scan();
    int status = scan.line(first.text, first.text.length(), first.number);
    if (status == CsvParser.Scan.DONE) {
      return new CsvRecord(first.number, scan.result());
    }
    List<Line> lines = new ArrayList<>();
    lines.add(first);
    long chars = first.text.length();
    Parsed<List<String>> outcome = null;
    while (status == CsvParser.Scan.OPEN) {
      Line last = lines.get(lines.size() - 1);
      Line line = nextLine();
      if (line == null) {
        outcome = scan.unbalanced();
        break;
      }
      lines.add(line);
      chars += last.lineBreak.length() + line.text.length();
      if (line.tooLong || chars > parser.maxRecordChars()) {
        outcome = tooLong();
        break;
      }
      scan.lineBreak(last.lineBreak);
      status = scan.line(line.text, line.text.length(), line.number);
    }
    if (outcome == null) {
      outcome = scan.result();
    }
    if (outcome.isReject()) {
      for (int i = lines.size() - 1; i >= 1; i--) {
        pending.addFirst(lines.get(i));
      }
    }
    return new CsvRecord(first.number, outcome);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  private Parsed<List<String>> tooLong() {
    return Parsed.reject(CsvParser.Reject.RECORD_TOO_LONG, "the record is longer than " + parser.maxRecordChars() + " characters");
  }

  private Line nextLine() throws IOException {
    if (!pending.isEmpty()) {
      return pending.removeFirst();
    }
    if (position == limit && !fill()) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    boolean tooLong = false;
    int max = parser.maxRecordChars();
    while (true) {
      int start = position;
      while (position < limit && buffer[position] != '\n' && buffer[position] != '\r') {
        position++;
      }
      if (!tooLong) {
        if (position - start > max - text.length()) {
          tooLong = true;
          text = null;
        } else {
          text.append(buffer, start, position - start);
        }
      }
      if (position < limit) {
        break;
      }
      if (!fill()) {
        return new Line(++lastLineNumber, tooLong ? "" : text.toString(), "", tooLong);
      }
    }
    String lineBreak;
    if (buffer[position] == '\n') {
      position++;
      lineBreak = "\n";
    } else {
      position++;
      if ((position < limit || fill()) && buffer[position] == '\n') {
        position++;
        lineBreak = "\r\n";
      } else {
        lineBreak = "\r";
      }
    }
    return new Line(++lastLineNumber, tooLong ? "" : text.toString(), lineBreak, tooLong);
  }

  /** Refills the buffer when it is used up; false at the end of input. */
  private boolean fill() throws IOException {
    if (endOfInput) {
      return false;
    }
    int n;
    do {
      n = in.read(buffer, 0, buffer.length);
    } while (n == 0);
    if (n < 0) {
      endOfInput = true;
      position = limit = 0;
      return false;
    }
    position = 0;
    limit = n;
    return true;
  }
}
