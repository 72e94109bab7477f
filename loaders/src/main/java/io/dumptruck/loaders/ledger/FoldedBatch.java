package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * What a folding load's set-up read of the ledger, before it took its snapshots: its batch, its load id, and per folded
 * table the state the snapshot will see. Its bulk load commits only from that state ({@link BulkLoad}).
 *
 * @param batch the batch ({@link BatchId})
 * @param load this load's id (a random UUID)
 * @param seen the load's folded table → what the ledger said of its live table
 */
@PublicApi
public record FoldedBatch(String batch, String load, Map<String, TableLedger> seen) {
    public FoldedBatch {
        seen = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(seen));
    }

    /**
     * Reads the ledger for each of {@code folded} (the load's table → its live table); a ledger table not there yet
     * reads as empty (nothing is created). A table a bulk load is committing into (or crashed committing into) is
     * refused, naming the command that finishes it.
     */
    public static FoldedBatch read(
            Connection hbase, org.apache.hadoop.conf.Configuration conf, String batch, Map<String, TableName> folded)
            throws IOException {
        Ledger ledger = Ledger.of(hbase, conf);
        Map<String, TableLedger> seen = new LinkedHashMap<>();
        for (var e : folded.entrySet()) {
            TableLedger t = ledger.read(e.getValue());
            if (t.lease() != null) {
                throw new IllegalArgumentException(unfinished(t));
            }
            seen.put(e.getKey(), t);
        }
        return new FoldedBatch(batch, UUID.randomUUID().toString(), seen);
    }

    /** The refusal of a table a bulk load has leased and not finished committing into. */
    static String unfinished(TableLedger t) {
        Lease l = t.lease();
        return "a bulk load of batch " + l.batch() + " into " + t.table() + " started "
                + Instant.ofEpochMilli(l.since())
                + " and has not finished (still running, or it stopped half-way): finish it with 'dumptruck bulkload "
                + l.output() + "' (it resumes where it stopped), then run this again";
    }

    /** The folded tables that already hold this batch, as lines of the summary; empty when none does. */
    public List<String> alreadyHeld() {
        return seen.values().stream()
                .filter(t -> t.holding(batch).isPresent())
                .map(t -> "batch " + batch + " is already folded into " + t.table() + " ("
                        + TableLedger.committed(t.holding(batch).get()) + "): nothing to do")
                .toList();
    }

    /** What the ledger holds of each folded table, one line each, for a dry run's plan. */
    public List<String> describe() {
        return seen.entrySet().stream()
                .map(e -> e.getKey() + " (" + e.getValue().table() + "): "
                        + e.getValue().batches().size()
                        + " batch(es) in the ledger"
                        + e.getValue().last().map(b -> ", last " + b.batch()).orElse("")
                        + (e.getValue().holding(batch).isPresent()
                                ? "; holds batch " + batch + " already: the load would do nothing"
                                : ""))
                .toList();
    }

    /** Whether every folded table holds the batch: a rerun, which writes nothing. */
    public boolean allHeld() {
        return seen.values().stream().allMatch(t -> t.holding(batch).isPresent());
    }

    /** What an output directory a folding load is given already holds ({@link #existing}). */
    public enum Existing {
        /** Nothing of this batch's: the output checks refuse a directory that is there, as for any load. */
        OTHER,
        /**
         * A finished load of this batch from the state the ledger still has, not bulk-loaded yet (a load task retried
         * after it succeeded): nothing to do, its bulk load commits it.
         */
        COMMITTABLE,
        /**
         * A finished load of this batch from an older state, never bulk-loaded (its bulk load was refused: another
         * batch came first): it can never be committed, and the load replaces it.
         */
        STALE
    }

    /** What {@code output}, a directory that is there, holds for this batch. */
    public Existing existing(Configuration conf, Path output) throws IOException {
        FileSystem fs = output.getFileSystem(conf);
        if (!fs.exists(new Path(output, LoadOutput.REPORT)) || !fs.exists(new Path(output, "_SUCCESS"))) {
            return Existing.OTHER;
        }
        LoadOutput o;
        try {
            o = LoadOutput.read(conf, output);
        } catch (IOException | IllegalArgumentException e) {
            return Existing.OTHER;
        }
        if (!batch.equals(o.batch())
                || o.alreadyFolded()
                || !o.folded().keySet().equals(seen.keySet())) {
            return Existing.OTHER;
        }
        for (var t : seen.entrySet()) {
            if (!t.getValue().table().equals(o.live().get(t.getKey()))) {
                return Existing.OTHER; // matched to other live tables (--namespace, --live-name): not this load's
            }
        }
        for (Path table : o.tables()) {
            if (fs.exists(new Path(table, BulkLoad.LOADED_MARK))) {
                return Existing.OTHER;
            }
        }
        boolean current = o.folded().entrySet().stream()
                .allMatch(e -> seen.get(e.getKey()).commits() == e.getValue());
        return current ? Existing.COMMITTABLE : Existing.STALE;
    }

    /** Refuses a batch some of the folded tables hold and others do not (the ledger says they were loaded apart). */
    public void refusePartlyHeld() {
        List<String> holding = seen.values().stream()
                .filter(t -> t.holding(batch).isPresent())
                .map(TableLedger::table)
                .toList();
        if (!holding.isEmpty() && holding.size() < seen.size()) {
            throw new IllegalArgumentException(
                    "batch " + batch + " is already folded into " + String.join(", ", holding)
                            + " but not into the other tables this load folds into: load those tables' batch apart, or give "
                            + "this load another --batch");
        }
    }
}
