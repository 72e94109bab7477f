package io.dumptruck.bench;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
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
import java.io.BufferedWriter;
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
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;

/**
 * Day N of a nightly web-log load into live tables that already hold {@code --held} times as many lines (default 10):
 * one stream of generated log lines (the same visitors throughout) cut in two, the first {@code held × records} lines
 * loaded and bulk-loaded into an HBase mini cluster as the live tables, the last {@code records} (default 1,000,000)
 * loaded as day N by three contenders, interleaved, the order rotating each round:
 *
 * <ul>
 *   <li><b>folded</b>: {@code load weblogs --live}: snapshots of cookie_url_count and cookie_stats whose touched rows
 *       the reducers read, counts and stats folded, only touched rows written;
 *   <li><b>unfolded</b>: the same with {@code -D dumptruck.load.fold=false} (the day's figures alone, which would
 *       replace the held ones);
 *   <li><b>increments</b>: the counts of cookie_url_count (u: and d:) sent as HBase {@code Increment}s through the
 *       client (a BufferedMutator, one Increment per visitor with all its columns) into a clone of the live table,
 *       after parsing and counting the lines in the client — only the counters, not visits nor cookie_stats (whose
 *       most-requested page an Increment cannot keep).
 * </ul>
 *
 * Wall and CPU time of this JVM, which also runs the local jobs and HBase: an Increment's work in the region server
 * counts. Round 0 is a warm-up, and checks that every cookie_url_count cell the folded load writes equals what the
 * increments leave in HBase for that row.
 *
 * <pre>
 *   bench/run fold [--records N] [--held F] [--regions R] [--repeats K] [--work DIR] [--only folded,unfolded,increments]
 * </pre>
 */
final class FoldBench {
    private static final String COUNTS = WebLogSchema.COOKIE_URL_COUNT;
    private static final long HELD_TS = 1_700_000_000_000L;
    private static final long DAY_TS = 1_800_000_000_000L;

    private FoldBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = LoadBench.options(args, 0);
        long records = Long.parseLong(o.getOrDefault("records", "1000000"));
        int held = Integer.parseInt(o.getOrDefault("held", "10"));
        int regions = Integer.parseInt(o.getOrDefault("regions", "4"));
        int repeats = Integer.parseInt(o.getOrDefault("repeats", "3"));
        Path work =
                Path.of(o.getOrDefault("work", "bench-work")).toAbsolutePath().resolve("fold-" + records + "x" + held);
        WebLogInput.deleteTree(work);
        Files.createDirectories(work);
        Path heldLog = work.resolve("held").resolve("held.log");
        Path dayLog = work.resolve("day").resolve("day.log");
        split(work.resolve("generated"), records * (held + 1), records * held, heldLog, dayLog);
        System.err.printf(
                Locale.ROOT,
                "generated %,d lines: %,d held, %,d for day N%n",
                records * (held + 1),
                records * held,
                records);

        Configuration conf = LoadRun.localConf(work.resolve("tmp").toString());
        try (BenchCluster cluster =
                BenchCluster.startOnLocalFileSystem(work.resolve("cluster").toString())) {
            conf.set("hbase.zookeeper.quorum", "localhost");
            conf.setInt("hbase.zookeeper.property.clientPort", cluster.zooKeeperPort());
            conf.set(HConstants.HBASE_DIR, cluster.rootDir());
            Loader weblogs = LoaderCatalog.all().get("weblogs");
            Path heldOut = work.resolve("held-load");
            Measure heldLoad = new Measure();
            load(conf, weblogs, heldLog.getParent(), heldOut, regions, false, true);
            try (Connection c = ConnectionFactory.createConnection(conf);
                    Admin admin = c.getAdmin()) {
                FileSystem local = FileSystem.getLocal(conf);
                for (String table : List.of(WebLogSchema.VISITS, COUNTS, WebLogSchema.COOKIE_STATS)) {
                    org.apache.hadoop.fs.Path dir =
                            new org.apache.hadoop.fs.Path(heldOut.resolve(table).toUri());
                    TableSpec spec =
                            TableSpecJson.read(local, new org.apache.hadoop.fs.Path(dir, TableSpecJson.FILE_NAME));
                    cluster.create(spec);
                    BulkLoadHFiles.create(conf).bulkLoad(TableName.valueOf(table), dir);
                }
                admin.snapshot("held_counts", TableName.valueOf(COUNTS));
            }
            System.err.printf(
                    Locale.ROOT,
                    "live tables: %,d lines loaded and bulk-loaded in %.1f s%n",
                    records * held,
                    heldLoad.stop().wallNanos() / 1e9);

            List<String> contenders =
                    List.of(o.getOrDefault("only", "folded,unfolded,increments").split(","));
            Map<String, List<Double>> wall = new LinkedHashMap<>();
            Map<String, List<Double>> cpu = new LinkedHashMap<>();
            contenders.forEach(n -> {
                wall.put(n, new ArrayList<>());
                cpu.put(n, new ArrayList<>());
            });
            String increments = "";
            for (int r = 0; r <= repeats; r++) { // round 0 warms up and checks, it is not counted
                for (int i = 0; i < contenders.size(); i++) {
                    String name = contenders.get((i + r) % contenders.size());
                    Path out = work.resolve(name + "-" + r);
                    TableName clone = TableName.valueOf("increments_" + r);
                    Measure.Figures f;
                    if (name.equals("increments")) {
                        try (Connection c = ConnectionFactory.createConnection(conf);
                                Admin admin = c.getAdmin()) {
                            admin.cloneSnapshot("held_counts", clone);
                            Measure m = new Measure();
                            increments = increment(c, clone, dayLog);
                            f = m.stop();
                        }
                    } else {
                        Measure m = new Measure();
                        load(conf, weblogs, dayLog.getParent(), out, regions, true, name.equals("folded"));
                        f = m.stop();
                    }
                    System.err.printf(
                            Locale.ROOT,
                            "round %d %s: %.2f s wall, %.2f s CPU%n",
                            r,
                            name,
                            f.wallNanos() / 1e9,
                            f.cpuNanos() / 1e9);
                    if (r > 0) {
                        wall.get(name).add(f.wallNanos() / 1e9);
                        cpu.get(name).add(f.cpuNanos() / 1e9);
                    }
                }
                if (contenders.contains("increments") && contenders.contains("folded")) {
                    if (r == 0) {
                        System.err.println(check(
                                conf, work.resolve("folded-0").resolve(COUNTS), TableName.valueOf("increments_0")));
                    }
                    try (Connection c = ConnectionFactory.createConnection(conf);
                            Admin admin = c.getAdmin()) {
                        admin.disableTable(TableName.valueOf("increments_" + r));
                        admin.deleteTable(TableName.valueOf("increments_" + r));
                    }
                }
                for (String name : List.of("folded", "unfolded")) {
                    WebLogInput.deleteTree(work.resolve(name + "-" + r));
                }
            }
            String ledger = contenders.contains("folded") ? ledgerCost(conf, wall.get("folded")) : "";
            String text = report(records, held, regions, repeats, contenders, wall, cpu, increments) + ledger;
            System.out.println(text);
            Files.writeString(work.resolve("report.md"), text);
        }
        System.exit(0);
    }

    /**
     * What the ledger adds to a folding load and its bulk load, against the folded load's median wall time: the read of
     * both folded tables' ledger rows at set-up ({@code FoldedBatch.read}), and the commit's ledger work (a lease taken
     * and a batch recorded per table, by check-and-mutate), each timed 20 times on batches of its own.
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
                    Lease lease = new Lease(batch.load(), batch.batch(), "bench", System.currentTimeMillis());
                    if (!ledger.acquire(seen, lease)
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
                                            System.currentTimeMillis()))) {
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
     * Generates {@code total} web-log lines as one stream and writes the first {@code first} to {@code a}, the rest to
     * {@code b}.
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
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                BufferedWriter outA = Files.newBufferedWriter(a, StandardCharsets.UTF_8);
                BufferedWriter outB = Files.newBufferedWriter(b, StandardCharsets.UTF_8)) {
            long n = 0;
            for (String line = in.readLine(); line != null; line = in.readLine(), n++) {
                BufferedWriter out = n < first ? outA : outB;
                out.write(line);
                out.write('\n');
            }
        }
        WebLogInput.deleteTree(generated);
    }

    /** One web-log load ({@code --daily forever}); matched to the live tables or not, folding or not. */
    private static void load(
            Configuration base, Loader weblogs, Path input, Path out, int regions, boolean live, boolean fold)
            throws Exception {
        Configuration conf = new Configuration(base);
        conf.setBoolean(LiveConf.FOLD.key(), fold);
        LoadOptions options = new LoadOptions(
                List.of(new org.apache.hadoop.fs.Path(input.toUri())),
                new org.apache.hadoop.fs.Path(out.toUri()),
                regions,
                live ? DAY_TS : HELD_TS,
                0.0,
                Map.of("daily", "forever"));
        if (live) {
            options = options.matching(new LiveMatch(null, Map.of()));
        }
        PreparedLoad load = LoadJob.prepare(conf, weblogs, options);
        Job job = load.job();
        if (!job.waitForCompletion(false) || load.finish().failed()) {
            throw new IOException("the load into " + out + " failed");
        }
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
     * Every cell of cookie_url_count the folded load wrote (u: and d:, the rows its input touched) against the same row
     * of the table the increments went to.
     */
    private static String check(Configuration conf, Path foldedTable, TableName incremented) throws IOException {
        long rows = 0;
        long cells = 0;
        try (TableReader folded = TableReader.open(conf, new org.apache.hadoop.fs.Path(foldedTable.toUri()));
                RowScanner scanner = folded.scan(ScanSpec.all());
                Connection c = ConnectionFactory.createConnection(conf);
                Table table = c.getTable(incremented)) {
            List<Result> batch = new ArrayList<>();
            for (Result r = scanner.next(); ; r = scanner.next()) {
                if (r != null) {
                    batch.add(r);
                }
                if (batch.size() == 1000 || r == null && !batch.isEmpty()) {
                    Result[] live = table.get(batch.stream()
                            .map(b -> new org.apache.hadoop.hbase.client.Get(b.getRow()))
                            .toList());
                    for (int i = 0; i < batch.size(); i++) {
                        Map<String, String> want = values(batch.get(i));
                        Map<String, String> got = values(live[i]);
                        if (!want.equals(got)) {
                            throw new IllegalStateException(
                                    "row " + Bytes.toStringBinary(batch.get(i).getRow()) + ": folded " + want
                                            + ", incremented " + got);
                        }
                        rows++;
                        cells += want.size();
                    }
                    batch.clear();
                }
                if (r == null) {
                    break;
                }
            }
        }
        return String.format(
                Locale.ROOT,
                "check: the %,d rows (%,d cells) of %s the folded load wrote equal the incremented table's",
                rows,
                cells,
                COUNTS);
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
            List<String> contenders,
            Map<String, List<Double>> wall,
            Map<String, List<Double>> cpu,
            String increments) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(
                Locale.ROOT,
                "## Folding day N into live tables: %,d log lines into tables holding %,d (%d regions), "
                        + "%d rounds%n%n",
                records,
                records * held,
                regions,
                repeats));
        s.append("| contender | wall s (min / median / max) | CPU s |\n|---|---|---|\n");
        for (String name : contenders) {
            s.append("| ")
                    .append(name)
                    .append(" | ")
                    .append(LoadBench.spread(wall.get(name)))
                    .append(" | ")
                    .append(LoadBench.spread(cpu.get(name)))
                    .append(" |\n");
        }
        if (contenders.containsAll(List.of("folded", "unfolded", "increments"))) {
            s.append('\n').append(ratio("folded / unfolded", wall, cpu, "folded", "unfolded"));
            s.append(ratio("increments / folded", wall, cpu, "increments", "folded"));
            s.append(ratio(
                    "increments / (folded − unfolded), the cost of folding alone",
                    minus(wall, "folded", "unfolded"),
                    minus(cpu, "folded", "unfolded"),
                    wall.get("increments"),
                    cpu.get("increments")));
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

    /** Per round, {@code figures[a] − figures[b]}. */
    private static List<Double> minus(Map<String, List<Double>> figures, String a, String b) {
        List<Double> out = new ArrayList<>();
        for (int r = 0; r < figures.get(a).size(); r++) {
            out.add(figures.get(a).get(r) - figures.get(b).get(r));
        }
        return out;
    }
}
