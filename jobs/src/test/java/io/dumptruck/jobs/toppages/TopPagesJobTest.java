package io.dumptruck.jobs.toppages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.ReadCounter;
import io.dumptruck.formats.read.TableDir;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.JobTesting;
import io.dumptruck.jobs.output.DatasetReader;
import io.dumptruck.jobs.output.OutputKind;
import io.dumptruck.loaders.generate.DataGenerator;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopPagesJobTest {
    @TempDir
    static File tmp;
    /** The generated log plus the bundled sample, loaded into 3 regions. */
    static Path tables;

    static List<File> generated;
    static RawVisitorCounts expected;

    @BeforeAll
    static void load() throws Exception {
        File gen = new File(tmp, "generated");
        DataGenerator.generate(DataGenerator.WEBLOGS, 4000, 20260101L, gen.toPath(), 2);
        generated = List.of(new File(gen, "part-00000.txt"), new File(gen, "part-00001.txt"));
        List<File> inputs = new ArrayList<>(generated);
        inputs.add(JobTesting.sample("weblogs/access.log"));
        tables = JobTesting.load(tmp, "tables", "weblogs", inputs, Map.of(), 3);
        expected = RawVisitorCounts.of(inputs);
    }

    /** A run's report and its stages, run. */
    record Run(JobRunner.Report report, List<Job> stages) {
        Counters perVisitor() throws IOException {
            return stages.get(0).getCounters();
        }

        long counter(TopPagesCounter c) throws IOException {
            return perVisitor().findCounter(c).getValue();
        }
    }

    /** Runs the job; {@code reducers} 0 leaves {@code mapreduce.job.reduces} unset, to the job's default. */
    static Run run(Path tables, String out, OutputKind kind, Map<String, String> extra, int reducers) throws Exception {
        Configuration conf = LocalJobs.localConf();
        if (reducers > 0) {
            conf.setInt("mapreduce.job.reduces", reducers);
        }
        JobOptions options = new JobOptions(tables, new Path(new File(tmp, out).getAbsolutePath()), kind, extra);
        List<Job> stages = new ArrayList<>();
        JobRunner.Report report = JobRunner.run(conf, new TopPagesJob(), options, stage -> {
            stages.add(stage);
            return stage.waitForCompletion(false);
        });
        assertEquals(3, stages.size());
        return new Run(report, stages);
    }

    // ---- the expectations, as comparable lines ----

    static List<String> expectedTopPages(int k) {
        List<String> out = new ArrayList<>();
        List<RawVisitorCounts.Page> top = expected.globalTop(k);
        for (int i = 0; i < top.size(); i++) {
            RawVisitorCounts.Page p = top.get(i);
            out.add((i + 1) + "\t" + p.path() + "\t" + p.views() + "\t" + p.visitors());
        }
        return out;
    }

    static List<String> expectedVisitorTopPages(int k) {
        List<String> out = new ArrayList<>();
        for (String visitor : expected.byVisitor.keySet()) {
            List<RawVisitorCounts.Page> top = expected.visitorTop(visitor, k);
            for (int i = 0; i < top.size(); i++) {
                out.add(visitor + "\t" + (i + 1) + "\t" + top.get(i).path() + "\t"
                        + top.get(i).views());
            }
        }
        out.sort(null);
        return out;
    }

    static List<String> topPages(String out) throws Exception {
        List<String> lines = new ArrayList<>();
        for (GenericRecord r : JobTesting.records(tmp, out, "top_pages")) {
            lines.add(r.get("rank") + "\t" + r.get("path") + "\t" + r.get("views") + "\t" + r.get("visitors"));
        }
        lines.sort((a, b) -> Integer.compare(Integer.parseInt(a.split("\t")[0]), Integer.parseInt(b.split("\t")[0])));
        return lines;
    }

    static List<String> visitorTopPages(String out) throws Exception {
        List<String> lines = new ArrayList<>();
        for (GenericRecord r : JobTesting.records(tmp, out, "visitor_top_pages")) {
            lines.add(r.get("visitor") + "\t" + r.get("rank") + "\t" + r.get("path") + "\t" + r.get("views"));
        }
        lines.sort(null);
        return lines;
    }

    static List<String> statsCheck(String out) throws Exception {
        List<String> lines = new ArrayList<>();
        for (GenericRecord r : JobTesting.records(tmp, out, "stats_check")) {
            lines.add(r.get("visitor") + "\t" + r.get("stored_path") + "\t" + r.get("stored_count") + "\t"
                    + r.get("computed_path") + "\t" + r.get("computed_count") + "\t" + r.get("problem"));
        }
        lines.sort(null);
        return lines;
    }

    // ---- tests ----

    @Test
    void defaultTopTenMatchesTheRawLogAndReadsOnlyTheFilesItNeeds() throws Exception {
        // the input is worth the test: rankings are cut at 10, some visitors have more pages than that
        assertTrue(expected.distinctPaths() > 10, "distinct paths: " + expected.distinctPaths());
        assertTrue(
                expected.byVisitor.keySet().stream().anyMatch(v -> tieAcrossCut(expected.visitorTop(v, 11), 10)),
                "a visitor whose 10th and 11th pages have equal views, so the path decides");
        assertTrue(expected.validLines < expected.lines, "the sample holds lines the loader rejects");
        assertEquals(4, expected.byVisitor.get("c-7f3a").get("/item/42"), "a duplicate line counts twice");

        Run run = run(tables, "default", OutputKind.PARQUET, Map.of(), 1);

        assertEquals(expectedTopPages(10), topPages("default"));
        assertEquals(10, topPages("default").size());
        assertEquals(expectedVisitorTopPages(10), visitorTopPages("default"));
        assertEquals(List.of(), statsCheck("default"));
        assertEquals(expected.byVisitor.size(), run.counter(TopPagesCounter.VISITORS_CHECKED));
        assertEquals(0, run.counter(TopPagesCounter.STATS_MISMATCHES));
        assertEquals(
                Map.of(
                        "visitor_top_pages",
                        (long) expectedVisitorTopPages(10).size(),
                        "stats_check",
                        0L,
                        "top_pages",
                        10L),
                run.report().records());

        // the scan opens cookie_url_count's u files and cookie_stats' c files, never the d or r families'
        long urlFiles = hfiles("cookie_url_count", "u");
        long dailyFiles = hfiles("cookie_url_count", "d");
        long statsTopFiles = hfiles("cookie_stats", "c");
        long recentFiles = hfiles("cookie_stats", "r");
        assertTrue(
                urlFiles > 0 && statsTopFiles > 0 && recentFiles > 0,
                urlFiles + " " + statsTopFiles + " " + recentFiles);
        assertEquals(urlFiles + statsTopFiles, run.report().read().fileOpens());
        assertEquals(
                urlFiles + dailyFiles + statsTopFiles + recentFiles,
                run.report().read().tableFiles());
        assertEquals(
                urlFiles + statsTopFiles,
                run.perVisitor()
                        .findCounter(ReadCounter.GROUP, ReadCounter.FILE_OPENS.name())
                        .getValue());

        assertFalse(
                new File(new File(tmp, "default"), JobOptions.WORK_DIRECTORY).exists(),
                "the work directory is removed");
        assertParquetSchema(
                "default",
                "top_pages",
                "rank:INT32:REQUIRED path:BINARY:REQUIRED views:INT64:REQUIRED " + "visitors:INT64:REQUIRED");
        assertParquetSchema(
                "default",
                "visitor_top_pages",
                "visitor:BINARY:REQUIRED rank:INT32:REQUIRED " + "path:BINARY:REQUIRED views:INT64:REQUIRED");
        assertParquetSchema(
                "default",
                "stats_check",
                "visitor:BINARY:REQUIRED stored_path:BINARY:OPTIONAL "
                        + "stored_count:INT64:OPTIONAL computed_path:BINARY:OPTIONAL computed_count:INT64:OPTIONAL problem:BINARY:REQUIRED");
    }

    /** 13: the 13th and 14th pages overall have equal views, so the tie-break decides the last place. */
    @Test
    void topOptionCutsBothRankingsAlsoAcrossSeveralReducers() throws Exception {
        assertTrue(tieAcrossCut(expected.globalTop(14), 13), "pages 13 and 14 overall have equal views");
        Run run = run(tables, "top13", OutputKind.TSV, Map.of("top", "13"), 3);

        assertEquals(expectedTopPages(13), topPages("top13"));
        assertEquals(expectedVisitorTopPages(13), visitorTopPages("top13"));
        assertEquals(List.of(), statsCheck("top13"));
        assertEquals(expected.byVisitor.size(), run.counter(TopPagesCounter.VISITORS_CHECKED));
        assertEquals(0, run.counter(TopPagesCounter.STATS_MISMATCHES));
        // the per-visitor stage and the per-path sums ran in three reducers each, the merge in one
        assertEquals(
                List.of(3, 3, 1),
                run.stages().stream().map(Job::getNumReduceTasks).toList());
        assertEquals(
                3,
                DatasetReader.parts(
                                LocalJobs.localConf(),
                                new Path(new File(new File(tmp, "top13"), "visitor_top_pages").getAbsolutePath()))
                        .size());
    }

    @Test
    void unlessSetTheFirstTwoStagesRunOneReduceTaskPerRegionOfCookieUrlCount() throws Exception {
        Configuration conf = LocalJobs.localConf();
        assertEquals(
                3,
                TableDir.open(conf, new Path(tables, "cookie_url_count"))
                                .splitPoints()
                                .size()
                        + 1,
                "three regions");
        Run run = run(tables, "default-reducers", OutputKind.AVRO, Map.of(), 0);

        assertEquals(
                List.of(3, 3, 1),
                run.stages().stream().map(Job::getNumReduceTasks).toList());
        assertEquals(
                3,
                DatasetReader.parts(
                                conf,
                                new Path(new File(new File(tmp, "default-reducers"), "visitor_top_pages")
                                        .getAbsolutePath()))
                        .size());
        assertEquals(expectedTopPages(10), topPages("default-reducers"));
        assertEquals(expectedVisitorTopPages(10), visitorTopPages("default-reducers"));
    }

    /** The ranking has more than {@code k} pages and the k-th and the next have equal views. */
    static boolean tieAcrossCut(List<RawVisitorCounts.Page> ranked, int k) {
        return ranked.size() > k && ranked.get(k - 1).views() == ranked.get(k).views();
    }

    @Test
    void aBadTopValueIsRefusedBeforeAnythingRuns() {
        for (String bad : List.of("0", "-2", "ten", "100001", "")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> run(tables, "bad-top", OutputKind.PARQUET, Map.of("top", bad), 1));
            assertEquals("--top takes a whole number from 1 to 100000, got '" + bad + "'", e.getMessage());
            assertFalse(new File(tmp, "bad-top").exists());
        }
    }

    /**
     * cookie_url_count of the main load beside cookie_stats of another load: the generated log again (those visitors
     * agree) plus lines that change the most requested page of visitors of the sample, and a visitor only the other
     * load has; the sample's IPv6 visitor is then in cookie_url_count only.
     */
    @Test
    void theStatsCheckReportsEveryVisitorWhoseStoredTopDisagrees() throws Exception {
        File tweaks = new File(tmp, "tweaks.log");
        String agent = "\"-\" \"Mozilla/5.0\"";
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            log.append("10.0.0.7 - - [22/Nov/2026:10:00:0")
                    .append(i)
                    .append(" +0000] \"GET /cart HTTP/1.1\" 200 301 ")
                    .append(agent)
                    .append(" \"c-7f3a\" 900\n");
        }
        String frank = "127.0.0.1 - frank [22/Nov/2026:10:01:00 +0000] \"GET /apache_pb.gif HTTP/1.0\" 200 2326\n";
        log.append(frank).append(frank); // an exact duplicate counts twice
        log.append("198.51.100.3 - - [22/Nov/2026:10:02:00 +0000] \"GET /about HTTP/1.1\" 200 512\n");
        log.append("10.9.9.9 - - [22/Nov/2026:10:03:00 +0000] \"GET /signup?x=1 HTTP/2.0\" 200 77 ")
                .append(agent)
                .append(" \"c-only-in-stats\" 100\n");
        Files.writeString(tweaks.toPath(), log.toString());
        List<File> otherInputs = new ArrayList<>(generated);
        otherInputs.add(tweaks);
        Path other = JobTesting.load(tmp, "other", "weblogs", otherInputs, Map.of(), 2);

        File mixed = new File(tmp, "mixed");
        copyTree(new File(tables.toString(), "cookie_url_count"), new File(mixed, "cookie_url_count"));
        copyTree(new File(other.toString(), "cookie_stats"), new File(mixed, "cookie_stats"));
        Run run = run(new Path(mixed.getAbsolutePath()), "mixed-out", OutputKind.PARQUET, Map.of(), 2);

        // expectation 1, generic: the most requested page of every visitor, by the raw lines of each load
        RawVisitorCounts stored = RawVisitorCounts.of(otherInputs);
        TreeSet<String> visitors = new TreeSet<>(expected.byVisitor.keySet());
        visitors.addAll(stored.byVisitor.keySet());
        List<String> mismatches = new ArrayList<>();
        for (String v : visitors) {
            RawVisitorCounts.Page s = stored.mostRequested(v);
            RawVisitorCounts.Page c = expected.mostRequested(v);
            String problem = s == null
                    ? "no c: cell in cookie_stats"
                    : c == null
                            ? "no cells in cookie_url_count"
                            : !s.path().equals(c.path()) && s.views() != c.views()
                                    ? "path and count differ"
                                    : !s.path().equals(c.path())
                                            ? "path differs"
                                            : s.views() != c.views() ? "count differs" : null;
            if (problem != null) {
                mismatches.add(v + "\t" + (s == null ? null : s.path()) + "\t" + (s == null ? null : s.views()) + "\t"
                        + (c == null ? null : c.path()) + "\t" + (c == null ? null : c.views()) + "\t" + problem);
            }
        }
        assertEquals(mismatches, statsCheck("mixed-out"));

        // expectation 2, by hand: one visitor per kind of problem, and no other
        assertEquals(
                List.of(
                        "c-7f3a\t/cart\t5\t/item/42\t4\tpath and count differ",
                        "c-only-in-stats\t/signup\t1\tnull\tnull\tno cells in cookie_url_count",
                        "ip:127.0.0.1\t/apache_pb.gif\t2\t/apache_pb.gif\t1\tcount differs",
                        "ip:198.51.100.3\t/about\t1\t/index.html\t1\tpath differs",
                        "ip:2001:db8::42\tnull\tnull\t/help\t1\tno c: cell in cookie_stats"),
                statsCheck("mixed-out"));
        assertEquals(visitors.size(), run.counter(TopPagesCounter.VISITORS_CHECKED));
        assertEquals(5, run.counter(TopPagesCounter.STATS_MISMATCHES));
        // the rankings come from cookie_url_count alone
        assertEquals(expectedTopPages(10), topPages("mixed-out"));
    }

    /** What a load of nothing but rejected lines leaves: the tables' spec files and no HFile. */
    @Test
    void tablesWithoutCellsGiveEmptyDataSets() throws Exception {
        File empty = new File(tmp, "empty");
        for (String table : List.of("cookie_url_count", "cookie_stats")) {
            File dir = new File(empty, table);
            dir.mkdirs();
            Files.copy(
                    new File(new File(tables.toString(), table), "_spec.json").toPath(),
                    new File(dir, "_spec.json").toPath());
        }
        Run run = run(new Path(empty.getAbsolutePath()), "empty-out", OutputKind.AVRO, Map.of(), 1);

        assertEquals(
                Map.of("visitor_top_pages", 0L, "stats_check", 0L, "top_pages", 0L),
                run.report().records());
        for (String dataset : List.of("top_pages", "visitor_top_pages", "stats_check")) {
            assertEquals(List.of(), JobTesting.records(tmp, "empty-out", dataset), dataset);
        }
        assertEquals(0, run.counter(TopPagesCounter.VISITORS_CHECKED));
    }

    // ---- helpers ----

    /** HFiles of one family of the main load (metadata names start with _ or .). */
    static long hfiles(String table, String family) {
        File[] files = new File(new File(tables.toString(), table), family)
                .listFiles(f -> f.isFile()
                        && !f.getName().startsWith("_")
                        && !f.getName().startsWith("."));
        return files == null ? 0 : files.length;
    }

    /** The Parquet footer schema of the data set's first part file: "name:PRIMITIVE:REPETITION ...". */
    static void assertParquetSchema(String out, String dataset, String fields) throws IOException {
        Configuration conf = LocalJobs.localConf();
        Path dir = new Path(new File(new File(tmp, out), dataset).getAbsolutePath());
        List<Path> parts = DatasetReader.parts(conf, dir);
        assertFalse(parts.isEmpty(), dataset + " has a part file");
        try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(parts.get(0), conf))) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            assertEquals(TopPagesDatasets.NAMESPACE + "." + dataset, schema.getName());
            List<String> actual = new ArrayList<>();
            for (Type t : schema.getFields()) {
                actual.add(t.getName() + ":" + t.asPrimitiveType().getPrimitiveTypeName() + ":" + t.getRepetition());
                if (t.asPrimitiveType().getPrimitiveTypeName().name().equals("BINARY")) {
                    assertEquals(
                            "STRING",
                            String.valueOf(t.getLogicalTypeAnnotation()).toUpperCase(Locale.ROOT),
                            dataset + "." + t.getName() + " is a string");
                }
            }
            assertEquals(Arrays.asList(fields.split(" ")), actual);
        }
        assertEquals(dataset, DatasetReader.schema(conf, dir).getName(), "the schema is kept beside the files");
    }

    static void copyTree(File from, File to) throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(from.toPath())) {
            for (java.nio.file.Path p : (Iterable<java.nio.file.Path>) files::iterator) {
                java.nio.file.Path target =
                        to.toPath().resolve(from.toPath().relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
