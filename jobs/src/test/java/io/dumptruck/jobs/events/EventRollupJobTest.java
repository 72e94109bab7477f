package io.dumptruck.jobs.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.JobTesting;
import io.dumptruck.jobs.output.DatasetReader;
import io.dumptruck.jobs.output.OutputKind;
import io.dumptruck.loaders.generate.DataGenerator;
import java.io.File;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Loads the sample events, a generated week of events and a few duplicate lines once per key layout and checks the
 * rollup of each against the same sums computed here from the raw lines.
 *
 * <p>The sample events lie in November 2025, the generated ones in January 2026. Some regions of every layout hold only
 * generated hosts (host-first and numeric: the {@code api-}/{@code auth-} hosts sort first; hashed: no sample host's
 * md5 starts with {@code c0..ff}), so their files' time ranges lie wholly in 2026 and a range in the sample's hours
 * never opens them.
 */
class EventRollupJobTest {
    static final List<String> LAYOUTS = List.of("bucketed", "host-first", "hashed", "numeric");
    static final int BUCKETS = 4;
    static final long HOUR = 3_600_000L;
    /** A range inside the sample's hours, cutting an hour at each end: 2025-11-21T09:06:40Z .. 12:10:00Z. */
    static final long FROM = 1_763_716_000_000L;

    static final long TO = 1_763_727_000_000L;

    @TempDir
    static File tmp;

    static final Map<String, Path> tables = new LinkedHashMap<>();
    static List<String> rawLines;
    static final Map<String, Run> fullRuns = new ConcurrentHashMap<>();

    @BeforeAll
    static void load() throws Exception {
        File generated = new File(tmp, "generated");
        DataGenerator.generate(DataGenerator.EVENTS, 3000, 20260101L, generated.toPath(), 1);
        File sample = JobTesting.sample("events/events.tsv");
        List<String> sampleLines = Files.readAllLines(sample.toPath(), StandardCharsets.UTF_8);
        List<String> generatedLines =
                Files.readAllLines(new File(generated, "part-00000.txt").toPath(), StandardCharsets.UTF_8);
        // exact duplicates, across files and within one: each key is one cell, so one event
        File duplicates = new File(tmp, "duplicates.tsv");
        Files.write(
                duplicates.toPath(),
                List.of(
                        sampleLines.get(1),
                        sampleLines.get(2),
                        generatedLines.get(7),
                        generatedLines.get(7),
                        "web-01\t1763712000002\tcpu\t12.5",
                        "web-01\t1763712000002\tcpu\t12.5"),
                StandardCharsets.UTF_8);
        List<File> inputs = List.of(sample, new File(generated, "part-00000.txt"), duplicates);
        rawLines = new ArrayList<>();
        for (File f : inputs) {
            rawLines.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
        }
        for (String layout : LAYOUTS) {
            Map<String, String> options = layout.equals("bucketed")
                    ? Map.of("layout", layout, "buckets", String.valueOf(BUCKETS))
                    : Map.of("layout", layout);
            tables.put(layout, load("events-" + layout, inputs, options));
        }
    }

    static Path load(String name, List<File> inputs, Map<String, String> options) throws Exception {
        return JobTesting.load(tmp, name, "events", inputs, options, 4);
    }

    // ---------------------------------------------------------------- the independent computation

    /** One aggregate computed here; sum compared with a tolerance, as partial sums add up in any order. */
    record Agg(long count, long numeric, double sum, Double min, Double max) {}

    /** The accepted events of the raw lines (the loader's rules), one per (host, time, event) key. */
    static Map<String, String[]> events() {
        Map<String, String[]> byKey = new HashMap<>();
        for (String line : rawLines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 4 || f[0].isEmpty() || f[2].isEmpty() || f[0].contains("\0") || f[2].contains("\0")) {
                continue;
            }
            long t;
            try {
                t = Long.parseLong(f[1].trim());
            } catch (NumberFormatException e) {
                continue;
            }
            if (t < 0 || t >= 16_725_225_600_000L) {
                continue;
            }
            String[] event = {f[0], String.valueOf(t), f[2], f[3]};
            String[] before = byKey.put(f[0] + "\t" + t + "\t" + f[2], event);
            if (before != null && !before[3].equals(f[3])) {
                throw new AssertionError(
                        "test data: one key with two values, which the loader keeps either of: " + line);
            }
        }
        return byKey;
    }

    /** The rollup of the events in [from, to), of {@code host}/{@code event} when not null, by "host|event|hour". */
    static Map<String, Agg> expected(long from, long to, String host, String eventType) {
        Map<String, Agg> out = new TreeMap<>();
        for (String[] e : events().values()) {
            long t = Long.parseLong(e[1]);
            if (t < from
                    || t >= to
                    || (host != null && !host.equals(e[0]))
                    || (eventType != null && !eventType.equals(e[2]))) {
                continue;
            }
            Double number = number(e[3]);
            String key = e[0] + "|" + e[2] + "|" + (t / HOUR * HOUR);
            Agg one = number == null ? new Agg(1, 0, 0, null, null) : new Agg(1, 1, number, number, number);
            out.merge(
                    key,
                    one,
                    (a, b) -> new Agg(
                            a.count + b.count,
                            a.numeric + b.numeric,
                            a.sum + b.sum,
                            either(a.min, b.min, Math::min),
                            either(a.max, b.max, Math::max)));
        }
        return out;
    }

    static Double either(Double a, Double b, java.util.function.BinaryOperator<Double> both) {
        return a == null ? b : b == null ? a : both.apply(a, b);
    }

    /** A plain decimal (Java's BigDecimal grammar) within the double range, or null. */
    static Double number(String v) {
        try {
            double d = new BigDecimal(v).doubleValue();
            return Double.isInfinite(d) ? null : d;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static long nonNumbers(Map<String, Agg> rollup) {
        return rollup.values().stream().mapToLong(a -> a.count - a.numeric).sum();
    }

    // ---------------------------------------------------------------- running the job

    /** A run's output, by "host|event|hour", and its counters. */
    record Run(Map<String, GenericRecord> rollup, Counters counters, JobRunner.ReadFigures read, Job stage) {
        long counter(Enum<?> c) {
            return counters.findCounter(c).getValue();
        }
    }

    static Run run(String layout, String outName, Map<String, String> extra) throws Exception {
        List<Job> ran = new ArrayList<>();
        JobOptions o = new JobOptions(
                tables.get(layout), new Path(new File(tmp, outName).getAbsolutePath()), OutputKind.PARQUET, extra);
        JobRunner.Report report = JobRunner.run(LocalJobs.localConf(), new EventRollupJob(), o, stage -> {
            ran.add(stage);
            return stage.waitForCompletion(false);
        });
        Map<String, GenericRecord> rollup = new TreeMap<>();
        for (GenericRecord r : JobTesting.records(tmp, outName, "rollup")) {
            GenericRecord before = rollup.put(r.get("host") + "|" + r.get("event") + "|" + r.get("hour"), r);
            assertNull(before, "one record per host, event and hour: " + r);
        }
        assertEquals(1, ran.size());
        assertEquals(rollup.size(), report.records().get("rollup"));
        return new Run(rollup, ran.get(0).getCounters(), report.read(), ran.get(0));
    }

    static Run fullRun(String layout) {
        return fullRuns.computeIfAbsent(layout, l -> {
            try {
                return run(l, "all-" + l, Map.of());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    static void assertRollup(Map<String, Agg> expected, Run run, String what) {
        assertFalse(expected.isEmpty(), what + ": the test expects some records");
        assertEquals(expected.keySet(), run.rollup.keySet(), what + ": the (host, event, hour) groups");
        for (Map.Entry<String, Agg> e : expected.entrySet()) {
            GenericRecord r = run.rollup.get(e.getKey());
            Agg a = e.getValue();
            String where = what + " " + e.getKey();
            assertEquals(a.count, (long) r.get("count"), where + " count");
            assertEquals(a.numeric, (long) r.get("count_numeric"), where + " count_numeric");
            assertEquals(a.sum, (double) r.get("sum"), 1e-9 * Math.max(1, Math.abs(a.sum)), where + " sum");
            assertEquals(a.min, (Double) r.get("min"), where + " min");
            assertEquals(a.max, (Double) r.get("max"), where + " max");
        }
    }

    // ---------------------------------------------------------------- tests

    @ParameterizedTest
    @ValueSource(strings = {"bucketed", "host-first", "hashed", "numeric"})
    void everyLayoutRollsUpEveryEvent(String layout) {
        Run all = fullRun(layout);
        Map<String, Agg> expected = expected(0, Long.MAX_VALUE, null, null);
        assertRollup(expected, all, layout);
        assertEquals(events().size(), all.counter(RollupCounter.ROWS_READ), "one row per distinct event key");
        assertEquals(nonNumbers(expected), all.counter(RollupCounter.VALUES_NOT_NUMBERS));
        assertTrue(nonNumbers(expected) > 0 && nonNumbers(expected) < events().size(), "both kinds of values occur");
        assertEquals(0, all.counter(RollupCounter.ROWS_NOT_SELECTED));
        assertEquals(layout.equals("bucketed") ? BUCKETS : 1, all.counter(RollupCounter.SCANS_CONFIGURED));
        // the combiner folds a map task's events of one group before the shuffle
        assertEquals(all.counter(RollupCounter.ROWS_READ), all.counter(TaskCounter.COMBINE_INPUT_RECORDS));
        long combined = all.counter(TaskCounter.COMBINE_OUTPUT_RECORDS);
        assertTrue(
                combined < all.counter(TaskCounter.COMBINE_INPUT_RECORDS) && combined >= expected.size(),
                "combined: " + combined);
        // the non-ASCII host of the sample comes through
        assertTrue(all.rollup.keySet().stream().anyMatch(k -> k.startsWith("gepäck-01|login|")), "gepäck-01");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bucketed", "host-first", "hashed", "numeric"})
    void aTimeRangeReadsLessAndKeepsOnlyItsEvents(String layout) throws Exception {
        Run range = run(layout, "range-" + layout, Map.of("from", String.valueOf(FROM), "to", String.valueOf(TO)));
        Map<String, Agg> expected = expected(FROM, TO, null, null);
        assertRollup(expected, range, layout + " range");
        long first = FROM / HOUR * HOUR;
        assertTrue(expected.keySet().stream().anyMatch(k -> k.endsWith("|" + first)), "the cut first hour is there");
        Run all = fullRun(layout);
        assertTrue(
                range.read.cellsRead() < all.read.cellsRead(),
                layout + ": cells read for the range " + range.read.cellsRead() + ", for all " + all.read.cellsRead());
        if (layout.equals("bucketed")) {
            assertEquals(BUCKETS, range.counter(RollupCounter.SCANS_CONFIGURED));
            // the input configuration itself: one scan per bucket b, [b ‖ long(from), b ‖ long(to))
            JsonNode inputs = new ObjectMapper().readTree(FormatConf.INPUT_TABLES.get(range.stage.getConfiguration()));
            assertEquals(BUCKETS, inputs.size());
            for (int b = 0; b < BUCKETS; b++) {
                ScanSpec scan = ScanSpec.fromJson(inputs.get(b).get("scan").asText());
                assertEquals(
                        Bytes.toStringBinary(Bytes.add(new byte[] {(byte) b}, Bytes.toBytes(FROM))),
                        Bytes.toStringBinary(scan.startRow()));
                assertEquals(
                        Bytes.toStringBinary(Bytes.add(new byte[] {(byte) b}, Bytes.toBytes(TO))),
                        Bytes.toStringBinary(scan.stopRow()));
            }
            // exactly the range's rows, nothing else
            assertEquals(
                    expected.values().stream().mapToLong(Agg::count).sum(), range.counter(RollupCounter.ROWS_READ));
        } else {
            assertEquals(1, range.counter(RollupCounter.SCANS_CONFIGURED));
            assertTrue(
                    range.read.fileOpens() < all.read.fileOpens(), layout + ": files outside the time range stay shut");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bucketed", "host-first", "hashed", "numeric"})
    void aHostNarrowsTheRollup(String layout) throws Exception {
        Run host = run(layout, "host-" + layout, Map.of("host", "web-01"));
        assertRollup(expected(0, Long.MAX_VALUE, "web-01", null), host, layout + " --host");
        Run all = fullRun(layout);
        if (layout.equals("bucketed")) {
            // the host is after the time in the key: every row is read, the others are dropped
            assertEquals(all.counter(RollupCounter.ROWS_READ), host.counter(RollupCounter.ROWS_READ));
            assertTrue(host.counter(RollupCounter.ROWS_NOT_SELECTED) > 0);
        } else {
            assertEquals(0, host.counter(RollupCounter.ROWS_NOT_SELECTED), "the key prefix reads only the host's rows");
            assertTrue(host.read.cellsRead() < all.read.cellsRead() / 10, layout + ": " + host.read.cellsRead());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"host-first", "hashed", "numeric"})
    void aHostEventAndTimeRangeIsOneKeyRange(String layout) throws Exception {
        Map<String, String> extra =
                Map.of("host", "db-01", "event", "disk", "from", String.valueOf(FROM), "to", String.valueOf(TO));
        Run narrow = run(layout, "narrow-" + layout, extra);
        Map<String, Agg> expected = expected(FROM, TO, "db-01", "disk");
        assertRollup(expected, narrow, layout + " --host --event --from --to");
        assertEquals(
                expected.values().stream().mapToLong(Agg::count).sum(),
                narrow.counter(RollupCounter.ROWS_READ),
                "the key range holds exactly the rows asked for");
    }

    @Test
    void anEventAloneIsFilteredAndAnUnknownHostGivesNothing() throws Exception {
        Run event = run("hashed", "event-hashed", Map.of("event", "login"));
        assertRollup(expected(0, Long.MAX_VALUE, null, "login"), event, "hashed --event");
        assertTrue(event.counter(RollupCounter.ROWS_NOT_SELECTED) > 0);

        Run unknown = run("numeric", "unknown-numeric", Map.of("host", "no-such-host"));
        assertTrue(unknown.rollup.isEmpty());
        assertEquals(0, unknown.counter(RollupCounter.ROWS_READ));
        assertEquals(0, unknown.read.fileOpens(), "a name without an id opens no file");
    }

    @Test
    void theParquetOutputHasTheDocumentedSchema() throws Exception {
        Run all = fullRun("hashed");
        Schema schema = all.rollup.values().iterator().next().getSchema();
        Map<String, String> types = new LinkedHashMap<>();
        for (Schema.Field f : schema.getFields()) {
            Schema s = f.schema();
            String type = s.getType() == Schema.Type.UNION
                    ? s.getTypes().get(0).getType().getName() + "|"
                            + s.getTypes().get(1).getType().getName()
                    : s.getType().getName();
            types.put(f.name(), type);
        }
        assertEquals(
                Map.of(
                        "host",
                        "string",
                        "event",
                        "string",
                        "hour",
                        "long",
                        "count",
                        "long",
                        "count_numeric",
                        "long",
                        "sum",
                        "double",
                        "min",
                        "null|double",
                        "max",
                        "null|double"),
                types);
        assertEquals(
                List.of("host", "event", "hour", "count", "count_numeric", "sum", "min", "max"),
                new ArrayList<>(types.keySet()));
        assertEquals("rollup", schema.getName());
        Schema kept = DatasetReader.schema(
                LocalJobs.localConf(), new Path(new File(new File(tmp, "all-hashed"), "rollup").getAbsolutePath()));
        assertEquals(EventRollupJob.ROLLUP, kept);
        assertNotNull(kept.getField("hour").doc());
        // an hour of text values only: no min, no max, sum 0
        GenericRecord logins = all.rollup.values().stream()
                .filter(r -> r.get("event").toString().equals("login"))
                .findFirst()
                .get();
        assertNull(logins.get("min"));
        assertEquals(0.0, (double) logins.get("sum"));
        assertEquals(0L, (long) logins.get("count_numeric"));
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns() {
        Map<Map<String, String>, String> cases = new LinkedHashMap<>();
        cases.put(Map.of("from", "yesterday"), "--from takes epoch milliseconds >= 0, got 'yesterday'");
        cases.put(Map.of("from", "-5"), "--from takes epoch milliseconds >= 0, got '-5'");
        cases.put(Map.of("to", "0"), "--to takes epoch milliseconds > 0, got '0'");
        cases.put(
                Map.of("from", "2000", "to", "1000"), "--to takes epoch milliseconds after --from (2000), got '1000'");
        cases.put(Map.of("host", ""), "--host takes a non-empty name without zero bytes, got ''");
        cases.put(Map.of("event", "a\0b"), "--event takes a non-empty name without zero bytes, got 'a\0b'");
        int i = 0;
        for (Map.Entry<Map<String, String>, String> c : cases.entrySet()) {
            String out = "bad-" + i++;
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> JobTesting.run(
                            new EventRollupJob(), tables.get("bucketed"), tmp, out, OutputKind.PARQUET, c.getKey()));
            assertEquals(c.getValue(), e.getMessage());
            assertFalse(new File(tmp, out).exists(), "nothing written for " + c.getKey());
        }
    }

    /**
     * Decimals beyond the double range are text: were they numbers, one {@code 1e400} would make the hour's sum and
     * maximum infinite. A decimal below the smallest double is the number 0.
     */
    @Test
    void decimalsThatOverflowADoubleCountAsText() throws Exception {
        long hour = 1_763_712_000_000L;
        List<String> values = List.of("1e400", "-1e400", "1.8e308", "2.5", "1e-400", "1.7976931348623157e308", "-7");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            lines.add("ovf-01\t" + (hour + i) + "\tbig\t" + values.get(i));
        }
        File input = new File(tmp, "overflow.tsv");
        Files.write(input.toPath(), lines, StandardCharsets.UTF_8);
        Path overflowTables =
                JobTesting.load(tmp, "events-overflow", "events", List.of(input), Map.of("layout", "host-first"), 1);
        JobRunner.Report report =
                JobTesting.run(new EventRollupJob(), overflowTables, tmp, "overflow-out", OutputKind.AVRO, Map.of());

        // by the test's own reading: which values are finite decimals
        List<Double> numbers = new ArrayList<>();
        for (String v : values) {
            double d = new BigDecimal(v).doubleValue();
            if (Double.isFinite(d)) {
                numbers.add(d);
            }
        }
        assertEquals(List.of(2.5, 0.0, Double.MAX_VALUE, -7.0), numbers);

        List<GenericRecord> records = JobTesting.records(tmp, "overflow-out", "rollup");
        assertEquals(1, records.size());
        GenericRecord r = records.get(0);
        assertEquals("ovf-01", r.get("host").toString());
        assertEquals("big", r.get("event").toString());
        assertEquals(hour, (long) r.get("hour"));
        assertEquals((long) values.size(), (long) r.get("count"));
        assertEquals((long) numbers.size(), (long) r.get("count_numeric"));
        assertEquals(numbers.stream().mapToDouble(Double::doubleValue).sum(), (double) r.get("sum"));
        assertTrue(Double.isFinite((double) r.get("sum")), "the sum stays finite");
        assertEquals(-7.0, (Double) r.get("min"));
        assertEquals(Double.MAX_VALUE, (Double) r.get("max"));
        assertEquals(1L, report.records().get("rollup"));
        assertEquals(values.size() - numbers.size(), report.counter(RollupCounter.VALUES_NOT_NUMBERS));
    }
}
