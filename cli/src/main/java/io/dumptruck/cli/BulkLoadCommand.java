package io.dumptruck.cli;

import io.dumptruck.loaders.ledger.BulkLoad;
import io.dumptruck.loaders.live.LiveHBase;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Connection;

/**
 * {@code dumptruck bulkload DIR}: {@link BulkLoad} of a load output — into the live tables its load was matched to (or
 * created with the load's splits), committing a folding load's batch into the ledger. The cluster comes from
 * {@code hbase-site.xml} on the classpath or {@code -D hbase.zookeeper.quorum=…}.
 */
final class BulkLoadCommand extends Command {
    @Override
    public String summary() {
        return "bulk-load a load output into HBase (creating missing tables with the load's splits), committing a "
                + "folding load's batch";
    }

    @Override
    public String usage() {
        return "dumptruck bulkload [-D hbase.zookeeper.quorum=HOSTS] <load-output-dir | table-dir> [--namespace NS]"
                + " [--replace-folded]\n"
                + "  --namespace NS     a load not matched to live tables: create (if missing) and load its tables in NS\n"
                + "                     (default: default); a matched load goes into the tables it was matched to\n"
                + "  --replace-folded   load a table that did not fold into a table the ledger marks as folded (its\n"
                + "                     cells replace the all-time figures held; refused without this)";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("namespace"), Set.of("replace-folded"));
        Path dir = new Path(args.positional(0, "<load-output-dir>"));
        args.expectPositionals(1);
        Configuration conf = HBaseConfiguration.create(getConf());
        BulkLoad bulkLoad = BulkLoad.of(conf, dir)
                .namespace(args.has("namespace") ? args.get("namespace") : null)
                .replacingFolded(args.flag("replace-folded"))
                .reporting(out::println);
        try {
            BulkLoad.tableDirs(conf, dir); // a directory that holds no load is refused before HBase is reached
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        try (Connection connection = LiveHBase.connect(conf)) {
            LiveHBase.requireReachable(connection, "nothing was loaded");
            bulkLoad.run(connection);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        return 0;
    }
}
