package io.dumptruck.loaders.questions;

import static io.dumptruck.loaders.questions.TableFiles.BYTES;
import static io.dumptruck.loaders.questions.TableFiles.BY_UTF8;
import static io.dumptruck.loaders.questions.TableFiles.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.LoadTesting;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.Question;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.fs.Path;

/**
 * The second oracle: the real loaders run on generated raw lines (a few tries, each load takes seconds), and every
 * question's answer checked against what the raw lines say — so the loaders' cells and the questions' reading of them
 * agree with each other and with the docs.
 */
class LoadedQuestionsTest {
    static final long LOAD_TS = LoadTesting.LOAD_TS;

    /** The questions asked of a load's output. */
    record Output(LoadTesting.Loaded loaded) {
        TableFiles.Asking ask(String question, List<String> args, Map<String, String> options, long limit)
                throws Exception {
            Question q = LoaderCatalog.questions().get(question);
            try (Asked asked = q.ask(
                    args,
                    options,
                    Set.of(),
                    limit,
                    t -> TableReader.open(loaded.conf(), new Path(loaded.output(), t)))) {
                Answer a = q.answer(asked);
                return new TableFiles.Asking(TableFiles.normal(a.json()), asked.reads());
            }
        }
    }

    static File tmp(String name) throws Exception {
        return Files.createTempDirectory("questions-" + name).toFile();
    }

    /** Ids for lines: the adversarial tokens (no tab, line break or '#' at the start). */
    static List<String> ids(Random r, int n) {
        List<String> base = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder b = new StringBuilder();
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                b.append(Gen.TOKENS.get(r.nextInt(Gen.TOKENS.size())));
            }
            base.add(b.toString());
        }
        List<String> suffixes = List.of("x", "😀", "A");
        return Gen.ids(base, suffixes, r);
    }

    record Edge(String from, String to, long time) {}

    /**
     * The graph load (follows, followed_by, adjacency, adjacency_ro), then an unfollows load whose delete markers are
     * bulk-loaded into the same tables (their files put next to the first load's).
     */
    @Property(tries = 1)
    void graphLoadAnswersAsItsLinesSay(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<String> users = ids(r, 6);
        long[] times = {1_000, 1_001, LOAD_TS};
        List<Edge> follows = new ArrayList<>();
        List<Edge> unfollows = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            follows.add(new Edge(
                    users.get(r.nextInt(users.size())),
                    users.get(r.nextInt(i % 3 == 0 ? 1 : users.size())),
                    times[r.nextInt(times.length)]));
        }
        // a line of one user following itself is rejected (SELF_EDGE): the oracle leaves it out
        List<Edge> loadedFollows =
                follows.stream().filter(e -> !e.from().equals(e.to())).toList();
        for (Edge e : follows) {
            if (r.nextInt(4) == 0) {
                unfollows.add(new Edge(e.from(), e.to(), times[r.nextInt(times.length)]));
            }
        }
        File a = tmp("graph");
        File b = tmp("unfollows");
        try {
            LoadTesting.Loaded loaded = LoadTesting.load(
                    a,
                    new io.dumptruck.loaders.graph.GraphLoader(),
                    lines(follows),
                    Map.of("layouts", "edges,adjacency,adjacency-ro"),
                    2);
            LoadTesting.Loaded deletes = LoadTesting.load(
                    b,
                    new io.dumptruck.loaders.graph.GraphLoader(),
                    lines(unfollows),
                    Map.of("layouts", "edges,adjacency", "edges", "unfollows"),
                    2);
            for (String table : List.of("follows", "followed_by", "adjacency")) {
                File from = new File(deletes.output().toString(), table);
                File to = new File(loaded.output().toString(), table);
                for (File family : from.listFiles(File::isDirectory)) {
                    for (File f : family.listFiles(
                            f -> !f.getName().startsWith(".") && !f.getName().startsWith("_"))) {
                        FileUtils.copyFile(f, new File(new File(to, family.getName()), "u" + f.getName()));
                    }
                }
            }
            Output out = new Output(loaded);
            Map<List<String>, Long> newestFollow = new HashMap<>();
            Map<List<String>, Long> newestUnfollow = new HashMap<>();
            loadedFollows.forEach(e -> newestFollow.merge(List.of(e.from(), e.to()), e.time(), Math::max));
            unfollows.forEach(e -> newestUnfollow.merge(List.of(e.from(), e.to()), e.time(), Math::max));
            Set<List<String>> standing = new LinkedHashSet<>();
            newestFollow.forEach((edge, t) -> {
                if (t > newestUnfollow.getOrDefault(edge, Long.MIN_VALUE)) {
                    standing.add(edge);
                }
            });
            long limit = 1 + r.nextInt(4);
            List<String> asked = new ArrayList<>(users);
            asked.add(users.get(0) + "x-nobody");
            for (String u : asked) {
                List<String> followed = new ArrayList<>();
                List<String> followers = new ArrayList<>();
                standing.forEach(e -> {
                    if (e.get(0).equals(u)) {
                        followed.add(e.get(1));
                    }
                    if (e.get(1).equals(u)) {
                        followers.add(e.get(0));
                    }
                });
                followed.sort(Comparator.comparing(TableFiles::md5, BYTES));
                followers.sort(Comparator.comparing(TableFiles::md5, BYTES));
                ObjectNode expected = JSON.createObjectNode().put("user", u);
                GraphQuestionsTest.fill(expected.putArray("follows"), followed, limit);
                check(out, "follows", List.of(u), limit, expected);
                expected = JSON.createObjectNode().put("user", u);
                GraphQuestionsTest.fill(expected.putArray("followers"), followers, limit);
                check(out, "followers", List.of(u), limit, expected);
                followed.sort(BY_UTF8);
                expected = JSON.createObjectNode().put("user", u).put("count", followed.size());
                GraphQuestionsTest.fill(expected.putArray("follows"), followed, limit);
                check(out, "adjacency", List.of(u), limit, expected);
                // adjacency_ro holds the first load's lists: an unfollow changes it only folding into a live table
                List<String> listed = new ArrayList<>(new java.util.TreeSet<>(BY_UTF8) {
                    {
                        loadedFollows.stream().filter(e -> e.from().equals(u)).forEach(e -> add(e.to()));
                    }
                });
                expected = JSON.createObjectNode().put("user", u).put("count", listed.size());
                GraphQuestionsTest.fill(expected.putArray("follows"), listed, limit);
                check(out, "adjacency-ro", List.of(u), limit, expected);
                for (String other : users) {
                    expected = JSON.createObjectNode()
                            .put("user", u)
                            .put("other", other)
                            .put("follows", standing.contains(List.of(u, other)));
                    check(out, "follows", List.of(u, other), limit, expected);
                }
            }
        } finally {
            FileUtils.deleteQuietly(a);
            FileUtils.deleteQuietly(b);
        }
    }

    /** The titles load: autocomplete of typed prefixes against the top ten of the raw lines. */
    @Property(tries = 1)
    void titlesLoadAnswersAsItsLinesSay(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        // a title written with _ before a Σ: listed with a space, it is found typed either way
        List<String> raws = new ArrayList<>(List.of("new_Σ🚚"));
        List<String> lines = new ArrayList<>(List.of("new_Σ🚚\t100"));
        List<Double> ranks = new ArrayList<>(List.of(100.0));
        for (int i = 0; i < 40; i++) {
            StringBuilder t = new StringBuilder(i % 2 == 0 ? "new_" : "New ");
            for (int k = r.nextInt(4); k >= 0; k--) {
                t.append(TitleQuestionsTest.PIECES.get(r.nextInt(TitleQuestionsTest.PIECES.size())));
            }
            String raw = i > 0 && r.nextInt(8) == 0 ? raws.get(r.nextInt(raws.size())) : t.toString();
            double rank = r.nextInt(4) * 1.5;
            raws.add(raw);
            ranks.add(rank);
            lines.add(raw + "\t" + (rank == Math.rint(rank) ? String.valueOf((long) rank) : String.valueOf(rank)));
        }
        File dir = tmp("titles");
        try {
            Output out = new Output(LoadTesting.load(
                    dir, new io.dumptruck.loaders.titles.TitleLoader(), lines, Map.of("max-prefix", "6"), 1));
            // the oracle: every title under each of its normalized prefixes (3..6 code points), best rank first, ties
            // by the title's code points, a title once (its best rank), ten a prefix
            List<String[]> shown = new ArrayList<>();
            for (int i = 0; i < raws.size(); i++) {
                shown.add(new String[] {raws.get(i).replace('_', ' '), String.valueOf(ranks.get(i))});
            }
            shown.sort(Comparator.<String[]>comparingDouble(t -> -Double.parseDouble(t[1]))
                    .thenComparing(t -> t[0], BY_UTF8));
            long limit = List.of(1L, 3L, 20L).get(r.nextInt(3));
            List<String> typedPrefixes = new ArrayList<>(List.of("new_Σ", "NEW Σ", "new σ🚚"));
            typedPrefixes.addAll(TitleQuestionsTest.typed(raws, r));
            for (String typed : typedPrefixes) {
                String n = TitleQuestionsTest.normalize(typed);
                int[] cps = n.codePoints().toArray();
                List<String> expected = new ArrayList<>();
                if (cps.length >= 3) {
                    String key = new String(cps, 0, Math.min(6, cps.length)); // longer: filtered by the whole
                    List<String> row = new ArrayList<>();
                    for (String[] t : shown) {
                        if (TitleQuestionsTest.normalize(t[0]).startsWith(key) && !row.contains(t[0])) {
                            row.add(t[0]);
                        }
                    }
                    row.stream()
                            .limit(10)
                            .filter(t -> TitleQuestionsTest.normalize(t).startsWith(n))
                            .forEach(expected::add);
                }
                ObjectNode answer = JSON.createObjectNode().put("prefix", typed);
                GraphQuestionsTest.fill(answer.putArray("titles"), expected, limit);
                check(out, "autocomplete", List.of(typed), limit, answer);
            }
        } finally {
            FileUtils.deleteQuietly(dir);
        }
    }

    /** The web log load (daily counts kept forever): visits and daily of each visitor against the raw lines. */
    @Property(tries = 1)
    void webLogLoadAnswersAsItsLinesSay(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<String> visitors =
                new ArrayList<>(ids(r, 4).stream().filter(v -> !v.equals("-")).toList());
        java.time.format.DateTimeFormatter clf =
                java.time.format.DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", java.util.Locale.ENGLISH);
        long t0 = 1_709_164_790_000L; // 2024-02-28T23:59:50Z: requests on both sides of a leap day
        List<String> lines = new ArrayList<>();
        List<WebLogQuestionsTest.Request> requests = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            if (i > 0 && r.nextInt(8) == 0) { // the same line again: one visits row, counted twice
                lines.add(lines.get(lines.size() - 1));
                requests.add(requests.get(requests.size() - 1));
                continue;
            }
            boolean cookie = r.nextInt(10) > 0;
            String client = "10.0.0." + r.nextInt(3);
            String visitor = cookie ? visitors.get(r.nextInt(visitors.size())) : "ip:" + client;
            long t = t0
                    + 1000L
                            * List.of(0, 0, 1, 9, 86_400, 2 * 86_400, 40 * 86_400)
                                    .get(r.nextInt(7));
            boolean request = r.nextInt(8) > 0;
            String method = List.of("GET", "POST").get(r.nextInt(2));
            String path = "/" + List.of("a", "b", "é", "😀", "a/b").get(r.nextInt(5));
            String status = List.of("200", "404", "304").get(r.nextInt(3));
            String line = client + " - - ["
                    + clf.format(java.time.Instant.ofEpochMilli(t).atZone(java.time.ZoneOffset.UTC))
                    + "] \"" + (request ? method + " " + path + "?q=" + i + " HTTP/1.1" : "-") + "\" " + status
                    + " 512 \"http://www.Example.com/r\" \"UA\" \"" + (cookie ? visitor : "-") + "\" "
                    + r.nextInt(5000);
            lines.add(line);
            requests.add(new WebLogQuestionsTest.Request(
                    visitor, t, line, request ? method : null, request ? path : null, status));
        }
        File dir = tmp("weblogs");
        try {
            Output out = new Output(LoadTesting.load(
                    dir, new io.dumptruck.loaders.weblogs.WebLogLoader(), lines, Map.of("daily", "forever"), 1));
            long limit = List.of(1L, 2L, 20L).get(r.nextInt(3));
            java.util.Set<String> asked = new java.util.TreeSet<>(visitors);
            requests.forEach(q -> asked.add(q.visitor()));
            asked.add("ip:10.0.0.9");
            for (String v : asked) {
                // visits: one row a distinct line, newest first, ties by md5(line)[0..4)
                Map<String, WebLogQuestionsTest.Request> rows = new java.util.LinkedHashMap<>();
                requests.stream().filter(q -> q.visitor().equals(v)).forEach(q -> rows.put(q.line(), q));
                List<WebLogQuestionsTest.Request> views = new ArrayList<>(rows.values());
                views.sort(Comparator.comparing(WebLogQuestionsTest::key, BYTES));
                ObjectNode expected = JSON.createObjectNode().put("visitor", v);
                var list = expected.putArray("views");
                views.stream()
                        .limit(limit)
                        .forEach(q -> list.addObject()
                                .put(
                                        "time",
                                        java.time.Instant.ofEpochMilli(q.time()).toString())
                                .put("epochMs", q.time())
                                .put("method", q.method())
                                .put("path", q.path())
                                .put("status", q.status()));
                // the most requested path: every line with a path counts, duplicates too; a tie goes to the smallest
                java.util.TreeMap<String, Long> perPath = new java.util.TreeMap<>(BY_UTF8);
                requests.stream()
                        .filter(q -> q.visitor().equals(v) && q.path() != null)
                        .forEach(q -> perPath.merge(q.path(), 1L, Long::sum));
                String top = null;
                for (Map.Entry<String, Long> e : perPath.entrySet()) {
                    if (top == null || e.getValue() > perPath.get(top)) {
                        top = e.getKey();
                    }
                }
                if (top == null) {
                    expected.putNull("mostRequested");
                } else {
                    expected.putObject("mostRequested").put("path", top).put("requests", perPath.get(top));
                }
                check(out, "visits", List.of(v), limit, expected);

                // daily: requests with a path per UTC day, the days to the newest
                java.util.TreeMap<java.time.LocalDate, Long> perDay = new java.util.TreeMap<>();
                requests.stream()
                        .filter(q -> q.visitor().equals(v) && q.path() != null)
                        .forEach(q -> perDay.merge(
                                java.time.Instant.ofEpochMilli(q.time())
                                        .atZone(java.time.ZoneOffset.UTC)
                                        .toLocalDate(),
                                1L,
                                Long::sum));
                int days = 1 + r.nextInt(10);
                expected = JSON.createObjectNode().put("visitor", v);
                var dayList = JSON.createArrayNode();
                long total = 0;
                if (!perDay.isEmpty()) {
                    for (int i = days - 1; i >= 0; i--) {
                        java.time.LocalDate d = perDay.lastKey().minusDays(i);
                        long c = perDay.getOrDefault(d, 0L);
                        total += c;
                        dayList.addObject()
                                .put("day", d.format(WebLogQuestionsTest.DAY))
                                .put("views", c);
                    }
                }
                expected.put("total", total).set("days", dayList);
                check(out, "daily", List.of(v), Map.of("days", String.valueOf(days)), limit, expected);
            }
        } finally {
            FileUtils.deleteQuietly(dir);
        }
    }

    /** The events load in one layout (of the four, by the seed): events and window against the raw lines. */
    @Property(tries = 1)
    void eventsLoadAnswersAsItsLinesSay(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        String layout = List.of("bucketed", "host-first", "hashed", "numeric").get(r.nextInt(4));
        int buckets = 1 + r.nextInt(5);
        List<String> hosts = ids(r, 3);
        long[] times = {0, 1_000, 1_000, 1_001, 1_700_000_000_000L};
        List<String> lines = new ArrayList<>();
        Map<List<Object>, String> cells = new java.util.LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            String host = hosts.get(r.nextInt(hosts.size()));
            String event = EventQuestionsTest.EVENTS.get(r.nextInt(EventQuestionsTest.EVENTS.size()));
            long t = times[r.nextInt(times.length)];
            String value = r.nextInt(3) + Gen.TOKENS.get(r.nextInt(Gen.TOKENS.size()));
            lines.add(host + "\t" + t + "\t" + event + "\t" + value);
            // the same (host, event, time) is one cell: the greatest value in unsigned byte order stays
            cells.merge(List.of(host, event, t), value, (a, b) -> BY_UTF8.compare(a, b) >= 0 ? a : b);
        }
        List<EventQuestionsTest.Event> all = new ArrayList<>();
        cells.forEach((k, v) ->
                all.add(new EventQuestionsTest.Event((String) k.get(0), (Long) k.get(2), (String) k.get(1), v)));
        File dir = tmp("events");
        try {
            Output out = new Output(LoadTesting.load(
                    dir,
                    new io.dumptruck.loaders.events.EventLoader(),
                    lines,
                    Map.of("layout", layout, "buckets", String.valueOf(buckets)),
                    1));
            long limit = List.of(1L, 3L, 20L).get(r.nextInt(3));
            List<String> asked = new ArrayList<>(hosts);
            asked.add(null); // the window question
            asked.add(hosts.get(0) + "x");
            for (String host : asked) {
                for (int k = 0; k < 3; k++) {
                    long from = times[r.nextInt(times.length)];
                    long to = k == 0 ? Long.MAX_VALUE : from + 1 + r.nextInt(2);
                    String event = host != null && (layout.equals("hashed") || layout.equals("numeric")) || k > 0
                            ? EventQuestionsTest.EVENTS.get(r.nextInt(EventQuestionsTest.EVENTS.size()))
                            : null;
                    List<EventQuestionsTest.Event> found = new ArrayList<>();
                    for (EventQuestionsTest.Event e : all) {
                        if ((host == null || e.host().equals(host))
                                && (event == null || e.event().equals(event))
                                && e.time() >= from
                                && e.time() < to) {
                            found.add(e);
                        }
                    }
                    found.sort(EventQuestionsTest.ORDER);
                    Map<String, String> options = new java.util.LinkedHashMap<>();
                    options.put("from", String.valueOf(from));
                    options.put("to", String.valueOf(to));
                    if (event != null) {
                        options.put("event", event);
                    }
                    TableFiles.Asking a = out.ask(
                            host == null ? "window" : "events",
                            host == null ? List.of() : List.of(host),
                            options,
                            limit);
                    ObjectNode expected = JSON.createObjectNode();
                    if (host != null) {
                        expected.put("host", host);
                    }
                    expected.put("event", event)
                            .put("from", from)
                            .put("to", to)
                            .put("layout", layout)
                            .put("scans", a.answer().path("scans").asInt()) // the scans: the direct test's business
                            .put("count", found.size());
                    var list = expected.putArray("events");
                    found.stream()
                            .limit(limit)
                            .forEach(e -> list.addObject()
                                    .put(
                                            "time",
                                            java.time.Instant.ofEpochMilli(e.time())
                                                    .toString())
                                    .put("epochMs", e.time())
                                    .put("host", e.host())
                                    .put("event", e.event())
                                    .put("value", e.value()));
                    TableFiles.assertAnswer(
                            expected,
                            a.answer(),
                            layout + " " + (host == null ? "window" : "events " + host) + " " + options + " --limit "
                                    + limit);
                    if (layout.equals("bucketed")) {
                        assertEquals(buckets, a.reads().scans(), "one scan a bucket");
                    }
                }
            }
        } finally {
            FileUtils.deleteQuietly(dir);
        }
    }

    /** The IP blocks load: the country of addresses at and around every block's ends. */
    @Property(tries = 1)
    void ipBlocksLoadAnswersAsItsLinesSay(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<IpQuestionsTest.Block> blocks = new ArrayList<>(IpQuestionsTest.blocks(4, r));
        blocks.addAll(IpQuestionsTest.blocks(6, r));
        List<String> lines = new ArrayList<>();
        // a country is two ASCII letters, stored upper-cased: the others are rejected (BAD_COUNTRY)
        blocks.removeIf(b -> !b.country().matches("[A-Z]{2}"));
        for (IpQuestionsTest.Block b : blocks) {
            String country = r.nextBoolean() ? b.country() : b.country().toLowerCase(java.util.Locale.ROOT);
            lines.add(IpQuestionsTest.texts(b.version(), b.start(), r).get(0) + ","
                    + IpQuestionsTest.texts(b.version(), b.end(), r).get(0) + "," + country);
        }
        lines.add("network,country"); // a header line: skipped
        File dir = tmp("ipblocks");
        try {
            Output out = new Output(
                    LoadTesting.load(dir, new io.dumptruck.loaders.ipblocks.IpBlockLoader(), lines, Map.of(), 1));
            for (IpQuestionsTest.Block asked : blocks) {
                for (java.math.BigInteger v : List.of(
                        asked.start(),
                        asked.end(),
                        asked.start().subtract(java.math.BigInteger.ONE),
                        asked.end().add(java.math.BigInteger.ONE))) {
                    if (v.signum() < 0 || v.compareTo(IpQuestionsTest.max(asked.version())) > 0) {
                        continue;
                    }
                    String country = null;
                    for (IpQuestionsTest.Block b : blocks) {
                        if (b.version() == asked.version()
                                && b.start().compareTo(v) <= 0
                                && v.compareTo(b.end()) <= 0) {
                            country = b.country();
                        }
                    }
                    String text = IpQuestionsTest.texts(asked.version(), v, r).get(0);
                    check(
                            out,
                            "ip",
                            List.of(text),
                            20,
                            JSON.createObjectNode().put("address", text).put("country", country));
                }
            }
        } finally {
            FileUtils.deleteQuietly(dir);
        }
    }

    /** A CSV field, quoted: commas, quotes and line breaks inside. */
    static String csv(String field) {
        return "\"" + field.replace("\"", "\"\"") + "\"";
    }

    /** Cells of a spec load as the oracle keeps them: (row, family, qualifier) → time → the greatest value. */
    static final class Cells {
        final Map<List<String>, java.util.TreeMap<Long, String>> cells = new HashMap<>();

        void put(String row, String family, String qualifier, long ts, String value) {
            cells.computeIfAbsent(List.of(row, family, qualifier), k -> new java.util.TreeMap<>())
                    .merge(ts, value, (a, b) -> BY_UTF8.compare(a, b) >= 0 ? a : b);
        }

        /** The newest value of a column, or null. */
        String newest(String row, String family, String qualifier) {
            java.util.TreeMap<Long, String> v = cells.get(List.of(row, family, qualifier));
            return v == null ? null : v.lastEntry().getValue();
        }

        /** The qualifiers a row has in a family, in byte order. */
        java.util.TreeSet<String> qualifiers(String row, String family) {
            java.util.TreeSet<String> out = new java.util.TreeSet<>(BY_UTF8);
            cells.keySet().stream()
                    .filter(k -> k.get(0).equals(row) && k.get(1).equals(family))
                    .forEach(k -> out.add(k.get(2)));
            return out;
        }
    }

    /** The spec loader's blog example (sample-data/spec/blog-spec.json) on generated entries, edits and comments. */
    @Property(tries = 1)
    void blogLoadAnswersAsItsRecordsSay(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        java.time.format.DateTimeFormatter in = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
        java.time.format.DateTimeFormatter key = java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
        List<java.time.LocalDateTime> created = List.of(
                java.time.LocalDateTime.of(2007, 12, 31, 23, 59, 59),
                java.time.LocalDateTime.of(2008, 1, 1, 0, 0, 0),
                java.time.LocalDateTime.of(2008, 1, 1, 0, 0, 1),
                java.time.LocalDateTime.of(2024, 2, 29, 12, 0, 0),
                java.time.LocalDateTime.of(9999, 12, 31, 23, 59, 59));
        List<String> types = List.of("bl", "nw", "😀b", "e\u0301");
        List<String> lines = new ArrayList<>(
                List.of(
                        "type,created,edited,author,title,under_title,body,comment_at,comment_title,comment_author,comment_text"));
        Cells cells = new Cells();
        for (int i = 0; i < 25; i++) {
            String type = types.get(r.nextInt(types.size()));
            java.time.LocalDateTime c = created.get(r.nextInt(created.size()));
            java.time.LocalDateTime edited =
                    java.time.LocalDateTime.of(2020, 1, 1, 0, 0).plusSeconds(r.nextInt(4));
            long ts = edited.toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
            String row = type + c.format(key);
            String[] f = new String[8];
            for (int k = 0; k < 8; k++) {
                f[k] = r.nextInt(3) == 0 ? "" : r.nextInt(10) == 0 ? "a, \"quoted\"\nline" : BlogQuestionsTest.text(r);
            }
            java.time.LocalDateTime at =
                    java.time.LocalDateTime.of(2021, 5, 1, 0, 0).plusSeconds(r.nextInt(3));
            boolean comment = r.nextBoolean();
            if (!comment) {
                f[4] = f[5] = f[6] = "";
            }
            List<String> fields = List.of(
                    type,
                    c.format(in),
                    edited.format(in),
                    f[0],
                    f[1],
                    f[2],
                    f[3],
                    comment ? at.format(in) : "",
                    f[4],
                    f[5],
                    f[6]);
            lines.add(String.join(
                    ",", fields.stream().map(LoadedQuestionsTest::csv).toList()));
            String[] info = {"author", "title", "under_title"};
            for (int k = 0; k < 3; k++) {
                if (!f[k].isEmpty()) {
                    cells.put(row, "info", info[k], ts, f[k]);
                }
            }
            if (!f[3].isEmpty()) {
                cells.put(row, "text", "", ts, f[3]);
            }
            String[] families = {"comment_title", "comment_author", "comment_text"};
            for (int k = 0; k < 3; k++) {
                if (comment && !f[4 + k].isEmpty()) {
                    cells.put(row, families[k], at.format(key), ts, f[4 + k]);
                }
            }
        }
        File dir = tmp("blog");
        try {
            File spec = new File(dir, "blog-spec.json");
            FileUtils.copyFile(new File(sampleData(), "spec/blog-spec.json"), spec);
            Output out = new Output(LoadTesting.load(
                    dir,
                    new io.dumptruck.loaders.jsonspec.SpecLoader(),
                    lines,
                    Map.of("spec", spec.getAbsolutePath()),
                    1));
            long limit = List.of(1L, 2L, 20L).get(r.nextInt(3));
            java.util.TreeSet<String> rows = new java.util.TreeSet<>(BY_UTF8);
            cells.cells.keySet().forEach(k -> rows.add(k.get(0)));
            for (String type : types) {
                List<String> listed = rows.stream()
                        .filter(row -> row.startsWith(type)
                                && !cells.qualifiers(row, "info").isEmpty())
                        .toList();
                ObjectNode expected = JSON.createObjectNode().put("type", type);
                var list = expected.putArray("entries");
                for (int i = listed.size() - 1; i >= 0 && list.size() < limit; i--) {
                    summary(cells, listed.get(i), type, list.addObject());
                }
                check(out, "front-page", List.of(type), limit, expected);
                for (String month : List.of("200712", "200801", "202402", "999912")) {
                    expected = JSON.createObjectNode().put("type", type).put("month", month);
                    var ofMonth = expected.putArray("entries");
                    listed.stream()
                            .filter(row -> row.startsWith(type + month))
                            .limit(limit)
                            .forEach(row -> summary(cells, row, type, ofMonth.addObject()));
                    check(out, "entries", List.of(type, month), limit, expected);
                }
                for (java.time.LocalDateTime c : created) {
                    String row = type + c.format(key);
                    expected = JSON.createObjectNode().put("type", type).put("created", c.format(key));
                    if (!rows.contains(row)) {
                        expected.putNull("info");
                        expected.putNull("text");
                        expected.putArray("comments");
                    } else {
                        ObjectNode info = expected.putObject("info");
                        cells.qualifiers(row, "info").forEach(q -> info.put(q, cells.newest(row, "info", q)));
                        expected.put("text", cells.newest(row, "text", ""));
                        var comments = expected.putArray("comments");
                        java.util.TreeSet<String> ats = new java.util.TreeSet<>(BY_UTF8);
                        for (String family : List.of("comment_title", "comment_author", "comment_text")) {
                            ats.addAll(cells.qualifiers(row, family));
                        }
                        for (String at : ats) {
                            ObjectNode o = comments.addObject().put("at", at);
                            for (String field : List.of("title", "author", "text")) {
                                o.put(field, cells.newest(row, "comment_" + field, at));
                            }
                        }
                    }
                    check(out, "entry", List.of(type, c.format(key)), limit, expected);
                }
            }
        } finally {
            FileUtils.deleteQuietly(dir);
        }
    }

    private static void summary(Cells cells, String row, String type, ObjectNode o) {
        o.put("created", row.substring(type.length()));
        cells.qualifiers(row, "info").forEach(q -> o.put(q, cells.newest(row, "info", q)));
    }

    /** The repository's sample-data directory, from the module's directory or the repository's. */
    static File sampleData() {
        File here = new File("sample-data");
        return here.isDirectory() ? here : new File("../sample-data");
    }

    /**
     * The users example with deletes (docs/spec-loader.md: {@code "operation": {"field": "op"}}, the cells' time from
     * {@code changed_at}): puts, Delete, DeleteColumn and DeleteFamily markers at times before, at and after the puts.
     */
    @Property(tries = 1)
    void usersLoadWithDeletesAnswersAsItsRecordsSay(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<String> logins = ids(r, 5);
        String spec = "{\"input\": {\"format\": \"csv\", \"header\": true}, \"tables\": [{\"name\": \"usertable\","
                + " \"families\": [{\"name\": \"info\"}], \"rowKey\": [{\"field\": \"login\"}],"
                + " \"operation\": {\"field\": \"op\"}, \"timestamp\": \"changed_at\","
                + " \"cells\": [{\"column\": \"info:name\", \"field\": \"name\"},"
                + " {\"column\": \"info:password\", \"field\": \"password\", \"encoding\": \"sha256\","
                + " \"required\": true}]}]}";
        List<String> lines = new ArrayList<>(List.of("login,op,name,password,changed_at"));
        // per login and column: puts (time → greatest value), and the markers' times
        Map<String, Map<String, java.util.TreeMap<Long, byte[]>>> puts = new HashMap<>();
        Map<String, Map<String, List<Long>>> versionDeletes = new HashMap<>();
        Map<String, Map<String, Long>> columnDeletes = new HashMap<>();
        Map<String, Long> familyDeletes = new HashMap<>();
        Map<String, String> passwords = new HashMap<>();
        for (String login : logins) {
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                long ts = 1_000 + r.nextInt(3);
                String op = k > 1 || r.nextInt(3) == 0
                        ? List.of("put", "put", "delete", "deleteColumn", "deleteFamily")
                                .get(r.nextInt(5))
                        : "put";
                String name = r.nextInt(4) == 0 ? "" : login + " Ö'Brien, " + r.nextInt(3);
                String password = "p,a\"ss" + r.nextInt(3);
                lines.add(String.join(
                        ",",
                        List.of(login, op, name, password, String.valueOf(ts)).stream()
                                .map(LoadedQuestionsTest::csv)
                                .toList()));
                switch (op) {
                    case "put" -> {
                        if (!name.isEmpty()) {
                            putGreatest(puts, login, "name", ts, TableFiles.utf8(name));
                        }
                        putGreatest(puts, login, "password", ts, TableFiles.sha256(password));
                        passwords.put(login, password);
                    }
                    case "delete" -> {
                        for (String c : List.of("name", "password")) {
                            versionDeletes
                                    .computeIfAbsent(login, x -> new HashMap<>())
                                    .computeIfAbsent(c, x -> new ArrayList<>())
                                    .add(ts);
                        }
                    }
                    case "deleteColumn" -> {
                        for (String c : List.of("name", "password")) {
                            columnDeletes
                                    .computeIfAbsent(login, x -> new HashMap<>())
                                    .merge(c, ts, Math::max);
                        }
                    }
                    default -> familyDeletes.merge(login, ts, Math::max);
                }
            }
        }
        File dir = tmp("users");
        try {
            File specFile = new File(dir, "users-spec.json");
            Files.writeString(specFile.toPath(), spec);
            Output out = new Output(LoadTesting.load(
                    dir,
                    new io.dumptruck.loaders.jsonspec.SpecLoader(),
                    lines,
                    Map.of("spec", specFile.getAbsolutePath()),
                    1));
            List<String> asked = new ArrayList<>(logins);
            asked.add(logins.get(0) + "-nobody");
            for (String login : asked) {
                byte[][] visible = new byte[2][];
                List<String> columns = List.of("name", "password");
                for (int c = 0; c < 2; c++) {
                    String column = columns.get(c);
                    java.util.TreeMap<Long, byte[]> versions =
                            puts.getOrDefault(login, Map.of()).getOrDefault(column, new java.util.TreeMap<>());
                    long masksUpTo = Math.max(
                            columnDeletes.getOrDefault(login, Map.of()).getOrDefault(column, Long.MIN_VALUE),
                            familyDeletes.getOrDefault(login, Long.MIN_VALUE));
                    List<Long> deleted =
                            versionDeletes.getOrDefault(login, Map.of()).getOrDefault(column, List.of());
                    for (Map.Entry<Long, byte[]> v : versions.descendingMap().entrySet()) {
                        if (v.getKey() > masksUpTo && !deleted.contains(v.getKey())) {
                            visible[c] = v.getValue();
                            break;
                        }
                    }
                }
                String given = passwords.getOrDefault(login, "p,a\"ss0");
                ObjectNode expected = JSON.createObjectNode()
                        .put("login", login)
                        .put("found", visible[0] != null || visible[1] != null)
                        .put("name", visible[0] == null ? null : new String(visible[0], TableFiles.UTF8))
                        .put(
                                "passwordMatches",
                                visible[1] != null && java.util.Arrays.equals(visible[1], TableFiles.sha256(given)));
                check(out, "user", List.of(login), Map.of("password", given), 20, expected);
            }
        } finally {
            FileUtils.deleteQuietly(dir);
        }
    }

    private static void putGreatest(
            Map<String, Map<String, java.util.TreeMap<Long, byte[]>>> puts,
            String login,
            String column,
            long ts,
            byte[] value) {
        puts.computeIfAbsent(login, x -> new HashMap<>())
                .computeIfAbsent(column, x -> new java.util.TreeMap<>())
                .merge(ts, value, (a, b) -> BYTES.compare(a, b) >= 0 ? a : b);
    }

    private static List<String> lines(List<Edge> edges) {
        List<String> out = new ArrayList<>();
        for (Edge e : edges) {
            out.add(e.from() + "\t" + e.to() + (e.time() == LOAD_TS ? "" : "\t" + e.time()));
        }
        return out;
    }

    static void check(Output out, String question, List<String> args, long limit, ObjectNode expected)
            throws Exception {
        check(out, question, args, Map.of(), limit, expected);
    }

    static void check(
            Output out,
            String question,
            List<String> args,
            Map<String, String> options,
            long limit,
            ObjectNode expected)
            throws Exception {
        TableFiles.Asking a = out.ask(question, args, options, limit);
        TableFiles.assertAnswer(expected, a.answer(), question + " " + args + " " + options + " --limit " + limit);
        assertEquals(true, a.reads().gets() + a.reads().scans() >= 1, question + ": reads " + a.reads());
    }
}
