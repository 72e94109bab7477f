package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.rowkey.ReversedDomain;
import io.dumptruck.loaders.Parsed;
import java.util.Objects;

/**
 * Reads one line of an Apache access log in the "combined" format, optionally followed by the visitor cookie and the
 * duration (docs/tables.md, web-log loader):
 *
 * <pre>
 *   %h %l %u %t "%r" %&gt;s %b "%{Referer}i" "%{User-Agent}i" "%{uid}C" %D
 *
 *   1.2.3.4 - u [10/Oct/2000:13:55:36 -0700] "GET /a?b HTTP/1.1" 200 23 "http://r/" "UA" "c" 15
 *   0       1 2 3                            4                   5   6  7           8    9   10
 * </pre>
 *
 * <h2>Fields</h2>
 *
 * <ul>
 *   <li>Fields are separated by one or more spaces. Fields 0–2, 5, 6 and 10 are bare (no spaces), field 3 is in
 *       {@code [brackets]}, fields 4 and 7–9 are in double quotes.
 *   <li>Quoted fields may contain {@code \"} and {@code \\}, which are unescaped. Any other backslash sequence (Apache
 *       writes {@code \xhh}, {@code \n}, {@code \t} for bytes it will not log raw) is kept as written, backslash
 *       included: decoding {@code \xhh} would turn bytes into characters with no right answer for bytes that are not
 *       UTF-8.
 *   <li>{@code -} means absent (null) everywhere except in {@code %h}, which is kept as written. An empty quoted field
 *       ({@code ""}) is absent too.
 *   <li>Fields 0–6 ("common log format") are required; 7–10 may be missing from the end of the line, in order: a line
 *       may stop after any of them.
 *   <li>{@code %h} is taken as written, with no check that it is an address: IPv4, IPv6 ({@code ::1}) or a resolved
 *       host name.
 *   <li>{@code %t} is exactly {@code dd/MMM/yyyy:HH:mm:ss +hhmm}: two-digit day, English month abbreviation (any letter
 *       case), four-digit year, hour 00–23, minute and second 00–59, offset sign and four digits up to {@code ±1859}.
 *       The day must exist in that month (leap years included). The offset is applied, so {@link WebLogRecord#time()}
 *       is UTC.
 *   <li>{@code %>s} is exactly three digits. {@code %b} and {@code %D} are {@code -} or a decimal number that fits a
 *       {@code long}.
 *   <li>Leading and trailing white space of the line (a {@code \r} of CRLF files included) is ignored.
 * </ul>
 *
 * <h2>The request line</h2>
 *
 * <p>Visits are keyed on visitor and time, not path, so a request line that is not a request does not cost the line:
 * the record is kept with {@code method}, {@code path}, {@code query} and {@code protocol} all null. Precisely, the
 * request line ({@code %r}, unescaped) is split at its first space into the method and the rest:
 *
 * <ul>
 *   <li>{@code -}, empty, a single token ({@code GET}, {@code \x16\x03\x01}), or a first token that is not an HTTP
 *       method token (RFC 9110 {@code tchar}s only, so {@code \x16…} is not) → no request: all four null.
 *   <li>If the last space-separated token of the rest looks like a protocol ({@code HTTP/1.1}, {@code HTTP/2}: letters,
 *       {@code /}, a digit, then digits and dots), it is the protocol and the target is what lies between; a rest that
 *       is only a protocol ({@code GET HTTP/1.1}) has no target and is no request.
 *   <li>Otherwise the whole rest is the target and the protocol is null: HTTP/0.9-style {@code GET /a} is a request.
 *   <li>The target may contain spaces ({@code GET /a b HTTP/1.1} → path {@code /a b}). It is split at its first
 *       {@code ?} into path and query; {@code /a?} gives the query {@code ""}.
 * </ul>
 *
 * <h2>Referer</h2>
 *
 * <p>{@link WebLogRecord#refererReversed()} is {@link ReversedDomain#reverse(String)} of the referer, whose rules
 * decide alone what is reversible. A referer it refuses ({@code about:blank}, {@code http:///x}, {@code http://a..b/})
 * gives a null reversed referer; the line is still a record, with the raw referer kept.
 *
 * <h2>Outcome</h2>
 *
 * <p>A blank line is a {@linkplain Parsed#skip() skip}. Otherwise the shape of the whole line is checked first, then
 * the values from left to right, and the first problem found is the {@link Reject reason}:
 *
 * <ul>
 *   <li>{@link Reject#MALFORMED}: fewer than 7 fields; a quote or bracket that is not closed; a field without its
 *       quotes or brackets; a closing quote or bracket not followed by a space; anything after the duration field
 *       (including a twelfth field of any kind).
 *   <li>{@link Reject#BAD_TIME}, {@link Reject#BAD_STATUS}, {@link Reject#BAD_BYTES}, {@link Reject#BAD_DURATION}: that
 *       value breaks the rules above.
 * </ul>
 *
 * <p>The parser never throws on input. It is a hand-written scanner over the string: no regular expressions, no
 * exceptions on the way to a record (only a referer that {@link ReversedDomain} refuses costs one), and little
 * allocation beyond the record and its strings. An instance keeps the field bounds of the line being parsed, so it must
 * be confined to one thread; instances are cheap.
 */
public final class WebLogParser {

    /** Why a line is not a record; each constant becomes a counter. */
    public enum Reject {
        /** The line does not have the shape of the format: see the class documentation. */
        MALFORMED,
        /** {@code %t} is not a valid {@code [dd/MMM/yyyy:HH:mm:ss +hhmm]}. */
        BAD_TIME,
        /** {@code %>s} is not three digits. */
        BAD_STATUS,
        /** {@code %b} is neither {@code -} nor a decimal {@code long}. */
        BAD_BYTES,
        /** {@code %D} is neither {@code -} nor a decimal {@code long}. */
        BAD_DURATION
    }

    private static final int HOST = 0;
    private static final int IDENT = 1;
    private static final int USER = 2;
    private static final int TIME = 3;
    private static final int REQUEST = 4;
    private static final int STATUS = 5;
    private static final int BYTES = 6;
    private static final int REFERER = 7;
    private static final int USER_AGENT = 8;
    private static final int COOKIE = 9;
    private static final int DURATION = 10;

    private static final int REQUIRED_FIELDS = 7;
    private static final int MAX_FIELDS = 11;

    private static final byte BARE = 0;
    private static final byte BRACKETED = 1;
    private static final byte QUOTED = 2;
    private static final byte[] SHAPE = {BARE, BARE, BARE, BRACKETED, QUOTED, BARE, BARE, QUOTED, QUOTED, QUOTED, BARE};
    private static final String[] NAME = {
        "client", "ident", "user", "time", "request", "status", "bytes", "referer", "user agent", "cookie", "duration"
    };

    /** Longest field value quoted in a reject detail. */
    private static final int DETAIL_MAX = 120;

    /** Returned by the number and time readers for a value that breaks the rules. */
    private static final long INVALID = Long.MIN_VALUE;

    private static final long MILLIS_PER_SECOND = 1000L;
    private static final int SECONDS_PER_DAY = 86_400;

    /** Bits 0..127: the RFC 9110 {@code tchar} set, the characters of a method token. */
    private static final boolean[] TCHAR = new boolean[128];

    static {
        for (char c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[c - 'a' + 'A'] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
    }

    // Bounds of the fields of the line being parsed: value from[i] (inclusive) to to[i] (exclusive),
    // delimiters excluded; escaped[i] when a quoted value holds a backslash.
    private final int[] from = new int[MAX_FIELDS];
    private final int[] to = new int[MAX_FIELDS];
    private final boolean[] escaped = new boolean[MAX_FIELDS];
    private int fields;

    // The request line of the line being parsed, split by splitRequest.
    private String method;
    private String path;
    private String query;
    private String protocol;

    /**
     * Parses one log line (without its line terminator; a trailing {@code \r} is tolerated).
     *
     * @param line the line, not null
     * @return the record, a skip for a blank line, or a reject with its {@link Reject reason} and a detail naming the
     *     field
     */
    public Parsed<WebLogRecord> parse(String line) {
        Objects.requireNonNull(line, "line");
        int end = line.length();
        while (end > 0 && isLineSpace(line.charAt(end - 1))) {
            end--;
        }
        int start = 0;
        while (start < end && isLineSpace(line.charAt(start))) {
            start++;
        }
        if (start == end) {
            return Parsed.skip();
        }
        String shapeProblem = split(line, start, end);
        if (shapeProblem != null) {
            return Parsed.reject(Reject.MALFORMED, shapeProblem);
        }

        long time = parseTime(line, from[TIME], to[TIME]);
        if (time == INVALID) {
            return reject(Reject.BAD_TIME, line, TIME);
        }
        int status = parseStatus(line, from[STATUS], to[STATUS]);
        if (status < 0) {
            return reject(Reject.BAD_STATUS, line, STATUS);
        }
        Long bytes = null;
        if (!isDash(line, BYTES)) {
            long value = parseLong(line, from[BYTES], to[BYTES]);
            if (value == INVALID) {
                return reject(Reject.BAD_BYTES, line, BYTES);
            }
            bytes = value;
        }
        Long duration = null;
        if (fields > DURATION && !isDash(line, DURATION)) {
            long value = parseLong(line, from[DURATION], to[DURATION]);
            if (value == INVALID) {
                return reject(Reject.BAD_DURATION, line, DURATION);
            }
            duration = value;
        }

        splitRequest(quoted(line, REQUEST));
        String referer = quoted(line, REFERER);
        return Parsed.of(new WebLogRecord(
                line.substring(from[HOST], to[HOST]),
                bare(line, IDENT),
                bare(line, USER),
                time,
                method,
                path,
                query,
                protocol,
                status,
                bytes,
                referer,
                reverse(referer),
                quoted(line, USER_AGENT),
                quoted(line, COOKIE),
                duration));
    }

    /**
     * Finds the fields of {@code line[start, end)}, which starts and ends with a non-space, into {@link #from},
     * {@link #to}, {@link #escaped} and {@link #fields}.
     *
     * @return null, or why the line does not have the shape of the format
     */
    private String split(String line, int start, int end) {
        int n = 0;
        int i = start;
        int backslashAt = line.indexOf('\\', start); // most lines have none: their quoted fields end at the next quote
        while (true) {
            if (n == MAX_FIELDS) {
                return "text after the duration field: " + clip(line, i, end);
            }
            int close;
            switch (SHAPE[n]) {
                case BRACKETED:
                    if (line.charAt(i) != '[') {
                        return "the time field does not start with [: " + clip(line, i, end);
                    }
                    close = line.indexOf(']', i + 1);
                    if (close < 0) {
                        return "unclosed [ in the time field";
                    }
                    from[n] = i + 1;
                    to[n] = close;
                    escaped[n] = false;
                    i = close + 1;
                    break;
                case QUOTED:
                    if (line.charAt(i) != '"') {
                        return "the " + NAME[n] + " field is not quoted: " + clip(line, i, end);
                    }
                    boolean backslash = false;
                    if (backslashAt >= 0 && backslashAt <= i) {
                        backslashAt = line.indexOf('\\', i + 1);
                    }
                    close = line.indexOf('"', i + 1);
                    if (close < 0 || close > end) {
                        close = end;
                    } else if (backslashAt >= 0 && backslashAt < close) { // an escape inside: walk the field
                        close = i + 1;
                        while (close < end) {
                            char c = line.charAt(close);
                            if (c == '"') {
                                break;
                            }
                            if (c == '\\') {
                                backslash = true;
                                close += 2;
                            } else {
                                close++;
                            }
                        }
                    }
                    if (close >= end) {
                        return "unbalanced quote in the " + NAME[n] + " field";
                    }
                    from[n] = i + 1;
                    to[n] = close;
                    escaped[n] = backslash;
                    i = close + 1;
                    break;
                default:
                    close = line.indexOf(' ', i);
                    if (close < 0 || close > end) {
                        close = end;
                    }
                    from[n] = i;
                    to[n] = close;
                    escaped[n] = false;
                    i = close;
                    break;
            }
            n++;
            if (i == end) {
                break;
            }
            if (line.charAt(i) != ' ') {
                return "no space after the " + NAME[n - 1] + " field: " + clip(line, i, end);
            }
            while (line.charAt(i) == ' ') {
                i++; // stops before end: the line ends with a non-space
            }
        }
        fields = n;
        if (n < REQUIRED_FIELDS) {
            return n + " fields, at least " + REQUIRED_FIELDS + " expected";
        }
        return null;
    }

    /** Epoch milliseconds of {@code dd/MMM/yyyy:HH:mm:ss +hhmm} in {@code s[a, b)}, or {@link #INVALID}. */
    private static long parseTime(String s, int a, int b) {
        // 0         1         2
        // 01234567890123456789012345
        // 10/Oct/2000:13:55:36 -0700
        if (b - a != 26
                || s.charAt(a + 2) != '/'
                || s.charAt(a + 6) != '/'
                || s.charAt(a + 11) != ':'
                || s.charAt(a + 14) != ':'
                || s.charAt(a + 17) != ':'
                || s.charAt(a + 20) != ' ') {
            return INVALID;
        }
        int day = digits(s, a, 2);
        int month = month(s, a + 3);
        int year = digits(s, a + 7, 4);
        int hour = digits(s, a + 12, 2);
        int minute = digits(s, a + 15, 2);
        int second = digits(s, a + 18, 2);
        char sign = s.charAt(a + 21);
        int offsetHours = digits(s, a + 22, 2);
        int offsetMinutes = digits(s, a + 24, 2);
        if (month < 0
                || year < 0
                || day < 1
                || day > daysInMonth(year, month)
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59
                || (sign != '+' && sign != '-')
                || offsetHours < 0
                || offsetHours > 18
                || offsetMinutes < 0
                || offsetMinutes > 59) {
            return INVALID;
        }
        long offsetSeconds = (offsetHours * 60L + offsetMinutes) * 60L;
        long seconds = daysFromCivil(year, month, day) * SECONDS_PER_DAY
                + hour * 3600L
                + minute * 60L
                + second
                - (sign == '+' ? offsetSeconds : -offsetSeconds);
        return seconds * MILLIS_PER_SECOND;
    }

    /** Month 1..12 of the English abbreviation at {@code s[at, at + 3)}, any letter case; or -1. */
    private static int month(String s, int at) {
        int c0 = s.charAt(at) | 0x20;
        int c1 = s.charAt(at + 1) | 0x20;
        int c2 = s.charAt(at + 2) | 0x20;
        if (c0 > 'z' || c1 > 'z' || c2 > 'z') {
            return -1;
        }
        switch ((c0 << 16) | (c1 << 8) | c2) {
            case ('j' << 16) | ('a' << 8) | 'n':
                return 1;
            case ('f' << 16) | ('e' << 8) | 'b':
                return 2;
            case ('m' << 16) | ('a' << 8) | 'r':
                return 3;
            case ('a' << 16) | ('p' << 8) | 'r':
                return 4;
            case ('m' << 16) | ('a' << 8) | 'y':
                return 5;
            case ('j' << 16) | ('u' << 8) | 'n':
                return 6;
            case ('j' << 16) | ('u' << 8) | 'l':
                return 7;
            case ('a' << 16) | ('u' << 8) | 'g':
                return 8;
            case ('s' << 16) | ('e' << 8) | 'p':
                return 9;
            case ('o' << 16) | ('c' << 8) | 't':
                return 10;
            case ('n' << 16) | ('o' << 8) | 'v':
                return 11;
            case ('d' << 16) | ('e' << 8) | 'c':
                return 12;
            default:
                return -1;
        }
    }

    private static int daysInMonth(int year, int month) {
        switch (month) {
            case 2:
                boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
                return leap ? 29 : 28;
            case 4:
            case 6:
            case 9:
            case 11:
                return 30;
            default:
                return 31;
        }
    }

    /**
     * Days from 1970-01-01 to the given proleptic Gregorian date (H. Hinnant's {@code days_from_civil}); {@code month}
     * 1..12, {@code day} valid for the month.
     */
    static long daysFromCivil(int year, int month, int day) {
        int y = month <= 2 ? year - 1 : year;
        int era = Math.floorDiv(y, 400);
        int yearOfEra = y - era * 400;
        int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097L + dayOfEra - 719_468L;
    }

    /** The value of {@code count} ASCII digits at {@code s[at…]}, or -1 if one is not a digit. */
    private static int digits(String s, int at, int count) {
        int v = 0;
        for (int i = at; i < at + count; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    private static int parseStatus(String s, int a, int b) {
        return b - a == 3 ? digits(s, a, 3) : -1;
    }

    /** A non-empty run of ASCII digits in {@code s[a, b)} that fits a long, or {@link #INVALID}. */
    private static long parseLong(String s, int a, int b) {
        if (a == b) {
            return INVALID;
        }
        long v = 0;
        for (int i = a; i < b; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9 || v > (Long.MAX_VALUE - d) / 10) {
                return INVALID;
            }
            v = v * 10 + d;
        }
        return v;
    }

    private boolean isDash(String line, int field) {
        return to[field] - from[field] == 1 && line.charAt(from[field]) == '-';
    }

    /** A bare field, null for {@code -}. */
    private String bare(String line, int field) {
        return isDash(line, field) ? null : line.substring(from[field], to[field]);
    }

    /** A quoted field unescaped; null when missing, empty or {@code -}. */
    private String quoted(String line, int field) {
        if (field >= fields || from[field] == to[field] || isDash(line, field)) {
            return null;
        }
        return escaped[field] ? unescape(line, from[field], to[field]) : line.substring(from[field], to[field]);
    }

    /** {@code s[a, b)} with {@code \"} → {@code "} and {@code \\} → {@code \}; other text as is. */
    private static String unescape(String s, int a, int b) {
        StringBuilder out = new StringBuilder(b - a);
        for (int i = a; i < b; i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < b) {
                char next = s.charAt(i + 1);
                if (next == '"' || next == '\\') {
                    out.append(next);
                    i++;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Sets {@link #method}, {@link #path}, {@link #query} and {@link #protocol}; see the class doc. */
    private void splitRequest(String r) {
        method = null;
        path = null;
        query = null;
        protocol = null;
        if (r == null) {
            return;
        }
        int space = r.indexOf(' ');
        if (space <= 0) {
            return;
        }
        for (int i = 0; i < space; i++) {
            char c = r.charAt(i);
            if (c >= 128 || !TCHAR[c]) {
                return;
            }
        }
        int a = space + 1;
        int b = r.length();
        while (a < b && r.charAt(a) == ' ') {
            a++;
        }
        while (b > a && r.charAt(b - 1) == ' ') {
            b--;
        }
        if (a == b) {
            return;
        }
        String proto = null;
        int lastSpace = r.lastIndexOf(' ', b - 1);
        if (lastSpace >= a) {
            if (isProtocol(r, lastSpace + 1, b)) {
                proto = r.substring(lastSpace + 1, b);
                b = lastSpace;
                while (r.charAt(b - 1) == ' ') {
                    b--; // stops after a: r[a] is not a space
                }
            }
        } else if (isProtocol(r, a, b)) {
            return;
        }
        int question = r.indexOf('?', a);
        if (question >= 0 && question < b) {
            path = r.substring(a, question);
            query = r.substring(question + 1, b);
        } else {
            path = r.substring(a, b);
        }
        method = r.substring(0, space);
        protocol = proto;
    }

    /** {@code s[a, b)} is ASCII letters, {@code /}, a digit, then digits and dots: {@code HTTP/1.1}. */
    private static boolean isProtocol(String s, int a, int b) {
        int i = a;
        while (i < b && isAsciiLetter(s.charAt(i))) {
            i++;
        }
        if (i == a || i + 1 >= b || s.charAt(i) != '/' || !isDigit(s.charAt(i + 1))) {
            return false;
        }
        for (i += 2; i < b; i++) {
            char c = s.charAt(i);
            if (!isDigit(c) && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** The referer domain-reversed, or null when there is none or it cannot be reversed. */
    private static String reverse(String referer) {
        if (referer == null) {
            return null;
        }
        try {
            return ReversedDomain.reverse(referer);
        } catch (IllegalArgumentException notReversible) {
            return null;
        }
    }

    private Parsed<WebLogRecord> reject(Reject reason, String line, int field) {
        return Parsed.reject(reason, "bad " + NAME[field] + ": " + clip(line, from[field], to[field]));
    }

    /** {@code s[a, b)} in quotes, shortened to {@link #DETAIL_MAX} characters. */
    private static String clip(String s, int a, int b) {
        return b - a <= DETAIL_MAX ? "\"" + s.substring(a, b) + "\"" : "\"" + s.substring(a, a + DETAIL_MAX) + "\"…";
    }

    private static boolean isLineSpace(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
