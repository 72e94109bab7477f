package io.dumptruck.cli;

import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.ledger.LedgerBatch;
import io.dumptruck.loaders.ledger.TableLedger;
import io.dumptruck.loaders.live.LiveHBase;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * {@code dumptruck ledger [TABLE…]}: the batches each folded table holds, from the ledger in HBase — the answer to "is
 * yesterday in?". Without a table, the tables the ledger knows.
 */
final class LedgerCommand extends Command {
    @Override
    public String summary() {
        return "list the batches each table folded into holds (the ledger in HBase): is yesterday in?";
    }

    @Override
    public String usage() {
        return "dumptruck ledger [-D hbase.zookeeper.quorum=HOSTS] [[NAMESPACE:]TABLE …] [--forget BATCH …]\n"
                + "  without a table: the tables the ledger knows, with their batch counts; with one: per batch its id,\n"
                + "  commit number, records, the load's --timestamp, when it was loaded and bulk-loaded, and its output\n"
                + "  --forget BATCH   take BATCH out of each table's record, once the table was restored (restore_snapshot)\n"
                + "                   to a state without it, so that a load of it folds again (repeat for several)";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("forget"), Set.of());
        List<String> tables = args.positional();
        List<String> forget = args.getAll("forget");
        if (!forget.isEmpty() && tables.isEmpty()) {
            throw new UsageException(
                    "--forget takes the tables to forget the batch in: dumptruck ledger TABLE --forget BATCH");
        }
        Configuration conf = HBaseConfiguration.create(getConf());
        try (Connection hbase = LiveHBase.connect(conf)) {
            LiveHBase.requireReachable(hbase, "the ledger cannot be read");
            Ledger ledger = Ledger.of(hbase, conf);
            if (tables.isEmpty()) {
                List<String> known = ledger.tables();
                if (known.isEmpty()) {
                    out.println("the ledger (" + ledger.name() + ") holds no table yet: no load has folded into one");
                }
                for (String t : known) {
                    TableLedger l = ledger.read(TableName.valueOf(t));
                    out.println(t + ": " + l.batches().size() + " batch(es)"
                            + l.last()
                                    .map(b -> ", last " + b.batch() + " bulk-loaded "
                                            + Instant.ofEpochMilli(b.committedAt()))
                                    .orElse("")
                            + (l.lease() == null ? "" : "; a bulk load is committing (or stopped half-way)"));
                }
                return 0;
            }
            for (String t : tables) {
                TableName name;
                try {
                    name = TableName.valueOf(t);
                } catch (IllegalArgumentException e) {
                    throw new UsageException("not an HBase table name: '" + t + "'");
                }
                for (String batch : forget) {
                    forget(ledger, name, batch);
                }
                print(ledger.read(name));
            }
        }
        return 0;
    }

    /** Takes {@code batch} out of {@code table}'s record, refusing a table with a bulk load committing into it. */
    private void forget(Ledger ledger, TableName table, String batch) throws java.io.IOException {
        TableLedger seen = ledger.read(table);
        if (seen.lease() != null) {
            throw new UsageException("a bulk load of batch " + seen.lease().batch() + " into " + table
                    + " has not finished: finish it ('dumptruck bulkload "
                    + seen.lease().output() + "') first");
        }
        if (seen.holding(batch).isEmpty()) {
            throw new UsageException(
                    table + " holds no batch " + batch + " (dumptruck ledger " + table + " lists them)");
        }
        if (!ledger.forget(seen, batch)) {
            throw new UsageException(
                    "the ledger of " + table + " changed while forgetting " + batch + ": run this again");
        }
        out.println("forgot batch " + batch + " in " + seen.table() + ": a load of it folds again");
    }

    private void print(TableLedger l) {
        out.println(l.table() + ": " + l.batches().size() + " batch(es), " + l.commits() + " commit(s)");
        if (l.lease() != null) {
            out.println("  a bulk load of batch " + l.lease().batch() + " started "
                    + Instant.ofEpochMilli(l.lease().since()) + " and has not finished: 'dumptruck bulkload "
                    + l.lease().output() + "' finishes it");
        }
        if (l.batches().isEmpty()) {
            return;
        }
        out.printf(
                "  %-24s %6s %12s %-24s %-24s %-24s %s%n",
                "batch", "commit", "records", "timestamp", "loaded", "bulk-loaded", "output");
        for (LedgerBatch b : l.batches()) {
            out.printf(
                    "  %-24s %6d %12d %-24s %-24s %-24s %s%n",
                    b.batch(),
                    b.commit(),
                    b.records(),
                    Instant.ofEpochMilli(b.timestamp()),
                    Instant.ofEpochMilli(b.loadedAt()),
                    Instant.ofEpochMilli(b.committedAt()),
                    b.output());
        }
    }
}
