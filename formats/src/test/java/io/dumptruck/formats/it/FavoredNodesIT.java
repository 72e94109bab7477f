package io.dumptruck.formats.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.output.FamilyFileWriter;
import io.dumptruck.formats.table.FamilySpec;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HFiles written with a favored node land on it: on an HDFS of three datanodes with one replica per block, each file
 * written favoring a datanode has every block there — what a load matched to a live table does with each region's
 * server, so the server reads its new files locally.
 */
class FavoredNodesIT {
    static HBaseTestingUtility util;
    static MiniDFSCluster dfs;

    @BeforeAll
    static void startThreeDatanodes() throws Exception {
        util = new HBaseTestingUtility();
        util.getConfiguration().setInt("dfs.replication", 1);
        util.getConfiguration().setInt("dfs.blocksize", 1 << 20); // several blocks per file
        dfs = util.startMiniDFSCluster(3);
    }

    @AfterAll
    static void stop() throws Exception {
        util.shutdownMiniDFSCluster();
    }

    @Test
    void everyBlockOfAFileIsOnItsFavoredDatanode() throws Exception {
        Configuration conf = new Configuration(util.getConfiguration());
        FileSystem fs = dfs.getFileSystem();
        Set<String> used = new HashSet<>();
        for (int round = 0; round < 2; round++) {
            for (DataNode dn : dfs.getDataNodes()) {
                InetSocketAddress node = dn.getXferAddress();
                Path dir = new Path("/favored/" + round + "/" + node.getPort());
                List<Path> files = write(conf, fs, dir, new InetSocketAddress[] {node});
                for (Path file : files) {
                    FileStatus status = fs.getFileStatus(file);
                    BlockLocation[] blocks = fs.getFileBlockLocations(status, 0, status.getLen());
                    assertTrue(blocks.length >= 2, "a file of several blocks: " + blocks.length);
                    for (BlockLocation b : blocks) {
                        assertEquals(
                                List.of(node.getAddress().getHostAddress() + ":" + node.getPort()),
                                List.of(b.getNames()),
                                file.toString());
                        used.add(b.getNames()[0]);
                    }
                }
            }
        }
        assertEquals(3, used.size(), "each datanode got the files that favored it");
    }

    /** About 3 MB of cells in one family file, favoring {@code nodes}. */
    static List<Path> write(Configuration conf, FileSystem fs, Path dir, InetSocketAddress[] nodes) throws Exception {
        FamilyFileWriter w = new FamilyFileWriter(
                        conf, fs, dir, "t", FamilySpec.named("f"), "ab", Long.MAX_VALUE, 1, "test")
                .favoring(nodes);
        byte[] value = new byte[1000];
        for (int i = 0; i < 3000; i++) {
            w.append(new KeyValue(
                    Bytes.toBytes(String.format("row%06d", i)), w.familyName(), Bytes.toBytes("q"), 1L, value));
        }
        w.finish();
        return w.files();
    }
}
