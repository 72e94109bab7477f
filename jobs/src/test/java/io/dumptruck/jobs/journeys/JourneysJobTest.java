package io.dumptruck.jobs.journeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dumptruck.formats.read.ReadCounter;
import io.dumptruck.formats.read.TableDir;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.CountSumCombiner;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.JobTesting;
import io.dumptruck.jobs.output.DatasetReader;
import io.dumptruck.jobs.output.OutputKind;
import io.dumptruck.loaders.generate.DataGenerator;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Runs {@code journeys} over web logs loaded by the real weblogs loader (generated lines plus the bundled sample, 3
 * regions) and compares both data sets with {@link AccessLogReference}, which sessionises the raw lines on its own.
 */
class JourneysJobTest {
    private static final long MINUTE = 60_000L;
    private static final long DEFAULT_GAP = 30 * MINUTE;
    /** Where the time-range test splits the input into two loads: 2026-01-16T00:00Z. */
    private static final long CUT = Instant.parse("2026-01-16T00:00:00Z").toEpochMilli();

    private static final long RANGE_FROM = Instant.parse("2026-01-05T00:00:00Z").toEpochMilli();

    @TempDir
    static File tmp;

    static List<File> inputs;
    static List<String> lines;
    static Path tables;

    @BeforeAll
    static void loadTables() throws Exception {
        File generated = new File(tmp, "generated");
        DataGenerator.generate(DataGenerator.WEBLOGS, 3000, 20_260_101L, generated.toPath(), 2);
        inputs = new ArrayList<>(List.of(
                new File(generated, "part-00000.txt"),
                new File(generated, "part-00001.txt"),
                JobTesting.sample("weblogs/access.log")));
        lines = AccessLogReference.distinctLines(inputs);
        tables = load("all", inputs, 3);
    }

    private static Path load(String name, List<File> files, int regions) throws Exception {
        return JobTesting.load(tmp, name, "weblogs", files, Map.of(), regions);
    }

    /** A finished run: its report, the counters of all its stages summed, and each stage's. */
    record Run(JobRunner.Report report, Counters counters, List<Counters> stages) {
        long counter(Enum<?> c) {
            return counters.findCounter(c).getValue();
        }

        long read(ReadCounter c) {
            return counters.findCounter(ReadCounter.GROUP, c.name()).getValue();
        }
    }

    private static Run run(Path tables, String outName, OutputKind kind, Map<String, String> extra) throws Exception {
        return run(tables, outName, kind, extra, LocalJobs.localConf());
    }

    private static Run run(Path tables, String outName, OutputKind kind, Map<String, String> extra, Configuration conf)
            throws Exception {
        JobOptions options = new JobOptions(tables, new Path(new File(tmp, outName).getAbsolutePath()), kind, extra);
        Counters all = new Counters();
        List<Counters> stages = new ArrayList<>();
        JobRunner.Report report = JobRunner.run(conf, new JourneysJob(), options, stage -> {
            boolean ok = stage.waitForCompletion(false);
            all.incrAllCounters(stage.getCounters());
            stages.add(stage.getCounters());
            return ok;
        });
        return new Run(report, all, stages);
    }

    private static List<String> sessionLines(List<GenericRecord> records) {
        List<String> out = new ArrayList<>();
        for (GenericRecord r : records) {
            out.add(String.join(
                    "\t",
                    String.valueOf(r.get("visitor")),
                    String.valueOf(r.get("session")),
                    String.valueOf(r.get("start")),
                    String.valueOf(r.get("end")),
                    String.valueOf(r.get("duration_ms")),
                    String.valueOf(r.get("pages")),
                    String.valueOf(r.get("entry_page")),
                    String.valueOf(r.get("exit_page")),
                    String.valueOf(r.get("referer"))));
        }
        return out;
    }

    private static Map<String, Long> transitionCounts(List<GenericRecord> records) {
        Map<String, Long> out = new TreeMap<>();
        for (GenericRecord r : records) {
            Long before = out.put(r.get("from") + "\t" + r.get("to"), (Long) r.get("count"));
            assertEquals(null, before, "transition " + r.get("from") + " -> " + r.get("to") + " written twice");
        }
        return out;
    }

    /** Equal as multisets; on failure names a few lines only one side has. */
    private static void assertSameLines(String what, List<String> expected, List<String> actual) {
        List<String> e = new ArrayList<>(expected);
        List<String> a = new ArrayList<>(actual);
        e.sort(null);
        a.sort(null);
        if (!e.equals(a)) {
            TreeSet<String> missing = new TreeSet<>(e);
            missing.removeAll(a);
            TreeSet<String> extra = new TreeSet<>(a);
            extra.removeAll(e);
            fail(what + ": expected " + e.size() + " records, got " + a.size() + "; missing e.g. "
                    + missing.stream().limit(5).toList() + "; unexpected e.g. "
                    + extra.stream().limit(5).toList());
        }
    }

    private static void assertMatches(AccessLogReference.Journeys expected, long views, Run run, String outName)
            throws Exception {
        assertSameLines("sessions", expected.sessions(), sessionLines(JobTesting.records(tmp, outName, "sessions")));
        Map<String, Long> transitions = transitionCounts(JobTesting.records(tmp, outName, "transitions"));
        if (!expected.transitions().equals(transitions)) {
            assertSameLines(
                    "transitions",
                    expected.transitions().entrySet().stream()
                            .map(Object::toString)
                            .toList(),
                    transitions.entrySet().stream().map(Object::toString).toList());
        }
        assertEquals(views, run.counter(JourneyCounter.PAGE_VIEWS));
        assertEquals(views, run.counter(JourneyCounter.SESSION_TRANSITIONS), "one transition per page view");
        assertEquals(expected.visitors(), run.counter(JourneyCounter.VISITORS));
        assertEquals(expected.sessions().size(), run.counter(JourneyCounter.SESSIONS));
        assertEquals(
                Map.of("sessions", (long) expected.sessions().size(), "transitions", (long)
                        expected.transitions().size()),
                run.report().records());
    }

    @ParameterizedTest
    @EnumSource(OutputKind.class)
    void sessionsAndTransitionsMatchTheRawLog(OutputKind kind) throws Exception {
        String out = "out-" + kind.extension();
        Run run = run(tables, out, kind, Map.of());

        List<AccessLogReference.View> views = AccessLogReference.views(lines, 0, Long.MAX_VALUE);
        AccessLogReference.Journeys expected = AccessLogReference.journeys(views, DEFAULT_GAP);
        assertTrue(expected.sessions().size() > 500 && expected.transitions().size() > 500, "enough data to compare");
        assertTrue(
                expected.sessions().stream().anyMatch(s -> s.startsWith("c-7f3a\t2\t")),
                "the sample's visitor has two sessions");
        assertMatches(expected, views.size(), run, out);
        assertFalse(new File(new File(tmp, out), JobOptions.WORK_DIRECTORY).exists(), "the scratch directory is gone");
        assertEquals(
                run.report().read().tableFiles(), run.read(ReadCounter.FILE_OPENS), "a full run opens every file once");

        if (kind == OutputKind.PARQUET) {
            checkParquetSchema(
                    new File(new File(tmp, out), "sessions"),
                    Map.of(
                            "visitor",
                            PrimitiveTypeName.BINARY,
                            "session",
                            PrimitiveTypeName.INT32,
                            "start",
                            PrimitiveTypeName.INT64,
                            "end",
                            PrimitiveTypeName.INT64,
                            "duration_ms",
                            PrimitiveTypeName.INT64,
                            "pages",
                            PrimitiveTypeName.INT64,
                            "entry_page",
                            PrimitiveTypeName.BINARY,
                            "exit_page",
                            PrimitiveTypeName.BINARY,
                            "referer",
                            PrimitiveTypeName.BINARY),
                    List.of("referer"));
            checkParquetSchema(
                    new File(new File(tmp, out), "transitions"),
                    Map.of(
                            "from",
                            PrimitiveTypeName.BINARY,
                            "to",
                            PrimitiveTypeName.BINARY,
                            "count",
                            PrimitiveTypeName.INT64),
                    List.of());
        }
        if (kind != OutputKind.TSV) {
            Schema read = JobTesting.records(tmp, out, "sessions").get(0).getSchema();
            assertEquals(
                    List.of(
                            "visitor",
                            "session",
                            "start",
                            "end",
                            "duration_ms",
                            "pages",
                            "entry_page",
                            "exit_page",
                            "referer"),
                    read.getFields().stream().map(Schema.Field::name).toList());
        }
    }

    /** Every field of every part file: its name, physical type, string annotation and whether it may be null. */
    private static void checkParquetSchema(File dataset, Map<String, PrimitiveTypeName> types, List<String> optional)
            throws Exception {
        Configuration conf = LocalJobs.localConf();
        List<Path> parts = DatasetReader.parts(conf, new Path(dataset.getAbsolutePath()));
        assertFalse(parts.isEmpty());
        for (Path part : parts) {
            assertTrue(part.getName().endsWith(".parquet"), part.getName());
            MessageType schema;
            try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(part, conf))) {
                schema = r.getFooter().getFileMetaData().getSchema();
            }
            assertEquals("io.dumptruck.jobs.journeys." + dataset.getName(), schema.getName());
            assertEquals(types.size(), schema.getFieldCount(), schema.toString());
            for (Map.Entry<String, PrimitiveTypeName> f : types.entrySet()) {
                PrimitiveType t = schema.getType(f.getKey()).asPrimitiveType();
                assertEquals(f.getValue(), t.getPrimitiveTypeName(), f.getKey());
                assertEquals(
                        optional.contains(f.getKey()) ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED,
                        t.getRepetition(),
                        f.getKey());
                if (f.getValue() == PrimitiveTypeName.BINARY) {
                    assertEquals(LogicalTypeAnnotation.stringType(), t.getLogicalTypeAnnotation(), f.getKey());
                }
            }
        }
    }

    /** The load puts split points inside some visitor's rows, so one visitor's views come from two map tasks. */
    @Test
    void someVisitorsRowsLieInTwoRegions() throws Exception {
        List<byte[]> points =
                TableDir.open(LocalJobs.localConf(), new Path(tables, "visits")).splitPoints();
        assertEquals(2, points.size());
        Map<String, Long> newest = new HashMap<>();
        for (AccessLogReference.View v : AccessLogReference.views(lines, 0, Long.MAX_VALUE)) {
            newest.merge(v.visitor(), v.time(), Math::max);
        }
        int straddling = 0;
        for (byte[] p : points) {
            int zero = Bytes.indexOf(p, (byte) 0);
            String visitor = new String(p, 0, zero, StandardCharsets.UTF_8);
            long time = Long.MAX_VALUE - Bytes.toLong(p, zero + 1);
            if (newest.getOrDefault(visitor, Long.MIN_VALUE) > time) {
                straddling++; // the visitor's newer rows sort before the split point, the older from it on
            }
        }
        assertTrue(straddling > 0, "no visitor's rows straddle a split point");
    }

    /**
     * A load writes one HFile per region covering every time in it, so a time range can only skip files when the table
     * holds several loads: the log is loaded in two parts split at {@link #CUT}, and the second load's HFiles are put
     * beside the first's, as a second bulk load into the same table would. A range ending at the cut then never opens
     * the second load's files.
     */
    @Test
    void aTimeRangeCountsOnlyViewsInsideItAndOpensOnlyFilesThatMayHoldThem() throws Exception {
        List<String> early = new ArrayList<>();
        List<String> late = new ArrayList<>();
        for (String line : lines) {
            AccessLogReference.Request r = AccessLogReference.request(line);
            (r != null && r.time() >= CUT ? late : early).add(line);
        }
        assertTrue(early.size() > 1000 && late.size() > 1000, early.size() + " / " + late.size());
        File earlyLog = new File(tmp, "early.log");
        File lateLog = new File(tmp, "late.log");
        Files.write(earlyLog.toPath(), early, StandardCharsets.UTF_8);
        Files.write(lateLog.toPath(), late, StandardCharsets.UTF_8);
        Path both = load("two-loads", List.of(earlyLog), 3);
        Path second = load("second-load", List.of(lateLog), 3);
        File family = new File(both.toString(), "visits/p");
        int earlyFiles = hfiles(family).size();
        for (File f : hfiles(new File(second.toString(), "visits/p"))) {
            Files.copy(f.toPath(), new File(family, "second-" + f.getName()).toPath());
        }
        assertTrue(hfiles(family).size() > earlyFiles);

        Configuration smallBuffer = LocalJobs.localConf();
        smallBuffer.setInt(
                SessionReducer.TRANSITION_BUFFER, 16); // many partial sums for the transitions stage to add up
        Run full = run(both, "range-full", OutputKind.AVRO, Map.of(), smallBuffer);
        List<AccessLogReference.View> allViews = AccessLogReference.views(lines, 0, Long.MAX_VALUE);
        assertMatches(AccessLogReference.journeys(allViews, DEFAULT_GAP), allViews.size(), full, "range-full");
        assertTrue(
                full.stages().get(1).findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue()
                        > full.report().records().get("transitions"),
                "the small buffer wrote partial sums the last stage added up");

        Run ranged = run(
                both, "range", OutputKind.TSV, Map.of("from", String.valueOf(RANGE_FROM), "to", String.valueOf(CUT)));
        List<AccessLogReference.View> inRange = AccessLogReference.views(lines, RANGE_FROM, CUT);
        assertTrue(inRange.size() > 500 && inRange.size() < allViews.size() - 1000, inRange.size() + " views in range");
        assertMatches(AccessLogReference.journeys(inRange, DEFAULT_GAP), inRange.size(), ranged, "range");

        assertEquals(earlyFiles, ranged.read(ReadCounter.FILE_OPENS), "only the first load's files are opened");
        assertTrue(ranged.read(ReadCounter.FILE_OPENS) < full.read(ReadCounter.FILE_OPENS));
        assertTrue(
                ranged.read(ReadCounter.BYTES_READ) < full.read(ReadCounter.BYTES_READ),
                ranged.read(ReadCounter.BYTES_READ) + " vs " + full.read(ReadCounter.BYTES_READ));

        // a range no file meets opens nothing and still leaves both data sets, empty
        Run none = run(both, "range-none", OutputKind.PARQUET, Map.of("from", "1000", "to", "2000"));
        assertEquals(0, none.read(ReadCounter.FILE_OPENS));
        assertEquals(Map.of("sessions", 0L, "transitions", 0L), none.report().records());
        assertEquals(List.of(), JobTesting.records(tmp, "range-none", "sessions"));
        assertEquals(List.of(), JobTesting.records(tmp, "range-none", "transitions"));
    }

    private static List<File> hfiles(File family) {
        File[] files = family.listFiles(
                f -> f.isFile() && !f.getName().startsWith("_") && !f.getName().startsWith("."));
        return files == null ? List.of() : List.of(files);
    }

    /**
     * A hand-made log around the gap boundary: views exactly 30 minutes apart stay together, 30 minutes and a second
     * apart do not; two views of the same second go in path order; an exact duplicate line counts once; a line that is
     * not a request neither extends nor splits a session.
     */
    @Test
    void aGapOfExactlyTheSessionGapStaysInTheSession() throws Exception {
        String agent = " \"Mozilla/5.0\" \"gap\" 100";
        List<String> log = List.of(
                "192.0.2.1 - - [01/Mar/2026:10:00:00 +0000] \"GET /b HTTP/1.1\" 200 10 \"-\"" + agent,
                "192.0.2.1 - - [01/Mar/2026:11:00:00 +0100] \"GET /a?x=1 HTTP/1.1\" 200 10 \"https://www.Example.com:443/x?y=1\""
                        + agent,
                "192.0.2.1 - - [01/Mar/2026:10:30:00 +0000] \"GET /c HTTP/1.1\" 200 10 \"http://www.example.com:8080/b\""
                        + agent,
                "192.0.2.1 - - [01/Mar/2026:11:00:01 +0000] \"GET /a HTTP/1.1\" 200 10 \"-\"" + agent,
                "192.0.2.1 - - [01/Mar/2026:11:00:01 +0000] \"GET /a HTTP/1.1\" 200 10 \"-\"" + agent,
                "192.0.2.1 - - [01/Mar/2026:11:10:00 +0000] \"-\" 408 - \"-\"" + agent,
                "192.0.2.1 - - [01/Mar/2026:11:40:00 +0000] \"GET /d HTTP/1.1\" 200 10 \"-\"" + agent,
                "198.51.100.7 - - [01/Mar/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 10 \"https://t.co/\"");
        File file = new File(tmp, "gap.log");
        Files.write(file.toPath(), log, StandardCharsets.UTF_8);
        Path gapTables = load("gap", List.of(file), 1);
        long ten = Instant.parse("2026-03-01T10:00:00Z").toEpochMilli();
        long halfPast = ten + 30 * MINUTE;
        long eleven = ten + 60 * MINUTE + 1000;
        long twenty = ten + 100 * MINUTE;

        Run byDefault = run(gapTables, "gap-30", OutputKind.PARQUET, Map.of());
        assertEquals(
                List.of(
                        "gap\t1\t" + ten + "\t" + halfPast + "\t1800000\t3\t/a\t/c\tcom.example.www/x?y=1",
                        "gap\t2\t" + eleven + "\t" + eleven + "\t0\t1\t/a\t/a\tnull",
                        "gap\t3\t" + twenty + "\t" + twenty + "\t0\t1\t/d\t/d\tnull",
                        "ip:198.51.100.7\t1\t" + ten + "\t" + ten + "\t0\t1\t/a\t/a\tco.t/"),
                sorted(sessionLines(JobTesting.records(tmp, "gap-30", "sessions"))));
        assertEquals(
                Map.of(
                        "co.t/\t/a",
                        1L,
                        "com.example.www/x?y=1\t/a",
                        1L,
                        "/a\t/b",
                        1L,
                        "/b\t/c",
                        1L,
                        "(direct)\t/a",
                        1L,
                        "(direct)\t/d",
                        1L),
                transitionCounts(JobTesting.records(tmp, "gap-30", "transitions")));
        assertEquals(6, byDefault.counter(JourneyCounter.PAGE_VIEWS));

        run(gapTables, "gap-29", OutputKind.PARQUET, Map.of("session-gap", "29"));
        assertEquals(
                List.of(
                        "gap\t1\t" + ten + "\t" + ten + "\t0\t2\t/a\t/b\tcom.example.www/x?y=1",
                        "gap\t2\t" + halfPast + "\t" + halfPast + "\t0\t1\t/c\t/c\tcom.example.www:8080/b",
                        "gap\t3\t" + eleven + "\t" + eleven + "\t0\t1\t/a\t/a\tnull",
                        "gap\t4\t" + twenty + "\t" + twenty + "\t0\t1\t/d\t/d\tnull",
                        "ip:198.51.100.7\t1\t" + ten + "\t" + ten + "\t0\t1\t/a\t/a\tco.t/"),
                sorted(sessionLines(JobTesting.records(tmp, "gap-29", "sessions"))));
        assertEquals(
                Map.of(
                        "co.t/\t/a",
                        1L,
                        "com.example.www/x?y=1\t/a",
                        1L,
                        "/a\t/b",
                        1L,
                        "com.example.www:8080/b\t/c",
                        1L,
                        "(direct)\t/a",
                        1L,
                        "(direct)\t/d",
                        1L),
                transitionCounts(JobTesting.records(tmp, "gap-29", "transitions")));

        // the reference agrees on this log too
        List<AccessLogReference.View> views =
                AccessLogReference.views(AccessLogReference.distinctLines(List.of(file)), 0, Long.MAX_VALUE);
        assertEquals(
                sorted(AccessLogReference.journeys(views, DEFAULT_GAP).sessions()),
                sorted(sessionLines(JobTesting.records(tmp, "gap-30", "sessions"))));
    }

    private static List<String> sorted(List<String> l) {
        List<String> out = new ArrayList<>(l);
        out.sort(null);
        return out;
    }

    @Test
    void badOptionValuesAreRefusedBeforeAnythingRuns() {
        Map<Map<String, String>, String> cases = Map.of(
                Map.of("session-gap", "half"),
                        "--session-gap takes a whole number from 1 to 153722867280912, got 'half'",
                Map.of("session-gap", "0"), "--session-gap takes a whole number from 1 to 153722867280912, got '0'",
                Map.of("from", "-5"), "--from takes epoch milliseconds >= 0, got '-5'",
                Map.of("from", "yesterday"), "--from takes epoch milliseconds >= 0, got 'yesterday'",
                Map.of("to", "0"), "--to takes epoch milliseconds > 0, got '0'",
                Map.of("from", "2000", "to", "1000"), "--to takes epoch milliseconds after --from (2000), got '1000'");
        int i = 0;
        for (Map.Entry<Map<String, String>, String> c : cases.entrySet()) {
            String out = "bad-" + i++;
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> run(tables, out, OutputKind.PARQUET, c.getKey()));
            assertEquals(c.getValue(), e.getMessage());
            assertFalse(new File(tmp, out).exists());
        }
        assertEquals(
                List.of("session-gap", "from", "to"),
                List.copyOf(new JourneysJob().options().keySet()));
    }

    @Test
    void stagesStreamEachVisitorThroughASecondarySort() throws Exception {
        JobOptions options =
                new JobOptions(tables, new Path(new File(tmp, "unused").getAbsolutePath()), OutputKind.TSV, Map.of());
        List<Job> stages = new JourneysJob().stages(LocalJobs.localConf(), options);
        Job sessions = stages.get(0);
        assertEquals(ViewKey.Comparator.class, sessions.getSortComparator().getClass());
        assertEquals(
                ViewKey.VisitorComparator.class,
                sessions.getGroupingComparator().getClass());
        assertEquals(VisitorPartitioner.class, sessions.getPartitionerClass());
        assertEquals(3, sessions.getNumReduceTasks(), "one reduce task per region");
        Configuration twoReducers = LocalJobs.localConf();
        twoReducers.setInt(MRJobConfig.NUM_REDUCES, 2);
        assertEquals(2, new JourneysJob().stages(twoReducers, options).get(0).getNumReduceTasks(), "unless set");
        assertEquals(CountSumCombiner.class, stages.get(1).getCombinerClass());
    }
}
