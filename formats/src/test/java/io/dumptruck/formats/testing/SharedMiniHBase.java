package io.dumptruck.formats.testing;

import java.util.List;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One HBase mini cluster for the integration tests of a module that need a plain one: failsafe runs a module's tests in
 * one JVM, and a cluster of their own cost each test class its start and stop. A class asks for it with
 * {@code @ExtendWith(SharedMiniHBase.class)} and reads {@link #util()} in its {@code @BeforeAll}; the first class
 * starts it, JUnit stops it when the module's last test is done (a resource of the root context). Classes that share it
 * keep to tables and namespaces of their own, and change no setting of the cluster's configuration.
 */
public final class SharedMiniHBase implements BeforeAllCallback {
    private static volatile HBaseTestingUtility util;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SharedMiniHBase.class.getName(), key -> new Cluster(), Cluster.class);
    }

    /** The running cluster; an IllegalStateException for a class that did not ask for it. */
    public static HBaseTestingUtility util() {
        HBaseTestingUtility running = util;
        if (running == null) {
            throw new IllegalStateException("annotate the test class with @ExtendWith(SharedMiniHBase.class)");
        }
        return running;
    }

    /**
     * Splits {@code table}'s region holding {@code row} there with compactions switched off on the cluster, so that the
     * daughters keep their reference files (each its half of the parent's files) until compactions are switched on
     * again; returns when the table has {@code regions} regions online and none in transition.
     */
    public static void splitKeepingReferences(TableName table, byte[] row, int regions) throws Exception {
        HBaseTestingUtility hbase = util();
        Admin admin = hbase.getAdmin();
        admin.compactionSwitch(false, List.of());
        admin.split(table, row);
        hbase.waitFor(
                60_000,
                () -> admin.getRegions(table).stream()
                                .filter(r -> !r.isSplitParent() && !r.isOffline())
                                .count()
                        == regions);
        hbase.waitUntilNoRegionsInTransition(60_000);
    }

    /** The cluster, started when made and stopped when the root context closes. */
    private static final class Cluster implements ExtensionContext.Store.CloseableResource {
        Cluster() {
            HBaseTestingUtility started = new HBaseTestingUtility();
            // archived files stay for the whole run (HBase's default is 5 minutes), so that what a test lists in the
            // archive changes only by what it does
            started.getConfiguration().setLong("hbase.master.hfilecleaner.ttl", 3_600_000L);
            try {
                started.startMiniCluster(1);
            } catch (Exception e) {
                throw new IllegalStateException("the shared HBase mini cluster did not start", e);
            }
            util = started;
        }

        @Override
        public void close() throws Exception {
            HBaseTestingUtility running = util;
            util = null;
            running.shutdownMiniCluster();
        }
    }
}
