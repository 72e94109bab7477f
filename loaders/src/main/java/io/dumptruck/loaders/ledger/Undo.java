package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException;

/**
 * Taking a batch back out of the folded tables: what {@code dumptruck ledger --undo BATCH} and {@code --forget BATCH}
 * run. Undo restores each table holding the batch from the snapshot its load folded from — the table's state just
 * before the batch, kept for the newest {@link Ledger#UNDO_BATCHES} batches — and forgets the batch, under a lease (an
 * interrupted undo is finished by running it again; nothing else commits meanwhile). Only the newest batch of a table
 * can be undone: one under later batches is refused, naming them. Forget only takes a batch out of the record once the
 * table no longer holds it (restored by hand from an earlier snapshot), as the table's descriptor says
 * ({@link Ledger#HOLDS}); refusals are IllegalArgumentExceptions, with nothing changed.
 */
@PublicApi
public final class Undo {
    private final Connection hbase;
    private final Ledger ledger;
    private final Consumer<String> say;

    private Undo(Connection hbase, Configuration conf, Consumer<String> say) {
        this.hbase = hbase;
        this.ledger = Ledger.of(hbase, conf);
        this.say = say;
    }

    /** Undo and forget against {@code hbase}'s ledger, saying what happened to {@code say}. */
    public static Undo of(Connection hbase, Configuration conf, Consumer<String> say) {
        return new Undo(hbase, conf, say);
    }

    /**
     * The tables holding {@code batch} (or leased by an unfinished undo of it): {@code named} when given — each must
     * hold it, and every table holding it from the same load must be named — else every table the ledger knows that
     * does.
     */
    private List<TableLedger> holding(String batch, List<TableName> named) throws IOException {
        List<TableLedger> all = new ArrayList<>();
        for (String t : ledger.tables()) {
            TableLedger l = ledger.read(TableName.valueOf(t));
            if (l.holding(batch).isPresent()) {
                all.add(l);
            }
        }
        if (named.isEmpty()) {
            if (all.isEmpty()) {
                throw new IllegalArgumentException("no table holds batch " + batch + " (dumptruck ledger lists the "
                        + "tables, dumptruck ledger TABLE their batches)");
            }
            return all;
        }
        List<TableLedger> out = new ArrayList<>();
        for (TableName t : named) {
            TableLedger l = ledger.read(t);
            if (l.holding(batch).isEmpty()) {
                throw new IllegalArgumentException(l.table() + " holds no batch " + batch + " (dumptruck ledger "
                        + l.table() + " lists them); nothing was changed");
            }
            out.add(l);
        }
        for (TableLedger l : all) {
            boolean sameLoad = out.stream()
                    .anyMatch(o -> o.holding(batch)
                            .get()
                            .load()
                            .equals(l.holding(batch).get().load()));
            if (sameLoad && out.stream().noneMatch(o -> o.table().equals(l.table()))) {
                throw new IllegalArgumentException("batch " + batch + " was folded into " + l.table() + " too, by the "
                        + "same load: undo it there as well (name every table, or none); nothing was changed");
            }
        }
        return out;
    }

    /** Restores each table holding {@code batch} to its state before it, and forgets it. */
    public void undo(String batch, List<TableName> named) throws IOException {
        List<TableLedger> tables = holding(batch, named);
        Lease lease = Lease.here("undo", batch, "", Lease.UNDO);
        try (Admin admin = hbase.getAdmin()) {
            List<TableLedger> leased = new ArrayList<>();
            for (TableLedger t : tables) {
                refuseUndo(admin, t, batch);
            }
            for (TableLedger t : tables) {
                if (!ledger.acquire(t, lease)) {
                    for (TableLedger l : leased) {
                        ledger.release(l);
                    }
                    throw new IllegalArgumentException(
                            t.table() + " changed just now; nothing was changed: run this again");
                }
                leased.add(Ledger.leased(t, lease));
            }
            for (TableLedger t : leased) {
                LedgerBatch b = t.holding(batch).orElseThrow();
                TableName live = TableName.valueOf(t.table());
                try {
                    if (admin.isTableEnabled(live)) {
                        admin.disableTable(live);
                    }
                    admin.restoreSnapshot(b.before());
                    admin.enableTable(live);
                } catch (IOException | RuntimeException e) {
                    throw new IOException(
                            "the undo of batch " + batch + " in " + t.table() + " failed ("
                                    + e.getMessage() + "): the table stays leased to it; run 'dumptruck ledger "
                                    + t.table()
                                    + " --undo " + batch + "' again to finish it",
                            e);
                }
                if (!ledger.forget(t, batch)) {
                    throw new IOException("the ledger of " + t.table() + " changed while batch " + batch
                            + " was undone: " + "the table is restored; check 'dumptruck ledger " + t.table() + "'");
                }
                if (b.before().startsWith(Ledger.SNAPSHOT_PREFIX)) {
                    try {
                        admin.deleteSnapshot(b.before());
                    } catch (SnapshotDoesNotExistException gone) {
                        // deleted by hand meanwhile
                    }
                }
                say.accept("undid batch " + batch + " in " + t.table() + ": restored snapshot " + b.before()
                        + " (its state before the batch) and forgot the batch; a load of it folds again");
            }
        } finally {
            lease.holder().end();
        }
    }

    /** Refuses an undo of {@code batch} in {@code t} that cannot be done, before anything is changed. */
    private void refuseUndo(Admin admin, TableLedger t, String batch) throws IOException {
        Lease standing = t.lease();
        if (standing != null
                && !(Lease.UNDO.equals(standing.kind())
                        && standing.batch().equals(batch)
                        && !standing.holder().alive(System.currentTimeMillis()))) {
            throw new IllegalArgumentException(standing.unfinished(t.table()) + "; nothing was changed");
        }
        LedgerBatch b = t.holding(batch).orElseThrow();
        List<String> later = t.batches().stream()
                .filter(x -> x.commit() > b.commit())
                .map(TableLedger::describe)
                .toList();
        if (!later.isEmpty()) {
            throw new IllegalArgumentException(t.table() + " took " + String.join(", ", later) + " after batch "
                    + batch + ": undo " + (later.size() == 1 ? "it" : "them, newest first,") + " first (a load of each "
                    + "folds again afterwards); nothing was changed");
        }
        String byHand = "restore " + t.table() + " by hand from a snapshot taken before "
                + Instant.ofEpochMilli(b.committedAt())
                + " (HBase shell: disable, restore_snapshot, enable), then 'dumptruck ledger " + t.table()
                + " --forget "
                + batch + "'";
        if (b.before() == null) {
            throw new IllegalArgumentException("the state of " + t.table() + " before batch " + batch + " is no longer "
                    + "kept (" + Ledger.UNDO_BATCHES.key() + " keeps the newest batches'): " + byHand
                    + "; nothing was changed");
        }
        List<SnapshotDescription> found = admin.listSnapshots(Pattern.compile(Pattern.quote(b.before())));
        if (found.isEmpty()
                || !found.get(0)
                        .getTableName()
                        .getNameWithNamespaceInclAsString()
                        .equals(t.table())) {
            throw new IllegalArgumentException("snapshot " + b.before() + ", the state of " + t.table() + " before "
                    + "batch " + batch + ", is gone: " + byHand + "; nothing was changed");
        }
    }

    /**
     * Takes {@code batch} out of each of {@code tables}' records once they no longer hold it: all or none — refused,
     * with nothing changed, while one's descriptor says it still holds the batch (restore it first, or undo), one holds
     * no such batch, or a bulk load or undo holds one.
     */
    public void forget(List<TableName> tables, String batch) throws IOException {
        List<TableLedger> seen = new ArrayList<>();
        List<Long> held = new ArrayList<>();
        try (Admin admin = hbase.getAdmin()) {
            for (TableName table : tables) {
                TableLedger t = ledger.read(table);
                long holds = Ledger.holds(admin, table);
                refuseForget(t, batch, holds);
                seen.add(t);
                held.add(holds);
            }
        }
        for (int i = 0; i < seen.size(); i++) {
            TableLedger t = seen.get(i);
            if (!ledger.forget(t, batch)) {
                throw new IllegalArgumentException("the ledger of " + t.table() + " changed while forgetting " + batch
                        + (i == 0
                                ? "; nothing was changed"
                                : "; it was forgotten in " + seen.get(0).table())
                        + ": run this again");
            }
            say.accept("forgot batch " + batch + " in " + t.table() + ": a load of it folds again"
                    + (held.get(i) < 0 && t.holding(batch).get().content() == null
                            ? " (committed by an older dumptruck: whether the table still held it was not checked)"
                            : ""));
        }
    }

    /** Refuses to forget {@code batch} in {@code t}, whose descriptor says it holds commits up to {@code holds}. */
    private static void refuseForget(TableLedger t, String batch, long holds) {
        if (t.lease() != null) {
            throw new IllegalArgumentException(
                    t.lease().unfinished(t.table()) + ", then run this again; nothing was " + "changed");
        }
        LedgerBatch b = t.holding(batch)
                .orElseThrow(() -> new IllegalArgumentException(t.table() + " holds no batch " + batch
                        + " (dumptruck ledger " + t.table() + " lists them); nothing was changed"));
        if (holds >= b.commit()) {
            throw new IllegalArgumentException(t.table() + " still holds batch " + batch + " (its data holds the "
                    + "batches up to commit " + holds + ", as its descriptor's " + Ledger.HOLDS + " says; " + batch
                    + " is commit " + b.commit() + "): forgotten, a load of it would count it twice. To take it out: "
                    + "'dumptruck ledger " + t.table() + " --undo " + batch + "' (restores the state before it and "
                    + "forgets it); or restore the table by hand from a snapshot taken before "
                    + Instant.ofEpochMilli(b.committedAt()) + ", then forget it; nothing was changed");
        }
    }
}
