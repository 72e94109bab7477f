package io.dumptruck.loaders.questions;

import static io.dumptruck.loaders.questions.TableFiles.BY_UTF8;
import static io.dumptruck.loaders.questions.TableFiles.JSON;
import static io.dumptruck.loaders.questions.TableFiles.concat;
import static io.dumptruck.loaders.questions.TableFiles.longBytes;
import static io.dumptruck.loaders.questions.TableFiles.md5;
import static io.dumptruck.loaders.questions.TableFiles.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code events} and {@code window} against an oracle of raw events, over the four {@code log_data} layouts of
 * docs/tables.md written cell by cell: hosts and event types that are prefixes of one another or differ in case, many
 * events of one millisecond, records of the same cell (the greatest value kept), ranges cut at their ends. The layout
 * is the table's spec's ({@code writtenBy}: layout and bucket count — also when its regions no longer are one per
 * bucket, as a load matched to a live table records them) or {@code --layout} for a table without one.
 */
class EventQuestionsTest {
    static final List<String> EVENTS = List.of("get", "get2", "GET", "g", "é", "e\u0301", "😀", "\uFFFD");

    record Event(String host, long time, String event, String value) {}

    /** What the table's _spec.json says. */
    enum Spec {
        NONE,
        EVENTS,
        EVENTS_LIVE_REGIONS
    }

    @Provide
    Arbitrary<List<String>> words() {
        return Gen.word().list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<Long> limits() {
        return Gen.limits();
    }

    @Provide
    Arbitrary<String> layouts() {
        return net.jqwik.api.Arbitraries.of("bucketed", "host-first", "hashed", "numeric");
    }

    static final Comparator<Event> ORDER = Comparator.comparingLong(Event::time)
            .thenComparing(Event::host, BY_UTF8)
            .thenComparing(Event::event, BY_UTF8);

    @Property(tries = 40)
    void eventsAndWindowListTheRangeOldestFirst(
            @ForAll("words") List<String> base,
            @ForAll("words") List<String> suffixes,
            @ForAll("layouts") String layout,
            @ForAll Spec spec,
            @ForAll long seed,
            @ForAll("limits") long limit)
            throws Exception {
        Random r = new Random(seed);
        List<String> hosts = Gen.ids(base, suffixes, r);
        int buckets = List.of(1, 2, 3, 16, 7).get(r.nextInt(5));
        long[] times = {0, 1, 5, 1_000, 1_000, 1_001, 86_400_000, 1L << 40, (1L << 40) + 1, 1_700_000_000_000L};
        // the same (host, event, time) is one cell: the greatest value stays
        Map<List<Object>, String> cells = new LinkedHashMap<>();
        int n = r.nextInt(60);
        for (int i = 0; i < n; i++) {
            String host = hosts.get(r.nextInt(hosts.size()));
            String event = EVENTS.get(r.nextInt(EVENTS.size()));
            long t = times[r.nextInt(times.length)];
            String value = r.nextInt(10) == 0 ? Gen.longText(r) : String.valueOf(r.nextInt(5)) + Gen.TOKENS.get(i % 7);
            cells.merge(List.of(host, event, t), value, (a, b) -> BY_UTF8.compare(a, b) >= 0 ? a : b);
        }
        List<Event> all = new ArrayList<>();
        cells.forEach((k, v) -> all.add(new Event((String) k.get(0), (Long) k.get(2), (String) k.get(1), v)));

        try (TableFiles files = new TableFiles()) {
            TableFiles.Table data = files.table("log_data", "d");
            Map<String, Long> ids = new HashMap<>(); // numeric: 'h'/'e' ‖ name → id, in no particular order
            long nextId = 1 + r.nextInt(3);
            for (Event e : all) {
                for (String name : List.of("h" + e.host(), "e" + e.event())) {
                    if (!ids.containsKey(name)) {
                        ids.put(name, nextId);
                        nextId += 1 + r.nextInt(2);
                    }
                }
            }
            for (Event e : all) {
                byte[] row = switch (layout) {
                    case "bucketed" ->
                        concat(
                                new byte[] {(byte) (e.time() % buckets)},
                                longBytes(e.time()),
                                utf8(e.host()),
                                new byte[] {0},
                                utf8(e.event()));
                    case "host-first" ->
                        concat(
                                utf8(e.host()),
                                new byte[] {0},
                                utf8(e.event()),
                                new byte[] {0},
                                longBytes(Long.MAX_VALUE - e.time()));
                    case "hashed" -> concat(md5(e.host()), md5(e.event()), longBytes(e.time()));
                    default ->
                        concat(
                                longBytes(ids.get("h" + e.host())),
                                longBytes(ids.get("e" + e.event())),
                                longBytes(e.time()));
                };
                data.put(row, "d", utf8("v"), e.time(), utf8(e.value()));
                if (layout.equals("hashed") || layout.equals("numeric")) {
                    data.put(row, "d", utf8("h"), e.time(), utf8(e.host()));
                    data.put(row, "d", utf8("e"), e.time(), utf8(e.event()));
                }
            }
            if (layout.equals("numeric")) {
                TableFiles.Table types = files.table("log_types", "i");
                ids.forEach((name, id) -> types.put(utf8(name), "i", utf8("id"), 1, longBytes(id)));
                types.put(new byte[] {0, 'h'}, "i", utf8("max"), 1, longBytes(nextId));
                types.put(new byte[] {0, 'e'}, "i", utf8("max"), 1, longBytes(nextId));
            }
            Map<String, String> layoutOption = new LinkedHashMap<>();
            int scansOfBuckets = 256; // a table without a spec: every bucket a key byte can name
            if (spec == Spec.NONE) {
                layoutOption.put("layout", layout);
            } else {
                scansOfBuckets = buckets;
                Map<String, String> options = new LinkedHashMap<>();
                if (!layout.equals("bucketed") || r.nextBoolean()) {
                    options.put("layout", layout);
                }
                if (buckets != 16 || r.nextBoolean()) {
                    options.put("buckets", String.valueOf(buckets));
                }
                Map<String, Object> regions = layout.equals("bucketed")
                        ? Map.of("kind", "salted", "count", buckets)
                        : Map.of("kind", "uniform", "count", 4);
                if (spec == Spec.EVENTS_LIVE_REGIONS) {
                    List<String> points = new ArrayList<>();
                    int splits = r.nextInt(buckets + 3);
                    for (int i = 1; i <= splits; i++) {
                        points.add(String.format("\\x%02X", Math.min(255, i * 255 / (splits + 1))));
                    }
                    regions = Map.of(
                            "kind",
                            "explicit",
                            "splitPoints",
                            points.stream().distinct().toList());
                }
                data.spec(JSON.writeValueAsString(Map.of(
                        "name",
                        "log_data",
                        "families",
                        List.of(Map.of("name", "d")),
                        "regions",
                        regions,
                        "writtenBy",
                        Map.of("loader", "events", "options", options))));
                if (r.nextInt(3) == 0) {
                    layoutOption.put("layout", layout); // the same as the spec's: changes nothing
                }
            }
            files.write();

            List<String> asked = Gen.sample(hosts, 4, r);
            asked.addAll(Gen.sample(Gen.near(hosts, r), 2, r));
            for (int i = 0; i < asked.size() + 3; i++) {
                String host = i < asked.size() ? asked.get(i) : null; // null: the window question
                long from = Math.max(0, times[r.nextInt(times.length)] + r.nextInt(3) - 1);
                long to = r.nextInt(5) == 0
                        ? Long.MAX_VALUE
                        : from + List.of(1L, 2L, 1_000L, 1L << 41).get(r.nextInt(4));
                String event = r.nextInt(4) == 0 ? null : EVENTS.get(r.nextInt(EVENTS.size()));
                Map<String, String> options = new LinkedHashMap<>(layoutOption);
                options.put("from", String.valueOf(from));
                options.put("to", String.valueOf(to));
                if (event != null) {
                    options.put("event", event);
                }
                String question = host == null ? "window" : "events";
                List<String> args = host == null ? List.of() : List.of(host);
                String what = question + " " + args + " " + options + " --limit " + limit;
                if (host != null && event == null && (layout.equals("hashed") || layout.equals("numeric"))) {
                    IllegalArgumentException e = assertThrows(
                            IllegalArgumentException.class, () -> files.ask(question, args, options, Set.of(), limit));
                    assertTrue(e.getMessage().contains("--event"), what + ": names --event: " + e.getMessage());
                    continue;
                }
                List<Event> found = new ArrayList<>();
                for (Event e : all) {
                    if ((host == null || e.host().equals(host))
                            && (event == null || e.event().equals(event))
                            && e.time() >= from
                            && e.time() < to) {
                        found.add(e);
                    }
                }
                found.sort(ORDER);
                int scans;
                if (layout.equals("bucketed")) {
                    scans = scansOfBuckets;
                } else if (layout.equals("numeric")
                        && host != null
                        && (!ids.containsKey("h" + host) || !ids.containsKey("e" + event))) {
                    scans = 0; // no id in log_types: nothing to scan
                } else {
                    scans = 1;
                }
                ObjectNode expected = JSON.createObjectNode();
                if (host != null) {
                    expected.put("host", host);
                }
                expected.put("event", event)
                        .put("from", from)
                        .put("to", to)
                        .put("layout", layout)
                        .put("scans", scans)
                        .put("count", found.size());
                ArrayNode list = expected.putArray("events");
                found.stream()
                        .limit(limit)
                        .forEach(e -> list.addObject()
                                .put("time", DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(e.time())))
                                .put("epochMs", e.time())
                                .put("host", e.host())
                                .put("event", e.event())
                                .put("value", e.value()));
                TableFiles.Asking a = files.ask(question, args, options, Set.of(), limit);
                TableFiles.assertAnswer(expected, a.answer(), what);
                assertEquals(scans, a.reads().scans(), what + ": scans");
                // numeric: the host's and the event's ids, two gets in log_types first
                assertEquals(
                        layout.equals("numeric") && host != null ? 2 : 0,
                        a.reads().gets(),
                        what + ": gets");
            }
        }
    }
}
