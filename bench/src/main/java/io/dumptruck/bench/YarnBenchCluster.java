package io.dumptruck.bench;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;

/**
 * The cluster-shaped place the load benchmark runs its contenders in with {@code --on yarn}: HDFS (one DataNode) and
 * YARN with two NodeManagers, in the benchmark's JVM. Every contender's job is submitted to it from a JVM of its own
 * ({@link LoadRun} with {@code yarn_conf=}), reads its input from HDFS and writes its files there, and gets the same
 * containers: {@link #TASK_MB} each, the same JVM options, at most {@link #TASKS_PER_NODE} tasks per NodeManager (four
 * on the machine's two cores), the application master apart. Everything else is each tool's own job settings.
 *
 * <p>The client configuration is written as site files holding only what the cluster sets, so that a job's defaults
 * (dumptruck's Snappy map output on a cluster, for one) apply as they would under {@code hadoop jar}. The mini cluster
 * hands the submitting JVM's class path to the containers.
 */
final class YarnBenchCluster implements AutoCloseable {
    static final int TASK_MB = 1024;
    static final String TASK_HEAP = "-Xmx800m";
    static final int AM_MB = 512;
    static final int TASKS_PER_NODE = 2;
    static final int NODE_MANAGERS = 2;

    private final MiniDFSCluster dfs;
    private final MiniMRYarnCluster yarn;
    private final Configuration conf;
    private final File confDir;

    private YarnBenchCluster(MiniDFSCluster dfs, MiniMRYarnCluster yarn, Configuration conf, File confDir) {
        this.dfs = dfs;
        this.yarn = yarn;
        this.conf = conf;
        this.confDir = confDir;
    }

    /** Starts HDFS and YARN under {@code dataDir}; {@code jvmOptions}: the JDK 17 opens every task JVM needs. */
    static YarnBenchCluster start(File dataDir, String jvmOptions) throws IOException {
        Configuration conf = new Configuration();
        conf.setInt("dfs.replication", 1);
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf, new File(dataDir, "dfs"))
                .numDataNodes(1)
                .build();
        dfs.waitActive();
        conf.set("fs.defaultFS", dfs.getURI().toString());
        String opts = TASK_HEAP + " " + jvmOptions;
        conf.set("mapreduce.map.java.opts", opts);
        conf.set("mapreduce.reduce.java.opts", opts);
        conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx400m " + jvmOptions);
        conf.setInt("mapreduce.map.memory.mb", TASK_MB);
        conf.setInt("mapreduce.reduce.memory.mb", TASK_MB);
        conf.setInt("yarn.app.mapreduce.am.resource.mb", AM_MB);
        conf.setInt("yarn.scheduler.minimum-allocation-mb", 128);
        // the application master's container fits beside the tasks: each node runs TASKS_PER_NODE tasks at most
        // (the mini cluster gives its NodeManagers this key's memory, not yarn.nodemanager.resource.memory-mb's)
        conf.setInt("yarn.minicluster.yarn.nodemanager.resource.memory-mb", TASKS_PER_NODE * TASK_MB + AM_MB);
        conf.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0.5f);
        conf.setInt("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", 250);
        conf.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 250);
        conf.setInt("mapreduce.client.completion.pollinterval", 250);
        conf.setInt("mapreduce.client.progressmonitor.pollinterval", 250);
        conf.setBoolean("mapreduce.map.speculative", false);
        conf.setBoolean("mapreduce.reduce.speculative", false);
        conf.setInt("mapreduce.client.submit.file.replication", 1);
        conf.setFloat("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", 99.9f);
        conf.setInt("yarn.nodemanager.log.retain-seconds", 1);
        MiniMRYarnCluster yarn = new MiniMRYarnCluster("bench", NODE_MANAGERS);
        yarn.init(conf);
        yarn.start();
        yarn.getResourceManager()
                .getRMContext()
                .getRMNodes()
                .values()
                .forEach(node ->
                        System.err.println("NodeManager " + node.getNodeID() + ": " + node.getTotalCapability()));
        Configuration client = new Configuration(yarn.getConfig());
        File confDir = new File(dataDir, "conf");
        writeSiteFiles(confDir, client);
        return new YarnBenchCluster(dfs, yarn, client, confDir);
    }

    /** The cluster's client configuration. */
    Configuration conf() {
        return new Configuration(conf);
    }

    /** A directory of site files holding the cluster's client configuration, for {@code LoadRun yarn_conf=}. */
    File confDir() {
        return confDir;
    }

    FileSystem fileSystem() throws IOException {
        return FileSystem.get(conf);
    }

    /**
     * The keys the cluster set (not Hadoop's {@code *-default.xml} values), in one site file; the mini HDFS's rack
     * mapping class lives in Hadoop's test jar and is left out, as a client would.
     */
    private static void writeSiteFiles(File dir, Configuration conf) throws IOException {
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        Configuration site = new Configuration(false);
        for (var e : conf) {
            String[] sources = conf.getPropertySources(e.getKey());
            boolean hadoopDefault = sources != null && Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
            if (!hadoopDefault && !e.getKey().equals("net.topology.node.switch.mapping.impl")) {
                site.set(e.getKey(), e.getValue());
            }
        }
        try (OutputStream out = new FileOutputStream(new File(dir, "cluster-site.xml"))) {
            site.writeXml(out);
        }
    }

    /** The site file to add to a client's configuration. */
    static Path siteFile(String confDir) {
        return new Path(new File(confDir, "cluster-site.xml").toURI());
    }

    @Override
    public void close() throws IOException {
        yarn.stop();
        dfs.shutdown();
    }
}
