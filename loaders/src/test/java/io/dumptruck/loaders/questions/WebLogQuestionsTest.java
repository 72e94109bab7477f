package io.dumptruck.loaders.questions;

import static io.dumptruck.loaders.questions.TableFiles.BYTES;
import static io.dumptruck.loaders.questions.TableFiles.JSON;
import static io.dumptruck.loaders.questions.TableFiles.concat;
import static io.dumptruck.loaders.questions.TableFiles.longBytes;
import static io.dumptruck.loaders.questions.TableFiles.md5;
import static io.dumptruck.loaders.questions.TableFiles.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code visits} and {@code daily} against an oracle of raw requests: {@code visits} rows of UTF-8(visitor) ‖ 0x00 ‖
 * revts(t) ‖ md5(line)[0..4) — requests of one millisecond, exact duplicate lines, visitors that are prefixes of
 * others, views missing their method or path —, {@code cookie_stats} with older versions of {@code c:} under the
 * newest, and {@code cookie_url_count}'s daily counts over month, year and leap-day boundaries.
 */
class WebLogQuestionsTest {
    static final long T0 = 1_709_164_799_000L; // 2024-02-28T23:59:59Z
    static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    /** One request: visitor, time, its line, what the visits row keeps. */
    record Request(String visitor, long time, String line, String method, String path, String status) {}

    @Provide
    Arbitrary<List<String>> words() {
        return Gen.word().list().ofMinSize(1).ofMaxSize(6);
    }

    @Provide
    Arbitrary<Long> limits() {
        return Gen.limits();
    }

    @Property(tries = 25)
    void visitsListsTheViewsNewestFirstAndTheMostRequestedPage(
            @ForAll("words") List<String> base,
            @ForAll("words") List<String> suffixes,
            @ForAll long seed,
            @ForAll("limits") long limit)
            throws Exception {
        Random r = new Random(seed);
        List<String> visitors = Gen.ids(base, suffixes, r);
        long[] times = {T0, T0 + 1, T0 + 1, T0 + 86_400_000L, 1_000L, 0L};
        List<Request> requests = new ArrayList<>();
        for (String v : visitors) {
            int n = r.nextInt(limit == 1 ? 4 : 9);
            for (int i = 0; i < n; i++) {
                if (i > 0 && r.nextInt(6) == 0) { // the same line twice: one row
                    requests.add(requests.get(requests.size() - 1));
                    continue;
                }
                long t = times[r.nextInt(times.length)];
                String path = r.nextInt(5) == 0 ? null : "/" + Gen.TOKENS.get(r.nextInt(Gen.TOKENS.size())) + i;
                String method = r.nextInt(5) == 0
                        ? null
                        : List.of("GET", "POST", "HEAD").get(r.nextInt(3));
                String status = String.valueOf(List.of(200, 304, 404, 500, 0).get(r.nextInt(5)));
                String line = v + " " + t + " " + method + " " + path + " " + status + " " + r.nextLong();
                requests.add(new Request(v, t, line, method, path, status));
            }
        }
        try (TableFiles files = new TableFiles()) {
            TableFiles.Table visits = files.table("visits", "p");
            TableFiles.Table stats = files.table("cookie_stats", "c", "r");
            Map<List<Object>, Request> rows = new LinkedHashMap<>();
            for (Request q : requests) {
                rows.put(List.of(q.visitor(), q.time(), q.line()), q);
            }
            for (Request q : rows.values()) {
                byte[] row = key(q);
                put(visits, row, "u", q.path(), q.time());
                put(visits, row, "s", q.status(), q.time());
                put(visits, row, "m", q.method(), q.time());
                put(visits, row, "q", r.nextBoolean() ? "a=1&b=" + q.line().length() : null, q.time());
                put(visits, row, "r", "com.example.www/" + q.visitor(), q.time());
                put(visits, row, "i", "10.0.0." + r.nextInt(256), q.time());
                visits.put(row, "p", utf8("d"), q.time(), longBytes(r.nextInt(1_000_000)));
            }
            // cookie_stats: c: the most requested path, its count as the timestamp; older (smaller) counts under it
            Map<String, Object[]> top = new HashMap<>();
            for (String v : visitors) {
                if (r.nextInt(4) == 0) {
                    continue;
                }
                long count = 1 + r.nextInt(40);
                String path = "/top/" + v;
                top.put(v, new Object[] {path, count});
                stats.put(utf8(v), "c", new byte[0], count, utf8(path));
                if (count > 1 && r.nextBoolean()) {
                    stats.put(utf8(v), "c", new byte[0], count - 1, utf8("/older/" + v));
                }
                stats.put(utf8(v), "r", new byte[0], T0, utf8(path));
            }
            files.write();

            List<String> asked = Gen.sample(visitors, 6, r);
            asked.addAll(Gen.sample(Gen.near(visitors, r), 3, r));
            for (String v : asked) {
                List<Request> mine = new ArrayList<>();
                rows.values().stream().filter(q -> q.visitor().equals(v)).forEach(mine::add);
                mine.sort(Comparator.comparing((Request q) -> key(q), BYTES));
                ObjectNode expected = JSON.createObjectNode().put("visitor", v);
                ArrayNode views = expected.putArray("views");
                mine.stream()
                        .limit(limit)
                        .forEach(q -> views.addObject()
                                .put("time", DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(q.time())))
                                .put("epochMs", q.time())
                                .put("method", q.method())
                                .put("path", q.path())
                                .put("status", q.status()));
                Object[] t = top.get(v);
                if (t == null) {
                    expected.putNull("mostRequested");
                } else {
                    expected.putObject("mostRequested")
                            .put("path", (String) t[0])
                            .put("requests", (Long) t[1]);
                }
                TableFiles.Asking a = files.ask("visits", List.of(v), limit);
                String what = "visits '" + v + "' --limit " + limit;
                TableFiles.assertAnswer(expected, a.answer(), what);
                assertEquals(1, a.reads().gets(), what + ": gets");
                assertEquals(1, a.reads().scans(), what + ": scans");
            }
        }
    }

    /** The visits row of a request, as docs/tables.md lays it out. */
    static byte[] key(Request q) {
        return concat(
                utf8(q.visitor()),
                new byte[] {0},
                longBytes(Long.MAX_VALUE - q.time()),
                Arrays.copyOf(md5(q.line()), 4));
    }

    private static void put(TableFiles.Table t, byte[] row, String qualifier, String value, long ts) {
        if (value != null) {
            t.put(row, "p", utf8(qualifier), ts, utf8(value));
        }
    }

    @Property(tries = 25)
    void dailyCountsTheDaysToTheGivenOrNewestDay(
            @ForAll("words") List<String> base, @ForAll("words") List<String> suffixes, @ForAll long seed)
            throws Exception {
        Random r = new Random(seed);
        List<String> visitors = Gen.ids(base, suffixes, r);
        LocalDate first = LocalDate.of(2023, 12, 20);
        Map<String, TreeMap<LocalDate, Long>> counts = new HashMap<>();
        try (TableFiles files = new TableFiles()) {
            TableFiles.Table table = files.table("cookie_url_count", "d", "u");
            for (String v : visitors) {
                TreeMap<LocalDate, Long> days = new TreeMap<>();
                int n = r.nextInt(8);
                for (int i = 0; i < n; i++) {
                    days.put(first.plusDays(r.nextInt(90)), 1L + r.nextInt(1000));
                }
                if (r.nextInt(8) == 0) {
                    days.put(LocalDate.of(1999, 12, 31), 7L); // an old day: the newest is found by date, not by time
                }
                counts.put(v, days);
                days.forEach((d, c) -> table.put(
                        utf8(v),
                        "d",
                        utf8(d.format(DAY)),
                        d.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli(),
                        longBytes(c)));
                if (r.nextBoolean()) { // the per-path counters of the same row are another family
                    table.put(utf8(v), "u", utf8("/zzzz"), T0, longBytes(3));
                }
            }
            files.write();

            List<String> asked = Gen.sample(visitors, 5, r);
            asked.addAll(Gen.sample(Gen.near(visitors, r), 2, r));
            for (String v : asked) {
                TreeMap<LocalDate, Long> days = counts.getOrDefault(v, new TreeMap<>());
                Map<String, String> options = new LinkedHashMap<>();
                int n = 7;
                if (r.nextBoolean()) {
                    n = 1 + r.nextInt(40);
                    options.put("days", String.valueOf(n));
                }
                LocalDate last = days.isEmpty() ? null : days.lastKey();
                switch (r.nextInt(3)) {
                    case 0 -> {
                        last = first.plusDays(r.nextInt(100) - 5);
                        options.put("to", last.format(DAY));
                    }
                    case 1 -> {
                        if (!days.isEmpty()) {
                            last = days.firstKey();
                            options.put("to", last.format(DAY));
                        }
                    }
                    default -> {}
                }
                ObjectNode expected = JSON.createObjectNode().put("visitor", v);
                ArrayNode list = JSON.createArrayNode();
                long total = 0;
                if (last != null) {
                    for (int i = n - 1; i >= 0; i--) {
                        LocalDate d = last.minusDays(i);
                        long c = days.getOrDefault(d, 0L);
                        total += c;
                        list.addObject().put("day", d.format(DAY)).put("views", c);
                    }
                }
                expected.put("total", total).set("days", list);
                TableFiles.Asking a = files.ask("daily", List.of(v), options, Set.of(), 20);
                String what = "daily '" + v + "' " + options;
                TableFiles.assertAnswer(expected, a.answer(), what);
                assertEquals(1, a.reads().gets(), what + ": gets");
                assertEquals(0, a.reads().scans(), what + ": scans");
            }
        }
    }
}
