package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.util.ArrayList;
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
 * @param again whether its records go in even if a batch the tables hold has the same ({@link BatchId#AGAIN})
 */
@PublicApi
public record FoldedBatch(String batch, String load, Map<String, TableLedger> seen, boolean again) {
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
        return new FoldedBatch(batch, UUID.randomUUID().toString(), seen, conf.getBoolean(BatchId.AGAIN.key(), false));
    }

    /** The refusal of a table leased by a bulk load (or an undo) that has not finished. */
    static String unfinished(TableLedger t) {
        return t.lease().unfinished(t.table()) + ", then run this again";
    }

    /**
     * A rerun of a batch every folded table holds, whose input holds {@code content}: the lines of the summary saying
     * there is nothing to do when the tables hold the same records; refused when they hold other records (the same id
     * for another delivery of the day: a late line would be lost unseen).
     */
    public List<String> rerun(BatchContent content) {
        List<String> lines = new ArrayList<>();
        for (TableLedger t : seen.values()) {
            LedgerBatch held = t.holding(batch).orElseThrow();
            BatchContent was = held.batchContent();
            if (was != null && !was.equals(content)) {
                throw new IllegalArgumentException("batch " + batch + " is already folded into " + t.table() + " ("
                        + TableLedger.committed(held) + ") with " + was.describe() + ", and this input holds "
                        + (was.records() == content.records() ? "as many but other records" : content.describe())
                        + ": the same batch with other records; nothing was loaded. To replace the day: 'dumptruck "
                        + "ledger " + t.table() + " --undo " + batch + "', then load it again; to add late records: "
                        + "load only them under a --batch of their own");
            }
            lines.add("batch " + batch + " is already folded into " + t.table() + " (" + TableLedger.committed(held)
                    + ")"
                    + (was == null
                            ? ", its records not recorded (an older load): not compared"
                            : " with the same " + content.describe())
                    + ": nothing to do");
        }
        return lines;
    }

    /**
     * The refusal of a load whose records ({@code content}) a folded table holds already under another batch id, as the
     * ledger says now; null when none does, or the load was told to load them {@link #again}.
     */
    public String sameRecordsHeld(Connection hbase, Configuration conf, BatchContent content) throws IOException {
        if (again) {
            return null;
        }
        Ledger ledger = Ledger.of(hbase, conf);
        for (TableLedger seenThen : seen.values()) {
            TableLedger t = ledger.read(org.apache.hadoop.hbase.TableName.valueOf(seenThen.table()));
            String refusal = sameRecords(t, batch, content, null);
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }

    /**
     * The refusal of batch {@code id} with {@code content} when table {@code t} holds a batch of another id with the
     * same records; null when it holds none. {@code what} says what was not done ("nothing was loaded" when null).
     */
    static String sameRecords(TableLedger t, String id, BatchContent content, String what) {
        if (content == null) {
            return null;
        }
        for (LedgerBatch b : t.batches()) {
            if (!b.batch().equals(id) && content.equals(b.batchContent())) {
                return "the records of batch " + id + " (" + content.describe() + ") are those of batch " + b.batch()
                        + ", which " + t.table() + " holds (" + TableLedger.committed(b) + "): loaded, they would "
                        + "count twice; " + (what == null ? "nothing was loaded" : what) + ". If they are new records "
                        + "to count again, load them with --again; if " + b.batch() + " was loaded wrong, undo it "
                        + "first: 'dumptruck ledger " + t.table() + " --undo " + b.batch() + "'";
            }
        }
        return null;
    }

    /** What the ledger holds of each folded table, one line each, for a dry run's plan. */
    public List<String> describe() {
        return seen.entrySet().stream()
                .map(e -> e.getKey() + " (" + e.getValue().table() + "): "
                        + e.getValue().batches().size()
                        + " batch(es) in the ledger"
                        + e.getValue().last().map(b -> ", last " + b.batch()).orElse("")
                        + (e.getValue().holding(batch).isPresent()
                                ? "; holds batch " + batch + " already: the load would read its input's records, "
                                        + "do nothing if they are the same and refuse other records"
                                : ""))
                .toList();
    }

    /** Whether every folded table holds the batch: a rerun, which writes nothing. */
    public boolean allHeld() {
        return seen.values().stream().allMatch(t -> t.holding(batch).isPresent());
    }

    /** The records of the folding load whose output {@code output} is (null when its report does not say). */
    public static BatchContent contentOf(Configuration conf, Path output) throws IOException {
        return LoadOutput.read(conf, output).content();
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
