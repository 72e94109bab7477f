package io.dumptruck.cli;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;

/**
 * Where a table argument points: a directory as given (a load's table, an HBase snapshot
 * {@code <root>/.hbase-snapshot/<name>} or table directory {@code <root>/data/<namespace>/<table>}),
 * or {@code snapshot:NAME} for the snapshot NAME under the HBase root directory of the configuration
 * ({@code hbase.rootdir} of hbase-site.xml, or {@code -D hbase.rootdir=…}).
 */
final class TableLocation {
  static final String SNAPSHOT_PREFIX = "snapshot:";

  private TableLocation() {}

  static Path of(Configuration conf, String given) {
    if (!given.startsWith(SNAPSHOT_PREFIX)) {
      return new Path(given);
    }
    String name = given.substring(SNAPSHOT_PREFIX.length());
    if (name.isEmpty() || name.contains("/")) {
      throw new UsageException("snapshot:NAME takes a snapshot's name, got '" + given + "'");
    }
    String root = HBaseConfiguration.create(conf).get(HConstants.HBASE_DIR);
    Path dir = new Path(new Path(root, HConstants.SNAPSHOT_DIR_NAME), name);
    try {
      if (!dir.getFileSystem(conf).exists(dir)) {
        throw new UsageException("no snapshot " + name + " under the HBase root directory " + root + " (hbase.rootdir: set it with "
            + "-D hbase.rootdir=… or an hbase-site.xml on the classpath, or give the snapshot's directory)");
      }
    } catch (IOException e) {
      throw new UsageException("cannot look for snapshot " + name + " under " + root + ": " + e.getMessage(), e);
    }
    return dir;
  }
}
