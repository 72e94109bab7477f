package io.dumptruck.loaders.live;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * The connection a load's set-up opens to the live HBase: a cluster that is not there fails in seconds, not minutes.
 */
public final class LiveHBase {
    private LiveHBase() {}

    /** Connects with {@link LiveConf#RETRIES} retries and one ZooKeeper retry. */
    public static Connection connect(Configuration conf) throws IOException {
        Configuration hbase = HBaseConfiguration.create(conf);
        hbase.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, LiveConf.RETRIES.getInt(conf));
        hbase.setInt("zookeeper.recovery.retry", 1);
        return ConnectionFactory.createConnection(hbase);
    }

    /**
     * Fails in one line when HBase cannot be reached over {@code connection}: an IOException naming the quorum tried
     * and {@code consequence} (what was not done).
     */
    public static void requireReachable(Connection connection, String consequence) throws IOException {
        try (Admin admin = connection.getAdmin()) {
            admin.listNamespaces();
        } catch (IOException e) {
            throw new IOException(
                    "HBase cannot be reached (hbase.zookeeper.quorum="
                            + connection.getConfiguration().get(HConstants.ZOOKEEPER_QUORUM)
                            + "; an hbase-site.xml on the classpath, or -D hbase.zookeeper.quorum=HOSTS): "
                            + consequence,
                    e);
        }
    }
}
