package io.dumptruck.loaders.ledger;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException;
import org.slf4j.LoggerFactory;

/**
 * A folded output's commit into the ledger, around its bulk load: {@link #take} takes the lease on every folded table
 * before any file moves — from the state the load's snapshot saw, refusing (nothing moved) what would count a batch
 * twice or fold over what came since — and renews it every {@link Holder#BEAT_MS} while the files load; then
 * {@link #stamp} marks each table's descriptor with the commit its data now holds, and {@link #commit} records the
 * batch and ends the lease in one row mutation per table. A lease whose holder is gone (a bulk load of the same output
 * that was killed) is taken over; one whose holder runs is refused, naming it.
 */
final class LedgerCommit implements AutoCloseable {
    /** A leased table: the output's table directory name, and the ledger state as this commit last wrote it. */
    private record Leased(String table, TableLedger state) {}

    private final Ledger ledger;
    private final Configuration conf;
    private final LoadOutput output;
    private final Consumer<String> say;
    private final Map<TableName, Leased> leased = new LinkedHashMap<>();
    private final List<TableName> takenNow = new ArrayList<>();
    private Lease lease;
    private boolean resumed;
    private final List<String> heldAlready = new ArrayList<>();
    private ScheduledExecutorService beat;

    private LedgerCommit(Ledger ledger, Configuration conf, LoadOutput output, Consumer<String> say) {
        this.ledger = ledger;
        this.conf = conf;
        this.output = output;
        this.say = say;
        this.lease = Lease.here(output.load(), output.batch(), output.dir().toString(), Lease.BULKLOAD);
    }

    /**
     * Takes the lease on each folded table of {@code targets} (table directory → live table), or refuses — an
     * IllegalArgumentException, with the leases this call took given back and nothing moved.
     */
    static LedgerCommit take(
            Ledger ledger, Configuration conf, LoadOutput output, Map<Path, TableName> targets, Consumer<String> say)
            throws IOException {
        LedgerCommit c = new LedgerCommit(ledger, conf, output, say);
        if (output.folded().isEmpty()) {
            return c;
        }
        ledger.create();
        try {
            for (var t : targets.entrySet()) {
                Long seen = output.folded().get(t.getKey().getName());
                if (seen != null) {
                    c.take(t.getKey().getName(), t.getValue(), seen);
                }
            }
            if (!c.heldAlready.isEmpty() && !c.leased.isEmpty()) {
                throw new IllegalArgumentException(String.join("; ", c.heldAlready) + "; but not "
                        + String.join(
                                ", ",
                                c.leased.keySet().stream()
                                        .map(TableName::getNameAsString)
                                        .toList())
                        + ": the ledger says this batch's tables were loaded apart; nothing was moved (dumptruck "
                        + "ledger TABLE shows what each holds)");
            }
        } catch (IOException | RuntimeException e) {
            c.giveBack();
            c.close();
            throw e;
        }
        c.startBeating();
        return c;
    }

    private void take(String table, TableName live, long seen) throws IOException {
        TableLedger now = ledger.read(live);
        String name = now.table();
        Optional<LedgerBatch> held = now.holding(output.batch());
        if (held.isPresent() && held.get().load().equals(output.load())) {
            resumed = true; // committed by an earlier run of this bulk load, which stopped before the other tables
            return;
        }
        Lease standing = now.lease();
        if (standing != null) {
            boolean sameWork =
                    Lease.BULKLOAD.equals(standing.kind()) && standing.load().equals(output.load());
            if (!sameWork) {
                throw new IllegalArgumentException(
                        standing.unfinished(name) + "; nothing was moved: run this again " + "after it");
            }
            if (standing.holder().alive(System.currentTimeMillis())) {
                throw new IllegalArgumentException("another bulk load of " + output.dir() + " ("
                        + standing.holder().describe() + ") is committing batch " + output.batch() + " into " + name
                        + " now; nothing was moved: wait for it to end (run again after it, this finds nothing to do)");
            }
            if (!ledger.acquire(now, lease)) {
                throw new IllegalArgumentException("another bulk load of " + output.dir() + " took over " + name
                        + " just now; nothing was moved: wait for it to end");
            }
            leased.put(live, new Leased(table, Ledger.leased(now, lease)));
            say.accept("took over the commit of batch " + output.batch() + " into " + name + " from "
                    + standing.holder().describe() + ", which is gone: finishing it");
            return;
        }
        if (held.isPresent()) {
            BatchContent was = held.get().batchContent();
            if (was != null && output.content() != null && !was.equals(output.content())) {
                throw new IllegalArgumentException("batch " + output.batch() + " is already folded into " + name + " ("
                        + TableLedger.committed(held.get()) + ") with " + was.describe() + ", and " + output.dir()
                        + " holds " + output.content().describe() + " under the same batch: nothing was moved. To "
                        + "replace the day: 'dumptruck ledger " + name + " --undo " + output.batch() + "', then load "
                        + "it again; to add late records: load only them under a --batch of their own");
            }
            heldAlready.add("batch " + output.batch() + " is already folded into " + name + " ("
                    + TableLedger.committed(held.get()) + ")"
                    + (was == null ? "" : " with the same " + was.describe()));
            return;
        }
        String same = output.again()
                ? null
                : FoldedBatch.sameRecords(now, output.batch(), output.content(), "nothing was moved");
        if (same != null) {
            throw new IllegalArgumentException(same);
        }
        if (now.commits() != seen) {
            List<String> since = now.batches().stream()
                    .filter(b -> b.commit() > seen)
                    .map(TableLedger::describe)
                    .toList();
            throw new IllegalArgumentException(name + " changed after this load's snapshot of it"
                    + (since.isEmpty() ? "" : ": it took " + String.join(", ", since)) + "; " + output.dir()
                    + " folds batch " + output.batch() + " into an older state and would lose what came since; nothing "
                    + "was moved. Run the load again (into the same output directory: it replaces this one), then "
                    + "bulk-load it");
        }
        if (!ledger.acquire(now, lease)) {
            TableLedger after = ledger.read(live);
            throw new IllegalArgumentException((after.lease() != null
                            ? after.lease().unfinished(name)
                            : name + " changed just now ("
                                    + after.last().map(TableLedger::describe).orElse("") + ")")
                    + "; nothing was moved: run this again to see where it stands");
        }
        leased.put(live, new Leased(table, Ledger.leased(now, lease)));
        takenNow.add(live);
    }

    /** Whether an earlier run of this bulk load committed some table already (every table was loaded before that). */
    boolean resumed() {
        return resumed;
    }

    /**
     * Why there is nothing to do — every folded table holds this batch with these records from another output — or
     * null.
     */
    String nothingToDo() {
        return heldAlready.isEmpty()
                ? null
                : String.join("; ", heldAlready) + ": " + output.dir() + " holds the same batch; nothing to load";
    }

    /** Whether tables are leased, to commit. */
    boolean leases() {
        return !leased.isEmpty();
    }

    /**
     * Marks each leased table's descriptor with the commit its data holds once its files are in ({@link Ledger#HOLDS}).
     */
    void stamp(Admin admin) throws IOException {
        for (var l : leased.entrySet()) {
            Ledger.stamp(admin, l.getKey(), l.getValue().state().commits() + 1);
        }
    }

    /**
     * Records the batch in each leased table, ending the leases; then drops this load's record of running there and the
     * snapshots kept for undo beyond {@link Ledger#UNDO_BATCHES}.
     */
    synchronized void commit(Admin admin) throws IOException {
        stopBeating();
        long now = System.currentTimeMillis();
        for (var l : leased.entrySet()) {
            TableLedger state = l.getValue().state();
            LedgerBatch batch = new LedgerBatch(
                    output.batch(),
                    state.commits() + 1,
                    output.load(),
                    output.dir().toString(),
                    output.records(),
                    output.timestamp(),
                    output.loadedAt(),
                    now,
                    output.content() == null ? null : output.content().toString(),
                    output.before().get(l.getValue().table()));
            if (!ledger.commit(state, batch)) {
                throw new IOException(lost(l.getKey()));
            }
            say.accept("committed batch " + output.batch() + " into " + state.table() + " (commit " + batch.commit()
                    + " of its ledger)");
            ledger.unregister(l.getKey(), output.load());
            prune(admin, l.getKey());
        }
        leased.clear();
    }

    /** Why the lease on {@code live} was no longer there at the commit, from what the ledger holds now. */
    private String lost(TableName live) throws IOException {
        TableLedger now = ledger.read(live);
        String what = "the lease of batch " + output.batch() + " on " + now.table() + " was gone at its commit: ";
        if (now.lease() != null && now.lease().load().equals(output.load())) {
            return what + "another bulk load of " + output.dir() + " ("
                    + now.lease().holder().describe()
                    + ") took it over, taking this one for gone; the files are loaded, and it commits the batch: "
                    + "'dumptruck ledger " + now.table() + "' shows when";
        }
        if (now.holding(output.batch()).isPresent()) {
            return what + "the batch is committed ("
                    + TableLedger.committed(now.holding(output.batch()).get()) + ")";
        }
        return what + "the ledger's state cell of " + now.table() + " was changed by hand (" + ledger.name()
                + "); the files are loaded, the batch is not recorded: check 'dumptruck ledger " + now.table() + "'";
    }

    /** Deletes the snapshots kept for undo of {@code live}'s batches beyond the newest {@link Ledger#UNDO_BATCHES}. */
    private void prune(Admin admin, TableName live) throws IOException {
        int keep = Ledger.undoBatches(conf);
        List<LedgerBatch> newestFirst = ledger.read(live).batches().stream()
                .sorted(Comparator.comparingLong(LedgerBatch::commit).reversed())
                .toList();
        for (LedgerBatch b : newestFirst.subList(Math.min(keep, newestFirst.size()), newestFirst.size())) {
            if (b.before() == null) {
                continue;
            }
            if (b.before().startsWith(Ledger.SNAPSHOT_PREFIX)) {
                try {
                    admin.deleteSnapshot(b.before());
                } catch (SnapshotDoesNotExistException gone) {
                    // deleted by hand
                }
            }
            ledger.rewrite(live, b.withBefore(null));
        }
    }

    /** Gives back the leases this run took (never one taken over: those tables may hold its cells already). */
    private void giveBack() throws IOException {
        for (TableName t : takenNow) {
            ledger.release(leased.get(t).state());
        }
    }

    private void startBeating() {
        if (leased.isEmpty()) {
            return;
        }
        beat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dumptruck ledger lease");
            t.setDaemon(true);
            return t;
        });
        beat.scheduleAtFixedRate(this::renew, Holder.BEAT_MS, Holder.BEAT_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * Says the lease's holder runs, in each leased table (a table whose lease is gone is left: its commit says why).
     */
    private synchronized void renew() {
        Lease next = lease.beating(System.currentTimeMillis());
        try {
            for (var l : leased.entrySet()) {
                TableLedger state = l.getValue().state();
                if (ledger.acquire(state, next)) {
                    l.setValue(new Leased(l.getValue().table(), Ledger.leased(state, next)));
                }
            }
            lease = next;
        } catch (IOException e) {
            LoggerFactory.getLogger(LedgerCommit.class).warn("could not renew the ledger lease: {}", e.getMessage());
        }
    }

    private synchronized void stopBeating() {
        if (beat != null) {
            beat.shutdownNow();
            beat = null;
        }
    }

    /** Ends the renewing; the lease, if not committed, stays for the next run of this bulk load to take over. */
    @Override
    public void close() {
        stopBeating();
        lease.holder().end();
    }
}
