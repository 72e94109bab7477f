package io.dumptruck.loaders.hostile;

import static io.dumptruck.loaders.hostile.Corpus.FIVE_MB;
import static io.dumptruck.loaders.hostile.Corpus.OVERLONG;
import static io.dumptruck.loaders.hostile.Corpus.junk;
import static io.dumptruck.loaders.hostile.Corpus.repeat;
import static io.dumptruck.loaders.hostile.HostileLoad.LOAD_TS;
import static io.dumptruck.loaders.hostile.HostileLoad.cell;
import static io.dumptruck.loaders.hostile.HostileLoad.hex;
import static io.dumptruck.loaders.hostile.HostileLoad.md5;
import static io.dumptruck.loaders.hostile.HostileLoad.text;
import static io.dumptruck.loaders.hostile.HostileLoad.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dumptruck.loaders.events.EventLoader;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The event loader on one file of hostile event lines, under each row-key layout: the same records load and the same
 * are rejected whatever the layout. Times must lie in [1970, 2500) (EventParser), so both a negative time and the year
 * 3000 are BAD_TIME. The numeric layout's first pass lists host and event names: it must see exactly the names of the
 * records the load keeps, so that log_types holds ids 1..n with no gap for a line the load rejects (invalid UTF-8, a
 * name too long for a row key).
 */
class EventHostileLoadTest {
    static final long LAST_MS_BEFORE_2500 = 16_725_225_599_999L;

    @TempDir
    File tmp;

    @ParameterizedTest
    @ValueSource(strings = {"bucketed", "host-first", "hashed", "numeric"})
    void everyEventLineIsLoadedOrRejectedWithItsReason(String layout) throws Exception {
        String hugeValue = repeat('v', FIVE_MB);
        Corpus corpus = new Corpus("events.tsv")
                .loads("good line", "web-01\t1000\tcpu\t0.5")
                .rejects("binary junk", "INVALID_UTF8", junk(5, 700))
                .rejects(
                        "a good line but for one byte",
                        "INVALID_UTF8",
                        "aaa-ghost",
                        new byte[] {(byte) 0xFF},
                        "\t1001\tcpu\t1")
                .rejects("an overlong event name", "INVALID_UTF8", "web-01\t1001\tc", OVERLONG, "\t1")
                .rejects("before 1970", "BAD_TIME", "web-01\t-1\tcpu\t1")
                .rejects("year 3000", "BAD_TIME", "web-01\t32503680000000\tcpu\t1")
                .loads("last millisecond before 2500", "web-01\t" + LAST_MS_BEFORE_2500 + "\tcpu\tlast")
                .rejects("NaN time", "BAD_TIME", "web-01\tNaN\tcpu\t1")
                .rejects("Infinity time", "BAD_TIME", "web-01\tInfinity\tcpu\t1")
                .loads("NaN as a value is text", "db-01\t1002\tmem\tNaN")
                .rejects("three columns", "WRONG_FIELD_COUNT", "web-01\t1000\tcpu")
                .rejects("five columns", "WRONG_FIELD_COUNT", "web-01\t1000\tcpu\t1\t2")
                .rejects("NUL in the host", "BAD_NAME", "we\0b\t1000\tcpu\t1")
                .loads("5 MB value", "db-01\t1003\tblob\t" + hugeValue)
                .rejects("host too long for a row key", "BAD_NAME", "zzz-" + repeat('h', 40_000) + "\t1004\tcpu\t1")
                .rejects("empty host", "EMPTY_NAME", "\t1000\tcpu\t1")
                .skips("comment", "# host\ttime\tevent\tvalue")
                .rejects("more junk", "INVALID_UTF8", junk(6, 1500));

        HostileLoad load = HostileLoad.run(
                tmp, new EventLoader(), List.of(corpus.write(tmp)), Map.of("layout", layout, "buckets", "4"), 2);
        load.assertAccountedFor(corpus);

        // ids 1..n per kind in UTF-8 name order, over the names of loaded records only
        Map<String, Long> hostIds = Map.of("db-01", 1L, "web-01", 2L);
        Map<String, Long> eventIds = Map.of("blob", 1L, "cpu", 2L, "mem", 3L);
        String[][] events = {
            {"web-01", "1000", "cpu", "0.5"},
            {"web-01", String.valueOf(LAST_MS_BEFORE_2500), "cpu", "last"},
            {"db-01", "1002", "mem", "NaN"},
            {"db-01", "1003", "blob", hugeValue}
        };
        TreeSet<String> expected = new TreeSet<>();
        for (String[] e : events) {
            long t = Long.parseLong(e[1]);
            byte[] host = utf8(e[0]);
            byte[] event = utf8(e[2]);
            ByteBuffer key = ByteBuffer.allocate(64);
            switch (layout) {
                case "bucketed" ->
                    key.put((byte) (t % 4)).putLong(t).put(host).put((byte) 0).put(event);
                case "host-first" ->
                    key.put(host).put((byte) 0).put(event).put((byte) 0).putLong(Long.MAX_VALUE - t);
                case "hashed" -> key.put(md5(host)).put(md5(event)).putLong(t);
                default ->
                    key.putLong(hostIds.get(e[0])).putLong(eventIds.get(e[2])).putLong(t);
            }
            String row = hex(java.util.Arrays.copyOf(key.array(), key.position()));
            expected.add(cell(row, "d", "v", t, text(e[3])));
            if (layout.equals("hashed") || layout.equals("numeric")) {
                expected.add(cell(row, "d", "h", t, e[0]));
                expected.add(cell(row, "d", "e", t, e[2]));
            }
        }
        assertEquals(expected, load.cells("log_data", HostileLoad::hex, HostileLoad::text, HostileLoad::text));
        if (layout.equals("numeric")) {
            TreeSet<String> types = new TreeSet<>();
            hostIds.forEach((h, id) -> types.add(cell(hex(utf8("h" + h)), "i", "id", LOAD_TS, hexLong(id))));
            eventIds.forEach((e, id) -> types.add(cell(hex(utf8("e" + e)), "i", "id", LOAD_TS, hexLong(id))));
            types.add(cell("0068", "i", "max", LOAD_TS, hexLong(2L)));
            types.add(cell("0065", "i", "max", LOAD_TS, hexLong(3L)));
            assertEquals(types, load.cells("log_types", HostileLoad::hex, HostileLoad::text, HostileLoad::hex));
        }
    }

    private static String hexLong(long v) {
        return hex(ByteBuffer.allocate(8).putLong(v).array());
    }
}
