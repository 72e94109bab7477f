package io.dumptruck.loaders.weblogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.PreparedLoad;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web-log loader end to end in local mode; the expected cells come from a regex and java.time in this test, not
 * from the loader's parser or schema.
 */
class WebLogLoadTest {
    static final long LOAD_TS = 1_800_000_000_000L;
    static final Pattern LINE =
            Pattern.compile("(\\S+) \\S+ \\S+ \\[([^\\]]+)\\] \"((?:[^\"\\\\]|\\\\.)*)\" (\\d{3}) (\\S+)"
                    + "(?: \"((?:[^\"\\\\]|\\\\.)*)\" \"(?:[^\"\\\\]|\\\\.)*\"(?: \"([^\"]*)\" (\\S+))?)?");
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);

    @TempDir
    File tmp;

    @Test
    void visitsCountsAndStats() throws Exception {
        List<String> lines = List.of(
                "10.0.0.7 - - [21/Nov/2026:09:00:01 +0000] \"GET /a?x=1 HTTP/1.1\" 200 10 \"https://www.Google.com/s?q=1\" \"UA\" \"c1\" 1830",
                "10.0.0.7 - - [21/Nov/2026:09:00:09 +0000] \"GET /b HTTP/1.1\" 200 10 \"-\" \"UA \\\"x\\\"\" \"c1\" 2210",
                "10.0.0.7 - - [21/Nov/2026:09:00:09 +0000] \"GET /b HTTP/1.1\" 200 10 \"-\" \"UA \\\"x\\\"\" \"c1\" 2210",
                "10.0.0.7 - - [21/Nov/2026:09:01:00 +0000] \"GET /a HTTP/1.1\" 304 - \"-\" \"UA\" \"c1\" 100",
                "10.0.0.7 - - [21/Nov/2026:09:02:00 +0100] \"POST /b HTTP/1.1\" 302 0 \"http://shop.example.com:8080/c\" \"UA\" \"c1\" 7",
                "2001:db8::1 - - [21/Nov/2026:10:00:00 +0000] \"GET /help HTTP/2.0\" 200 5",
                "2001:db8::1 - - [21/Nov/2026:10:00:00 +0000] \"GET /z HTTP/2.0\" 200 5 \"-\" \"curl\" \"-\" 12",
                "bad line",
                "1.2.3.4 - - [32/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5");
        File in = new File(tmp, "access.log");
        Files.write(in.toPath(), lines, StandardCharsets.UTF_8);
        Configuration conf = LocalJobs.localConf();
        // the shuffle through Snappy, dumptruck's default on a cluster (local mode leaves it uncompressed)
        conf.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
        conf.set(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, SnappyCodec.class.getName());
        Path out = new Path(tmp.getAbsolutePath(), "out");
        // the days are kept forever: the lines' dates must not age out of the daily family's TTL as time passes
        LoadOptions options =
                new LoadOptions(List.of(new Path(in.getPath())), out, 2, LOAD_TS, 0.5, Map.of("daily", "forever"));
        PreparedLoad load = LoadJob.prepare(conf, new WebLogLoader(), options);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        LoadReport report = load.finish();
        assertFalse(report.failed(), report.failure());
        assertEquals(9, report.read());
        assertEquals(7, report.loaded());
        assertEquals(2, report.rejected());
        long combineIn = job.getCounters()
                .findCounter(CellCounter.MAP_COMBINER_INPUT_CELLS)
                .getValue();
        long combineOut = job.getCounters()
                .findCounter(CellCounter.MAP_COMBINER_OUTPUT_CELLS)
                .getValue();
        assertTrue(
                combineOut < combineIn,
                "c1's repeated paths are counted on the map side: " + combineIn + " -> " + combineOut);
        assertNull(
                job.getConfiguration().get(MRJobConfig.COMBINE_CLASS_ATTR),
                "no Hadoop combiner: the blocks were combined as they were cut");
        assertTrue(
                job.getConfiguration().getBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, false), "the user's choice stands");
        assertEquals(SnappyCodec.class.getName(), job.getConfiguration().get(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC));
        long shuffled =
                job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_BYTES).getValue();
        long materialized = job.getCounters()
                .findCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES)
                .getValue();
        assertTrue(
                materialized < shuffled,
                "the shuffle went through Snappy: " + shuffled + " -> " + materialized + " bytes");

        TreeSet<String> visits = new TreeSet<>();
        Map<String, Map<String, Long>> counts = new TreeMap<>();
        Map<String, Map<Long, Long>> perDay = new TreeMap<>();
        Map<String, TreeMap<Long, String>> recent = new TreeMap<>();
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        for (String line : lines.subList(0, 7)) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            long t = OffsetDateTime.parse(m.group(2), TIME).toInstant().toEpochMilli();
            String[] request = m.group(3).split(" ");
            String target = request[1];
            String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
            String query = target.contains("?") ? target.substring(target.indexOf('?') + 1) : null;
            String cookie = m.group(7) == null || m.group(7).equals("-") ? null : m.group(7);
            String visitor = cookie != null ? cookie : "ip:" + m.group(1);
            byte[] row = ByteBuffer.allocate(visitor.length() + 1 + 8 + 4)
                    .put(visitor.getBytes(StandardCharsets.UTF_8))
                    .put((byte) 0)
                    .putLong(Long.MAX_VALUE - t)
                    .put(Arrays.copyOf(md5.digest(line.getBytes(StandardCharsets.UTF_8)), 4))
                    .array();
            String r = HexFormat.of().formatHex(row) + " p:";
            visits.add(r + "u @" + t + " = " + path);
            if (query != null) {
                visits.add(r + "q @" + t + " = " + query);
            }
            String referer = m.group(6);
            if (referer != null && !referer.equals("-")) {
                visits.add(r + "r @" + t + " = "
                        + (referer.startsWith("https://www.Google")
                                ? "com.google.www/s?q=1"
                                : "com.example.shop:8080/c"));
            }
            visits.add(r + "s @" + t + " = " + m.group(4));
            if (m.group(8) != null && !m.group(8).equals("-")) {
                visits.add(r + "d @" + t + " = "
                        + HexFormat.of()
                                .formatHex(ByteBuffer.allocate(8)
                                        .putLong(Long.parseLong(m.group(8)))
                                        .array()));
            }
            visits.add(r + "i @" + t + " = " + m.group(1));
            visits.add(r + "m @" + t + " = " + request[0]);
            counts.computeIfAbsent(visitor, v -> new TreeMap<>()).merge(path, 1L, Long::sum);
            perDay.computeIfAbsent(visitor, v -> new TreeMap<>())
                    .merge(t - Math.floorMod(t, 86_400_000L), 1L, Long::sum);
            recent.computeIfAbsent(visitor, v -> new TreeMap<>()).merge(t, path, (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
        assertEquals(visits, cells(conf, new Path(out, "visits"), true, 1));

        TreeSet<String> countCells = new TreeSet<>();
        TreeSet<String> statsCells = new TreeSet<>();
        counts.forEach((visitor, byPath) -> {
            byPath.forEach((path, n) -> countCells.add(visitor + " u:" + path + " @" + LOAD_TS + " = "
                    + HexFormat.of().formatHex(ByteBuffer.allocate(8).putLong(n).array())));
            long max = byPath.values().stream().mapToLong(Long::longValue).max().getAsLong();
            String top = byPath.entrySet().stream()
                    .filter(e -> e.getValue() == max)
                    .map(Map.Entry::getKey)
                    .sorted()
                    .findFirst()
                    .get();
            statsCells.add(visitor + " c: @" + max + " = " + top);
            recent.get(visitor).descendingMap().entrySet().stream()
                    .limit(5)
                    .forEach(e -> statsCells.add(visitor + " r: @" + e.getKey() + " = " + e.getValue()));
        });
        perDay.forEach((visitor, byDay) -> byDay.forEach((day, n) -> countCells.add(visitor + " d:"
                + java.time.LocalDate.ofEpochDay(day / 86_400_000L)
                        .format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE)
                + " @" + day + " = "
                + HexFormat.of().formatHex(ByteBuffer.allocate(8).putLong(n).array()))));
        assertTrue(countCells.stream().anyMatch(c -> c.contains(" d:20261121 ")), countCells.toString());
        assertEquals(countCells, cells(conf, new Path(out, "cookie_url_count"), false, 1));
        assertEquals(statsCells, cells(conf, new Path(out, "cookie_stats"), false, 5));
    }

    /**
     * The daily family keeps its TTL ({@code --daily 30}): a request of a day already past it counts in the all-time
     * family only, the record still loaded; {@code --daily off} writes no daily family, and a bad value is refused
     * before any task.
     */
    @Test
    void daysPastTheDailyTtlAreNotCountedAndTheDailyFamilyCanBeLeftOut() throws Exception {
        java.time.ZonedDateTime now = java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC);
        String today = now.format(TIME);
        List<String> lines = List.of(
                "10.0.0.7 - - [" + today + "] \"GET /a HTTP/1.1\" 200 10 \"-\" \"UA\" \"c9\" 5",
                "10.0.0.7 - - [" + now.minusDays(1).format(TIME) + "] \"GET /a HTTP/1.1\" 200 10 \"-\" \"UA\" \"c9\" 5",
                "10.0.0.7 - - [10/Oct/2000:13:55:36 +0000] \"GET /a HTTP/1.1\" 200 10 \"-\" \"UA\" \"c9\" 5");
        File in = new File(tmp, "days.log");
        Files.write(in.toPath(), lines, StandardCharsets.UTF_8);
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "days");
        LoadOptions options =
                new LoadOptions(List.of(new Path(in.getPath())), out, 1, LOAD_TS, 0.0, Map.of("daily", "30"));
        PreparedLoad load = LoadJob.prepare(conf, new WebLogLoader(), options);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        LoadReport report = load.finish();
        assertEquals(3, report.loaded());
        TreeSet<String> cells = cells(conf, new Path(out, "cookie_url_count"), false, 1);
        String day = now.toLocalDate().format(DateTimeFormatter.BASIC_ISO_DATE);
        String yesterday = now.minusDays(1).toLocalDate().format(DateTimeFormatter.BASIC_ISO_DATE);
        assertEquals(
                List.of("c9 d:" + yesterday, "c9 d:" + day, "c9 u:/a"),
                cells.stream().map(c -> c.substring(0, c.indexOf(" @"))).toList());
        try (TableReader reader = TableReader.open(conf, new Path(out, "cookie_url_count"))) {
            assertEquals(30 * 86_400, reader.table().spec().families().get(1).ttlSeconds());
            List<WebLogQueries.DayCount> week = WebLogQueries.daily(reader, "c9", 7, null);
            assertEquals(7, week.size());
            assertEquals(new WebLogQueries.DayCount(day, 1), week.get(6));
            assertEquals(new WebLogQueries.DayCount(yesterday, 1), week.get(5));
            assertEquals(0, week.get(0).views());
        }

        Path off = new Path(tmp.getAbsolutePath(), "off");
        LoadOptions noDaily =
                new LoadOptions(List.of(new Path(in.getPath())), off, 1, LOAD_TS, 0.0, Map.of("daily", "off"));
        load = LoadJob.prepare(conf, new WebLogLoader(), noDaily);
        job = load.job();
        assertTrue(job.waitForCompletion(false));
        assertFalse(load.finish().failed());
        try (TableReader reader = TableReader.open(conf, new Path(off, "cookie_url_count"))) {
            assertEquals(List.of("u"), reader.table().spec().familyNames());
        }
        LoadOptions bad = new LoadOptions(
                List.of(new Path(in.getPath())),
                new Path(tmp.getAbsolutePath(), "bad"),
                1,
                LOAD_TS,
                0.0,
                Map.of("daily", "0"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> LoadJob.prepare(LocalJobs.localConf(), new WebLogLoader(), bad));
        assertTrue(e.getMessage().contains("--daily: '0' is not a number of days"), e.getMessage());
    }

    /** Cells as "row family:qualifier @ts = value"; rows in hex when {@code hexRow}; binary values in hex. */
    private static TreeSet<String> cells(Configuration conf, Path table, boolean hexRow, int versions)
            throws Exception {
        TreeSet<String> out = new TreeSet<>();
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner rows = reader.scan(ScanSpec.all().withMaxVersions(versions))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                for (Cell c : r.rawCells()) {
                    byte[] row = CellUtil.cloneRow(c);
                    String q = new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8);
                    String f = new String(CellUtil.cloneFamily(c), StandardCharsets.UTF_8);
                    byte[] v = CellUtil.cloneValue(c);
                    boolean binary = (f.equals("p") && q.equals("d")) || f.equals("u") || f.equals("d");
                    out.add((hexRow ? HexFormat.of().formatHex(row) : new String(row, StandardCharsets.UTF_8)) + " " + f
                            + ":" + q + " @" + c.getTimestamp() + " = "
                            + (binary ? HexFormat.of().formatHex(v) : new String(v, StandardCharsets.UTF_8)));
                }
            }
        }
        return out;
    }
}
