package io.dumptruck.bench;

import io.dumptruck.formats.job.LiveTables;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.live.LiveMatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.mapreduce.Job;

/**
 * A nightly load into a live table of {@code --regions} regions (default 16): the same edges written matched to it
 * ({@code load --live}: its regions, so HBase's bulk load splits no HFile) and unmatched (the loader's one region:
 * HBase splits every file on the client), then bulk-loaded with HBase's own {@code BulkLoadHFiles} into a fresh copy of
 * the live table — interleaved, alternating which goes first. Also the load's own cost of matching: the set-up reads
 * (connection, descriptors, region locations of both tables the graph loader writes).
 *
 * <pre>
 *   bench/run live [--records N] [--regions R] [--repeats K] [--work DIR]
 * </pre>
 */
final class LiveLoadBench {
    private LiveLoadBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = LoadBench.options(args, 0);
        long records = Long.parseLong(o.getOrDefault("records", "2000000"));
        int regions = Integer.parseInt(o.getOrDefault("regions", "16"));
        int repeats = Integer.parseInt(o.getOrDefault("repeats", "3"));
        Path work =
                Path.of(o.getOrDefault("work", "bench-work")).toAbsolutePath().resolve("live-" + records);
        WebLogInput.deleteTree(work);
        Files.createDirectories(work);
        Path edges = work.resolve("edges");
        DataGenerator.generate("graph", records, 1, edges, 4);
        Configuration conf = LoadRun.localConf(work.resolve("tmp").toString());
        try (BenchCluster cluster = BenchCluster.start(work.resolve("cluster").toString())) {
            conf.set("hbase.zookeeper.quorum", "localhost");
            conf.setInt("hbase.zookeeper.property.clientPort", cluster.zooKeeperPort());
            TableSpec live = table("follows", regions);
            cluster.create(live);
            cluster.create(table("followed_by", regions));

            List<Double> setUp = new ArrayList<>();
            for (int i = 0; i < Math.max(5, repeats); i++) {
                long t0 = System.nanoTime();
                try (Connection c = ConnectionFactory.createConnection(conf)) {
                    LiveTables.match(c, TableName.valueOf("follows"), live);
                    LiveTables.match(c, TableName.valueOf("followed_by"), table("followed_by", regions));
                }
                setUp.add((System.nanoTime() - t0) / 1e6);
            }
            Loader graph = LoaderCatalog.all().get("graph");
            Map<String, List<Double>> loadWall = new LinkedHashMap<>();
            Map<String, List<Double>> wall = new LinkedHashMap<>();
            Map<String, List<Double>> cpu = new LinkedHashMap<>();
            Map<String, String> pieces = new LinkedHashMap<>();
            for (int r = 0; r <= repeats; r++) { // round 0 warms the JVM up and is not counted
                List<String> order = r % 2 == 0 ? List.of("matched", "unmatched") : List.of("unmatched", "matched");
                for (String name : order) {
                    Path out = work.resolve(name + "-" + r);
                    double loadMs = load(conf, graph, edges, out, name.equals("matched"));
                    if (r == 0) {
                        continue;
                    }
                    loadWall.computeIfAbsent(name, k -> new ArrayList<>()).add(loadMs);
                    Path copy = work.resolve("copy-" + name + "-" + r);
                    copyFamily(out.resolve("follows").resolve("f"), copy.resolve("f")); // the bulk load moves the files
                    TableSpec target = table("bulk_" + name + "_" + r, regions);
                    cluster.create(target);
                    long files;
                    try (var walk = Files.walk(copy.resolve("f"))) {
                        files = walk.filter(p -> Files.isRegularFile(p)
                                        && !p.getFileName().toString().startsWith("."))
                                .count();
                    }
                    Measure m = new Measure();
                    int loaded = BulkLoadHFiles.create(conf)
                            .bulkLoad(TableName.valueOf(target.name()), new org.apache.hadoop.fs.Path(copy.toUri()))
                            .size();
                    Measure.Figures f = m.stop();
                    wall.computeIfAbsent(name, k -> new ArrayList<>()).add(f.wallNanos() / 1e6);
                    cpu.computeIfAbsent(name, k -> new ArrayList<>()).add(f.cpuNanos() / 1e6);
                    pieces.put(name, files + " HFile(s) given, " + loaded + " piece(s) loaded");
                    System.err.printf(
                            Locale.ROOT,
                            "repeat %d %s: load %.0f ms; bulk load %.0f ms wall, %.0f ms CPU, %s%n",
                            r,
                            name,
                            loadMs,
                            f.wallNanos() / 1e6,
                            f.cpuNanos() / 1e6,
                            pieces.get(name));
                    WebLogInput.deleteTree(out);
                }
            }
            List<Double> ratioWall = new ArrayList<>();
            List<Double> ratioCpu = new ArrayList<>();
            for (int r = 0; r < repeats; r++) {
                ratioWall.add(wall.get("unmatched").get(r) / wall.get("matched").get(r));
                ratioCpu.add(cpu.get("unmatched").get(r) / cpu.get("matched").get(r));
            }
            StringBuilder s = new StringBuilder();
            s.append(String.format(
                    Locale.ROOT,
                    "## Live-table bulk load: %,d edges into a %d-region table, %d repeats%n%n",
                    records,
                    regions,
                    repeats));
            s.append("| bulk load of `follows` | wall ms (min / median / max) | CPU ms | files |\n|---|---|---|---|\n");
            for (String name : wall.keySet()) {
                s.append("| ")
                        .append(name)
                        .append(" | ")
                        .append(LoadBench.spread(wall.get(name)).replace("*", ""))
                        .append(" | ")
                        .append(LoadBench.spread(cpu.get(name)).replace("*", ""))
                        .append(" | ")
                        .append(pieces.get(name))
                        .append(" |\n");
            }
            s.append("\nunmatched / matched, per repeat: wall ")
                    .append(LoadBench.spread(ratioWall))
                    .append(", CPU ")
                    .append(LoadBench.spread(ratioCpu))
                    .append('\n');
            s.append("set-up cost of matching both tables (connection, descriptors, region locations), ms: ")
                    .append(LoadBench.spread(setUp).replace("*", ""))
                    .append('\n');
            for (String name : loadWall.keySet()) {
                s.append("the load itself, ")
                        .append(name)
                        .append(", ms: ")
                        .append(LoadBench.spread(loadWall.get(name)).replace("*", ""))
                        .append('\n');
            }
            System.out.println(s);
            Files.writeString(work.resolve("report.md"), s);
        }
        System.exit(0);
    }

    private static void copyFamily(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }

    /** A table like the graph loader's, with {@code regions} uniform regions over the md5-led keys. */
    private static TableSpec table(String name, int regions) {
        return TableSpec.of(name, FamilySpec.named("f"))
                .withRegions(RegionSplits.uniform(regions).resolved());
    }

    /** One graph load of {@code edges} into {@code out}, matched to the live tables or not; its wall time in ms. */
    private static double load(Configuration conf, Loader graph, Path edges, Path out, boolean live) throws Exception {
        LoadOptions options = new LoadOptions(
                List.of(new org.apache.hadoop.fs.Path(edges.toUri())),
                new org.apache.hadoop.fs.Path(out.toUri()),
                1,
                1700000000000L,
                0.0,
                Map.of());
        if (live) {
            options = options.matching(new LiveMatch(null, Map.of()));
        }
        long t0 = System.nanoTime();
        PreparedLoad load = LoadJob.prepare(new Configuration(conf), graph, options);
        Job job = load.job();
        if (!job.waitForCompletion(false) || load.finish().failed()) {
            throw new IOException("the " + (live ? "matched" : "unmatched") + " load failed");
        }
        return (System.nanoTime() - t0) / 1e6;
    }
}
