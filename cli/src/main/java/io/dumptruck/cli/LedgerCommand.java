package io.dumptruck.cli;

import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.ledger.LedgerBatch;
import io.dumptruck.loaders.ledger.TableLedger;
import io.dumptruck.loaders.ledger.Undo;
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
        return "dumptruck ledger [-D hbase.zookeeper.quorum=HOSTS] [[NAMESPACE:]TABLE …] [--undo BATCH | --forget BATCH …]\n"
                + "  without a table: the tables the ledger knows, with their batch counts; with one: per batch its id,\n"
                + "  commit number, records, the load's --timestamp, when it was loaded and bulk-loaded, and its output\n"
                + "  --undo BATCH     restore each table holding BATCH (the tables named, or every one) to its state just\n"
                + "                   before it and forget it: a load of it folds again. Only a table's newest batch;\n"
                + "                   the newest dumptruck.ledger.undo.batches (2) of each table can be undone\n"
                + "  --forget BATCH   take BATCH out of each table's record once the table no longer holds it (restored\n"
                + "                   by hand from an earlier snapshot); refused while it does (repeat for several)";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("forget", "undo"), Set.of());
        List<String> tables = args.positional();
        List<String> forget = args.getAll("forget");
        List<String> undo = args.getAll("undo");
        if (!forget.isEmpty() && tables.isEmpty()) {
            throw new UsageException(
                    "--forget takes the tables to forget the batch in: dumptruck ledger TABLE --forget BATCH");
        }
        if (undo.size() > 1 || (!undo.isEmpty() && !forget.isEmpty())) {
            throw new UsageException("--undo takes one batch, alone: undo the newest first, one at a time");
        }
        List<TableName> names = tables.stream().map(LedgerCommand::tableName).toList();
        Configuration conf = HBaseConfiguration.create(getConf());
        try (Connection hbase = LiveHBase.connect(conf)) {
            LiveHBase.requireReachable(hbase, "the ledger cannot be read");
            Ledger ledger = Ledger.of(hbase, conf);
            Undo undoing = Undo.of(hbase, conf, out::println);
            if (!undo.isEmpty()) {
                try {
                    undoing.undo(undo.get(0), names);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage(), e);
                }
                return 0;
            }
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
            for (String batch : forget) {
                try {
                    undoing.forget(names, batch);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage(), e);
                }
            }
            for (TableName name : names) {
                print(ledger.read(name));
            }
        }
        return 0;
    }

    private static TableName tableName(String t) {
        try {
            return TableName.valueOf(t);
        } catch (IllegalArgumentException e) {
            throw new UsageException("not an HBase table name: '" + t + "'");
        }
    }

    private void print(TableLedger l) {
        out.println(l.table() + ": " + l.batches().size() + " batch(es), " + l.commits() + " commit(s)");
        if (l.lease() != null) {
            out.println("  " + l.lease().unfinished(l.table()));
        }
        if (l.batches().isEmpty()) {
            return;
        }
        out.printf(
                "  %-24s %6s %12s %-24s %-24s %-24s %-8s %s%n",
                "batch", "commit", "records", "timestamp", "loaded", "bulk-loaded", "undo", "output");
        for (LedgerBatch b : l.batches()) {
            out.printf(
                    "  %-24s %6d %12d %-24s %-24s %-24s %-8s %s%n",
                    b.batch(),
                    b.commit(),
                    b.records(),
                    Instant.ofEpochMilli(b.timestamp()),
                    Instant.ofEpochMilli(b.loadedAt()),
                    Instant.ofEpochMilli(b.committedAt()),
                    b.before() == null ? "-" : "kept",
                    b.output());
        }
    }
}
