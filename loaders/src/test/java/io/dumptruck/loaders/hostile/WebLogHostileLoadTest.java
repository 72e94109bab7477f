package io.dumptruck.loaders.hostile;

import static io.dumptruck.loaders.hostile.Corpus.FIVE_MB;
import static io.dumptruck.loaders.hostile.Corpus.TRUNCATED;
import static io.dumptruck.loaders.hostile.Corpus.junk;
import static io.dumptruck.loaders.hostile.Corpus.repeat;
import static io.dumptruck.loaders.hostile.HostileLoad.LOAD_TS;
import static io.dumptruck.loaders.hostile.HostileLoad.cell;
import static io.dumptruck.loaders.hostile.HostileLoad.hex;
import static io.dumptruck.loaders.hostile.HostileLoad.md5;
import static io.dumptruck.loaders.hostile.HostileLoad.text;
import static io.dumptruck.loaders.hostile.HostileLoad.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.weblogs.WebLogLoader;
import java.io.File;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web-log loader on one file of hostile access-log lines. {@code %h} is kept as written, so an IPv6 address with a
 * zone id is a client like any other. A request time before 1970 parses but cannot be a cell timestamp (HBase refuses
 * negative ones): the schema rejects it (SCHEMA); the year 3000 is an ordinary time and loads.
 */
class WebLogHostileLoadTest {
    @TempDir
    File tmp;

    /** A combined line with cookie and duration. */
    static String line(
            String client, String time, String request, String status, String bytes, String cookie, String duration) {
        return client + " - - [" + time + "] \"" + request + "\" " + status + " " + bytes
                + " \"http://www.Example.com/from\" \"UA/1.0\" \"" + cookie + "\" " + duration;
    }

    @Test
    void everyLogLineIsLoadedOrRejectedWithItsReason() throws Exception {
        String hugePath = "/" + repeat('p', FIVE_MB);
        String good = line("1.2.3.4", "10/Oct/2000:13:55:36 +0000", "GET /a?b=1 HTTP/1.1", "200", "23", "c1", "15");
        String zone = "fe80::1%eth0 - - [10/Oct/2000:13:55:37 +0000] \"GET /z HTTP/1.1\" 200 - \"-\" \"-\"";
        String future = line("1.2.3.5", "01/Jan/3000:00:00:00 +0000", "GET /future HTTP/1.1", "200", "1", "c3", "7");
        String big =
                line("1.2.3.6", "10/Oct/2000:13:55:38 +0000", "GET " + hugePath + " HTTP/1.1", "200", "1", "c4", "2");
        Corpus corpus = new Corpus("access.log")
                .loads("good line", good)
                .rejects("binary junk", "INVALID_UTF8", junk(3, 500))
                .loads("IPv6 client with a zone id", zone)
                .rejects(
                        "before 1970",
                        "SCHEMA",
                        line("1.2.3.4", "31/Dec/1969:23:59:59 +0000", "GET /old HTTP/1.1", "200", "1", "c2", "1"))
                .loads("year 3000", future)
                .rejects(
                        "NaN bytes",
                        "BAD_BYTES",
                        line("1.2.3.4", "10/Oct/2000:13:55:36 +0000", "GET / HTTP/1.1", "200", "NaN", "c5", "1"))
                .rejects(
                        "Infinity duration",
                        "BAD_DURATION",
                        line("1.2.3.4", "10/Oct/2000:13:55:36 +0000", "GET / HTTP/1.1", "200", "1", "c5", "Infinity"))
                .rejects(
                        "NaN status",
                        "BAD_STATUS",
                        line("1.2.3.4", "10/Oct/2000:13:55:36 +0000", "GET / HTTP/1.1", "NaN", "1", "c5", "1"))
                .rejects(
                        "day 99",
                        "BAD_TIME",
                        line("1.2.3.4", "99/Oct/2000:13:55:36 +0000", "GET / HTTP/1.1", "200", "1", "c5", "1"))
                .rejects("three fields", "MALFORMED", "1.2.3.4 - -")
                .rejects("twelve fields", "MALFORMED", good + " 99")
                .rejects(
                        "cut-off UTF-8 in the path",
                        "INVALID_UTF8",
                        "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET /caf",
                        TRUNCATED,
                        " HTTP/1.1\" 200 1 \"-\" \"-\" \"c6\" 1")
                .loads("5 MB path", big)
                .rejects(
                        "NUL in the cookie",
                        "SCHEMA",
                        line("1.2.3.4", "10/Oct/2000:13:55:36 +0000", "GET / HTTP/1.1", "200", "1", "c\0x", "1"))
                .rejects(
                        "cookie too long for a row key",
                        "SCHEMA",
                        line(
                                "1.2.3.4",
                                "10/Oct/2000:13:55:36 +0000",
                                "GET / HTTP/1.1",
                                "200",
                                "1",
                                repeat('k', 40_000),
                                "1"))
                .skips("blank", "")
                .rejects("more junk", "INVALID_UTF8", junk(4, 2000));

        HostileLoad load = HostileLoad.run(tmp, new WebLogLoader(), List.of(corpus.write(tmp)), Map.of(), 1);
        load.assertAccountedFor(corpus);
        String before1970 = load.reject(corpus, "before 1970").detail();
        assertTrue(before1970.contains("timestamp -1000"), before1970);
        assertTrue(
                load.reject(corpus, "NUL in the cookie").detail().contains("zero byte"),
                load.reject(corpus, "NUL in the cookie").detail());

        long t2000 = Instant.parse("2000-10-10T13:55:36Z").toEpochMilli();
        long t3000 = Instant.parse("3000-01-01T00:00:00Z").toEpochMilli();
        TreeSet<String> visits = new TreeSet<>();
        TreeSet<String> counts = new TreeSet<>();
        TreeSet<String> stats = new TreeSet<>();
        // visitor, time, raw line, path, query, reversed referer, status, duration, client, method
        Object[][] requests = {
            {"c1", t2000, good, "/a", "b=1", "com.example.www/from", "200", 15L, "1.2.3.4", "GET"},
            {"ip:fe80::1%eth0", t2000 + 1000, zone, "/z", null, null, "200", null, "fe80::1%eth0", "GET"},
            {"c3", t3000, future, "/future", null, "com.example.www/from", "200", 7L, "1.2.3.5", "GET"},
            {"c4", t2000 + 2000, big, hugePath, null, "com.example.www/from", "200", 2L, "1.2.3.6", "GET"}
        };
        for (Object[] r : requests) {
            String visitor = (String) r[0];
            long t = (long) r[1];
            String row = hex(visitKey(visitor, t, (String) r[2]));
            String[] names = {"u", "q", "r", "s", null, "i", "m"};
            Object[] values = {r[3], r[4], r[5], r[6], null, r[8], r[9]};
            for (int i = 0; i < names.length; i++) {
                if (names[i] != null && values[i] != null) {
                    visits.add(cell(row, "p", names[i], t, hex(utf8((String) values[i]))));
                }
            }
            if (r[7] != null) {
                visits.add(cell(
                        row,
                        "p",
                        "d",
                        t,
                        hex(ByteBuffer.allocate(8).putLong((long) r[7]).array())));
            }
            String path = (String) r[3];
            counts.add(cell(
                    text(visitor),
                    "u",
                    text(path),
                    LOAD_TS,
                    hex(ByteBuffer.allocate(8).putLong(1).array())));
            long dayStart = Math.floorDiv(t, 86_400_000L) * 86_400_000L;
            if (dayStart
                    >= System.currentTimeMillis()
                            - 90 * 86_400_000L) { // the daily family's default TTL: only the year 3000 line
                String day = java.time.LocalDate.ofEpochDay(dayStart / 86_400_000L)
                        .format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE);
                counts.add(cell(
                        text(visitor),
                        "d",
                        day,
                        dayStart,
                        hex(ByteBuffer.allocate(8).putLong(1).array())));
            }
            stats.add(cell(text(visitor), "c", "", 1, hex(utf8(path))));
            stats.add(cell(text(visitor), "r", "", t, hex(utf8(path))));
        }
        assertEquals(visits, load.cells("visits", HostileLoad::hex, HostileLoad::text, HostileLoad::hex));
        assertEquals(counts, load.cells("cookie_url_count", HostileLoad::text, HostileLoad::text, HostileLoad::hex));
        assertEquals(stats, load.cells("cookie_stats", HostileLoad::text, HostileLoad::text, HostileLoad::hex));
    }

    /** {@code UTF-8(visitor) ‖ 0x00 ‖ long(MAX - t) ‖ md5(line)[0..4)}. */
    private static byte[] visitKey(String visitor, long t, String line) {
        byte[] v = utf8(visitor);
        return ByteBuffer.allocate(v.length + 13)
                .put(v)
                .put((byte) 0)
                .putLong(Long.MAX_VALUE - t)
                .put(md5(line), 0, 4)
                .array();
    }
}
