package io.dumptruck.jobs.graphstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.JobTesting;
import io.dumptruck.jobs.output.DatasetReader;
import io.dumptruck.jobs.output.OutputKind;
import io.dumptruck.loaders.generate.DataGenerator;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads edge lines with the real graph loader (3 regions, so 3 reduce tasks per stage), runs {@code graph-stats} in
 * local mode and compares every data set with what the test works out itself from the raw lines ({@link EdgeLines}).
 */
class GraphStatsJobTest {
    private static final int REGIONS = 3;

    @TempDir
    static File tmp;

    static Path sampleTables;
    static Path generatedTables;
    static EdgeLines sample;
    static EdgeLines generated;
    static Run sampleRun;
    static Run generatedRun;

    @BeforeAll
    static void loadAndRun() throws Exception {
        // the bundled sample (a celebrity followed by everyone, bad lines) plus two duplicate edges
        File duplicates = new File(tmp, "duplicates.tsv");
        Files.writeString(duplicates.toPath(), "alice\terin\nbob\tcarol\t1763712999000\n", StandardCharsets.UTF_8);
        List<File> sampleInputs = List.of(JobTesting.sample("graph/edges.tsv"), duplicates);
        sample = EdgeLines.parse(sampleInputs);
        sampleTables = JobTesting.load(tmp, "sample-tables", "graph", sampleInputs, Map.of(), REGIONS);

        File generatedDir = new File(tmp, "generated-input");
        DataGenerator.generate(DataGenerator.GRAPH, 4_000, 20_240_601L, generatedDir.toPath(), 2);
        File[] files = generatedDir.listFiles();
        Arrays.sort(files);
        generated = EdgeLines.parse(List.of(files));
        generatedTables = JobTesting.load(tmp, "generated-tables", "graph", List.of(files), Map.of(), REGIONS);

        sampleRun = Run.of(sampleTables, "sample-out", OutputKind.PARQUET, Map.of());
        generatedRun = Run.of(generatedTables, "generated-out", OutputKind.AVRO, Map.of());
    }

    @Test
    void sampleDataSetsMatchTheEdgeLines() throws Exception {
        assertEquals(2, sample.validLines - sample.edgeCount(), "the two duplicate lines were read as edges once");
        assertTrue(sample.followers("celebrity").size() > 300, "the celebrity has its hundreds of followers");
        assertAllDataSets(sample, sampleRun);
        assertEquals(0, sampleRun.counter(GraphStatsCounter.MIDDLES_OVER_FANOUT));
    }

    @Test
    void generatedDataSetsMatchTheEdgeLines() throws Exception {
        assertTrue(generated.edgeCount() > 3_000 && generated.users.size() > 300, "a graph of a few thousand edges");
        assertAllDataSets(generated, generatedRun);
        assertTrue(
                generated
                                .suggestions(GraphStatsSettings.DEFAULT_TOP, Integer.MAX_VALUE)
                                .size()
                        > 1_000,
                "many suggestions to compare");
    }

    private static void assertAllDataSets(EdgeLines graph, Run run) throws Exception {
        assertSameLines(graph.degrees(), run.degrees(), "degrees");
        assertSameLines(graph.reciprocalPairs(), run.reciprocalPairs(), "reciprocal_pairs");
        assertSameLines(
                graph.degreeDistribution(),
                run.lines(
                        "degree_distribution",
                        r -> r.get("direction") + "\t" + r.get("degree") + "\t" + r.get("users")),
                "degree_distribution");
        List<String> suggestions =
                graph.suggestions(GraphStatsSettings.DEFAULT_TOP, GraphStatsSettings.DEFAULT_MAX_FANOUT);
        assertSameLines(suggestions, run.suggestions(), "suggestions");
        assertFalse(graph.reciprocalPairs().isEmpty());
        assertFalse(suggestions.isEmpty());

        Map<String, Long> records = run.report.records();
        assertEquals(graph.users.size(), records.get("degrees"));
        assertEquals(graph.reciprocalPairs().size(), records.get("reciprocal_pairs"));
        assertEquals(graph.degreeDistribution().size(), records.get("degree_distribution"));
        assertEquals(suggestions.size(), records.get("suggestions"));
        assertEquals(graph.users.size(), run.counter(GraphStatsCounter.USERS));
        assertEquals(
                graph.twoHopPaths(GraphStatsSettings.DEFAULT_MAX_FANOUT), run.counter(GraphStatsCounter.TWO_HOP_PATHS));
        assertEquals(0, run.counter(GraphStatsCounter.USERS_WITHOUT_NAME));
        assertEquals(
                0, run.counter(GraphStatsCounter.MIDDLES_OVER_PAIR_BUDGET), "no middle is near the default budget");
        assertEquals(0, run.counter(GraphStatsCounter.MALFORMED_ROWS));
        // the neighbourhood stage's combiner folds the repeated NAME keys of the followed accounts
        Counters neighbourhoods = run.counters.get(0);
        assertTrue(neighbourhoods
                        .findCounter(TaskCounter.COMBINE_OUTPUT_RECORDS)
                        .getValue()
                < neighbourhoods.findCounter(TaskCounter.COMBINE_INPUT_RECORDS).getValue());
        // one part file per reduce task: the partitioners spread the accounts over the region count
        assertEquals(
                REGIONS,
                DatasetReader.parts(LocalJobs.localConf(), run.dataset("degrees"))
                        .size());
    }

    @Test
    void everyFileOfBothTablesIsReadOnce() throws Exception {
        for (Run run : List.of(sampleRun, generatedRun)) {
            Path tables = run == sampleRun ? sampleTables : generatedTables;
            EdgeLines graph = run == sampleRun ? sample : generated;
            int follows = hfiles(tables, "follows");
            int followedBy = hfiles(tables, "followed_by");
            assertTrue(follows >= REGIONS && followedBy >= REGIONS, follows + " and " + followedBy + " files");
            JobRunner.ReadFigures read = run.report.read();
            assertEquals(follows + followedBy, read.fileOpens());
            assertEquals(follows + followedBy, read.tableFiles());
            assertEquals(2L * graph.edgeCount(), read.results(), "one row per edge in each table");
        }
    }

    @Test
    void topKeepsTheBestKOfEachUser() throws Exception {
        Run run = Run.of(generatedTables, "top-2", OutputKind.TSV, Map.of("top", "2"));
        List<String> expected = generated.suggestions(2, GraphStatsSettings.DEFAULT_MAX_FANOUT);
        assertSameLines(expected, run.suggestions(), "suggestions with --top 2");
        assertNotEquals(
                generated.suggestions(GraphStatsSettings.DEFAULT_TOP, GraphStatsSettings.DEFAULT_MAX_FANOUT), expected);
        assertTrue(expected.stream().anyMatch(s -> s.split("\t")[1].equals("2")), "some users have two suggestions");
    }

    @Test
    void maxFanoutLeavesPopularMiddlesOut() throws Exception {
        int maxFanout = 15;
        Run run = Run.of(
                generatedTables, "fanout-15", OutputKind.PARQUET, Map.of("max-fanout", String.valueOf(maxFanout)));
        List<String> expected = generated.suggestions(GraphStatsSettings.DEFAULT_TOP, maxFanout);
        assertNotEquals(
                generated.suggestions(GraphStatsSettings.DEFAULT_TOP, GraphStatsSettings.DEFAULT_MAX_FANOUT),
                expected,
                "the limit changes the suggestions");
        assertSameLines(expected, run.suggestions(), "suggestions with --max-fanout " + maxFanout);
        long overLimit = generated.users.stream()
                .filter(u -> generated.followers(u).size() > maxFanout)
                .count();
        assertTrue(overLimit > 1 && overLimit < generated.users.size() / 10, overLimit + " accounts over the limit");
        assertEquals(overLimit, run.counter(GraphStatsCounter.MIDDLES_OVER_FANOUT));
        assertEquals(generated.twoHopPaths(maxFanout), run.counter(GraphStatsCounter.TWO_HOP_PATHS));
        // the limit is about suggestions only
        assertSameLines(generated.degrees(), run.degrees(), "degrees");
        assertSameLines(generated.reciprocalPairs(), run.reciprocalPairs(), "reciprocal_pairs");
    }

    /**
     * A middle with few followers that follows many accounts makes as many pairs as a popular one: {@code --max-pairs}
     * leaves out the middles whose followers × followees exceeds it, whatever their follower count, which the
     * out-degree count (sorted before the followers) makes known in time.
     */
    @Test
    void maxPairsLeavesMiddlesThatMakeTooManyPairsOut() throws Exception {
        long maxPairs = 60;
        Run run = Run.of(generatedTables, "pairs-60", OutputKind.AVRO, Map.of("max-pairs", String.valueOf(maxPairs)));
        int fanout = GraphStatsSettings.DEFAULT_MAX_FANOUT;
        List<String> expected = generated.suggestions(GraphStatsSettings.DEFAULT_TOP, fanout, maxPairs);
        assertNotEquals(
                generated.suggestions(GraphStatsSettings.DEFAULT_TOP, fanout),
                expected,
                "the budget changes the suggestions");
        assertSameLines(expected, run.suggestions(), "suggestions with --max-pairs " + maxPairs);

        List<String> overBudget = generated.users.stream()
                .filter(b -> !generated.isMiddle(b, fanout, maxPairs))
                .toList();
        assertTrue(
                overBudget.size() > 1 && overBudget.size() < generated.users.size() / 4,
                overBudget.size() + " over the budget");
        assertTrue(
                overBudget.stream()
                        .anyMatch(b -> generated.follows(b).size()
                                > generated.followers(b).size()),
                "some are left out for how many they follow rather than for their followers");
        assertEquals(overBudget.size(), run.counter(GraphStatsCounter.MIDDLES_OVER_PAIR_BUDGET));
        assertEquals(0, run.counter(GraphStatsCounter.MIDDLES_OVER_FANOUT));
        assertEquals(generated.twoHopPaths(fanout, maxPairs), run.counter(GraphStatsCounter.TWO_HOP_PATHS));
        assertTrue(generated.twoHopPaths(fanout, maxPairs) < generated.twoHopPaths(fanout));
        // the budget is about suggestions only
        assertSameLines(generated.degrees(), run.degrees(), "degrees");
        assertSameLines(generated.reciprocalPairs(), run.reciprocalPairs(), "reciprocal_pairs");
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns() {
        Map<Map<String, String>, String> cases = new LinkedHashMap<>();
        cases.put(Map.of("top", "0"), "--top takes a whole number from 1 to 100000, got '0'");
        cases.put(Map.of("top", "five"), "--top takes a whole number from 1 to 100000, got 'five'");
        cases.put(Map.of("top", "100001"), "--top takes a whole number from 1 to 100000, got '100001'");
        cases.put(Map.of("top", "2147483647"), "--top takes a whole number from 1 to 100000, got '2147483647'");
        cases.put(Map.of("max-fanout", "-3"), "--max-fanout takes a whole number from 1 to 2147483647, got '-3'");
        cases.put(
                Map.of("max-fanout", "99999999999"),
                "--max-fanout takes a whole number from 1 to 2147483647, got '99999999999'");
        cases.put(Map.of("max-pairs", "0"), "--max-pairs takes a whole number, at least 1, got '0'");
        cases.put(Map.of("max-pairs", "many"), "--max-pairs takes a whole number, at least 1, got 'many'");
        int i = 0;
        for (Map.Entry<Map<String, String>, String> c : cases.entrySet()) {
            String out = "bad-" + i++;
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> JobTesting.run(new GraphStatsJob(), sampleTables, tmp, out, OutputKind.PARQUET, c.getKey()));
            assertEquals(c.getValue(), e.getMessage());
            assertFalse(new File(tmp, out).exists(), "nothing was written for " + c.getKey());
        }
    }

    @Test
    void parquetFilesHoldTheDeclaredSchemas() throws Exception {
        Map<String, List<String>> expected = new LinkedHashMap<>();
        expected.put("degrees", List.of("user BINARY STRING", "out_degree INT64", "in_degree INT64"));
        expected.put("reciprocal_pairs", List.of("user_a BINARY STRING", "user_b BINARY STRING"));
        expected.put("degree_distribution", List.of("direction BINARY STRING", "degree INT64", "users INT64"));
        expected.put(
                "suggestions", List.of("user BINARY STRING", "rank INT32", "suggested BINARY STRING", "via INT64"));
        Configuration conf = LocalJobs.localConf();
        for (Map.Entry<String, List<String>> e : expected.entrySet()) {
            Path dataset = sampleRun.dataset(e.getKey());
            List<Path> parts = DatasetReader.parts(conf, dataset);
            assertFalse(parts.isEmpty());
            for (Path part : parts) {
                assertTrue(part.getName().endsWith(".parquet"), part.getName());
                try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(part, conf))) {
                    MessageType schema = reader.getFooter().getFileMetaData().getSchema();
                    assertEquals("io.dumptruck.jobs.graphstats." + e.getKey(), schema.getName());
                    List<String> fields = new ArrayList<>();
                    for (Type f : schema.getFields()) {
                        assertEquals(Type.Repetition.REQUIRED, f.getRepetition(), f.getName());
                        String logical = f.getLogicalTypeAnnotation() == null ? "" : " " + f.getLogicalTypeAnnotation();
                        fields.add(f.getName() + " " + f.asPrimitiveType().getPrimitiveTypeName() + logical);
                    }
                    assertEquals(e.getValue(), fields, part.toString());
                }
            }
            Schema kept = DatasetReader.schema(conf, dataset);
            assertEquals(e.getKey(), kept.getName());
            assertEquals("io.dumptruck.jobs.graphstats", kept.getNamespace());
            for (Schema.Field f : kept.getFields()) {
                assertFalse(f.doc() == null || f.doc().isBlank(), f.name() + " is documented");
            }
            List<GenericRecord> records = DatasetReader.read(conf, dataset, 1);
            assertEquals(
                    e.getValue().stream().map(s -> s.split(" ")[0]).toList(),
                    records.get(0).getSchema().getFields().stream()
                            .map(Schema.Field::name)
                            .toList());
        }
    }

    /**
     * Equal sorted lines; a mismatch names the first few lines missing and unexpected rather than printing both lists.
     */
    private static void assertSameLines(List<String> expected, List<String> actual, String what) {
        if (expected.equals(actual)) {
            return;
        }
        List<String> missing = new ArrayList<>(expected);
        missing.removeAll(new HashSet<>(actual));
        List<String> unexpected = new ArrayList<>(actual);
        unexpected.removeAll(new HashSet<>(expected));
        fail(what + ": " + expected.size() + " lines expected, " + actual.size() + " written; " + missing.size()
                + " missing, e.g. " + missing.subList(0, Math.min(5, missing.size())) + "; " + unexpected.size()
                + " unexpected, e.g. " + unexpected.subList(0, Math.min(5, unexpected.size())));
    }

    private static int hfiles(Path tables, String table) {
        int n = 0;
        for (File family : new File(tables.toString(), table).listFiles(f -> f.isDirectory() && !hidden(f))) {
            n += family.listFiles(f -> f.isFile() && !hidden(f)).length;
        }
        return n;
    }

    private static boolean hidden(File f) {
        return f.getName().startsWith("_") || f.getName().startsWith(".");
    }

    /** A run of the job with its report and every stage's counters. */
    record Run(Path output, JobRunner.Report report, List<Counters> counters) {
        static Run of(Path tables, String outName, OutputKind kind, Map<String, String> extra) throws Exception {
            Path output = new Path(new File(tmp, outName).getAbsolutePath());
            List<Counters> counters = new ArrayList<>();
            Configuration conf = LocalJobs.localConf();
            conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, 50); // local stages take a second; do not wait 5 s for each
            JobRunner.Report report =
                    JobRunner.run(conf, new GraphStatsJob(), new JobOptions(tables, output, kind, extra), stage -> {
                        boolean done = stage.waitForCompletion(false);
                        counters.add(stage.getCounters());
                        return done;
                    });
            return new Run(output, report, counters);
        }

        long counter(Enum<?> counter) {
            return counters.stream()
                    .mapToLong(c -> c.findCounter(counter).getValue())
                    .sum();
        }

        Path dataset(String name) {
            return new Path(output, name);
        }

        /** The data set's records as text lines, sorted. */
        List<String> lines(String dataset, Function<GenericRecord, String> line) throws IOException {
            List<String> out = new ArrayList<>();
            for (GenericRecord r : DatasetReader.read(LocalJobs.localConf(), dataset(dataset), 0)) {
                out.add(line.apply(r));
            }
            out.sort(null);
            return out;
        }

        List<String> degrees() throws IOException {
            return lines("degrees", r -> r.get("user") + "\t" + r.get("out_degree") + "\t" + r.get("in_degree"));
        }

        List<String> reciprocalPairs() throws IOException {
            return lines("reciprocal_pairs", r -> r.get("user_a") + "\t" + r.get("user_b"));
        }

        List<String> suggestions() throws IOException {
            return lines(
                    "suggestions",
                    r -> r.get("user") + "\t" + r.get("rank") + "\t" + r.get("suggested") + "\t" + r.get("via"));
        }
    }

    /**
     * The graph as the test reads it from the edge lines: {@code follower TAB followed [TAB epoch_ms]}; blank and
     * {@code #} lines skipped; a line without 2 or 3 fields, with an empty id, a self-edge or a time that is not a
     * non-negative whole number is not an edge; the same edge twice is one edge.
     */
    static final class EdgeLines {
        final Map<String, Set<String>> follows = new TreeMap<>();
        final Map<String, Set<String>> followers = new TreeMap<>();
        final Set<String> users = new TreeSet<>();
        int validLines;

        static EdgeLines parse(List<File> files) throws IOException {
            EdgeLines g = new EdgeLines();
            for (File file : files) {
                for (String line : Files.readAllLines(file.toPath(), StandardCharsets.UTF_8)) {
                    String[] f = line.split("\t", -1);
                    boolean edge = !line.isBlank()
                            && !line.startsWith("#")
                            && (f.length == 2 || f.length == 3)
                            && !f[0].isEmpty()
                            && !f[1].isEmpty()
                            && !f[0].equals(f[1])
                            && (f.length == 2 || isTime(f[2]));
                    if (edge) {
                        g.validLines++;
                        g.follows.computeIfAbsent(f[0], k -> new TreeSet<>()).add(f[1]);
                        g.followers.computeIfAbsent(f[1], k -> new TreeSet<>()).add(f[0]);
                        g.users.add(f[0]);
                        g.users.add(f[1]);
                    }
                }
            }
            return g;
        }

        private static boolean isTime(String text) {
            try {
                long t = Long.parseLong(text.trim());
                return t >= 0 && t != Long.MAX_VALUE;
            } catch (NumberFormatException e) {
                return false;
            }
        }

        Set<String> follows(String user) {
            return follows.getOrDefault(user, Set.of());
        }

        Set<String> followers(String user) {
            return followers.getOrDefault(user, Set.of());
        }

        long edgeCount() {
            return follows.values().stream().mapToLong(Set::size).sum();
        }

        List<String> degrees() {
            List<String> out = new ArrayList<>();
            for (String u : users) {
                out.add(u + "\t" + follows(u).size() + "\t" + followers(u).size());
            }
            return sorted(out);
        }

        List<String> reciprocalPairs() {
            List<String> out = new ArrayList<>();
            follows.forEach((a, followed) -> {
                for (String b : followed) {
                    if (follows(b).contains(a) && BYTE_ORDER.compare(a, b) < 0) {
                        out.add(a + "\t" + b);
                    }
                }
            });
            return sorted(out);
        }

        List<String> degreeDistribution() {
            Map<String, Integer> counts = new HashMap<>();
            for (String u : users) {
                counts.merge("in\t" + followers(u).size(), 1, Integer::sum);
                counts.merge("out\t" + follows(u).size(), 1, Integer::sum);
            }
            List<String> out = new ArrayList<>();
            counts.forEach((bucket, n) -> out.add(bucket + "\t" + n));
            return sorted(out);
        }

        /**
         * For each user a: every c followed by someone a follows (through a b with at most {@code maxFanout}
         * followers), not a, not followed by a; via = how many such b; the best {@code top} by via, then c in byte
         * order.
         */
        List<String> suggestions(int top, int maxFanout) {
            return suggestions(top, maxFanout, GraphStatsSettings.DEFAULT_MAX_PAIRS);
        }

        /**
         * True when b may be the middle of a suggestion: at most {@code maxFanout} followers, and followers × followees
         * at most {@code maxPairs}.
         */
        boolean isMiddle(String b, int maxFanout, long maxPairs) {
            long in = followers(b).size();
            return in <= maxFanout && in * follows(b).size() <= maxPairs;
        }

        /** As {@link #suggestions(int, int)}, through middles within both limits ({@link #isMiddle}). */
        List<String> suggestions(int top, int maxFanout, long maxPairs) {
            List<String> out = new ArrayList<>();
            for (String a : users) {
                Map<String, Long> via = new HashMap<>();
                for (String b : follows(a)) {
                    if (isMiddle(b, maxFanout, maxPairs)) {
                        for (String c : follows(b)) {
                            if (!c.equals(a) && !follows(a).contains(c)) {
                                via.merge(c, 1L, Long::sum);
                            }
                        }
                    }
                }
                List<Map.Entry<String, Long>> ranked = new ArrayList<>(via.entrySet());
                ranked.sort(Map.Entry.<String, Long>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry::getKey, BYTE_ORDER));
                for (int i = 0; i < Math.min(top, ranked.size()); i++) {
                    out.add(a + "\t" + (i + 1) + "\t" + ranked.get(i).getKey() + "\t"
                            + ranked.get(i).getValue());
                }
            }
            return sorted(out);
        }

        /** Paths a → b → c with c ≠ a through middles b with at most {@code maxFanout} followers. */
        long twoHopPaths(int maxFanout) {
            return twoHopPaths(maxFanout, GraphStatsSettings.DEFAULT_MAX_PAIRS);
        }

        /** As {@link #twoHopPaths(int)}, through middles within both limits ({@link #isMiddle}). */
        long twoHopPaths(int maxFanout, long maxPairs) {
            long paths = 0;
            for (String b : users) {
                if (isMiddle(b, maxFanout, maxPairs)) {
                    for (String a : followers(b)) {
                        paths += follows(b).size() - (follows(b).contains(a) ? 1 : 0);
                    }
                }
            }
            return paths;
        }

        private static List<String> sorted(List<String> lines) {
            lines.sort(null);
            return lines;
        }
    }

    /** UTF-8 byte order, as the job's outputs use. */
    static final Comparator<String> BYTE_ORDER =
            (x, y) -> Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8));
}
