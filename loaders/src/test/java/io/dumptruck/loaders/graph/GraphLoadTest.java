package io.dumptruck.loaders.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.shuffle.PrefixSortCounter;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.LoadCounter;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.PreparedLoad;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph loader end to end in local mode. The expected cells are computed here from the input lines with
 * MessageDigest and string building — not with the loader's schema code.
 */
class GraphLoadTest {
    static final long LOAD_TS = 1_600_000_000_000L;

    @TempDir
    File tmp;

    static String md5Hex(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void everyLayoutHoldsExactlyTheEdges() throws Exception {
        List<String> lines = List.of(
                "alice\tbob",
                "alice\tcarol\t1700000000000",
                "bob\talice",
                "# a comment",
                "",
                "carol\tcarol",
                "x\t",
                "dave\tbob\tnotatime",
                "bob\tcarol",
                "Zoë\t東京\t5",
                "alice\tbob");
        File in = new File(tmp, "edges.tsv");
        Files.write(in.toPath(), lines, StandardCharsets.UTF_8);
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out");
        LoadOptions options = new LoadOptions(
                List.of(new Path(in.getPath())),
                out,
                2,
                LOAD_TS,
                0.5,
                Map.of("layouts", "edges,adjacency,adjacency-ro"));
        PreparedLoad load = LoadJob.prepare(conf, new GraphLoader(), options);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        LoadReport report = load.finish();
        assertFalse(report.failed(), report.failure());
        assertEquals(9, report.read());
        assertEquals(report.read(), report.loaded() + report.rejected());
        assertEquals(3, report.rejected());
        assertEquals(2, report.skipped());
        assertEquals(Map.of("SELF_EDGE", 1L, "EMPTY_ID", 1L, "BAD_TIME", 1L), report.rejectReasons());

        // expected, from the input lines by hand: the good edges and their times
        String[][] good = {
            {"alice", "bob", null},
            {"alice", "carol", "1700000000000"},
            {"bob", "alice", null},
            {"bob", "carol", null},
            {"Zoë", "東京", "5"}
        };
        TreeSet<String> follows = new TreeSet<>();
        TreeSet<String> followedBy = new TreeSet<>();
        TreeSet<String> adjacency = new TreeSet<>();
        Map<String, TreeSet<String>> lists = new TreeMap<>();
        for (String[] e : good) {
            String ts = e[2] == null ? String.valueOf(LOAD_TS) : e[2];
            follows.add(md5Hex(e[0]) + md5Hex(e[1]) + " f:" + e[1] + " @" + ts);
            followedBy.add(md5Hex(e[1]) + md5Hex(e[0]) + " f:" + e[0] + " @" + ts);
            adjacency.add(e[0] + " l:" + e[1] + " @" + ts);
            lists.computeIfAbsent(e[0], k -> new TreeSet<>()).add(e[1]);
        }
        TreeSet<String> adjacencyRo = new TreeSet<>();
        lists.forEach((from, intos) ->
                adjacencyRo.add(from + " l: @" + LOAD_TS + " = [\"" + String.join("\",\"", intos) + "\"]"));

        assertEquals(follows, cells(conf, new Path(out, "follows"), true));
        assertEquals(followedBy, cells(conf, new Path(out, "followed_by"), true));
        assertEquals(adjacency, cells(conf, new Path(out, "adjacency"), false));
        assertEquals(adjacencyRo, cells(conf, new Path(out, "adjacency_ro"), false));

        List<String> rejects = new ArrayList<>();
        for (File f :
                new File(out.toString(), "_rejects").listFiles(f -> f.getName().startsWith("part-"))) {
            rejects.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
        }
        assertEquals(3, rejects.size(), rejects.toString());
        assertTrue(
                rejects.contains(
                        "edges.tsv:" + offsetOf(lines, 5) + "\tSELF_EDGE\tcarol follows itself\tcarol\\tcarol"),
                rejects.toString());
        assertTrue(
                rejects.stream().anyMatch(r -> r.contains("\tBAD_TIME\t") && r.endsWith("\tdave\\tbob\\tnotatime")),
                rejects.toString());
    }

    /**
     * A 1 MB sort buffer: every map spills many times, its record metadata wrapping around the buffer, and the map
     * side's PrefixSort reads Hadoop's own buffer each time; the HFile writer refuses a key out of order, and the
     * tables must hold exactly the edges.
     */
    @Test
    void manySpillsSortedByPrefix() throws Exception {
        Configuration conf = LocalJobs.localConf();
        conf.setInt("mapreduce.task.io.sort.mb", 1);
        conf.setInt(FormatConf.OUTPUT_MAP_BUFFER_MB.key(), 0); // each record through Hadoop's buffer
        ManyEdges load = loadManyEdges(conf, "many-out");
        long mapOutput = load.job()
                .getCounters()
                .findCounter(TaskCounter.MAP_OUTPUT_RECORDS)
                .getValue();
        assertEquals(2L * load.edges(), mapOutput);
        assertTrue(
                load.job()
                                .getCounters()
                                .findCounter(TaskCounter.SPILLED_RECORDS)
                                .getValue()
                        > mapOutput,
                "maps spilled more than once");
        assertEquals(
                mapOutput,
                load.job()
                        .getCounters()
                        .findCounter(PrefixSortCounter.RECORDS_SORTED_BY_PREFIX)
                        .getValue(),
                "every spill of Hadoop's map output buffer sorted by prefix");
    }

    /** Several maps, each filling its block buffer (a quarter of a 1 MB sort buffer) many times. */
    @Test
    void manyBlockSeriesMergeBackIntoKeyOrder() throws Exception {
        Configuration conf = LocalJobs.localConf();
        conf.setInt("mapreduce.task.io.sort.mb", 1);
        conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 200_000);
        ManyEdges load = loadManyEdges(conf, "blocks-out");
        Counters counters = load.job().getCounters();
        Job job = load.job();
        assertTrue(
                ReflectionUtils.newInstance(job.getInputFormatClass(), job.getConfiguration())
                                .getSplits(job)
                                .size()
                        > 1,
                "several maps");
        assertEquals(
                2L * load.edges(),
                counters.findCounter(CellCounter.MAP_RUNS_IN_BLOCKS).getValue());
        long blocks = counters.findCounter(CellCounter.MAP_BLOCKS).getValue();
        assertEquals(
                blocks,
                counters.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(),
                "one shuffle record per block");
        assertTrue(blocks > 100 && blocks < load.edges() / 20, "blocks of many cells from many flushes: " + blocks);
        // each map task counts its records in steps (LoaderMapper) and the rest at its end
        assertEquals(
                load.edges(), counters.findCounter(LoadCounter.RECORDS_READ).getValue());
        assertEquals(
                load.edges(), counters.findCounter(LoadCounter.RECORDS_LOADED).getValue());
    }

    /** A load, and how many edges it read. */
    private record ManyEdges(Job job, int edges) {}

    /** Loads 40k edges (some users with many followees) and checks both tables cell for cell. */
    private ManyEdges loadManyEdges(Configuration conf, String output) throws Exception {
        java.util.Random rnd = new java.util.Random(17);
        List<String> lines = new ArrayList<>();
        TreeSet<String> follows = new TreeSet<>();
        TreeSet<String> followedBy = new TreeSet<>();
        for (int i = 0; i < 40_000; i++) {
            String from = "user" + rnd.nextInt(rnd.nextBoolean() ? 30 : 3_000);
            String into = "user" + rnd.nextInt(3_000);
            if (!from.equals(into)) {
                lines.add(from + "\t" + into);
                follows.add(md5Hex(from) + md5Hex(into) + " f:" + into + " @" + LOAD_TS);
                followedBy.add(md5Hex(into) + md5Hex(from) + " f:" + from + " @" + LOAD_TS);
            }
        }
        File in = new File(tmp, output + ".tsv");
        Files.write(in.toPath(), lines, StandardCharsets.UTF_8);
        Path out = new Path(tmp.getAbsolutePath(), output);
        LoadOptions options = new LoadOptions(List.of(new Path(in.getPath())), out, 3, LOAD_TS, 0.0, Map.of());
        PreparedLoad load = LoadJob.prepare(conf, new GraphLoader(), options);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        assertFalse(load.finish().failed());
        assertEquals(follows, cells(conf, new Path(out, "follows"), true));
        assertEquals(followedBy, cells(conf, new Path(out, "followed_by"), true));
        return new ManyEdges(job, lines.size());
    }

    @Test
    void compressedInputsAndGlobs() throws Exception {
        File dir = new File(tmp, "in");
        dir.mkdirs();
        try (var gz = new java.io.OutputStreamWriter(
                new java.util.zip.GZIPOutputStream(new java.io.FileOutputStream(new File(dir, "a.tsv.gz"))),
                StandardCharsets.UTF_8)) {
            gz.write("alice\tbob\nbob\tcarol\n");
        }
        org.apache.hadoop.io.compress.BZip2Codec bzip2 = new org.apache.hadoop.io.compress.BZip2Codec();
        bzip2.setConf(LocalJobs.localConf());
        try (var bz = new java.io.OutputStreamWriter(
                bzip2.createOutputStream(new java.io.FileOutputStream(new File(dir, "b.tsv.bz2"))),
                StandardCharsets.UTF_8)) {
            bz.write("carol\tdave\n");
        }
        Files.writeString(new File(dir, "c.txt").toPath(), "ignored\tby the glob\n");
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "gz-out");
        LoadOptions options =
                new LoadOptions(List.of(new Path(dir.getPath() + "/*.tsv.*")), out, 1, LOAD_TS, 0.0, Map.of());
        PreparedLoad load = LoadJob.prepare(conf, new GraphLoader(), options);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        LoadReport report = load.finish();
        assertEquals(3, report.read());
        assertEquals(3, report.loaded());
        assertEquals(3, cells(conf, new Path(out, "follows"), true).size());
    }

    @Test
    void anInputThatMatchesNothingIsRefusedBeforeAnyTask() {
        LoadOptions options = new LoadOptions(
                List.of(new Path(tmp.getAbsolutePath(), "nothing-*.tsv")),
                new Path(tmp.getAbsolutePath(), "never"),
                1,
                LOAD_TS,
                0.0,
                Map.of());
        java.io.FileNotFoundException e = org.junit.jupiter.api.Assertions.assertThrows(
                java.io.FileNotFoundException.class,
                () -> LoadJob.prepare(LocalJobs.localConf(), new GraphLoader(), options));
        assertTrue(e.getMessage().contains("matches no file"), e.getMessage());
        assertFalse(new File(tmp, "never").exists());
    }

    /**
     * A day of follows, then a day of unfollows ({@code --edges unfollows}): the second load writes a DeleteColumn
     * marker per edge and table at the line's time (else its load timestamp), and the two loads' files read together —
     * as HBase holds them after both bulk loads — lack exactly the edges unfollowed after they were followed.
     */
    @Test
    void unfollowsWriteDeleteMarkersThatMaskTheEdgesOfAnEarlierLoad() throws Exception {
        Configuration conf = LocalJobs.localConf();
        File follows = new File(tmp, "follows.tsv");
        Files.write(
                follows.toPath(),
                List.of("alice\tbob", "alice\tcarol\t1700000000000", "bob\talice", "bob\tcarol"),
                StandardCharsets.UTF_8);
        Path day1 = new Path(tmp.getAbsolutePath(), "day1");
        LoadOptions first = new LoadOptions(
                List.of(new Path(follows.getPath())), day1, 2, LOAD_TS, 0.5, Map.of("layouts", "edges,adjacency"));
        PreparedLoad load = LoadJob.prepare(conf, new GraphLoader(), first);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        assertFalse(load.finish().failed());

        File unfollows = new File(tmp, "unfollows.tsv");
        // alice→carol is unfollowed at a time before she followed: that follow stays
        Files.write(
                unfollows.toPath(),
                List.of("alice\tbob", "alice\tcarol\t1600000000000", "bob\tcarol", "x\t"),
                StandardCharsets.UTF_8);
        Path day2 = new Path(tmp.getAbsolutePath(), "day2");
        long day2Ts = LOAD_TS + 86_400_000L;
        LoadOptions second = new LoadOptions(
                List.of(new Path(unfollows.getPath())),
                day2,
                2,
                day2Ts,
                0.5,
                Map.of("layouts", "edges,adjacency", "edges", "unfollows"));
        load = LoadJob.prepare(conf, new GraphLoader(), second);
        job = load.job();
        assertTrue(job.waitForCompletion(false));
        LoadReport report = load.finish();
        assertFalse(report.failed(), report.failure());
        assertEquals(4, report.read());
        assertEquals(report.read(), report.loaded() + report.rejected());
        assertEquals(1, report.rejected());
        report.tables().forEach((table, t) -> {
            assertEquals(3, t.markers(), table);
            assertEquals(3, t.cells(), table);
        });
        assertEquals(
                9,
                job.getCounters()
                        .findCounter(CellCounter.DELETE_MARKERS_WRITTEN)
                        .getValue());

        TreeSet<String> markers = new TreeSet<>();
        try (TableReader reader = TableReader.open(conf, new Path(day2, "follows"));
                RowScanner rows = reader.scan(ScanSpec.all().withRaw(true).withMaxVersions(10))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                for (Cell c : r.rawCells()) {
                    markers.add(new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8) + " " + c.getType()
                            + " @" + c.getTimestamp());
                }
            }
        }
        assertEquals(
                new TreeSet<>(List.of(
                        "bob DeleteColumn @" + day2Ts,
                        "carol DeleteColumn @1600000000000",
                        "carol DeleteColumn @" + day2Ts)),
                markers);

        for (String table : List.of("follows", "followed_by", "adjacency")) {
            Path both = new Path(tmp.getAbsolutePath(), "both/" + table);
            for (Path day : List.of(day1, day2)) {
                File family = new File(new Path(day, table).toString(), table.equals("adjacency") ? "l" : "f");
                File into = new File(both.toString(), family.getName());
                into.mkdirs();
                for (File f : family.listFiles(f -> !f.getName().startsWith("."))) {
                    Files.copy(f.toPath(), new File(into, day.getName() + f.getName()).toPath());
                }
            }
            Files.copy(
                    new File(new Path(day1, table).toString(), "_spec.json").toPath(),
                    new File(both.toString(), "_spec.json").toPath());
        }
        Path both = new Path(tmp.getAbsolutePath(), "both");
        assertEquals(
                new TreeSet<>(List.of(
                        md5Hex("alice") + md5Hex("carol") + " f:carol @1700000000000",
                        md5Hex("bob") + md5Hex("alice") + " f:alice @" + LOAD_TS)),
                cells(conf, new Path(both, "follows"), true));
        assertEquals(
                new TreeSet<>(List.of(
                        md5Hex("carol") + md5Hex("alice") + " f:alice @1700000000000",
                        md5Hex("alice") + md5Hex("bob") + " f:bob @" + LOAD_TS)),
                cells(conf, new Path(both, "followed_by"), true));
        assertEquals(
                new TreeSet<>(List.of("alice l:carol @1700000000000", "bob l:alice @" + LOAD_TS)),
                cells(conf, new Path(both, "adjacency"), false));
        try (TableReader followsBoth = TableReader.open(conf, new Path(both, "follows"))) {
            assertEquals(List.of("carol"), GraphQueries.neighbours(followsBoth, "alice", 10));
        }
    }

    @Test
    void unfollowsChangeTheFoldedAdjacencyListOnlyFoldedIntoTheLiveTable() throws Exception {
        File in = new File(tmp, "e.tsv");
        Files.write(in.toPath(), List.of("a\tb"), StandardCharsets.UTF_8);
        LoadOptions options = new LoadOptions(
                List.of(new Path(in.getPath())),
                new Path(tmp.getAbsolutePath(), "out"),
                1,
                LOAD_TS,
                0.5,
                Map.of("layouts", "adjacency-ro", "edges", "unfollows"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> LoadJob.prepare(LocalJobs.localConf(), new GraphLoader(), options));
        assertTrue(e.getMessage().contains("only by folding into the live table's lists: add --live"), e.getMessage());
        LoadOptions typo = new LoadOptions(
                List.of(new Path(in.getPath())),
                new Path(tmp.getAbsolutePath(), "out2"),
                1,
                LOAD_TS,
                0.5,
                Map.of("edges", "unfollow"));
        e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> LoadJob.prepare(LocalJobs.localConf(), new GraphLoader(), typo));
        assertTrue(e.getMessage().contains("neither follows nor unfollows"), e.getMessage());
    }

    private static long offsetOf(List<String> lines, int index) {
        long offset = 0;
        for (int i = 0; i < index; i++) {
            offset += lines.get(i).getBytes(StandardCharsets.UTF_8).length + 1;
        }
        return offset;
    }

    /** Each cell as "row f:qualifier @ts[ = value]", the row in hex when {@code hexRow}. */
    private static TreeSet<String> cells(Configuration conf, Path table, boolean hexRow) throws Exception {
        TreeSet<String> out = new TreeSet<>();
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner rows = reader.scan(ScanSpec.all())) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                for (Cell c : r.rawCells()) {
                    byte[] row = CellUtil.cloneRow(c);
                    String value = new String(CellUtil.cloneValue(c), StandardCharsets.UTF_8);
                    out.add((hexRow ? HexFormat.of().formatHex(row) : new String(row, StandardCharsets.UTF_8)) + " "
                            + new String(CellUtil.cloneFamily(c), StandardCharsets.UTF_8) + ":"
                            + new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8) + " @" + c.getTimestamp()
                            + (value.isEmpty() ? "" : " = " + value));
                }
            }
        }
        return out;
    }
}
