package io.dumptruck.loaders.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.events.Event;
import io.dumptruck.loaders.events.EventParser;
import io.dumptruck.loaders.graph.Edge;
import io.dumptruck.loaders.graph.GraphParser;
import io.dumptruck.loaders.titles.TitleParser;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DataGeneratorTest {
    private static final int RECORDS = 20_000;
    private static final long SEED = 20260101L;
    private static final DateTimeFormatter APACHE_TIME = DateTimeFormatter.ofPattern(
                    "dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"weblogs", "graph", "titles", "events"})
    void sameSeedGivesTheSameBytesAndAnotherSeedOtherBytes(String kind) throws IOException {
        DataGenerator.generate(kind, RECORDS, SEED, dir.resolve("a"), 3);
        DataGenerator.generate(kind, RECORDS, SEED, dir.resolve("b"), 3);
        DataGenerator.generate(kind, RECORDS, SEED + 1, dir.resolve("c"), 3);
        byte[] a = digest(dir.resolve("a"));
        assertArrayEquals(a, digest(dir.resolve("b")), kind);
        assertFalse(MessageDigest.isEqual(a, digest(dir.resolve("c"))), kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"weblogs", "graph", "titles", "events"})
    void everyLineIsARecordForTheLoadersParser(String kind) throws IOException {
        assertEquals(RECORDS, DataGenerator.generate(kind, RECORDS, SEED, dir, 2));
        Function<String, Parsed<?>> parser = parserFor(kind);
        List<String> lines = lines(dir);
        assertEquals(RECORDS, lines.size());
        for (String line : lines) {
            Parsed<?> parsed = parser.apply(line);
            assertTrue(parsed.isRecord(), () -> kind + ": " + line + " → " + parsed);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"weblogs", "graph", "titles", "events"})
    void tinyInputsWork(String kind) throws IOException {
        Function<String, Parsed<?>> parser = parserFor(kind);
        for (int records = 1; records <= 20; records++) {
            for (int files = 1; files <= 4; files++) {
                Path out = dir.resolve(kind + records + "-" + files);
                assertEquals(records, DataGenerator.generate(kind, records, SEED, out, files));
                List<String> lines = lines(out);
                assertEquals(records, lines.size());
                assertEquals(files, names(out).size());
                for (String line : lines) {
                    assertTrue(parser.apply(line).isRecord(), line);
                }
            }
        }
    }

    @Test
    void filesShareTheLinesAndAreNamedInOrder() throws IOException {
        assertEquals(10, DataGenerator.generate("titles", 10, SEED, dir, 3));
        assertEquals(List.of("part-00000.txt", "part-00001.txt", "part-00002.txt"), names(dir));
        assertEquals(3, Files.readAllLines(dir.resolve("part-00000.txt")).size());
        assertEquals(4, Files.readAllLines(dir.resolve("part-00002.txt")).size());
        assertEquals(0, DataGenerator.generate("graph", 0, SEED, dir.resolve("empty"), 1));
        assertEquals(0, Files.size(dir.resolve("empty").resolve("part-00000.txt")));
        assertEquals("part-12345.txt", DataGenerator.fileName(12345));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> DataGenerator.generate("geo", 1, SEED, dir, 1));
        assertThrows(IllegalArgumentException.class, () -> DataGenerator.generate("graph", -1, SEED, dir, 1));
        assertThrows(IllegalArgumentException.class, () -> DataGenerator.generate("graph", 1, SEED, dir, 0));
    }

    @Test
    void apacheTimesAreWhatJavaTimeWrites() {
        ApacheTimeFormat format = new ApacheTimeFormat();
        SplittableRandom random = new SplittableRandom(SEED);
        long[] edges = {
            0,
            86_399,
            86_400,
            951_782_400L /* 2000-02-29 */,
            4_107_542_399L /* 2100-02-28T23:59:59 */,
            WebLogGenerator.START,
            253_402_300_799L /* 9999-12-31T23:59:59 */
        };
        List<Long> seconds = new ArrayList<>();
        for (long e : edges) {
            seconds.add(e);
        }
        for (int i = 0; i < 100_000; i++) {
            seconds.add(random.nextLong(253_402_300_800L));
        }
        long t = WebLogGenerator.START; // a time-ordered run, as the generator renders them
        for (int i = 0; i < 100_000; i++) {
            t += random.nextInt(120);
            seconds.add(t);
        }
        for (long s : seconds) {
            String expected = "[" + APACHE_TIME.format(Instant.ofEpochSecond(s)) + "]";
            assertEquals(expected, new String(format.render(s), StandardCharsets.US_ASCII), "second " + s);
        }
    }

    @Test
    void weblogTimesAreJavaTimesInOrderOverAboutThirtyDays() throws IOException {
        DataGenerator.generate("weblogs", RECORDS, SEED, dir, 1);
        WebLogParser parser = new WebLogParser();
        long previous = Long.MIN_VALUE;
        for (String line : lines(dir)) {
            long time = parser.parse(line).record().time();
            String written = line.substring(line.indexOf('[') + 1, line.indexOf(']'));
            assertEquals(APACHE_TIME.format(Instant.ofEpochMilli(time)), written, line);
            assertTrue(time >= previous, "time order: " + line);
            previous = time;
        }
        List<WebLogRecord> records = weblogs(dir);
        long start = WebLogGenerator.START * 1000;
        long day = 86_400_000L;
        assertTrue(records.get(0).time() >= start && records.get(0).time() < start + day);
        long last = records.get(records.size() - 1).time();
        assertTrue(last > start + 25 * day && last < start + 35 * day, "last " + Instant.ofEpochMilli(last));
    }

    @Test
    void weblogVisitorsComeInSessions() throws IOException {
        DataGenerator.generate("weblogs", RECORDS, SEED, dir, 2);
        Map<String, List<WebLogRecord>> byVisitor =
                weblogs(dir).stream().collect(Collectors.groupingBy(WebLogRecord::visitor));
        long pairs = 0;
        long newSessions = 0;
        for (List<WebLogRecord> views : byVisitor.values()) {
            for (int i = 1; i < views.size(); i++) {
                long gap = views.get(i).time() - views.get(i - 1).time();
                assertTrue(gap >= 0, "a visitor's times never go back: " + views.get(i));
                pairs++;
                if (gap > 30 * 60_000L) {
                    newSessions++;
                }
            }
        }
        double share = (double) newSessions / pairs;
        assertTrue(share > 0.02 && share < 0.40, "share of gaps over 30 minutes: " + share);
    }

    @Test
    void weblogsLookLikeASite() throws IOException {
        DataGenerator.generate("weblogs", RECORDS, SEED, dir, 1);
        List<WebLogRecord> records = weblogs(dir);
        long noCookie = records.stream()
                .filter(r -> r.cookie() == null)
                .map(WebLogRecord::visitor)
                .distinct()
                .count();
        long visitors = records.stream().map(WebLogRecord::visitor).distinct().count();
        double cookieless = (double) noCookie / visitors;
        assertTrue(cookieless > 0.04 && cookieless < 0.18, "visitors without a cookie: " + cookieless);
        assertTrue(records.stream().anyMatch(r -> r.client().contains(":")), "some IPv6 clients");
        Map<Integer, Long> statuses =
                records.stream().collect(Collectors.groupingBy(WebLogRecord::status, Collectors.counting()));
        assertTrue(statuses.get(200) > RECORDS * 0.75, statuses.toString());
        for (int status : new int[] {304, 404, 500}) {
            assertTrue(statuses.getOrDefault(status, 0L) > 0, "some " + status + ": " + statuses);
        }
        Set<String> paths = records.stream().map(WebLogRecord::path).collect(Collectors.toSet());
        assertTrue(paths.size() > 1_000 && paths.size() <= WebSite.PATHS + 30, "paths: " + paths.size());
        assertTrue(records.stream().anyMatch(r -> r.query() != null));
        for (WebLogRecord r : records) {
            if (r.referer() != null) {
                assertNotNull(r.refererReversed(), "reversible referer " + r.referer());
            }
        }
    }

    @Test
    void graphInDegreeFollowsAPowerLaw() throws IOException {
        DataGenerator.generate("graph", RECORDS, SEED, dir, 2);
        GraphParser parser = new GraphParser();
        List<Edge> edges =
                lines(dir).stream().map(l -> parser.parse(l).record()).collect(Collectors.toList());
        Map<String, Integer> inDegree = new HashMap<>();
        Set<String> followers = new HashSet<>();
        Set<String> distinct = new HashSet<>();
        long timed = 0;
        for (Edge e : edges) {
            inDegree.merge(e.into(), 1, Integer::sum);
            followers.add(e.from());
            assertTrue(distinct.add(e.from() + "\t" + e.into()), "edge twice: " + e);
            assertTrue(e.from().matches("u\\d{6,}"), e.from());
            timed += e.time() == null ? 0 : 1;
        }
        List<Integer> degrees = new ArrayList<>(inDegree.values());
        degrees.sort(Collections.reverseOrder());
        int top = (int) Math.ceil(degrees.size() * 0.01);
        long topEdges =
                degrees.subList(0, top).stream().mapToLong(Integer::longValue).sum();
        assertTrue(topEdges > 0.20 * edges.size(), "top 1% of followed ids: " + topEdges + " of " + edges.size());
        double celebrity = (double) inDegree.get(GraphGenerator.CELEBRITY) / followers.size();
        assertTrue(Math.abs(celebrity - 0.30) < 0.10, "celebrity followed by " + celebrity);
        double timedShare = (double) timed / edges.size();
        assertTrue(Math.abs(timedShare - 1.0 / 3) < 0.05, "edges with a time: " + timedShare);
    }

    @Test
    void titlePrefixesAreSkewed() throws IOException {
        DataGenerator.generate("titles", RECORDS, SEED, dir, 1);
        Map<String, Long> firstWords = lines(dir).stream()
                .map(DataGeneratorTest::firstWord)
                .collect(Collectors.groupingBy(w -> w, Collectors.counting()));
        long most = Collections.max(firstWords.values());
        assertTrue(most > RECORDS * 0.10, "most common first word covers " + most + " of " + RECORDS);
        assertTrue(firstWords.keySet().containsAll(List.of("The", "List", "New", "San")));
        TitleParser parser = new TitleParser();
        double maxRank = lines(dir).stream()
                .mapToDouble(l -> parser.parse(l).record().rank())
                .max()
                .orElse(0);
        assertTrue(maxRank > 1_000, "a long tail of ranks: " + maxRank);
    }

    @Test
    void onePercentOfHostsSendMostEvents() throws IOException {
        DataGenerator.generate("events", RECORDS, SEED, dir, 1);
        EventParser parser = new EventParser();
        List<Event> events =
                lines(dir).stream().map(l -> parser.parse(l).record()).collect(Collectors.toList());
        Map<String, Long> perHost = events.stream().collect(Collectors.groupingBy(Event::host, Collectors.counting()));
        List<Long> counts = new ArrayList<>(perHost.values());
        counts.sort(Collections.reverseOrder());
        int hosts = Math.max(EventGenerator.MIN_HOSTS, RECORDS / EventGenerator.LINES_PER_HOST);
        long hot = counts.subList(0, Math.max(1, hosts / 100)).stream()
                .mapToLong(Long::longValue)
                .sum();
        assertTrue(hot > events.size() / 2, "events of the top 1% of hosts: " + hot);
        long types = events.stream().map(Event::event).distinct().count();
        assertTrue(types >= 18 && types <= 20, "event types: " + types);
        for (int i = 1; i < events.size(); i++) {
            assertTrue(events.get(i).time() >= events.get(i - 1).time(), "time order");
        }
    }

    /** {@code The} of {@code The_Old_Road\t12}. */
    private static String firstWord(String line) {
        String title = line.substring(0, line.indexOf('\t'));
        int underscore = title.indexOf('_');
        return underscore < 0 ? title : title.substring(0, underscore);
    }

    private static Function<String, Parsed<?>> parserFor(String kind) {
        switch (kind) {
            case "weblogs":
                return new WebLogParser()::parse;
            case "graph":
                return new GraphParser()::parse;
            case "titles":
                return new TitleParser()::parse;
            default:
                return new EventParser()::parse;
        }
    }

    private static List<WebLogRecord> weblogs(Path dir) throws IOException {
        WebLogParser parser = new WebLogParser();
        return lines(dir).stream().map(l -> parser.parse(l).record()).collect(Collectors.toList());
    }

    /** The lines of all part files, in file order. */
    private static List<String> lines(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String name : names(dir)) {
            byte[] bytes = Files.readAllBytes(dir.resolve(name));
            assertTrue(bytes.length == 0 || bytes[bytes.length - 1] == '\n', name + " ends with a line end");
            String text = new String(bytes, StandardCharsets.UTF_8);
            assertFalse(text.contains("\r"), name);
            lines.addAll(text.lines().collect(Collectors.toList()));
        }
        return lines;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    private static byte[] digest(Path dir) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String name : names(dir)) {
                sha.update(name.getBytes(StandardCharsets.UTF_8));
                sha.update(Files.readAllBytes(dir.resolve(name)));
            }
            return sha.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
