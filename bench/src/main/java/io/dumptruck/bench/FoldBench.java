package io.dumptruck.bench;

import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.loaders.LoadCounter;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.ledger.FoldedBatch;
import io.dumptruck.loaders.ledger.Lease;
import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.ledger.LedgerBatch;
import io.dumptruck.loaders.ledger.TableLedger;
import io.dumptruck.loaders.live.LiveConf;
import io.dumptruck.loaders.live.LiveMatch;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;

/**
 * Day N of a nightly web-log load into live tables that already hold {@code --held} times as many lines (default 10):
 * one stream of generated log lines (the same visitors throughout) cut in two, the first {@code held × records} lines
 * loaded as the live tables, the last {@code records} (default 1,000,000) loaded as day N. The held tables' HFiles and
 * day N's lines are made once and kept under {@code WORK/fold-RECORDSxHELD/kept} ({@code --fresh} makes them again);
 * each run bulk-loads hard links of them into a new HBase mini cluster. Three contenders, interleaved, the order
 * rotating each round, each on clones of the held tables of its own (made from snapshots, not timed):
 *
 * <ul>
 *   <li><b>folded</b>: {@code load weblogs --live}: snapshots of cookie_url_count and cookie_stats whose touched rows
 *       the reducers read, counts and stats folded, only touched rows written;
 *   <li><b>unfolded</b>: the same with {@code -D dumptruck.load.fold=false} (the day's figures alone, which would
 *       replace the held ones);
 *   <li><b>increments</b>: the counts of cookie_url_count (u: and d:) sent as HBase {@code Increment}s through the
 *       client (a BufferedMutator, one Increment per visitor with all its columns), after parsing and counting the
 *       lines in the client — only the counters, not visits nor cookie_stats (whose most-requested page an Increment
 *       cannot keep).
 * </ul>
 *
 * Each is timed in two phases. <b>load</b>: the load job, or the Increments acknowledged. <b>to the end state</b>: what
 * it takes for cookie_url_count to hold the day's counts in one file per store, as the region server leaves a table
 * after its work: for folded, its cookie_url_count HFiles bulk-loaded and the table major-compacted; for the
 * Increments, the table flushed and major-compacted (their WAL writes are already in the load phase). Compactions run
 * region after region in this JVM. Wall and CPU time are this JVM's, which runs everything (the local jobs, HBase, its
 * compactions): the whole process tree. Round 0 is a warm-up and checks that the folded and the incremented
 * cookie_url_count hold the same cells (every row, every column, every count).
 *
 * <pre>
 *   bench/run fold [--records N] [--held F] [--regions R] [--repeats K] [--work DIR] [--only folded,unfolded,increments]
 *       [--set KEY=VALUE,…]
 *                  [--fresh true]
 * </pre>
 */
final class FoldBench {
    private static final String COUNTS = WebLogSchema.COOKIE_URL_COUNT;
    private static final String STATS = WebLogSchema.COOKIE_STATS;
    private static final List<String> TABLES = List.of(WebLogSchema.VISITS, COUNTS, STATS);
    private static final long HELD_TS = 1_700_000_000_000L;
    private static final long DAY_TS = 1_800_000_000_000L;
    /** Written last when the kept held state is complete. */
    private static final String READY = "READY";

    private FoldBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = LoadBench.options(args, 0);
        long records = Long.parseLong(o.getOrDefault("records", "1000000"));
        int held = Integer.parseInt(o.getOrDefault("held", "10"));
        int regions = Integer.parseInt(o.getOrDefault("regions", "4"));
        int repeats = Integer.parseInt(o.getOrDefault("repeats", "3"));
        Path work =
                Path.of(o.getOrDefault("work", "bench-work")).toAbsolutePath().resolve("fold-" + records + "x" + held);
        Path kept = work.resolve("kept");
        Loader weblogs = LoaderCatalog.all().get("weblogs");
        if (Boolean.parseBoolean(o.getOrDefault("fresh", "false")) || !Files.exists(kept.resolve(READY))) {
            keep(kept, weblogs, records, held, regions);
        } else {
            System.err.println("held state kept from an earlier run: " + kept);
        }
        Path dayLog = kept.resolve("day").resolve("day.log");
        Path run = work.resolve("run");
        WebLogInput.deleteTree(run);
        Files.createDirectories(run);

        Configuration conf = LoadRun.localConf(run.resolve("tmp").toString());
        Map<String, String> settings = LoadBench.settings(o);
        settings.forEach(conf::set); // --set: given to every load of day N, as -D would
        try (BenchCluster cluster =
                BenchCluster.startOnLocalFileSystem(run.resolve("cluster").toString())) {
            conf.set("hbase.zookeeper.quorum", "localhost");
            conf.setInt("hbase.zookeeper.property.clientPort", cluster.zooKeeperPort());
            conf.set(HConstants.HBASE_DIR, cluster.rootDir());
            Measure liveLoad = new Measure();
            String tableSizes = liveTables(conf, cluster, kept.resolve("held-load"), run.resolve("links"));
            System.err.printf(
                    Locale.ROOT,
                    "live tables (%s) bulk-loaded in %.1f s%n",
                    tableSizes,
                    liveLoad.stop().wallNanos() / 1e9);

            List<String> contenders =
                    List.of(o.getOrDefault("only", "folded,unfolded,increments").split(","));
            Map<String, List<Double>> wall = new LinkedHashMap<>();
            Map<String, List<Double>> cpu = new LinkedHashMap<>();
            Map<String, List<Double>> endWall = new LinkedHashMap<>();
            Map<String, List<Double>> endCpu = new LinkedHashMap<>();
            for (String n : contenders) {
                for (Map<String, List<Double>> m : List.of(wall, cpu, endWall, endCpu)) {
                    m.put(n, new ArrayList<>());
                }
            }
            String increments = "";
            long heldRowsRead = 0;
            for (int r = 0; r <= repeats; r++) { // round 0 warms up and checks, it is not counted
                for (int i = 0; i < contenders.size(); i++) {
                    String name = contenders.get((i + r) % contenders.size());
                    Path out = run.resolve(name + "-" + r);
                    TableName counts = TableName.valueOf(name + "_counts_" + r);
                    TableName stats = TableName.valueOf(name + "_stats_" + r);
                    Measure.Figures load;
                    Measure.Figures end = null;
                    try (Connection c = ConnectionFactory.createConnection(conf);
                            Admin admin = c.getAdmin()) {
                        admin.cloneSnapshot("held_counts", counts);
                        if (name.equals("increments")) {
                            Measure m = new Measure();
                            increments = increment(c, counts, dayLog);
                            load = m.stop();
                            m = new Measure();
                            cluster.flushAndMajorCompact(counts);
                            end = m.stop();
                        } else {
                            admin.cloneSnapshot("held_stats", stats);
                            Measure m = new Measure();
                            Job job = load(
                                    conf,
                                    weblogs,
                                    dayLog.getParent(),
                                    out,
                                    regions,
                                    new LiveMatch(
                                            null,
                                            Map.of(COUNTS, counts.getNameAsString(), STATS, stats.getNameAsString())),
                                    name.equals("folded"));
                            load = m.stop();
                            if (name.equals("folded")) {
                                heldRowsRead = job.getCounters()
                                        .findCounter(LoadCounter.HELD_ROWS_READ)
                                        .getValue();
                                m = new Measure();
                                BulkLoadHFiles.create(conf)
                                        .bulkLoad(
                                                counts,
                                                new org.apache.hadoop.fs.Path(
                                                        out.resolve(COUNTS).toUri()));
                                cluster.flushAndMajorCompact(counts);
                                end = m.stop();
                            }
                        }
                    }
                    System.err.printf(
                            Locale.ROOT,
                            "round %d %s: load %.2f s wall, %.2f s CPU%s%n",
                            r,
                            name,
                            load.wallNanos() / 1e9,
                            load.cpuNanos() / 1e9,
                            end == null
                                    ? ""
                                    : String.format(
                                            Locale.ROOT,
                                            "; to the end state %.2f s wall, %.2f s CPU",
                                            end.wallNanos() / 1e9,
                                            end.cpuNanos() / 1e9));
                    if (r > 0) {
                        wall.get(name).add(load.wallNanos() / 1e9);
                        cpu.get(name).add(load.cpuNanos() / 1e9);
                        if (end != null) {
                            endWall.get(name).add((load.wallNanos() + end.wallNanos()) / 1e9);
                            endCpu.get(name).add((load.cpuNanos() + end.cpuNanos()) / 1e9);
                        }
                    }
                }
                if (r == 0 && contenders.contains("increments") && contenders.contains("folded")) {
                    System.err.println(check(
                            conf, TableName.valueOf("folded_counts_0"), TableName.valueOf("increments_counts_0")));
                }
                dropRound(conf, contenders, r);
                for (String name : contenders) {
                    WebLogInput.deleteTree(run.resolve(name + "-" + r));
                }
            }
            String ledger = contenders.contains("folded") ? ledgerCost(conf, wall.get("folded")) : "";
            String text = report(
                            records,
                            held,
                            regions,
                            repeats,
                            tableSizes,
                            heldRowsRead,
                            contenders,
                            wall,
                            cpu,
                            endWall,
                            endCpu,
                            increments)
                    + ledger
                    + (settings.isEmpty()
                            ? ""
                            : "\njob settings given to every load of day N (--set): " + settings + "\n");
            System.out.println(text);
            Files.writeString(work.resolve("report.md"), text);
        }
        System.exit(0);
    }

    /**
     * Makes the held state once: the generated lines cut into the held part and day N, the held part loaded (not
     * matched to any live table) into HFiles; {@value #READY} is written last.
     */
    private static void keep(Path kept, Loader weblogs, long records, int held, int regions) throws Exception {
        WebLogInput.deleteTree(kept);
        Files.createDirectories(kept);
        Path heldLog = kept.resolve("held").resolve("held.log");
        Path dayLog = kept.resolve("day").resolve("day.log");
        Measure m = new Measure();
        split(kept.resolve("generated"), records * (held + 1), records * held, heldLog, dayLog);
        Configuration conf = LoadRun.localConf(kept.resolve("tmp").toString());
        load(conf, weblogs, heldLog.getParent(), kept.resolve("held-load"), regions, null, true);
        WebLogInput.deleteTree(kept.resolve("held"));
        WebLogInput.deleteTree(kept.resolve("tmp"));
        Files.writeString(kept.resolve(READY), "");
        System.err.printf(
                Locale.ROOT,
                "held state made in %.1f s: %,d lines loaded, %,d lines kept for day N%n",
                m.stop().wallNanos() / 1e9,
                records * held,
                records);
    }

    /**
     * Creates the live tables and bulk-loads the kept held HFiles into them through hard links (the bulk load moves the
     * files it is given; the kept ones stay), then snapshots cookie_url_count and cookie_stats for the clones; returns
     * the tables' sizes.
     */
    private static String liveTables(Configuration conf, BenchCluster cluster, Path heldLoad, Path links)
            throws Exception {
        FileSystem local = FileSystem.getLocal(conf);
        List<String> sizes = new ArrayList<>();
        for (String table : TABLES) {
            Path from = heldLoad.resolve(table);
            Path to = links.resolve(table);
            long bytes = 0;
            try (var files = Files.walk(from)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Path link = to.resolve(from.relativize(f));
                    Files.createDirectories(link.getParent());
                    Files.createLink(link, f);
                    bytes += Files.size(f);
                }
            }
            org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(to.toUri());
            cluster.create(TableSpecJson.read(local, new org.apache.hadoop.fs.Path(dir, TableSpecJson.FILE_NAME)));
            BulkLoadHFiles.create(conf).bulkLoad(TableName.valueOf(table), dir);
            sizes.add(String.format(Locale.ROOT, "%s %,d MB", table, bytes >> 20));
        }
        try (Connection c = ConnectionFactory.createConnection(conf);
                Admin admin = c.getAdmin()) {
            admin.snapshot("held_counts", TableName.valueOf(COUNTS));
            admin.snapshot("held_stats", TableName.valueOf(STATS));
        }
        return String.join(", ", sizes);
    }

    /** Drops the clones of round {@code r}. */
    private static void dropRound(Configuration conf, List<String> contenders, int r) throws IOException {
        try (Connection c = ConnectionFactory.createConnection(conf);
                Admin admin = c.getAdmin()) {
            for (String name : contenders) {
                for (String kind : List.of("_counts_", "_stats_")) {
                    TableName t = TableName.valueOf(name + kind + r);
                    if (admin.tableExists(t)) {
                        admin.disableTable(t);
                        admin.deleteTable(t);
                    }
                }
            }
        }
    }

    /**
     * What the ledger adds to a folding load and its bulk load, against the folded load's median wall time: the read of
     * both folded tables' ledger rows at set-up ({@code FoldedBatch.read}), and the commit's ledger work (a lease taken,
     * the table's descriptor stamped with the commit, and a batch recorded per table), each timed 20 times on batches of
     * its own.
     */
    private static String ledgerCost(Configuration conf, List<Double> foldedWall) throws IOException {
        Map<String, TableName> folded = new LinkedHashMap<>();
        folded.put(COUNTS, TableName.valueOf(COUNTS));
        folded.put(WebLogSchema.COOKIE_STATS, TableName.valueOf(WebLogSchema.COOKIE_STATS));
        List<Double> read = new ArrayList<>();
        List<Double> commit = new ArrayList<>();
        try (Connection c = ConnectionFactory.createConnection(conf)) {
            Ledger ledger = Ledger.of(c, conf);
            for (int i = 0; i < 21; i++) {
                long t0 = System.nanoTime();
                FoldedBatch batch = FoldedBatch.read(c, conf, "bench-" + i, folded);
                long t1 = System.nanoTime();
                for (TableLedger seen : batch.seen().values()) {
                    Lease lease = Lease.here(batch.load(), batch.batch(), "bench", Lease.BULKLOAD);
                    lease.holder().end();
                    boolean acquired = ledger.acquire(seen, lease);
                    try (var admin = c.getAdmin()) { // the commit's stamp on the table's descriptor
                        Ledger.stamp(admin, TableName.valueOf(seen.table()), seen.commits() + 1);
                    }
                    if (!acquired
                            || !ledger.commit(
                                    Ledger.leased(seen, lease),
                                    new LedgerBatch(
                                            batch.batch(),
                                            seen.commits() + 1,
                                            batch.load(),
                                            "bench",
                                            0,
                                            0,
                                            0,
                                            System.currentTimeMillis(),
                                            null,
                                            null))) {
                        throw new IOException("the ledger's commit failed");
                    }
                }
                long t2 = System.nanoTime();
                if (i > 0) { // the first warms the connection up
                    read.add((t1 - t0) / 1e6);
                    commit.add((t2 - t1) / 1e6);
                }
            }
        }
        double loadMs = 1000 * LoadBench.median(foldedWall);
        double readMs = LoadBench.median(read);
        double commitMs = LoadBench.median(commit);
        return String.format(
                Locale.ROOT,
                "%nthe ledger (2 folded tables, 20 times): read at set-up %s ms, commit at bulk load %s ms (median "
                        + "%.1f + %.1f ms = %.2f%% of the folded load's median %.1f s)%n",
                LoadBench.spread(read),
                LoadBench.spread(commit),
                readMs,
                commitMs,
                100 * (readMs + commitMs) / loadMs,
                loadMs / 1000);
    }

    /**
     * Generates {@code total} web-log lines as one stream; the first {@code first} become file {@code a}, the rest file
     * {@code b}. The rest is copied out and the generated file cut where it starts and moved to {@code a}, so the disk
     * never holds the lines twice (at 100× a day of 1M lines, the held lines are about 28 GB).
     */
    private static void split(Path generated, long total, long first, Path a, Path b) throws IOException {
        DataGenerator.generate("weblogs", total, 1, generated, 1);
        Files.createDirectories(a.getParent());
        Files.createDirectories(b.getParent());
        Path file;
        try (var files = Files.list(generated)) {
            file = files.filter(p -> !p.getFileName().toString().startsWith("."))
                    .findFirst()
                    .orElseThrow();
        }
        long cut = 0; // where line first + 1 starts
        try (var in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 20];
            long lines = 0;
            while (lines < first) {
                int n = in.read(buffer);
                if (n < 0) {
                    throw new IOException("only " + lines + " lines generated, " + first + " asked for");
                }
                int i = 0;
                for (; i < n && lines < first; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
                cut += i;
            }
        }
        try (var in = java.nio.channels.FileChannel.open(
                        file, java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.READ);
                var out = java.nio.channels.FileChannel.open(
                        b,
                        java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.TRUNCATE_EXISTING,
                        java.nio.file.StandardOpenOption.WRITE)) {
            long size = in.size();
            for (long at = cut; at < size; ) {
                at += in.transferTo(at, size - at, out);
            }
            in.truncate(cut);
        }
        Files.move(file, a, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        WebLogInput.deleteTree(generated);
    }

    /**
     * One web-log load ({@code --daily forever}), matched to the live tables as {@code live} names them (null: not
     * matched), folding or not; returns the finished job.
     */
    private static Job load(
            Configuration base, Loader weblogs, Path input, Path out, int regions, LiveMatch live, boolean fold)
            throws Exception {
        Configuration conf = new Configuration(base);
        conf.setBoolean(LiveConf.FOLD.key(), fold);
        LoadOptions options = new LoadOptions(
                List.of(new org.apache.hadoop.fs.Path(input.toUri())),
                new org.apache.hadoop.fs.Path(out.toUri()),
                regions,
                live != null ? DAY_TS : HELD_TS,
                0.0,
                Map.of("daily", "forever"));
        if (live != null) {
            options = options.matching(live);
        }
        PreparedLoad load = LoadJob.prepare(conf, weblogs, options);
        Job job = load.job();
        if (!job.waitForCompletion(false) || load.finish().failed()) {
            throw new IOException("the load into " + out + " failed");
        }
        return job;
    }

    /**
     * Parses and counts the day's lines as the loader does (u: per path, d: per UTC day; every line with a path), then
     * sends one Increment per visitor; returns what was sent.
     */
    private static String increment(Connection c, TableName table, Path dayLog) throws IOException {
        WebLogParser parser = new WebLogParser();
        Map<String, Map<String, Long>> paths = new HashMap<>();
        Map<String, Map<String, Long>> days = new HashMap<>();
        try (BufferedReader in = Files.newBufferedReader(dayLog, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                Parsed<WebLogRecord> p = parser.parse(line);
                if (!p.isRecord() || p.record().path() == null) {
                    continue;
                }
                WebLogRecord r = p.record();
                paths.computeIfAbsent(r.visitor(), k -> new HashMap<>()).merge(r.path(), 1L, Long::sum);
                days.computeIfAbsent(r.visitor(), k -> new HashMap<>())
                        .merge(WebLogSchema.dayText(r.time()), 1L, Long::sum);
            }
        }
        long cells = 0;
        byte[] u = Bytes.toBytes(WebLogSchema.URL_COUNT);
        byte[] d = Bytes.toBytes(WebLogSchema.DAILY_COUNT);
        try (BufferedMutator mutator = c.getBufferedMutator(table)) {
            for (var visitor : paths.entrySet()) {
                Increment inc = new Increment(Bytes.toBytes(visitor.getKey()));
                inc.setReturnResults(false);
                visitor.getValue().forEach((path, n) -> inc.addColumn(u, Bytes.toBytes(path), n));
                days.get(visitor.getKey()).forEach((day, n) -> inc.addColumn(d, Bytes.toBytes(day), n));
                cells += inc.size();
                mutator.mutate(inc);
            }
        }
        return String.format(Locale.ROOT, "%,d Increments (one per visitor) of %,d cells", paths.size(), cells);
    }

    /**
     * The two tables scanned side by side through the client: the same rows, and in each the same columns with the same
     * counts (the timestamps differ: the Increments' are the region server's clock).
     */
    private static String check(Configuration conf, TableName folded, TableName incremented) throws IOException {
        long rows = 0;
        long cells = 0;
        try (Connection c = ConnectionFactory.createConnection(conf);
                Table a = c.getTable(folded);
                Table b = c.getTable(incremented);
                ResultScanner sa = a.getScanner(new Scan().setCaching(1000));
                ResultScanner sb = b.getScanner(new Scan().setCaching(1000))) {
            for (Result ra = sa.next(), rb = sb.next(); ra != null || rb != null; ra = sa.next(), rb = sb.next()) {
                if (ra == null || rb == null || !Bytes.equals(ra.getRow(), rb.getRow())) {
                    throw new IllegalStateException(
                            "folded row " + (ra == null ? "none" : Bytes.toStringBinary(ra.getRow()))
                                    + ", incremented row " + (rb == null ? "none" : Bytes.toStringBinary(rb.getRow())));
                }
                Map<String, String> want = values(ra);
                if (!want.equals(values(rb))) {
                    throw new IllegalStateException("row " + Bytes.toStringBinary(ra.getRow()) + ": folded " + want
                            + ", incremented " + values(rb));
                }
                rows++;
                cells += want.size();
            }
        }
        return String.format(
                Locale.ROOT,
                "check: %s and %s hold the same %,d rows and %,d counts",
                folded,
                incremented,
                rows,
                cells);
    }

    private static Map<String, String> values(Result r) {
        Map<String, String> out = new TreeMap<>();
        for (Cell cell : r.rawCells()) {
            out.put(
                    Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
                            + Bytes.toStringBinary(CellUtil.cloneQualifier(cell)),
                    String.valueOf(Bytes.toLong(CellUtil.cloneValue(cell))));
        }
        return out;
    }

    private static String report(
            long records,
            int held,
            int regions,
            int repeats,
            String tableSizes,
            long heldRowsRead,
            List<String> contenders,
            Map<String, List<Double>> wall,
            Map<String, List<Double>> cpu,
            Map<String, List<Double>> endWall,
            Map<String, List<Double>> endCpu,
            String increments) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(
                Locale.ROOT,
                "## Folding day N into live tables: %,d log lines into tables holding %,d (%d×; %d regions; %s), "
                        + "%d rounds%n%n",
                records,
                records * held,
                held,
                regions,
                tableSizes,
                repeats));
        s.append("| contender | load: wall s (min / median / max) | load: CPU s | to the end state: wall s | "
                + "to the end state: CPU s |\n|---|---|---|---|---|\n");
        for (String name : contenders) {
            boolean end = !endWall.get(name).isEmpty();
            s.append("| ")
                    .append(name)
                    .append(" | ")
                    .append(LoadBench.spread(wall.get(name)))
                    .append(" | ")
                    .append(LoadBench.spread(cpu.get(name)))
                    .append(" | ")
                    .append(end ? LoadBench.spread(endWall.get(name)) : "")
                    .append(" | ")
                    .append(end ? LoadBench.spread(endCpu.get(name)) : "")
                    .append(" |\n");
        }
        if (contenders.contains("folded")) {
            s.append(String.format(
                    Locale.ROOT,
                    "%nheld rows the folded load read (rows day N touches that hold a column it writes, per snapshot read): %,d%n",
                    heldRowsRead));
        }
        if (contenders.containsAll(List.of("folded", "unfolded"))) {
            s.append('\n').append(ratio("folded / unfolded, load", wall, cpu, "folded", "unfolded"));
        }
        if (contenders.containsAll(List.of("folded", "increments"))) {
            s.append(ratio("increments / folded, load", wall, cpu, "increments", "folded"));
            s.append(ratio("increments / folded, to the end state", endWall, endCpu, "increments", "folded"));
            s.append("increments sent: ").append(increments).append('\n');
        }
        return s.toString();
    }

    private static String ratio(
            String label, Map<String, List<Double>> wall, Map<String, List<Double>> cpu, String a, String b) {
        return ratio(label, wall.get(b), cpu.get(b), wall.get(a), cpu.get(a));
    }

    /** Per round, {@code wallA / wallB} and {@code cpuA / cpuB}. */
    private static String ratio(
            String label, List<Double> wallB, List<Double> cpuB, List<Double> wallA, List<Double> cpuA) {
        List<Double> w = new ArrayList<>();
        List<Double> c = new ArrayList<>();
        for (int r = 0; r < wallA.size(); r++) {
            w.add(wallA.get(r) / wallB.get(r));
            c.add(cpuA.get(r) / cpuB.get(r));
        }
        return label + ", per round: wall " + LoadBench.spread(w) + ", CPU " + LoadBench.spread(c) + "\n";
    }
}
