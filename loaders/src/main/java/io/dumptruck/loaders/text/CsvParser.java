package io.dumptruck.loaders.text;

import io.dumptruck.loaders.Parsed;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Delimited text per RFC 4180: fields separated by a delimiter ({@code ','} by default, {@code '\t'} for TSV); a field
 * that starts with {@code "} is quoted, may contain the delimiter, line breaks and doubled quotes ({@code ""} stands
 * for one {@code "}), and ends at the next single {@code "}, which must be followed by a delimiter or the end of the
 * record. Field values are returned without their quotes and never trimmed.
 *
 * <p>Input that breaks these rules is a reject ({@link Parsed#reject}), never an exception:
 *
 * <ul>
 *   <li>{@link Reject#STRAY_QUOTE} — a {@code "} inside a field that did not start with one ({@code ab"c}; also a space
 *       before an opening quote, as in {@code a, "b"});
 *   <li>{@link Reject#TEXT_AFTER_QUOTE} — a closing quote followed by anything but a delimiter or the end of the record
 *       ({@code "ab"c}, typically an inner quote that was not doubled);
 *   <li>{@link Reject#UNBALANCED_QUOTE} — a quoted field still open at the end of the input;
 *   <li>{@link Reject#RECORD_TOO_LONG} — a record longer than {@link #maxRecordChars()} characters (in a stream,
 *       usually a stray quote that swallowed the lines after it).
 * </ul>
 *
 * <p>A record that consists of nothing but white space ({@link Character#isWhitespace}, no delimiter, no quote) is a
 * skip, so a blank line is not a record of one empty field. Line breaks are {@code \n}, {@code \r\n} and a lone
 * {@code \r}; inside a quoted field they are kept exactly as written. Instances are immutable and thread-safe;
 * {@link #parseLine} parses one record (the loader's {@code CsvRecordInputFormat} cuts files into records at line
 * breaks outside quotes).
 */
public final class CsvParser {
    /** Why a record is rejected. */
    public enum Reject {
        UNBALANCED_QUOTE,
        STRAY_QUOTE,
        TEXT_AFTER_QUOTE,
        RECORD_TOO_LONG
    }

    /** The quote character; not configurable. */
    public static final char QUOTE = '"';

    /** Default bound on a record's length in characters, line breaks included. */
    public static final int DEFAULT_MAX_RECORD_CHARS = 1 << 20;

    /** Comma-separated values. */
    public static final CsvParser CSV = new CsvParser(',');

    /** Tab-separated values with the same quoting rules. */
    public static final CsvParser TSV = new CsvParser('\t');

    private final char delimiter;
    private final int maxRecordChars;

    public CsvParser(char delimiter) {
        this(delimiter, DEFAULT_MAX_RECORD_CHARS);
    }

    /** @throws IllegalArgumentException if the delimiter is the quote or a line break, or the bound is not positive */
    public CsvParser(char delimiter, int maxRecordChars) {
        if (delimiter == QUOTE || delimiter == '\n' || delimiter == '\r') {
            throw new IllegalArgumentException("the delimiter cannot be a quote or a line break: " + (int) delimiter);
        }
        if (maxRecordChars <= 0) {
            throw new IllegalArgumentException("maxRecordChars must be positive: " + maxRecordChars);
        }
        this.delimiter = delimiter;
        this.maxRecordChars = maxRecordChars;
    }

    public char delimiter() {
        return delimiter;
    }

    public int maxRecordChars() {
        return maxRecordChars;
    }

    /**
     * Parses {@code line} as exactly one record, e.g. a line handed over by a line-oriented input format. One line
     * break at the very end is ignored; any other line break is part of a field value, whether the field is quoted or
     * not. A quoted field still open at the end is {@link Reject#UNBALANCED_QUOTE}.
     */
    public Parsed<List<String>> parseLine(String line) {
        int end = line.length();
        if (line.endsWith("\r\n")) {
            end -= 2;
        } else if (line.endsWith("\n") || line.endsWith("\r")) {
            end -= 1;
        }
        if (end > maxRecordChars) {
            return Parsed.reject(Reject.RECORD_TOO_LONG, "the record is longer than " + maxRecordChars + " characters");
        }
        if (isBlank(line, end)) {
            return Parsed.skip();
        }
        Scan scan = new Scan();
        int status = scan.line(line, end, 1);
        if (status == Scan.OPEN) {
            return scan.unbalanced();
        }
        return scan.result();
    }

    /** True if {@code line[0, end)} would be one blank, unquoted field: skip it. */
    boolean isBlank(String line, int end) {
        for (int i = 0; i < end; i++) {
            char c = line.charAt(i);
            if (c == delimiter || !Character.isWhitespace(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The state of one record while its physical lines are fed in order: {@link #line} returns {@link #DONE},
     * {@link #OPEN} (a quoted field runs on; feed the line break, then the next line) or {@link #ERROR} (then
     * {@link #result()} is the reject).
     */
    final class Scan {
        static final int DONE = 0;
        static final int OPEN = 1;
        static final int ERROR = 2;

        private final List<String> fields = new ArrayList<>();
        private final StringBuilder quoted = new StringBuilder();
        private boolean inQuotes;
        private long quoteLine;
        private int quoteColumn;
        private Parsed<List<String>> error;

        /** Scans {@code text[0, end)}, physical line {@code lineNumber} of the input. */
        int line(String text, int end, long lineNumber) {
            int i = 0;
            while (true) {
                if (inQuotes) {
                    int q = text.indexOf(QUOTE, i);
                    if (q < 0 || q >= end) {
                        quoted.append(text, i, end);
                        return OPEN;
                    }
                    quoted.append(text, i, q);
                    if (q + 1 < end && text.charAt(q + 1) == QUOTE) {
                        quoted.append(QUOTE);
                        i = q + 2;
                        continue;
                    }
                    inQuotes = false;
                    fields.add(quoted.toString());
                    i = q + 1;
                    if (i == end) {
                        return DONE;
                    }
                    if (text.charAt(i) != delimiter) {
                        return fail(
                                Reject.TEXT_AFTER_QUOTE,
                                "text after the closing quote at line " + lineNumber + " column " + (i + 1));
                    }
                    i++;
                } else if (i < end && text.charAt(i) == QUOTE) {
                    inQuotes = true;
                    quoted.setLength(0);
                    quoteLine = lineNumber;
                    quoteColumn = i + 1;
                    i++;
                } else {
                    int start = i;
                    while (i < end) {
                        char c = text.charAt(i);
                        if (c == delimiter) {
                            break;
                        }
                        if (c == QUOTE) {
                            return fail(
                                    Reject.STRAY_QUOTE,
                                    "quote inside an unquoted field at line " + lineNumber + " column " + (i + 1));
                        }
                        i++;
                    }
                    fields.add(text.substring(start, i));
                    if (i == end) {
                        return DONE;
                    }
                    i++;
                }
            }
        }

        Parsed<List<String>> unbalanced() {
            return Parsed.reject(
                    Reject.UNBALANCED_QUOTE,
                    "the quote at line " + quoteLine + " column " + quoteColumn + " is never closed");
        }

        Parsed<List<String>> result() {
            return error != null ? error : Parsed.of(Collections.unmodifiableList(fields));
        }

        private int fail(Reject reason, String detail) {
            error = Parsed.reject(reason, detail);
            return ERROR;
        }
    }
}
