package io.dumptruck.bench;

import io.dumptruck.formats.table.TableSpec;
import java.util.List;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * An HBase mini cluster (one region server) holding the pre-split tables that ImportTsv and HFileOutputFormat2 read
 * region boundaries from. It runs in the benchmark's own JVM, idle while the contenders run in theirs; they reach it
 * through its ZooKeeper port.
 */
final class BenchCluster implements AutoCloseable {
    private final HBaseTestingUtility util;

    private BenchCluster(HBaseTestingUtility util) {
        this.util = util;
    }

    static BenchCluster start(String dataDir) throws Exception {
        System.setProperty("test.build.data.basedirectory", dataDir);
        HBaseTestingUtility util = new HBaseTestingUtility();
        util.startMiniCluster(1);
        return new BenchCluster(util);
    }

    /**
     * A cluster whose root directory is on the local file system (no HDFS), so its files outlive it:
     * {@link #stopKeepingFiles} stops HBase and ZooKeeper and leaves the root directory as it is.
     */
    static BenchCluster startOnLocalFileSystem(String dataDir) throws Exception {
        System.setProperty("test.build.data.basedirectory", dataDir);
        HBaseTestingUtility util = new HBaseTestingUtility();
        util.getConfiguration()
                .setBoolean("hbase.unsafe.stream.capability.enforce", false); // the WAL on a local file system
        util.startMiniZKCluster();
        util.startMiniHBaseCluster(StartMiniClusterOption.builder()
                .numRegionServers(1)
                .createRootDir(true)
                .build());
        return new BenchCluster(util);
    }

    /** The root directory, {@code hbase.rootdir}. */
    String rootDir() {
        return util.getConfiguration().get(HConstants.HBASE_DIR);
    }

    /** Stops HBase and ZooKeeper; the root directory stays (the data directory is not cleaned up). */
    void stopKeepingFiles() throws Exception {
        util.shutdownMiniHBaseCluster();
        util.shutdownMiniZKCluster();
    }

    int zooKeeperPort() {
        return util.getZkCluster().getClientPort();
    }

    /** Creates {@code spec}'s table with its families' settings and its split points (resolved). */
    void create(TableSpec spec) throws Exception {
        Admin admin = util.getAdmin();
        TableName name = TableName.valueOf(spec.name());
        if (admin.tableExists(name)) {
            admin.disableTable(name);
            admin.deleteTable(name);
        }
        List<byte[]> points = spec.regions().splitPoints();
        if (points.isEmpty()) {
            admin.createTable(spec.toDescriptor());
        } else {
            admin.createTable(spec.toDescriptor(), points.toArray(new byte[0][]));
        }
        util.waitTableAvailable(name);
    }

    /**
     * Flushes {@code table}'s regions and major-compacts them, one after another in this thread, and archives the files
     * compacted away: what the region server does in its own time, done now and waited for.
     */
    void flushAndMajorCompact(TableName table) throws java.io.IOException {
        for (org.apache.hadoop.hbase.regionserver.HRegion region :
                util.getHBaseCluster().getRegions(table)) {
            region.flush(true);
            region.compact(true);
            for (org.apache.hadoop.hbase.regionserver.HStore store : region.getStores()) {
                store.closeAndArchiveCompactedFiles();
            }
        }
    }

    @Override
    public void close() throws Exception {
        util.shutdownMiniCluster();
    }
}
