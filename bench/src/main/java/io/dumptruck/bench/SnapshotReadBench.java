package io.dumptruck.bench;

import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
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
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.IdentityTableMapper;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.hbase.mapreduce.TableSnapshotInputFormat;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * A MapReduce read of one HBase snapshot, side by side: dumptruck's {@link HFileTableInputFormat} against HBase's
 * {@code TableSnapshotInputFormat}, both given the same scan (newest version of every column, block cache off as the
 * HBase book advises for MapReduce) and each reading every split the format plans, one after the other in this JVM, as
 * one map task each would (with the counters a task keeps). TableSnapshotInputFormat runs twice: with its defaults,
 * which copy the scan metrics into the task's counters after every row, and tuned, with
 * {@code hbase.TableSnapshotInputFormat.scan_metrics.enabled=false}.
 *
 * <p>The snapshot: an HBase table (root directory on the local file system) of {@code --regions} regions, VERSIONS 3,
 * filled by bulk-loading a graph load of {@code --records} edges (one cell per edge), then {@code --mutations} client
 * writes flushed in two rounds — new versions of loaded cells and all four delete kinds (Delete of a version,
 * DeleteColumn, DeleteFamily, DeleteFamilyVersion) — so markers and the cells they mask sit in different files. HBase
 * is then stopped: the formats read the files alone, as a job over a snapshot does.
 *
 * <p>Round 0 checks that all return the same Results (per-row MD5s summed, so split order does not matter) and is not
 * counted; the timed rounds rotate which goes first and count cells, rows and value bytes (equal across contenders, or
 * the run fails). TableSnapshotInputFormat's time includes its restore of the snapshot into a directory of its own
 * (which every job over it pays); ours includes reading the manifest. Figures: wall and process CPU time per round,
 * cells per second.
 *
 * <pre>
 *   bench/run snapshot [--records N] [--regions R] [--mutations M] [--repeats K] [--work DIR]
 * </pre>
 */
final class SnapshotReadBench {
    private static final String TABLE = "follows";
    private static final String SNAPSHOT = "follows_snapshot";
    private static final long LOAD_TIMESTAMP = 1_700_000_000_000L;

    private static final String DUMPTRUCK = "dumptruck";
    private static final String HBASE = "hbase";
    private static final String HBASE_TUNED = "hbase-tuned";
    private static final String SCAN_METRICS = "hbase.TableSnapshotInputFormat.scan_metrics.enabled";
    private static final List<String> CONTENDERS = List.of(DUMPTRUCK, HBASE, HBASE_TUNED);

    private SnapshotReadBench() {}

    /** What a contender read in one round. */
    record Read(long cells, long rows, long valueBytes, long digest, long planNanos, long openNanos) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = LoadBench.options(args, 0);
        long records = Long.parseLong(o.getOrDefault("records", "10500000"));
        int regions = Integer.parseInt(o.getOrDefault("regions", "8"));
        int mutations = Integer.parseInt(o.getOrDefault("mutations", "40000"));
        int repeats = Integer.parseInt(o.getOrDefault("repeats", "3"));
        java.nio.file.Path work = java.nio.file.Path.of(o.getOrDefault("work", "bench-work"))
                .toAbsolutePath()
                .resolve("snapshot-" + records);
        WebLogInput.deleteTree(work);
        Files.createDirectories(work);
        Configuration conf = LoadRun.localConf(work.resolve("tmp").toString());
        String setUp = snapshotOfALoadedTable(conf, work, records, regions, mutations);
        Path snapshotDir = new Path(conf.get(HConstants.HBASE_DIR), HConstants.SNAPSHOT_DIR_NAME + "/" + SNAPSHOT);
        Path restores = new Path(conf.get(HConstants.HBASE_DIR) + "-restores");

        Map<String, List<Double>> wall = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        Read expected = null;
        for (int r = 0; r <= repeats; r++) { // round 0 checks the digests and warms the JVM up; it is not counted
            List<String> order = new ArrayList<>(CONTENDERS);
            java.util.Collections.rotate(order, r); // each contender goes first in turn
            for (String name : order) {
                Measure m = new Measure();
                long start = System.nanoTime();
                Job job = Job.getInstance(new Configuration(conf));
                InputFormat<ImmutableBytesWritable, Result> format;
                if (name.equals(DUMPTRUCK)) {
                    HFileTableInputFormat.configure(job)
                            .table(snapshotDir)
                            .scan(ScanSpec.all())
                            .apply();
                    format = new HFileTableInputFormat();
                } else {
                    // HBase's default counts scan metrics into the task's counters after every row; a tuned job turns
                    // that off
                    job.getConfiguration().setBoolean(SCAN_METRICS, name.equals(HBASE));
                    Scan scan = new Scan();
                    scan.setCacheBlocks(false);
                    TableMapReduceUtil.initTableSnapshotMapperJob(
                            SNAPSHOT,
                            scan,
                            IdentityTableMapper.class,
                            ImmutableBytesWritable.class,
                            Result.class,
                            job,
                            false,
                            new Path(restores, "round-" + r));
                    format = new TableSnapshotInputFormat();
                }
                long setUpNanos = System.nanoTime() - start;
                Read read = readAll(format, job, r == 0);
                Measure.Figures f = m.stop();
                if (expected == null) {
                    expected = read;
                } else if (!sameRead(expected, read, r == 0)) {
                    throw new IllegalStateException(name + " read " + read + ", the other " + expected);
                }
                System.err.printf(
                        Locale.ROOT,
                        "round %d %s: %,d cells in %,d rows, %.0f ms wall (set-up %.0f, planning %.0f, opening splits %.0f), %.0f ms CPU%n",
                        r,
                        name,
                        read.cells(),
                        read.rows(),
                        f.wallNanos() / 1e6,
                        setUpNanos / 1e6,
                        read.planNanos() / 1e6,
                        read.openNanos() / 1e6,
                        f.cpuNanos() / 1e6);
                if (r > 0) {
                    wall.computeIfAbsent(name, k -> new ArrayList<>()).add(f.wallNanos() / 1e9);
                    cpu.computeIfAbsent(name, k -> new ArrayList<>()).add(f.cpuNanos() / 1e9);
                }
            }
        }
        System.out.println(report(records, regions, repeats, setUp, expected, wall, cpu));
        System.exit(0);
    }

    /** Both read the same: counts always, and the digest in the checking round. */
    private static boolean sameRead(Read a, Read b, boolean digests) {
        return a.cells() == b.cells()
                && a.rows() == b.rows()
                && a.valueBytes() == b.valueBytes()
                && (!digests || a.digest() == b.digest());
    }

    /** Every split the format plans, read in turn by a fresh record reader, as the map tasks would. */
    static Read readAll(InputFormat<ImmutableBytesWritable, Result> format, Job job, boolean digest) throws Exception {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        long cells = 0;
        long rows = 0;
        long valueBytes = 0;
        long sum = 0;
        long t0 = System.nanoTime();
        TaskCounters counters = new TaskCounters();
        List<InputSplit> splits = format.getSplits(job);
        long planNanos = System.nanoTime() - t0;
        long openNanos = 0;
        for (int i = 0; i < splits.size(); i++) {
            TaskAttemptContext context = new TaskAttemptContextImpl(
                    job.getConfiguration(), new TaskAttemptID("bench", 1, TaskType.MAP, i, 0), counters);
            try (RecordReader<ImmutableBytesWritable, Result> reader =
                    format.createRecordReader(splits.get(i), context)) {
                long t1 = System.nanoTime();
                reader.initialize(splits.get(i), context);
                openNanos += System.nanoTime() - t1;
                while (reader.nextKeyValue()) {
                    Result result = reader.getCurrentValue();
                    rows++;
                    for (Cell c : result.rawCells()) {
                        cells++;
                        valueBytes += c.getValueLength();
                        if (digest) {
                            CellDigest.update(md5, c);
                        }
                    }
                    if (digest) {
                        sum += Bytes.toLong(
                                md5.digest()); // per row, summed: the same whatever order the splits come in
                    }
                }
            }
        }
        return new Read(cells, rows, valueBytes, sum, planNanos, openNanos);
    }

    /**
     * The counters of a task, kept across calls as a map task keeps them (the reporter Hadoop gives a bare
     * TaskAttemptContextImpl makes new counters on every call, which would charge both formats for what a task never
     * pays).
     */
    static final class TaskCounters extends StatusReporter {
        private final Counters counters = new Counters();

        @Override
        public Counter getCounter(Enum<?> name) {
            return counters.findCounter(name);
        }

        @Override
        public Counter getCounter(String group, String name) {
            return counters.findCounter(group, name);
        }

        @Override
        public void progress() {}

        @Override
        public float getProgress() {
            return 0;
        }

        @Override
        public void setStatus(String status) {}
    }

    /**
     * Starts HBase on the local file system, bulk-loads a matched graph load, writes the mutations, snapshots the table
     * and stops HBase (its files stay); sets {@code hbase.rootdir} in {@code conf}. Returns a description of what the
     * snapshot holds.
     */
    private static String snapshotOfALoadedTable(
            Configuration conf, java.nio.file.Path work, long records, int regions, int mutations) throws Exception {
        java.nio.file.Path edges = work.resolve("edges");
        DataGenerator.generate("graph", records, 1, edges, 4);
        BenchCluster cluster =
                BenchCluster.startOnLocalFileSystem(work.resolve("cluster").toString());
        conf.set("hbase.zookeeper.quorum", "localhost");
        conf.setInt("hbase.zookeeper.property.clientPort", cluster.zooKeeperPort());
        conf.set(HConstants.HBASE_DIR, cluster.rootDir());
        TableSpec live = TableSpec.of(TABLE, FamilySpec.named("f").withMaxVersions(3))
                .withRegions(RegionSplits.uniform(regions).resolved());
        cluster.create(live);
        cluster.create(TableSpec.of("followed_by", FamilySpec.named("f"))
                .withRegions(RegionSplits.uniform(regions).resolved()));
        Loader graph = LoaderCatalog.all().get("graph");
        java.nio.file.Path out = work.resolve("load");
        LoadOptions options = new LoadOptions(
                        List.of(new Path(edges.toUri())), new Path(out.toUri()), 1, LOAD_TIMESTAMP, 0.0, Map.of())
                .matching(new LiveMatch(null, Map.of()));
        PreparedLoad load = LoadJob.prepare(new Configuration(conf), graph, options);
        Job job = load.job();
        if (!job.waitForCompletion(false) || load.finish().failed()) {
            throw new IOException("the graph load failed");
        }
        TableName table = TableName.valueOf(TABLE);
        List<Cell> sample = sample(
                conf, new Path(out.resolve(TABLE).toUri()), Math.max(1, records / Math.max(1, mutations)), mutations);
        BulkLoadHFiles.create(conf).bulkLoad(table, new Path(out.resolve(TABLE).toUri()));
        int[] kinds = new int[5]; // new versions, Delete, DeleteColumn, DeleteFamily, DeleteFamilyVersion
        try (Connection c = ConnectionFactory.createConnection(conf);
                Admin admin = c.getAdmin()) {
            admin.compactionSwitch(false, List.of()); // markers and the cells they mask stay in different files
            Random random = new Random(7);
            for (int round = 0; round < 2; round++) {
                try (BufferedMutator mutator = c.getBufferedMutator(table)) {
                    for (int i = round; i < sample.size(); i += 2) {
                        Cell cell = sample.get(i);
                        byte[] row = CellUtil.cloneRow(cell);
                        byte[] family = CellUtil.cloneFamily(cell);
                        byte[] qualifier = CellUtil.cloneQualifier(cell);
                        int kind = random.nextInt(10);
                        kinds[kind < 4 ? 0 : kind < 6 ? 1 : kind < 8 ? 2 : kind - 5]++;
                        switch (kind) {
                            case 0, 1, 2, 3 ->
                                mutator.mutate(new Put(row)
                                        .addColumn(family, qualifier, LOAD_TIMESTAMP + 1 + round, Bytes.toBytes("v2")));
                            case 4, 5 ->
                                mutator.mutate(new Delete(row).addColumn(family, qualifier, cell.getTimestamp()));
                            case 6, 7 -> mutator.mutate(new Delete(row).addColumns(family, qualifier));
                            case 8 -> mutator.mutate(new Delete(row).addFamily(family));
                            default -> mutator.mutate(new Delete(row).addFamilyVersion(family, cell.getTimestamp()));
                        }
                    }
                }
                admin.flush(table);
            }
            admin.snapshot(SNAPSHOT, table);
        }
        cluster.stopKeepingFiles();
        return String.format(
                Locale.ROOT,
                "%,d edges bulk-loaded into `%s` (%d regions, VERSIONS 3), then %,d client writes in two flushed"
                        + " rounds: %,d new versions, %,d Deletes of a version, %,d DeleteColumns, %,d DeleteFamily, %,d DeleteFamilyVersion",
                records,
                TABLE,
                regions,
                mutations,
                kinds[0],
                kinds[1],
                kinds[2],
                kinds[3],
                kinds[4]);
    }

    /** Every {@code every}-th cell of a loaded table, up to {@code limit} of them. */
    private static List<Cell> sample(Configuration conf, Path tableDir, long every, int limit) throws IOException {
        List<Cell> out = new ArrayList<>();
        long n = 0;
        try (TableReader reader = TableReader.open(conf, tableDir);
                RowScanner rows = reader.scan(ScanSpec.all())) {
            for (Result r = rows.next(); r != null && out.size() < limit; r = rows.next()) {
                for (Cell cell : r.rawCells()) {
                    if (n++ % every == 0 && out.size() < limit) {
                        out.add(cell);
                    }
                }
            }
        }
        return out;
    }

    private static String label(String contender) {
        return switch (contender) {
            case DUMPTRUCK -> "HFileTableInputFormat";
            case HBASE -> "TableSnapshotInputFormat (defaults)";
            default -> "TableSnapshotInputFormat, `" + SCAN_METRICS + "=false`";
        };
    }

    private static String report(
            long records,
            int regions,
            int repeats,
            String setUp,
            Read read,
            Map<String, List<Double>> wall,
            Map<String, List<Double>> cpu) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(
                Locale.ROOT,
                "## Reading a snapshot: %,d cells in %,d rows, %d rounds%n%n",
                read.cells(),
                read.rows(),
                repeats));
        s.append(setUp).append(".\n\n");
        s.append("| contender | wall s (min / median / max) | CPU s | cells/s (median wall) |\n|---|---|---|---|\n");
        for (String name : CONTENDERS) {
            List<Double> w = wall.get(name);
            s.append("| ")
                    .append(label(name))
                    .append(" | ")
                    .append(LoadBench.spread(w).replace("*", ""))
                    .append(" | ")
                    .append(LoadBench.spread(cpu.get(name)).replace("*", ""))
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%,.0f", read.cells() / LoadBench.median(w)))
                    .append(" |\n");
        }
        for (String hbase : List.of(HBASE, HBASE_TUNED)) {
            List<Double> ratioWall = new ArrayList<>();
            List<Double> ratioCpu = new ArrayList<>();
            for (int r = 0; r < repeats; r++) {
                ratioWall.add(wall.get(hbase).get(r) / wall.get(DUMPTRUCK).get(r));
                ratioCpu.add(cpu.get(hbase).get(r) / cpu.get(DUMPTRUCK).get(r));
            }
            s.append("\n")
                    .append(label(hbase))
                    .append(" / HFileTableInputFormat, per round: wall ")
                    .append(LoadBench.spread(ratioWall))
                    .append(", CPU ")
                    .append(LoadBench.spread(ratioCpu))
                    .append('\n');
        }
        return s.toString();
    }
}
