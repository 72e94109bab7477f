package io.dumptruck.bench;

import com.sun.management.OperatingSystemMXBean;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.graph.GraphSchema;
import io.dumptruck.loaders.titles.TitleSchema;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;

/**
 * The whole-job load benchmark: {@code bench/run load weblogs|graph|widerow|titles [--records N] …}. {@code widerow}
 * and {@code titles} load a skewed input (one row of N qualifiers; half of the titles under one prefix) against a
 * uniform one of the same size with the same loader, in 512 MB heaps by default, and report the ratio skewed ÷ uniform
 * of each repeat.
 *
 * <ol>
 *   <li>Generates the input once per size ({@link WebLogInput} for web logs; the generator's edges as they are for the
 *       graph) under {@code <work>/<kind>-<N>/input}.
 *   <li>Starts an HBase mini cluster, runs one untimed dumptruck load as the reference, creates its tables in the
 *       cluster with the split points that load used (so every contender cuts the same regions), and dumps the
 *       reference cells for the floor ({@link SortedCells}).
 *   <li>Runs every contender {@code --repeats} times, each run in a fresh JVM with the same options ({@link LoadRun}),
 *       contenders interleaved within a repeat; checks after the first repeat that each wrote exactly the reference
 *       cells ({@link CellDigest}).
 *   <li>Prints, and writes to {@code results-<time>.md}, each run's figures and the ratios between contenders of the
 *       same repeat (min, median, max over repeats).
 * </ol>
 */
public final class LoadBench {
    private static final String[] OPENS =
            ("--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED "
                            + "--add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED "
                            + "--add-opens java.base/java.util.concurrent=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED "
                            + "--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/jdk.internal.ref=ALL-UNNAMED "
                            + "--add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-exports java.base/sun.net.dns=ALL-UNNAMED "
                            + "--add-exports java.base/sun.net.util=ALL-UNNAMED -Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true")
                    .split(" ");

    /**
     * One contender: its {@link LoadRun} name, the input it reads and where its tables land in its output;
     * {@code sameInput}: it reads the reference load's input, so its cells must be the reference cells (otherwise its
     * output is described, not compared).
     */
    record Contender(
            String name,
            String run,
            Path input,
            long inputBytes,
            Map<String, String> tableDirs,
            Map<String, String> extra,
            boolean sameInput) {
        Contender(
                String name,
                String run,
                Path input,
                long inputBytes,
                Map<String, String> tableDirs,
                Map<String, String> extra) {
            this(name, run, input, inputBytes, tableDirs, extra, true);
        }
    }

    /** One run of one contender. */
    record Run(
            String contender,
            int repeat,
            Map<String, String> figures,
            double loadAverage,
            long clusterCpuNanos,
            String failure) {
        boolean failed() {
            return failure != null;
        }

        double wallSeconds() {
            return Long.parseLong(figures.get("wall_ns")) / 1e9;
        }

        double cpuSeconds() {
            return Long.parseLong(figures.get("cpu_ns")) / 1e9;
        }

        double heapMiB(String key) {
            return Long.parseLong(figures.get(key)) / 1048576.0;
        }
    }

    /** A ratio reported between two contenders of the same repeat. */
    record Ratio(String label, String numerator, String denominator) {}

    private final String kind;
    private final long records;
    private final int regions;
    private final int repeats;
    private final String heap;
    private final long seed;
    private final long timestamp;
    private final Path work;
    private final List<String> only;
    private final String layouts;
    /**
     * {@code --on yarn}: the contenders' jobs run on {@link YarnBenchCluster}; the floors and the limits stay local
     * (they run no job).
     */
    private final boolean onYarn;

    private YarnBenchCluster yarn;
    /** {@code --set KEY=VALUE,KEY=VALUE}: job settings given to every contender's job, as {@code -D} would. */
    private final Map<String, String> settings = new LinkedHashMap<>();

    private LoadBench(Map<String, String> o) {
        kind = o.getOrDefault("kind", "weblogs");
        boolean wide = kind.equals("widerow");
        boolean skew = wide || kind.equals("titles");
        records = Long.parseLong(
                o.getOrDefault("records", wide ? "10000000" : kind.equals("titles") ? "3000000" : "500000")
                        .replace("_", ""));
        regions = Integer.parseInt(o.getOrDefault("regions", wide ? "1" : "4"));
        repeats = Integer.parseInt(o.getOrDefault("repeats", "3"));
        heap = o.getOrDefault("heap", skew ? "512m" : "2g");
        layouts = o.getOrDefault("layouts", "edges,adjacency");
        seed = Long.parseLong(o.getOrDefault("seed", "1"));
        timestamp = Long.parseLong(o.getOrDefault("timestamp", "1700000000000"));
        work = Path.of(o.getOrDefault("work", "bench-work")).toAbsolutePath().resolve(kind + "-" + records);
        only = o.containsKey("only") ? Arrays.asList(o.get("only").split(",")) : List.of();
        String on = o.getOrDefault("on", "local");
        if (!List.of("local", "yarn").contains(on) || on.equals("yarn") && skew) {
            throw new IllegalArgumentException("--on takes local or yarn (yarn for weblogs and graph), not " + on);
        }
        onYarn = on.equals("yarn");
        settings.putAll(settings(o));
    }

    /** The job settings of {@code --set KEY=VALUE,KEY=VALUE} (none when it is not given). */
    static Map<String, String> settings(Map<String, String> o) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (o.containsKey("set")) {
            for (String kv : o.get("set").split(",")) {
                int eq = kv.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("--set takes KEY=VALUE,KEY=VALUE, not " + kv);
                }
                settings.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return settings;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new LinkedHashMap<>();
        if (args.length == 0
                || !List.of("weblogs", "graph", "widerow", "titles").contains(args[0])) {
            System.err.println(
                    "usage: bench/run load weblogs|graph|widerow|titles [--records N] [--regions R] [--repeats K] [--heap 2g]"
                            + " [--work DIR] [--seed S] [--only contender,...] [--layouts edges,adjacency (widerow)] [--on local|yarn] [--set KEY=VALUE,…]");
            System.exit(2);
        }
        o.put("kind", args[0]);
        o.putAll(options(args, 1));
        new LoadBench(o).run();
        System.exit(0);
    }

    private void run() throws Exception {
        Files.createDirectories(work.resolve("logs"));
        Path input = work.resolve("input");
        Configuration conf = LoadRun.localConf(work.resolve("tmp").toString());
        Map<String, String> facts = prepareInput(input);
        log("input: " + facts);
        if (kind.equals("titles")) {
            runTitles(input, facts, conf);
            return;
        }

        try (BenchCluster cluster = BenchCluster.start(work.resolve("cluster").toString())) {
            String zk = Integer.toString(cluster.zooKeeperPort());
            Path reference = work.resolve("reference");
            WebLogInput.deleteTree(reference);
            String loader = kind.equals("weblogs") ? "dumptruck-weblogs" : "dumptruck-graph";
            Path loaderInput = kind.equals("weblogs") ? WebLogInput.logs(input) : input.resolve("edges");
            log("reference load (untimed): " + loader);
            Run ref = runChild(
                    new Contender("reference", loader, loaderInput, 0, Map.of(), loaderOptions()), 0, reference, zk);
            if (ref.failed()) {
                throw new IOException("the reference load failed: " + ref.failure());
            }
            long loaded = Long.parseLong(ref.figures().get("records"));

            List<String> hbaseTables = switch (kind) {
                case "weblogs" -> List.of(WebLogSchema.VISITS);
                case "graph" -> List.of(GraphSchema.FOLLOWS, GraphSchema.FOLLOWED_BY);
                default ->
                    GraphSchema.parseLayouts(layouts).contains("adjacency")
                            ? List.of(GraphSchema.ADJACENCY)
                            : List.<String>of();
            };
            Map<String, TableSpec> specs = new LinkedHashMap<>();
            try (var dirs = Files.list(reference)) {
                for (Path t : (Iterable<Path>) dirs.sorted()::iterator) {
                    if (Files.exists(t.resolve("_spec.json"))) {
                        specs.put(
                                t.getFileName().toString(),
                                TableSpecJson.fromJson(Files.readString(t.resolve("_spec.json"))));
                    }
                }
            }
            for (String t : hbaseTables) {
                cluster.create(specs.get(t));
            }
            Map<String, CellDigest> refDigests = new LinkedHashMap<>();
            for (var e : specs.entrySet()) {
                refDigests.put(
                        e.getKey(),
                        CellDigest.of(
                                conf,
                                new org.apache.hadoop.fs.Path(
                                        reference.resolve(e.getKey()).toString()),
                                e.getValue().regions().splitPoints()));
                log("reference " + e.getKey() + ": " + refDigests.get(e.getKey()));
            }
            if (kind.equals("widerow")) {
                checkWideRow(refDigests);
            }

            List<Contender> contenders = contenders(input, facts, reference, conf, specs);
            WebLogInput.deleteTree(reference);
            if (onYarn) {
                log("starting HDFS and YARN (" + YarnBenchCluster.NODE_MANAGERS
                        + " NodeManagers), copying the input to HDFS");
                yarn = YarnBenchCluster.start(work.resolve("yarn").toFile(), String.join(" ", OPENS));
                yarn.fileSystem().copyFromLocalFile(new org.apache.hadoop.fs.Path(input.toUri()), hdfs(input, input));
            }
            Map<String, String> sameness = new LinkedHashMap<>();
            List<Run> runs = repeat(
                    contenders,
                    zk,
                    sameness,
                    (c, out) ->
                            c.sameInput() ? checkSame(conf, c, out, specs, refDigests) : describe(conf, c, out, specs));
            writeReport(report(facts, loaded, contenders, runs, sameness, refDigests));
        } finally {
            if (yarn != null) {
                yarn.close();
            }
        }
    }

    /** Where {@code local}, under the input directory {@code input}, is on the YARN cluster's HDFS. */
    private static org.apache.hadoop.fs.Path hdfs(Path input, Path local) {
        String relative = input.relativize(local).toString();
        return new org.apache.hadoop.fs.Path(relative.isEmpty() ? "/bench/input" : "/bench/input/" + relative);
    }

    /** Where a contender's job writes on the YARN cluster's HDFS. */
    private static org.apache.hadoop.fs.Path hdfsOutput(Contender c) {
        return new org.apache.hadoop.fs.Path("/bench/out/" + c.name());
    }

    /**
     * Whether a contender's job runs on YARN: once the cluster is up ({@code --on yarn}; the reference load runs
     * locally before), all but the floors, which write files and run no job.
     */
    private boolean runsOnYarn(Contender c) {
        return yarn != null && !c.run().equals("floor") && !c.run().startsWith("limit-");
    }

    /** What the first successful run of a contender wrote: checked (or described) once. */
    private interface OutputCheck {
        String check(Contender c, Path out) throws IOException;
    }

    /**
     * Runs every contender {@code repeats} times, interleaved; checks each contender's output after its first
     * successful run.
     */
    private List<Run> repeat(List<Contender> contenders, String zk, Map<String, String> sameness, OutputCheck check)
            throws Exception {
        List<Run> runs = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            for (Contender c : contenders) {
                Path out = work.resolve("out").resolve(c.name());
                WebLogInput.deleteTree(out);
                Run run = runChild(c, r, out, zk);
                if (runsOnYarn(c)) { // the output is checked from a local copy, then goes
                    if (!run.failed()
                            && (!sameness.containsKey(c.name())
                                    || sameness.get(c.name()).startsWith("failed"))) {
                        yarn.fileSystem()
                                .copyToLocalFile(
                                        false, hdfsOutput(c), new org.apache.hadoop.fs.Path(out.toUri()), true);
                    }
                    yarn.fileSystem().delete(hdfsOutput(c), true);
                }
                runs.add(run);
                if (run.failed()) {
                    log("repeat " + r + " " + c.name() + " FAILED: " + run.failure());
                    sameness.putIfAbsent(c.name(), "failed: " + run.failure());
                    WebLogInput.deleteTree(out);
                    continue;
                }
                log(String.format(
                        Locale.ROOT,
                        "repeat %d %-18s wall %7.2f s  cpu %7.2f s  heap %6.0f MiB (after GC %5.0f)  load %.1f",
                        r,
                        c.name(),
                        run.wallSeconds(),
                        run.cpuSeconds(),
                        run.heapMiB("heap_peak"),
                        run.heapMiB("heap_after_gc"),
                        run.loadAverage()));
                if (!sameness.containsKey(c.name()) || sameness.get(c.name()).startsWith("failed")) {
                    sameness.put(c.name(), check.check(c, out));
                    log("  cells: " + sameness.get(c.name()));
                }
                WebLogInput.deleteTree(out);
            }
        }
        return runs;
    }

    private void writeReport(String report) throws IOException {
        Path file = work.resolve("results-" + (onYarn ? "yarn-" : "")
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".md");
        Files.writeString(file, report);
        System.out.println(report);
        log("written to " + file);
    }

    /**
     * The wide row's input must give what the benchmark claims: one {@code adjacency} row holding all {@code records}
     * qualifiers, and (with the edges layout) {@code records} rows in {@code followed_by}.
     */
    private void checkWideRow(Map<String, CellDigest> digests) {
        CellDigest adjacency = digests.get(GraphSchema.ADJACENCY);
        if (adjacency != null && (adjacency.rows() != 1 || adjacency.widestRow() != records)) {
            throw new IllegalStateException(
                    "the wide input should give one adjacency row of " + records + " cells: " + adjacency);
        }
        CellDigest followedBy = digests.get(GraphSchema.FOLLOWED_BY);
        if (followedBy != null && followedBy.rows() != records) {
            throw new IllegalStateException(
                    "the wide input should give " + records + " followed_by rows: " + followedBy);
        }
        log("wide row checked: "
                + (adjacency == null
                        ? "no adjacency layout"
                        : "one adjacency row of " + adjacency.widestRow() + " cells"));
    }

    /** The output of a contender that reads an input of its own: its cells and the shape of its rows, per table. */
    private String describe(Configuration conf, Contender c, Path out, Map<String, TableSpec> specs)
            throws IOException {
        StringBuilder s = new StringBuilder("own input; ");
        for (var e : c.tableDirs().entrySet()) {
            Path dir = e.getValue().isEmpty() ? out : out.resolve(e.getValue());
            CellDigest d = CellDigest.of(
                    conf,
                    new org.apache.hadoop.fs.Path(dir.toString()),
                    specs.get(e.getKey()).regions().splitPoints());
            s.append(String.format(
                    Locale.ROOT,
                    "%s: %d cells in %d rows (widest row %d cells), %d files, %.1f MiB on disk; ",
                    e.getKey(),
                    d.cells(),
                    d.rows(),
                    d.widestRow(),
                    d.files(),
                    d.fileBytes() / 1048576.0));
        }
        return s.toString();
    }

    /**
     * The skewed-titles benchmark: the titles loader on a uniform and on a skewed input of the same size
     * ({@link TitleInput}); no HBase job loads titles, so there is no cluster and no reference load. Each output is
     * checked against the top ten computed from its input for a few prefix rows — for the skewed input the hot rows
     * {@code san} and {@code san }, which hold half of the titles each.
     */
    private void runTitles(Path input, Map<String, String> facts, Configuration conf) throws Exception {
        Path uniform = input.resolve("uniform");
        Path skewed = input.resolve("skewed");
        String first;
        try (var lines = Files.lines(uniform.resolve("part-00000.txt"))) {
            first = lines.findFirst().orElseThrow().toLowerCase(Locale.ROOT);
        }
        String hot = TitleInput.HOT.toLowerCase(Locale.ROOT);
        Map<String, List<String>> prefixes = Map.of(
                "titles-uniform",
                        List.of(first.substring(0, 3), first.substring(0, 4).replace('_', ' ')),
                "titles-skewed", List.of(hot, hot + " ", hot + " m", hot + " ma"));
        Map<String, String> tables = Map.of(TitleSchema.TITLE_AUTOCOMP, TitleSchema.TITLE_AUTOCOMP);
        List<Contender> contenders = new ArrayList<>(List.of(
                new Contender(
                        "titles-uniform",
                        "dumptruck-titles",
                        uniform,
                        Long.parseLong(facts.get("uniform_bytes")),
                        tables,
                        Map.of(),
                        false),
                new Contender(
                        "titles-skewed",
                        "dumptruck-titles",
                        skewed,
                        Long.parseLong(facts.get("skewed_bytes")),
                        tables,
                        Map.of(),
                        false)));
        if (!only.isEmpty()) {
            contenders.removeIf(c -> !only.contains(c.name()));
        }
        Map<String, Map<String, List<String>>> expected = new LinkedHashMap<>();
        for (Contender c : contenders) {
            expected.put(c.name(), TitleInput.expectedTop(c.input().resolve("part-00000.txt"), prefixes.get(c.name())));
            log(c.name() + ": top ten from the input: " + expected.get(c.name()));
        }
        Map<String, String> sameness = new LinkedHashMap<>();
        List<Run> runs = repeat(contenders, "0", sameness, (c, out) -> {
            StringBuilder s = new StringBuilder();
            var table = new org.apache.hadoop.fs.Path(
                    out.resolve(TitleSchema.TITLE_AUTOCOMP).toString());
            for (var e : expected.get(c.name()).entrySet()) {
                List<String> stored = TitleInput.storedTop(conf, table, e.getKey());
                if (!e.getValue().equals(stored)) {
                    throw new IllegalStateException(c.name() + ": row '" + e.getKey() + "' holds " + stored
                            + ", the input gives " + e.getValue());
                }
                s.append(String.format(
                        Locale.ROOT,
                        "row '%s' = the %d titles computed from the input (first: %s); ",
                        e.getKey(),
                        stored.size(),
                        stored.get(0)));
            }
            return s.toString();
        });
        writeReport(report(facts, records, contenders, runs, sameness, Map.of()));
    }

    private Map<String, String> prepareInput(Path input) throws IOException {
        Path done = input.resolve("_facts");
        if (Files.exists(done) && !Files.readAllLines(done).contains("loaded=" + records)) {
            Files.delete(done); // written by an older harness, where --records counted generated lines
        }
        if (!Files.exists(done)) {
            WebLogInput.deleteTree(input);
            Map<String, String> facts = new LinkedHashMap<>();
            log("generating " + records + " " + kind + " records (seed " + seed + ")");
            if (kind.equals("widerow")) {
                writeWideRow(input.resolve("edges"));
                DataGenerator.generate(DataGenerator.GRAPH, records, seed, input.resolve("uniform"), 1);
                facts.put("generated", Long.toString(records));
                facts.put(
                        "edge_bytes",
                        Long.toString(Files.size(input.resolve("edges").resolve("part-00000.txt"))));
                facts.put(
                        "uniform_bytes",
                        Long.toString(Files.size(input.resolve("uniform").resolve("part-00000.txt"))));
            } else if (kind.equals("titles")) {
                long[] bytes = TitleInput.write(records, seed, input);
                facts.put("generated", Long.toString(records));
                facts.put("uniform_bytes", Long.toString(bytes[0]));
                facts.put("skewed_bytes", Long.toString(bytes[1]));
            } else if (kind.equals("weblogs")) {
                WebLogInput.Figures f = WebLogInput.prepare(records, seed, input);
                facts.put("generated", Long.toString(f.generated()));
                facts.put("read", Long.toString(f.read()));
                facts.put("kept", Long.toString(f.kept()));
                facts.put("log_bytes", Long.toString(f.logBytes()));
                facts.put("tsv_bytes", Long.toString(f.tsvBytes()));
            } else {
                DataGenerator.generate(DataGenerator.GRAPH, records, seed, input.resolve("edges"), 1);
                facts.put("generated", Long.toString(records));
                facts.put(
                        "edge_bytes",
                        Long.toString(Files.size(input.resolve("edges").resolve("part-00000.txt"))));
            }
            facts.put("loaded", Long.toString(records));
            StringBuilder text = new StringBuilder();
            facts.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
            Files.writeString(done, text);
        }
        Map<String, String> facts = new LinkedHashMap<>();
        for (String line : Files.readAllLines(done)) {
            int eq = line.indexOf('=');
            facts.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return facts;
    }

    private List<Contender> contenders(
            Path input, Map<String, String> facts, Path reference, Configuration conf, Map<String, TableSpec> specs)
            throws IOException {
        List<Contender> out = new ArrayList<>();
        Path allDump = work.resolve("dump-all");
        WebLogInput.deleteTree(allDump);
        long dumped = SortedCells.dump(conf, new org.apache.hadoop.fs.Path(reference.toString()), allDump);
        log("dumped " + dumped + " sorted cells for the floor");
        Map<String, String> all = new LinkedHashMap<>();
        specs.keySet().forEach(t -> all.put(t, t));
        if (kind.equals("weblogs")) {
            Path logs = WebLogInput.logs(input);
            long logBytes = Long.parseLong(facts.get("log_bytes"));
            Path visitsDump = work.resolve("dump-visits");
            WebLogInput.deleteTree(visitsDump);
            Files.createDirectories(visitsDump);
            copyTree(allDump.resolve(WebLogSchema.VISITS), visitsDump.resolve(WebLogSchema.VISITS));
            Map<String, String> visits = Map.of(WebLogSchema.VISITS, WebLogSchema.VISITS);
            Map<String, String> visitsAtRoot = Map.of(WebLogSchema.VISITS, "");
            out.add(new Contender("dumptruck-weblogs", "dumptruck-weblogs", logs, logBytes, all, Map.of()));
            // like HBase's jobs, which read the split points from the pre-split table: no sampling
            String splits = specs.get(WebLogSchema.VISITS).regions().splitPoints().stream()
                    .map(p -> HexFormat.of().formatHex(p))
                    .collect(Collectors.joining(","));
            out.add(new Contender(
                    "dumptruck-visits", "dumptruck-visits", logs, logBytes, visits, Map.of("splits", splits)));
            out.add(new Contender(
                    "dumptruck-visits" + LoadRun.SNAPPY,
                    "dumptruck-visits" + LoadRun.SNAPPY,
                    logs,
                    logBytes,
                    visits,
                    Map.of("splits", splits)));
            out.add(new Contender(
                    "importtsv-visits",
                    "importtsv-visits",
                    WebLogInput.tsv(input),
                    Long.parseLong(facts.get("tsv_bytes")),
                    visitsAtRoot,
                    Map.of()));
            out.add(new Contender(
                    "importtsv-visits-tuned",
                    "importtsv-visits-tuned",
                    WebLogInput.tsv(input),
                    Long.parseLong(facts.get("tsv_bytes")),
                    visitsAtRoot,
                    Map.of()));
            out.add(new Contender("textbook-visits", "textbook-visits", logs, logBytes, visitsAtRoot, Map.of()));
            out.add(new Contender("limit-visits", "limit-visits", logs, logBytes, visits, Map.of("splits", splits)));
            out.add(new Contender(
                    "floor-weblogs", "floor", null, treeBytes(allDump), all, Map.of("dump", allDump.toString())));
            out.add(new Contender(
                    "floor-visits",
                    "floor",
                    null,
                    treeBytes(visitsDump),
                    visits,
                    Map.of("dump", visitsDump.toString())));
        } else if (kind.equals("widerow")) {
            Path edges = input.resolve("edges");
            long edgeBytes = Long.parseLong(facts.get("edge_bytes"));
            out.add(new Contender("dumptruck-wide", "dumptruck-graph", edges, edgeBytes, all, loaderOptions()));
            out.add(new Contender(
                    "dumptruck-uniform",
                    "dumptruck-graph",
                    input.resolve("uniform"),
                    Long.parseLong(facts.get("uniform_bytes")),
                    all,
                    loaderOptions(),
                    false));
            if (specs.containsKey(GraphSchema.ADJACENCY)) {
                out.add(new Contender(
                        "textbook-adjacency",
                        "textbook-adjacency",
                        edges,
                        edgeBytes,
                        Map.of(GraphSchema.ADJACENCY, ""),
                        Map.of()));
            }
            out.add(new Contender(
                    "floor-wide", "floor", null, treeBytes(allDump), all, Map.of("dump", allDump.toString())));
        } else {
            Path edges = input.resolve("edges");
            long edgeBytes = Long.parseLong(facts.get("edge_bytes"));
            out.add(new Contender("dumptruck-graph", "dumptruck-graph", edges, edgeBytes, all, Map.of()));
            out.add(new Contender(
                    "dumptruck-graph" + LoadRun.SNAPPY,
                    "dumptruck-graph" + LoadRun.SNAPPY,
                    edges,
                    edgeBytes,
                    all,
                    Map.of()));
            out.add(new Contender("textbook-graph", "textbook-graph", edges, edgeBytes, all, Map.of()));
            out.add(new Contender("limit-graph", "limit-graph", edges, edgeBytes, all, Map.of()));
            out.add(new Contender(
                    "floor-graph", "floor", null, treeBytes(allDump), all, Map.of("dump", allDump.toString())));
        }
        if (onYarn) { // a cluster compresses dumptruck's map output with Snappy anyway
            out.removeIf(c -> c.name().endsWith(LoadRun.SNAPPY));
        }
        if (!only.isEmpty()) {
            out.removeIf(c -> !only.contains(c.name()));
        }
        return out;
    }

    private String checkSame(
            Configuration conf, Contender c, Path out, Map<String, TableSpec> specs, Map<String, CellDigest> reference)
            throws IOException {
        StringBuilder s = new StringBuilder();
        for (var e : c.tableDirs().entrySet()) {
            Path dir = e.getValue().isEmpty() ? out : out.resolve(e.getValue());
            CellDigest d = CellDigest.of(
                    conf,
                    new org.apache.hadoop.fs.Path(dir.toString()),
                    specs.get(e.getKey()).regions().splitPoints());
            CellDigest ref = reference.get(e.getKey());
            boolean same = d.sameCells(ref);
            s.append(String.format(
                    Locale.ROOT,
                    "%s %s: %d cells, %d files, %.1f MiB on disk (reference %.1f MiB), %s; ",
                    e.getKey(),
                    same ? "SAME" : "DIFFERENT",
                    d.cells(),
                    d.files(),
                    d.fileBytes() / 1048576.0,
                    ref.fileBytes() / 1048576.0,
                    d.filesWithinRegions()
                            ? "files within the reference regions"
                            : "A FILE CROSSES A REGION BOUNDARY"));
            if (!same) {
                throw new IllegalStateException(
                        c.name() + " did not write the reference cells of " + e.getKey() + ": " + d + " vs " + ref);
            }
        }
        return s.toString();
    }

    private Run runChild(Contender c, int repeat, Path out, String zk) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(OPENS));
        cmd.add("-Xmx" + heap);
        // a job that runs out of heap ends its JVM: the out-of-memory error may kill the main thread
        // while the task threads keep the process alive
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        String childOptions =
                System.getProperty("bench.child.opts", ""); // e.g. a flight recording of each run, for profiles
        if (!childOptions.isBlank()) {
            cmd.addAll(Arrays.asList(childOptions.trim().split("\\s+")));
        }
        String log4j = System.getProperty("log4j.configuration");
        if (log4j != null) {
            cmd.add("-Dlog4j.configuration=" + log4j);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(LoadRun.class.getName());
        cmd.add(c.run());
        if (runsOnYarn(c)) {
            cmd.add("input=" + hdfs(work.resolve("input"), c.input()));
            cmd.add("output=" + hdfsOutput(c));
            cmd.add("yarn_conf=" + yarn.confDir());
        } else {
            if (c.input() != null) {
                cmd.add("input=" + c.input());
            }
            cmd.add("output=" + out);
        }
        cmd.add("tmp=" + work.resolve("tmp"));
        cmd.add("regions=" + regions);
        cmd.add("timestamp=" + timestamp);
        cmd.add("zk_port=" + zk);
        c.extra().forEach((k, v) -> cmd.add(k + "=" + v));
        settings.forEach((k, v) -> cmd.add(LoadRun.CONF + k + "=" + v));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectError(
                work.resolve("logs").resolve(c.name() + "-" + repeat + ".log").toFile());
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        long clusterCpu = Measure.processCpuNanos();
        Process p = pb.start();
        Map<String, String> figures = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("RESULT ")) {
                    figures = new LinkedHashMap<>();
                    for (String kv : line.substring(7).split(" ")) {
                        int eq = kv.indexOf('=');
                        figures.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                }
            }
        }
        int exit = p.waitFor();
        clusterCpu = Measure.processCpuNanos() - clusterCpu;
        if (exit != 0 || figures == null) {
            Path log = work.resolve("logs").resolve(c.name() + "-" + repeat + ".log");
            String cause = Files.readAllLines(log).stream()
                    .filter(l -> l.contains("OutOfMemoryError"))
                    .findFirst()
                    .map(l -> "OutOfMemoryError (-Xmx" + heap + ")")
                    .orElse("exit " + exit);
            return new Run(c.name(), repeat, null, load, clusterCpu, cause + "; see " + log);
        }
        return new Run(c.name(), repeat, figures, load, clusterCpu, null);
    }

    /**
     * The loader options of the kind: the wide row is the graph loader's adjacency layout, with the edge tables too by
     * default ({@code --layouts}), where the one follower is one 16-byte row prefix of {@code follows} and
     * {@code records} rows of {@code followed_by}.
     */
    private Map<String, String> loaderOptions() {
        return kind.equals("widerow") ? Map.of("layouts", layouts) : Map.of();
    }

    /** One account following {@code records} others: one row of {@code records} qualifiers in the adjacency table. */
    private void writeWideRow(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (var out = new BufferedWriter(Files.newBufferedWriter(dir.resolve("part-00000.txt")), 1 << 16)) {
            for (long i = 0; i < records; i++) {
                out.write("fan\tu");
                out.write(String.format("%09d", i));
                out.write('\n');
            }
        }
    }

    private String report(
            Map<String, String> facts,
            long loaded,
            List<Contender> contenders,
            List<Run> runs,
            Map<String, String> sameness,
            Map<String, CellDigest> refDigests) {
        StringBuilder s = new StringBuilder();
        s.append("# Load benchmark: ")
                .append(kind)
                .append(", ")
                .append(records)
                .append(" records")
                .append(onYarn ? ", on YARN\n\n" : "\n\n");
        if (onYarn) {
            s.append(String.format(
                    Locale.ROOT,
                    "Jobs on a YARN mini cluster: %d NodeManagers, at most %d task containers of %d MB (%s) each at a time "
                            + "per NodeManager, input and output on HDFS (one DataNode); the floors run locally. CPU s: the tasks' CPU (job counter) "
                            + "plus the submitting JVM's; heap: the submitting JVM's; cluster CPU s: the JVM running HDFS, YARN and HBase.%n",
                    YarnBenchCluster.NODE_MANAGERS,
                    YarnBenchCluster.TASKS_PER_NODE,
                    YarnBenchCluster.TASK_MB,
                    YarnBenchCluster.TASK_HEAP));
        }
        s.append(String.format(
                Locale.ROOT,
                "Machine: %d cores, %.0f GiB, JDK %s; child JVMs -Xmx%s; %d regions per table; %d repeats.%n",
                Runtime.getRuntime().availableProcessors(),
                ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize()
                        / 1073741824.0,
                System.getProperty("java.version"),
                heap,
                regions,
                repeats));
        if (!settings.isEmpty()) {
            s.append("Job settings given to every contender (--set): ")
                    .append(settings)
                    .append('\n');
        }
        s.append("Input: ")
                .append(facts)
                .append("; records loaded by every contender: ")
                .append(loaded)
                .append("\n");
        refDigests.forEach((t, d) -> s.append(String.format(
                Locale.ROOT,
                "Reference table %s: %d cells, %.1f MiB of keys and values, %.1f MiB in %d HFiles%n",
                t,
                d.cells(),
                d.keyValueBytes() / 1048576.0,
                d.fileBytes() / 1048576.0,
                d.files())));
        s.append("\n## Same cells (first repeat)\n\n");
        sameness.forEach(
                (c, v) -> s.append("- ").append(c).append(": ").append(v).append('\n'));
        s.append(
                "\n## Runs\n\n| repeat | contender | wall s | CPU s | peak heap MiB | heap after GC MiB | records/s | input MiB/s | load avg | cluster CPU s |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Run r : runs) {
            if (r.failed()) {
                s.append(String.format(
                        Locale.ROOT,
                        "| %d | %s | failed: %s | | | | | | %.1f | %.1f |%n",
                        r.repeat(),
                        r.contender(),
                        r.failure(),
                        r.loadAverage(),
                        r.clusterCpuNanos() / 1e9));
                continue;
            }
            Contender c = contenders.stream()
                    .filter(x -> x.name().equals(r.contender()))
                    .findFirst()
                    .orElseThrow();
            long runRecords =
                    c.sameInput() ? loaded : Long.parseLong(r.figures().getOrDefault("records", Long.toString(loaded)));
            s.append(String.format(
                    Locale.ROOT,
                    "| %d | %s | %.2f | %.2f | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f |%n",
                    r.repeat(),
                    r.contender(),
                    r.wallSeconds(),
                    r.cpuSeconds(),
                    r.heapMiB("heap_peak"),
                    r.heapMiB("heap_after_gc"),
                    runRecords / r.wallSeconds(),
                    c.inputBytes() / 1048576.0 / r.wallSeconds(),
                    r.loadAverage(),
                    r.clusterCpuNanos() / 1e9));
        }
        s.append("\n## Heap and failures (over all repeats; child JVMs -Xmx")
                .append(heap)
                .append(
                        ")\n\n| contender | runs ok | failed | max peak heap MiB | max heap after GC MiB |\n|---|---|---|---|---|\n");
        for (Contender c : contenders) {
            List<Run> mine =
                    runs.stream().filter(r -> r.contender().equals(c.name())).toList();
            List<Run> ok = mine.stream().filter(r -> !r.failed()).toList();
            s.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %s | %s |%n",
                    c.name(),
                    ok.size(),
                    mine.size() - ok.size(),
                    ok.isEmpty()
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    "%.0f",
                                    ok.stream()
                                            .mapToDouble(r -> r.heapMiB("heap_peak"))
                                            .max()
                                            .orElse(0)),
                    ok.isEmpty()
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    "%.0f",
                                    ok.stream()
                                            .mapToDouble(r -> r.heapMiB("heap_after_gc"))
                                            .max()
                                            .orElse(0))));
        }
        s.append(
                "\n## Shuffle (first run of each)\n\n| contender | map output records | map output MiB | on disk MiB (after any compression) | records spilled | fetched by reducers MiB | maps + reduces | task CPU s | set-up s (dumptruck: incl. sampling) |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Contender c : contenders) {
            runs.stream()
                    .filter(r -> r.contender().equals(c.name())
                            && !r.failed()
                            && r.figures().containsKey("map_output_records"))
                    .findFirst()
                    .ifPresent(r -> s.append(String.format(
                            Locale.ROOT,
                            "| %s | %s | %.1f | %.1f | %s | %.1f | %s + %s | %.1f | %s |%n",
                            c.name(),
                            r.figures().get("map_output_records"),
                            Long.parseLong(r.figures().get("map_output_bytes")) / 1048576.0,
                            Long.parseLong(r.figures().getOrDefault("map_output_materialized_bytes", "0")) / 1048576.0,
                            r.figures().get("spilled_records"),
                            Long.parseLong(r.figures().get("reduce_shuffle_bytes")) / 1048576.0,
                            r.figures().get("maps"),
                            r.figures().get("reduces"),
                            Long.parseLong(r.figures().get("task_cpu_ms")) / 1e3,
                            r.figures().containsKey("setup_ns")
                                    ? String.format(
                                            Locale.ROOT,
                                            "%.2f",
                                            Long.parseLong(r.figures().get("setup_ns")) / 1e9)
                                    : "not timed")));
        }
        s.append(
                "\n## Ratios within each repeat (min / median / max over repeats)\n\n| ratio | wall | CPU |\n|---|---|---|\n");
        for (Ratio ratio : ratios()) {
            List<Double> wall = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            for (int rep = 1; rep <= repeats; rep++) {
                Run a = find(runs, ratio.numerator(), rep);
                Run b = find(runs, ratio.denominator(), rep);
                if (a != null && b != null && !a.failed() && !b.failed()) {
                    wall.add(a.wallSeconds() / b.wallSeconds());
                    cpu.add(a.cpuSeconds() / b.cpuSeconds());
                }
            }
            if (!wall.isEmpty()) {
                s.append("| ")
                        .append(ratio.label())
                        .append(" | ")
                        .append(spread(wall))
                        .append(" | ")
                        .append(spread(cpu))
                        .append(" |\n");
            }
        }
        return s.toString();
    }

    private List<Ratio> ratios() {
        if (kind.equals("weblogs")) {
            return List.of(
                    new Ratio(
                            "dumptruck visits-only throughput ÷ ImportTsv's (ImportTsv time ÷ dumptruck time)",
                            "importtsv-visits",
                            "dumptruck-visits"),
                    new Ratio(
                            "dumptruck visits-only throughput ÷ ImportTsv's with dumptruck's job defaults",
                            "importtsv-visits-tuned",
                            "dumptruck-visits"),
                    new Ratio(
                            "ImportTsv throughput with dumptruck's job defaults ÷ with Hadoop's",
                            "importtsv-visits",
                            "importtsv-visits-tuned"),
                    new Ratio(
                            "dumptruck visits-only throughput ÷ textbook job's", "textbook-visits", "dumptruck-visits"),
                    new Ratio(
                            "dumptruck visits-only throughput, map output compressed with Snappy (as on YARN) ÷ uncompressed (the local default)",
                            "dumptruck-visits",
                            "dumptruck-visits" + LoadRun.SNAPPY),
                    new Ratio(
                            "dumptruck full weblogs loader (3 tables) throughput ÷ ImportTsv's (visits only)",
                            "importtsv-visits",
                            "dumptruck-weblogs"),
                    new Ratio(
                            "dumptruck full weblogs loader (3 tables) throughput ÷ textbook job's (visits only)",
                            "textbook-visits",
                            "dumptruck-weblogs"),
                    new Ratio(
                            "dumptruck visits-only time ÷ floor (bare HFile writer, same cells)",
                            "dumptruck-visits",
                            "floor-visits"),
                    new Ratio(
                            "dumptruck full weblogs loader time ÷ floor (its 3 tables)",
                            "dumptruck-weblogs",
                            "floor-weblogs"),
                    new Ratio(
                            "dumptruck visits-only time ÷ limit (one process, same parser and cells, no MapReduce; goal ≤ 1.5 in CPU)",
                            "dumptruck-visits",
                            "limit-visits"),
                    new Ratio("limit time ÷ floor (visits)", "limit-visits", "floor-visits"),
                    new Ratio("ImportTsv time ÷ floor (visits)", "importtsv-visits", "floor-visits"),
                    new Ratio("textbook job time ÷ floor (visits)", "textbook-visits", "floor-visits"));
        }
        if (kind.equals("widerow")) {
            return List.of(
                    new Ratio(
                            "dumptruck wide-row time ÷ dumptruck uniform time, same edge count and layouts (goal ≤ 1.5)",
                            "dumptruck-wide",
                            "dumptruck-uniform"),
                    new Ratio(
                            "textbook job (adjacency only, wide row) time ÷ dumptruck wide-row time (layouts " + layouts
                                    + ")",
                            "textbook-adjacency",
                            "dumptruck-wide"),
                    new Ratio("dumptruck wide-row time ÷ floor (its tables)", "dumptruck-wide", "floor-wide"));
        }
        if (kind.equals("titles")) {
            return List.of(new Ratio(
                    "dumptruck skewed titles time ÷ uniform titles time, same size (goal ≤ 1.5)",
                    "titles-skewed",
                    "titles-uniform"));
        }
        return List.of(
                new Ratio(
                        "dumptruck graph throughput ÷ textbook job's (MultiTableHFileOutputFormat)",
                        "textbook-graph",
                        "dumptruck-graph"),
                new Ratio(
                        "dumptruck graph throughput, map output compressed with Snappy (as on YARN) ÷ uncompressed (the local default)",
                        "dumptruck-graph",
                        "dumptruck-graph" + LoadRun.SNAPPY),
                new Ratio(
                        "dumptruck graph time ÷ floor (bare HFile writer, same cells)",
                        "dumptruck-graph",
                        "floor-graph"),
                new Ratio(
                        "dumptruck graph time ÷ limit (one process, same parser and cells, no MapReduce; goal ≤ 2 in CPU)",
                        "dumptruck-graph",
                        "limit-graph"),
                new Ratio("limit time ÷ floor", "limit-graph", "floor-graph"),
                new Ratio("textbook job time ÷ floor", "textbook-graph", "floor-graph"));
    }

    private static Run find(List<Run> runs, String contender, int repeat) {
        return runs.stream()
                .filter(r -> r.contender().equals(contender) && r.repeat() == repeat)
                .findFirst()
                .orElse(null);
    }

    static String spread(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        v.sort(null);
        return String.format(Locale.ROOT, "%.2f / **%.2f** / %.2f", v.get(0), median(v), v.get(v.size() - 1));
    }

    /** {@code --name value} pairs from {@code args[from]} on, in order, names without their dashes. */
    static Map<String, String> options(String[] args, int from) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = from; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        return o;
    }

    static double median(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        v.sort(null);
        return v.size() % 2 == 1 ? v.get(v.size() / 2) : (v.get(v.size() / 2 - 1) + v.get(v.size() / 2)) / 2;
    }

    private static long treeBytes(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile)
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var paths = Files.walk(from)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static void log(String message) {
        System.err.println("[" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss")) + "] " + message);
    }
}
