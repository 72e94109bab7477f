package io.dumptruck.bench;

import io.dumptruck.formats.output.TableFigures;
import io.dumptruck.formats.runtime.JobDefaults;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LoadCounter;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.graph.GraphLoader;
import io.dumptruck.loaders.graph.GraphSchema;
import io.dumptruck.loaders.titles.TitleLoader;
import io.dumptruck.loaders.weblogs.WebLogLoader;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * One contender of the load benchmark, run in a JVM of its own that {@link LoadBench} starts with the same options for
 * every contender: {@code LoadRun <contender> key=value…}. Prints one line {@code RESULT key=value …} with the figures
 * of {@link Measure}.
 *
 * <p>What is timed: for dumptruck, everything from setting the job up (which includes sampling the input for split
 * points) to the end of the job; for HBase's jobs only the job itself — their set-up talks to the cluster for the
 * table's regions, which is left out; for the floor, writing the files; for the limit ({@link LimitLoad}), reading the
 * input to the last file written.
 */
public final class LoadRun {
    private LoadRun() {}

    /**
     * A contender's name ending in this runs the loader named without it, map output compressed with Snappy as on a
     * cluster (in local mode dumptruck's jobs leave it uncompressed).
     */
    static final String SNAPPY = "-snappy";

    static final String CONF = "conf.";

    public static void main(String[] args) throws Exception {
        String contender = args[0];
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            o.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        boolean onYarn = o.containsKey("yarn_conf");
        Configuration conf = onYarn ? yarnConf(o.get("yarn_conf")) : localConf(o.get("tmp"));
        o.forEach((k, v) -> { // conf.KEY=VALUE sets a job setting, as -D KEY=VALUE would
            if (k.startsWith(CONF)) {
                conf.set(k.substring(CONF.length()), v);
            }
        });
        Path input = o.containsKey("input") ? new Path(o.get("input")) : null;
        Path output = new Path(o.get("output"));
        Map<String, Long> counts = new LinkedHashMap<>();
        Measure.Figures figures;
        String run = contender;
        if (contender.endsWith(SNAPPY)) { // the same loader with its map output compressed, as on a cluster
            conf.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
            conf.set(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, SnappyCodec.class.getName());
            run = contender.substring(0, contender.length() - SNAPPY.length());
        }
        switch (run) {
            case "dumptruck-weblogs" -> figures = dumptruck(conf, new WebLogLoader(), o, input, output, counts);
            case "dumptruck-visits" -> figures = dumptruck(conf, new VisitsLoader(), o, input, output, counts);
            case "dumptruck-graph" -> figures = dumptruck(conf, new GraphLoader(), o, input, output, counts);
            case "dumptruck-titles" -> figures = dumptruck(conf, new TitleLoader(), o, input, output, counts);
            case "importtsv-visits", "importtsv-visits-tuned" -> {
                Configuration hconf = clusterConf(conf, o);
                Job job = ImportTsvJob.create(hconf, WebLogSchema.VISITS, input, output);
                if (contender.endsWith(
                        "-tuned")) { // the defaults dumptruck's jobs get (local-mode sizing, Snappy map output)
                    JobDefaults.apply(job.getConfiguration());
                }
                figures = runJob(job, counts);
                Counter bad = job.getCounters().findCounter("ImportTsv", "Bad Lines");
                counts.put("bad_lines", bad == null ? 0 : bad.getValue());
            }
            case "textbook-visits" -> {
                Configuration hconf = clusterConf(conf, o);
                Job job;
                try (Connection c = ConnectionFactory.createConnection(hconf);
                        RegionLocator regions = c.getRegionLocator(TableName.valueOf(WebLogSchema.VISITS))) {
                    TableDescriptor table = c.getAdmin().getDescriptor(TableName.valueOf(WebLogSchema.VISITS));
                    job = TextbookJobs.visits(hconf, input, output, table, regions);
                }
                figures = runJob(job, counts);
            }
            case "textbook-adjacency" -> {
                Configuration hconf = clusterConf(conf, o);
                Job job;
                TableName name = TableName.valueOf(GraphSchema.ADJACENCY);
                try (Connection c = ConnectionFactory.createConnection(hconf);
                        RegionLocator regions = c.getRegionLocator(name)) {
                    job = TextbookJobs.adjacency(
                            hconf,
                            input,
                            output,
                            c.getAdmin().getDescriptor(name),
                            regions,
                            Long.parseLong(o.get("timestamp")));
                }
                figures = runJob(job, counts);
            }
            case "textbook-graph" -> {
                Configuration hconf = clusterConf(conf, o);
                Job job;
                try (Connection c = ConnectionFactory.createConnection(hconf)) {
                    Map<TableDescriptor, RegionLocator> tables = new LinkedHashMap<>();
                    for (String t : List.of(GraphSchema.FOLLOWS, GraphSchema.FOLLOWED_BY)) {
                        tables.put(
                                c.getAdmin().getDescriptor(TableName.valueOf(t)),
                                c.getRegionLocator(TableName.valueOf(t)));
                    }
                    job = TextbookJobs.graph(hconf, input, output, tables, Long.parseLong(o.get("timestamp")));
                    for (RegionLocator r : tables.values()) {
                        r.close();
                    }
                }
                figures = runJob(job, counts);
            }
            case "limit-visits", "limit-graph" -> {
                boolean visits = run.equals("limit-visits");
                List<TableSpec> tables = visits
                        ? List.of(VisitsLoader.visitsSpec(Integer.parseInt(o.get("regions")))
                                .withRegions(RegionSplits.explicit(
                                        Arrays.stream(o.get("splits").split(","))
                                                .map(HexFormat.of()::parseHex)
                                                .toList())))
                        : new GraphSchema(Set.of("edges")).tables(Integer.parseInt(o.get("regions")));
                Measure m = new Measure();
                LimitLoad.Result r = LimitLoad.run(
                        conf,
                        visits ? LimitLoad.visits() : LimitLoad.edges(Long.parseLong(o.get("timestamp"))),
                        java.nio.file.Path.of(input.toUri().getPath()),
                        output,
                        tables,
                        java.nio.file.Path.of(o.get("tmp"), "limit-runs"),
                        // cells kept in memory: 30% of the heap (sorting and writing need the rest), or
                        // -Dbench.limit.bytes=N (-Dbench.child.opts=…), e.g. to see the runs on disk at a small size
                        Long.getLong("bench.limit.bytes", Runtime.getRuntime().maxMemory() * 3 / 10));
                figures = m.stop();
                counts.put("records", r.loaded());
                counts.put("rejected", r.rejected());
                counts.put("cells", r.cells());
                counts.put("runs_on_disk", (long) r.runsOnDisk());
                System.err.println("limit: " + r + " (" + Runtime.getRuntime().availableProcessors() + " threads)");
            }
            case "floor" -> {
                Measure m = new Measure();
                counts.put("cells", SortedCells.write(conf, java.nio.file.Path.of(o.get("dump")), output));
                figures = m.stop();
            }
            default -> throw new IllegalArgumentException("unknown contender " + contender);
        }
        // on YARN the work is done in the task containers: their CPU (the job's counter) plus this client's
        long cpu = figures.cpuNanos() + (onYarn ? counts.getOrDefault("task_cpu_ms", 0L) * 1_000_000 : 0);
        StringBuilder line = new StringBuilder("RESULT contender=")
                .append(contender)
                .append(" wall_ns=")
                .append(figures.wallNanos())
                .append(" cpu_ns=")
                .append(cpu)
                .append(" heap_peak=")
                .append(figures.peakHeapBytes())
                .append(" heap_after_gc=")
                .append(figures.peakHeapAfterGcBytes());
        counts.forEach((k, v) -> line.append(' ').append(k).append('=').append(v));
        System.out.println(line);
        System.exit(0);
    }

    /** Local mode, the same for every contender: one map and one reduce task at a time, Hadoop's defaults. */
    static Configuration localConf(String tmp) {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        conf.setInt("mapreduce.client.completion.pollinterval", 50);
        conf.set("hadoop.tmp.dir", tmp);
        conf.set("hbase.fs.tmp.dir", tmp + "/hbase-staging");
        // no favoured nodes to look up in local mode: the writer would ask the cluster once per region
        conf.setBoolean(HFileOutputFormat2.LOCALITY_SENSITIVE_CONF_KEY, false);
        return conf;
    }

    /**
     * The client configuration of the benchmark's YARN cluster ({@link YarnBenchCluster}): its site file, and as in
     * local mode no favoured-node lookups.
     */
    private static Configuration yarnConf(String confDir) {
        Configuration conf = new Configuration();
        conf.addResource(YarnBenchCluster.siteFile(confDir));
        conf.setBoolean(HFileOutputFormat2.LOCALITY_SENSITIVE_CONF_KEY, false);
        conf.set("hbase.fs.tmp.dir", "/tmp/hbase-staging");
        return conf;
    }

    private static Configuration clusterConf(Configuration local, Map<String, String> o) {
        Configuration conf = HBaseConfiguration.create(local);
        conf.set("hbase.zookeeper.quorum", "localhost");
        conf.set("hbase.zookeeper.property.clientPort", o.get("zk_port"));
        return conf;
    }

    /** The loader options among the contender's arguments. */
    private static Map<String, String> loaderOptions(Map<String, String> o) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String k : List.of("layouts", "splits", "min-prefix", "max-prefix")) {
            if (o.containsKey(k)) {
                options.put(k, o.get(k));
            }
        }
        return options;
    }

    private static Measure.Figures dumptruck(
            Configuration conf, Loader loader, Map<String, String> o, Path input, Path output, Map<String, Long> counts)
            throws Exception {
        LoadOptions options = new LoadOptions(
                List.of(input),
                output,
                Integer.parseInt(o.get("regions")),
                Long.parseLong(o.get("timestamp")),
                0.05,
                loaderOptions(o));
        Measure m = new Measure();
        long start = System.nanoTime();
        PreparedLoad load = LoadJob.prepare(conf, loader, options);
        Job job = load.job();
        counts.put("setup_ns", System.nanoTime() - start);
        boolean ok = job.waitForCompletion(false);
        LoadReport report = load.finish();
        Measure.Figures f = m.stop();
        if (!ok || report.failed()) {
            throw new IOException("the load failed: " + report.failure());
        }
        counts.put("records", report.loaded());
        counts.put("rejected", report.rejected());
        counts.put(
                "cells",
                report.tables().values().stream().mapToLong(TableFigures::cells).sum());
        shuffleCounters(job, counts);
        return f;
    }

    private static Measure.Figures runJob(Job job, Map<String, Long> counts) throws Exception {
        // HBase's set-up ships its dependency jars with the job (tmpjars), which local mode copies into
        // the job's cache at every submission (seconds); they are on this classpath already.
        job.getConfiguration().unset("tmpjars");
        Measure m = new Measure();
        boolean ok = job.waitForCompletion(false);
        Measure.Figures f = m.stop();
        if (!ok) {
            throw new IOException("job " + job.getJobName() + " failed");
        }
        // dumptruck's loaders read lines in batches (one map input record each): their own counters count lines
        var c = job.getCounters();
        long lines = c.findCounter(LoadCounter.RECORDS_READ).getValue()
                + c.findCounter(LoadCounter.LINES_SKIPPED).getValue();
        counts.put(
                "records",
                lines > 0 ? lines : c.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
        shuffleCounters(job, counts);
        return f;
    }

    /**
     * What went through the shuffle: map output records and bytes, records spilled to disk (map and reduce side), bytes
     * the reducers fetched; the tasks launched and their CPU time (measured by the task JVMs themselves: meaningful on
     * YARN, where each task has its own).
     */
    private static void shuffleCounters(Job job, Map<String, Long> counts) throws IOException {
        var c = job.getCounters();
        System.err.println(c); // every counter of the job, in the run's log
        counts.put("task_cpu_ms", c.findCounter(TaskCounter.CPU_MILLISECONDS).getValue());
        counts.put(
                "reduce_shuffle_bytes",
                c.findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue());
        counts.put("maps", c.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue());
        counts.put("reduces", c.findCounter(JobCounter.TOTAL_LAUNCHED_REDUCES).getValue());
        counts.put(
                "map_output_records",
                c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue());
        counts.put(
                "map_output_bytes", c.findCounter(TaskCounter.MAP_OUTPUT_BYTES).getValue());
        counts.put(
                "map_output_materialized_bytes",
                c.findCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES).getValue());
        counts.put("spilled_records", c.findCounter(TaskCounter.SPILLED_RECORDS).getValue());
    }
}
