package io.dumptruck.loaders.weblogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.weblogs.WebLogParser.Reject;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

// Expected times from Python:
//   int(datetime.strptime(s, '%d/%b/%Y:%H:%M:%S %z').timestamp() * 1000)
// Expected reversed referers from ReversedDomain's documented rules.
// In the Java literals below a log's \" is written \\\" and a log's \\ is written \\\\.
class WebLogParserTest {

    /** Fields 0–3 of a line whose later fields are under test; time 971211336000. */
    private static final String HEAD = "10.0.0.1 - - [10/Oct/2000:13:55:36 -0700] ";
    /** A valid request, status and size, to put before the optional fields under test. */
    private static final String CLF = HEAD + "\"GET / HTTP/1.1\" 200 5";

    private final WebLogParser parser = new WebLogParser();

    // ---- golden records --------------------------------------------------------------------------

    @Test
    void apacheDocumentationExample() {
        assertEquals(
                new WebLogRecord(
                        "127.0.0.1",
                        null,
                        "frank",
                        971211336000L,
                        "GET",
                        "/apache_pb.gif",
                        null,
                        "HTTP/1.0",
                        200,
                        2326L,
                        "http://www.example.com/start.html",
                        "com.example.www/start.html",
                        "Mozilla/4.08 [en] (Win98; I ;Nav)",
                        null,
                        null),
                record("127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200"
                        + " 2326 \"http://www.example.com/start.html\" \"Mozilla/4.08 [en] (Win98; I ;Nav)\""));
    }

    @Test
    void withCookieAndDuration() {
        WebLogRecord r = record("192.168.1.20 - - [01/Jan/2024:05:30:00 +0530]"
                + " \"POST /cart/add?item=42 HTTP/1.1\" 302 0 \"https://shop.example.org/item/42\""
                + " \"Mozilla/5.0 (X11; Linux x86_64)\" \"c7f3a9e0-11\" 18345");
        assertEquals(
                new WebLogRecord(
                        "192.168.1.20",
                        null,
                        null,
                        1704067200000L,
                        "POST",
                        "/cart/add",
                        "item=42",
                        "HTTP/1.1",
                        302,
                        0L,
                        "https://shop.example.org/item/42",
                        "org.example.shop/item/42",
                        "Mozilla/5.0 (X11; Linux x86_64)",
                        "c7f3a9e0-11",
                        18345L),
                r);
        assertEquals("c7f3a9e0-11", r.visitor());
    }

    @Test
    void ipv6ClientAndDashesEverywhere() {
        // 2001:db8::1 - - [31/Dec/2023:23:59:59 -0100] "GET / HTTP/1.1" 304 - "-" "-" "-" -
        WebLogRecord r = record(
                "2001:db8::1 - - [31/Dec/2023:23:59:59 -0100] \"GET / HTTP/1.1\" 304 -" + " \"-\" \"-\" \"-\" -");
        assertEquals(
                new WebLogRecord(
                        "2001:db8::1",
                        null,
                        null,
                        1704070799000L,
                        "GET",
                        "/",
                        null,
                        "HTTP/1.1",
                        304,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null),
                r);
        assertEquals("ip:2001:db8::1", r.visitor());
    }

    @Test
    void loopbackIpv6ClientAndIdent() {
        WebLogRecord r = record("::1 ident42 bob [29/Feb/2024:12:00:00 +0000] \"HEAD /health HTTP/1.0\""
                + " 200 - \"-\" \"check/1.0\" \"-\" 87");
        assertEquals(
                new WebLogRecord(
                        "::1",
                        "ident42",
                        "bob",
                        1709208000000L,
                        "HEAD",
                        "/health",
                        null,
                        "HTTP/1.0",
                        200,
                        null,
                        null,
                        null,
                        "check/1.0",
                        null,
                        87L),
                r);
        assertEquals("ip:::1", r.visitor());
    }

    @Test
    void commonLogFormatWithSevenFields() {
        assertEquals(
                new WebLogRecord(
                        "127.0.0.1",
                        null,
                        "frank",
                        971211336000L,
                        "GET",
                        "/apache_pb.gif",
                        null,
                        "HTTP/1.0",
                        200,
                        2326L,
                        null,
                        null,
                        null,
                        null,
                        null),
                record("127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\"" + " 200 2326"));
    }

    @Test
    void trailingFieldsMayStopAfterAnyOne() {
        WebLogRecord referer = record(CLF + " \"http://a.example/\"");
        assertEquals("example.a/", referer.refererReversed());
        assertNull(referer.userAgent());

        WebLogRecord agent = record(CLF + " \"-\" \"UA/1\"");
        assertEquals("UA/1", agent.userAgent());
        assertNull(agent.cookie());
        assertNull(agent.durationMicros());

        WebLogRecord cookie = record(CLF + " \"-\" \"UA/1\" \"v1\"");
        assertEquals("v1", cookie.cookie());
        assertNull(cookie.durationMicros());

        WebLogRecord duration = record(CLF + " \"-\" \"UA/1\" \"v1\" 9223372036854775807");
        assertEquals(Long.MAX_VALUE, duration.durationMicros());
        assertEquals(5L, duration.bytes());
    }

    @Test
    void escapedQuotesAndBackslashesAreUnescaped() {
        // ... "GET /search?q=\"a b\" HTTP/1.1" 200 5 "-" "Bot \"X\" C:\\dir\\" "id\"1" 3
        WebLogRecord r = record(HEAD + "\"GET /search?q=\\\"a b\\\" HTTP/1.1\" 200 5 \"-\""
                + " \"Bot \\\"X\\\" C:\\\\dir\\\\\" \"id\\\"1\" 3");
        assertEquals("GET", r.method());
        assertEquals("/search", r.path());
        assertEquals("q=\"a b\"", r.query());
        assertEquals("HTTP/1.1", r.protocol());
        assertEquals("Bot \"X\" C:\\dir\\", r.userAgent());
        assertEquals("id\"1", r.cookie());
        assertEquals(3L, r.durationMicros());
    }

    @Test
    void otherBackslashSequencesAreKeptAsWritten() {
        // ... "GET /caf\xc3\xa9 HTTP/1.1" 200 5 "-" "a\tb"
        WebLogRecord r = record(HEAD + "\"GET /caf\\xc3\\xa9 HTTP/1.1\" 200 5 \"-\" \"a\\tb\"");
        assertEquals("/caf\\xc3\\xa9", r.path());
        assertEquals("a\\tb", r.userAgent());
    }

    @Test
    void utf8InThePathIsKept() {
        WebLogRecord r = record(HEAD + "\"GET /café/日本語?q=ü HTTP/1.1\" 200 5");
        assertEquals("/café/日本語", r.path());
        assertEquals("q=ü", r.query());
    }

    @Test
    void emptyQuotedFieldsAreAbsent() {
        WebLogRecord r = record(CLF + " \"\" \"\" \"\" -");
        assertNull(r.referer());
        assertNull(r.refererReversed());
        assertNull(r.userAgent());
        assertNull(r.cookie());
        assertNull(r.durationMicros());
        assertEquals("ip:10.0.0.1", r.visitor());
    }

    @Test
    void visitorIsTheCookieElseTheClientAddress() {
        assertEquals("abc", record(CLF + " \"-\" \"-\" \"abc\"").visitor());
        assertEquals("ip:10.0.0.1", record(CLF + " \"-\" \"-\" \"-\"").visitor());
        assertEquals("ip:10.0.0.1", record(CLF).visitor());
    }

    @Test
    void crlfAndSurroundingWhiteSpaceAreIgnored() {
        assertEquals(record(CLF), record(CLF + "\r"));
        assertEquals(record(CLF), record("  " + CLF + " \t\r\n"));
    }

    @Test
    void runsOfSpacesSeparateFields() {
        WebLogRecord r = record("10.0.0.1  -  -  [10/Oct/2000:13:55:36 -0700]  \"GET / HTTP/1.1\"  200  5");
        assertEquals(record(CLF), r);
    }

    // ---- time ------------------------------------------------------------------------------------

    @Test
    void timeZoneOffsetsAreHonoured() {
        assertEquals(1704067200000L, time("01/Jan/2024:00:00:00 +0000"));
        assertEquals(1704067200000L, time("01/Jan/2024:05:30:00 +0530"));
        assertEquals(1704070799000L, time("31/Dec/2023:23:59:59 -0100"));
        assertEquals(1615745350000L, time("15/Mar/2021:08:09:10 +1400"));
        assertEquals(1615838950000L, time("15/Mar/2021:08:09:10 -1200"));
        assertEquals(971117796000L, time("10/Oct/2000:13:55:36 +1859"));
    }

    @Test
    void calendarEdges() {
        assertEquals(951782400000L, time("29/Feb/2000:00:00:00 +0000"));
        assertEquals(1709208000000L, time("29/Feb/2024:12:00:00 +0000"));
        assertEquals(-1000L, time("31/Dec/1969:23:59:59 +0000"));
        assertEquals(-62135596800000L, time("01/Jan/0001:00:00:00 +0000"));
        assertEquals(253402300799000L, time("31/Dec/9999:23:59:59 +0000"));
    }

    @Test
    void monthNamesInAnyCase() {
        assertEquals(971211336000L, time("10/oct/2000:13:55:36 -0700"));
        assertEquals(971211336000L, time("10/OCT/2000:13:55:36 -0700"));
    }

    @Test
    void everyDayOfTwoCenturiesMatchesJavaTime() {
        DateTimeFormatter apache = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH);
        ZoneOffset[] offsets = {
            ZoneOffset.UTC,
            ZoneOffset.ofHoursMinutes(-7, 0),
            ZoneOffset.ofHoursMinutes(5, 45),
            ZoneOffset.ofHoursMinutes(-9, -30),
            ZoneOffset.ofHours(14)
        };
        int i = 0;
        for (LocalDate d = LocalDate.of(1900, 1, 1); d.getYear() < 2100; d = d.plusDays(1), i++) {
            ZonedDateTime t = d.atTime(i % 24, i % 60, (i * 7) % 60).atZone(offsets[i % offsets.length]);
            assertEquals(t.toInstant().toEpochMilli(), time(apache.format(t)), apache.format(t));
        }
    }

    @Test
    void badTimes() {
        String[] bad = {
            "10/Foo/2000:13:55:36 -0700", // no such month
            "10/Okt/2000:13:55:36 -0700", // not English
            "32/Oct/2000:13:55:36 -0700", // day out of range
            "00/Oct/2000:13:55:36 -0700",
            "31/Apr/2000:13:55:36 -0700", // April has 30 days
            "29/Feb/2023:13:55:36 -0700", // not a leap year
            "29/Feb/1900:13:55:36 -0700", // century, not a leap year
            "10/Oct/2000:24:00:00 -0700", // hour
            "10/Oct/2000:13:60:36 -0700", // minute
            "10/Oct/2000:13:55:60 -0700", // second
            "10/Oct/2000:13:55:36 0700", // no sign
            "10/Oct/2000:13:55:36 *0700",
            "10/Oct/2000:13:55:36 -07:00",
            "10/Oct/2000:13:55:36 +1900", // offset beyond ±18:59
            "10/Oct/2000:13:55:36 -0760",
            "10/Oct/2000:13:55:36", // no offset
            "1/Oct/2000:13:55:36 -0700", // one-digit day
            "10/Oct/00:13:55:36 -0700", // two-digit year
            "10/Oct/2000 13:55:36 -0700",
            "10/Oct/2000:13:55:36  -0700",
            "10/Oct/2000:13:55:3x -0700",
            "2000-10-10T13:55:36Z",
            "",
        };
        for (String t : bad) {
            assertRejected(Reject.BAD_TIME, "1.2.3.4 - - [" + t + "] \"GET / HTTP/1.1\" 200 5");
        }
    }

    // ---- request line ----------------------------------------------------------------------------

    @Test
    void queryStrings() {
        assertRequest("GET", "/a", "b=1&c=2", "HTTP/1.1", "GET /a?b=1&c=2 HTTP/1.1");
        assertRequest("GET", "/a", "", "HTTP/1.1", "GET /a? HTTP/1.1");
        assertRequest("GET", "/a", "b?c", "HTTP/1.1", "GET /a?b?c HTTP/1.1");
        assertRequest("GET", "", "x=1", "HTTP/1.1", "GET ?x=1 HTTP/1.1");
    }

    @Test
    void requestLineThatIsNoRequestKeepsTheLine() {
        assertNoRequest("-");
        assertNoRequest("");
        assertNoRequest("GET"); // a single token
        assertNoRequest("\\x16\\x03\\x01"); // TLS hello, as Apache escapes it
        assertNoRequest("\\x16\\x03\\x01\\x02\\x00 \\x01\\x00"); // junk with a space
        assertNoRequest("GET HTTP/1.1"); // no target
        assertNoRequest("G(T /a HTTP/1.1"); // not a method token
        assertNoRequest(" /a HTTP/1.1"); // no method
        assertNoRequest("GET    "); // method and spaces only
    }

    @Test
    void requestWithoutProtocolIsHttp09() {
        assertRequest("GET", "/a", null, null, "GET /a");
        assertRequest("GET", "/a", "b=1", null, "GET /a?b=1");
        assertRequest("GET", "/a b", null, null, "GET /a b");
    }

    @Test
    void requestLineVariants() {
        assertRequest("OPTIONS", "*", null, "HTTP/1.1", "OPTIONS * HTTP/1.1");
        assertRequest("GET", "/a", null, "HTTP/2", "GET /a HTTP/2");
        assertRequest("GET", "/a", null, "HTTP/2.0", "GET  /a   HTTP/2.0 ");
        assertRequest("GET", "/a b", null, "HTTP/1.1", "GET /a b HTTP/1.1"); // space in target
        assertRequest("get", "/a", null, "HTTP/1.1", "get /a HTTP/1.1"); // case as written
        assertRequest("CONNECT", "example.com:443", null, "HTTP/1.1", "CONNECT example.com:443 HTTP/1.1");
        assertRequest("GET", "http://x.example/a", "b", "HTTP/1.0", "GET http://x.example/a?b HTTP/1.0");
        assertRequest("GET", "/a HTTP/", null, null, "GET /a HTTP/"); // not a protocol
    }

    // ---- referer ---------------------------------------------------------------------------------

    @Test
    void refererIsDomainReversed() {
        WebLogRecord r = record(CLF + " \"http://www.Example.com:8080/a?b=1\"");
        assertEquals("http://www.Example.com:8080/a?b=1", r.referer());
        assertEquals("com.example.www:8080/a?b=1", r.refererReversed());
        assertEquals(
                "com.example.www/x",
                record(CLF + " \"https://www.example.com:443/x#frag\"").refererReversed());
    }

    @Test
    void unreversibleRefererKeepsTheLine() {
        String[] referers = {"about:blank", "http:///x", "http://a..b/", "http://x.example:99999/"};
        for (String referer : referers) {
            WebLogRecord r = record(CLF + " \"" + referer + "\" \"UA\"");
            assertEquals(referer, r.referer());
            assertNull(r.refererReversed(), referer);
            assertEquals("UA", r.userAgent());
        }
    }

    @Test
    void reversibilityIsReversedDomainsCall() {
        // ReversedDomain takes a URL without scheme and any RFC 3986 scheme, so these are reversed.
        assertEquals("x.com", record(CLF + " \"android-app://com.x\"").refererReversed());
        assertEquals("junk", record(CLF + " \"junk\"").refererReversed());
    }

    // ---- rejects ---------------------------------------------------------------------------------

    @Test
    void badStatus() {
        for (String s : new String[] {"abc", "-", "20", "2000", "2x0", "+20"}) {
            assertRejected(Reject.BAD_STATUS, HEAD + "\"GET / HTTP/1.1\" " + s + " 5");
        }
    }

    @Test
    void badBytes() {
        for (String b : new String[] {"12a", "-1", "1.5", "--", "9223372036854775808", "0x10"}) {
            assertRejected(Reject.BAD_BYTES, HEAD + "\"GET / HTTP/1.1\" 200 " + b);
        }
        assertEquals(
                Long.MAX_VALUE,
                record(HEAD + "\"GET / HTTP/1.1\" 200 9223372036854775807").bytes());
        assertEquals(0L, record(HEAD + "\"GET / HTTP/1.1\" 200 000").bytes());
    }

    @Test
    void badDuration() {
        for (String d : new String[] {"fast", "-5", "1e3", "12.5", "99999999999999999999"}) {
            assertRejected(Reject.BAD_DURATION, CLF + " \"-\" \"-\" \"-\" " + d);
        }
    }

    @Test
    void unbalancedQuotes() {
        assertRejected(Reject.MALFORMED, HEAD + "\"GET / HTTP/1.1 200 5");
        assertRejected(Reject.MALFORMED, CLF + " \"-\" \"Mozilla/5.0 (X11");
        assertRejected(Reject.MALFORMED, CLF + " \"-\" \"UA\" \"cookie");
        // ... "ends in \"       the last quote is escaped
        assertRejected(Reject.MALFORMED, CLF + " \"-\" \"ends in \\\"");
        // ... "GET /a" b" 200 5  a quote closes early and text follows it
        assertRejected(Reject.MALFORMED, HEAD + "\"GET /a\" b\" 200 5");
    }

    @Test
    void tooFewFields() {
        assertRejected(Reject.MALFORMED, HEAD + "\"GET / HTTP/1.1\" 200");
        assertRejected(Reject.MALFORMED, "10.0.0.1 - - [10/Oct/2000:13:55:36 -0700]");
        assertRejected(Reject.MALFORMED, "hello");
        assertRejected(Reject.MALFORMED, "#Fields: date time");
    }

    @Test
    void fieldsOfTheWrongShape() {
        // time without brackets, or unclosed
        assertRejected(Reject.MALFORMED, "10.0.0.1 - - 10/Oct/2000:13:55:36 \"GET / HTTP/1.1\" 200 5 x");
        assertRejected(Reject.MALFORMED, "10.0.0.1 - - [10/Oct/2000:13:55:36 -0700 \"GET / HTTP/1.1\" 200 5");
        // request not quoted
        assertRejected(Reject.MALFORMED, HEAD + "GET / HTTP/1.1 200 5");
        // referer not quoted
        assertRejected(Reject.MALFORMED, CLF + " - \"UA\"");
        // text glued to a closing quote or bracket
        assertRejected(Reject.MALFORMED, HEAD + "\"GET / HTTP/1.1\"200 5");
        assertRejected(Reject.MALFORMED, "10.0.0.1 - - [10/Oct/2000:13:55:36 -0700]\"GET / HTTP/1.1\" 200 5");
        // a bare value where the cookie's quotes belong
        assertRejected(Reject.MALFORMED, CLF + " \"-\" \"-\" -");
    }

    @Test
    void trailingGarbageAfterTheDurationIsMalformed() {
        assertRejected(Reject.MALFORMED, CLF + " \"-\" \"-\" \"c\" 15 extra");
        assertRejected(Reject.MALFORMED, CLF + " \"-\" \"-\" \"c\" 15 \"more\"");
        assertRejected(Reject.MALFORMED, CLF + " \"-\" \"-\" \"c\" - -");
    }

    @Test
    void shapeIsCheckedBeforeValuesAndValuesLeftToRight() {
        // bad time, bad status, bad bytes, bad duration and an extra field: the shape wins
        assertRejected(Reject.MALFORMED, "1.2.3.4 - - [x] \"GET\" abc def \"-\" \"-\" \"-\" ghi extra");
        // then the first bad value from the left
        assertRejected(Reject.BAD_TIME, "1.2.3.4 - - [x] \"GET\" abc def \"-\" \"-\" \"-\" ghi");
        assertRejected(Reject.BAD_STATUS, HEAD + "\"GET\" abc def \"-\" \"-\" \"-\" ghi");
        assertRejected(Reject.BAD_BYTES, HEAD + "\"GET\" 200 def \"-\" \"-\" \"-\" ghi");
    }

    @Test
    void rejectDetailsNameTheFieldAndValue() {
        assertEquals(
                "bad time: \"10/Foo/2000:13:55:36 -0700\"",
                parser.parse("1.2.3.4 - - [10/Foo/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5")
                        .detail());
        assertEquals(
                "bad status: \"abc\"", parser.parse(HEAD + "\"GET /\" abc 5").detail());
        assertEquals(
                "bad bytes: \"12a\"", parser.parse(HEAD + "\"GET /\" 200 12a").detail());
        assertEquals(
                "bad duration: \"fast\"",
                parser.parse(CLF + " \"-\" \"-\" \"-\" fast").detail());
        assertEquals(
                "6 fields, at least 7 expected",
                parser.parse(HEAD + "\"GET / HTTP/1.1\" 200").detail());
        assertEquals(
                "unbalanced quote in the user agent field",
                parser.parse(CLF + " \"-\" \"Mozilla/5.0 (X11").detail());
        assertEquals(
                "text after the duration field: \"extra\"",
                parser.parse(CLF + " \"-\" \"-\" \"c\" 15 extra").detail());
    }

    @Test
    void blankLinesAreSkipped() {
        assertTrue(parser.parse("").isSkip());
        assertTrue(parser.parse("   ").isSkip());
        assertTrue(parser.parse(" \t\r").isSkip());
    }

    // ---- one parser, many lines ------------------------------------------------------------------

    @Test
    void nothingCarriesOverFromThePreviousLine() {
        record(HEAD + "\"GET /a?b HTTP/1.1\" 200 5 \"http://r.example/\" \"UA\" \"c\" 7");
        WebLogRecord r = record(HEAD + "\"-\" 400 -");
        assertEquals(
                new WebLogRecord(
                        "10.0.0.1",
                        null,
                        null,
                        971211336000L,
                        null,
                        null,
                        null,
                        null,
                        400,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null),
                r);
    }

    @Test
    void neverThrowsOnMangledLines() {
        String good = "2001:db8::1 - u [10/Oct/2000:13:55:36 -0700] \"GET /a?b=\\\"1\\\" HTTP/1.1\" 200 5"
                + " \"http://x.example:8080/r\" \"UA \\\\ x\" \"c\" 42";
        String alphabet = " \"\\[]-?/:0a\u00e9\u65e5";
        Random random = new Random(20001010L);
        int records = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder b = new StringBuilder(good);
            for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
                int at = random.nextInt(b.length() + 1);
                switch (random.nextInt(3)) {
                    case 0:
                        b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                        break;
                    case 1:
                        if (at < b.length()) {
                            b.deleteCharAt(at);
                        }
                        break;
                    default:
                        b.setLength(at);
                        break;
                }
            }
            Parsed<WebLogRecord> p = parser.parse(b.toString());
            assertTrue(p.isRecord() || p.isReject() || p.isSkip());
            records += p.isRecord() ? 1 : 0;
        }
        assertTrue(records > 0);
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private WebLogRecord record(String line) {
        Parsed<WebLogRecord> p = parser.parse(line);
        assertTrue(p.isRecord(), () -> line + " → " + p);
        return p.record();
    }

    private void assertRejected(Reject reason, String line) {
        Parsed<WebLogRecord> p = parser.parse(line);
        assertEquals(reason, p.reason(), () -> line + " → " + p);
    }

    private long time(String apacheTime) {
        return record("1.2.3.4 - - [" + apacheTime + "] \"GET / HTTP/1.1\" 200 5")
                .time();
    }

    /** {@code request} is the log text between the quotes of {@code %r}. */
    private void assertRequest(String method, String path, String query, String protocol, String request) {
        WebLogRecord r = record(HEAD + "\"" + request + "\" 200 5");
        assertEquals(method, r.method(), request);
        assertEquals(path, r.path(), request);
        assertEquals(query, r.query(), request);
        assertEquals(protocol, r.protocol(), request);
    }

    private void assertNoRequest(String request) {
        WebLogRecord r = record(HEAD + "\"" + request + "\" 400 226");
        assertNull(r.method(), request);
        assertNull(r.path(), request);
        assertNull(r.query(), request);
        assertNull(r.protocol(), request);
        assertEquals(400, r.status());
        assertEquals(971211336000L, r.time());
    }
}
