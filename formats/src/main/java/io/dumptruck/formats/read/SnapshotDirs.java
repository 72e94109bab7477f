package io.dumptruck.formats.read;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;

/** Where HBase keeps its snapshots: {@code <hbase.rootdir>/.hbase-snapshot/<name>}. */
public final class SnapshotDirs {
    private SnapshotDirs() {}

    /**
     * The HBase root directory of {@code conf} (hbase-site.xml on the classpath, or {@code -D hbase.rootdir=…}); an
     * IllegalArgumentException saying how to set it, for {@code purpose}, if unset.
     */
    public static String root(Configuration conf, String purpose) {
        String root = HBaseConfiguration.create(conf).get(HConstants.HBASE_DIR);
        if (root == null || root.isBlank()) {
            throw new IllegalArgumentException(
                    purpose + " needs the HBase root directory: set hbase.rootdir (an hbase-site.xml "
                            + "on the classpath, or -D hbase.rootdir=…)");
        }
        return root;
    }

    /**
     * The directory of the existing snapshot {@code name}; an IllegalArgumentException naming what is wrong (no root
     * directory, not a snapshot's name, no such snapshot, the root unreachable).
     */
    public static Path existing(Configuration conf, String name) {
        if (name.isEmpty() || name.contains("/")) {
            throw new IllegalArgumentException("'" + name + "' is not a snapshot's name");
        }
        String root = root(conf, "reading snapshot " + name);
        Path dir = new Path(new Path(root, HConstants.SNAPSHOT_DIR_NAME), name);
        try {
            if (!dir.getFileSystem(conf).exists(dir)) {
                throw new IllegalArgumentException(
                        "no snapshot " + name + " under the HBase root directory " + root + " (hbase.rootdir: "
                                + "set it with -D hbase.rootdir=… or an hbase-site.xml on the classpath)");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot look for snapshot " + name + " under " + root + ": " + e.getMessage(), e);
        }
        return dir;
    }
}
