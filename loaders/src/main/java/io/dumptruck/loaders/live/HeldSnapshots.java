package io.dumptruck.loaders.live;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.job.LiveTables;
import io.dumptruck.formats.read.SnapshotDirs;
import io.dumptruck.loaders.ledger.FoldedBatch;
import io.dumptruck.loaders.ledger.TableLedger;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.slf4j.LoggerFactory;

/**
 * The HBase snapshots a load folding into the live tables reads: for each table its {@link HeldState.Plan} reads, the
 * one pinned by {@link LiveConf#HELD_SNAPSHOT} or one taken at set-up (named
 * {@value #PREFIX}{@code <table>-<timestamp>-<random>}). The reducers of the folded tables read the touched rows of
 * them ({@link SnapshotHeldRows}); {@link #delete} removes the ones taken, never a pinned one.
 */
public final class HeldSnapshots {
    /** The names of the snapshots a load takes start with this, then the table's name and "-". */
    public static final String PREFIX = "dumptruck-";

    private final Configuration conf;
    private final List<String> taken = new ArrayList<>();

    private HeldSnapshots(Configuration conf) {
        this.conf = conf;
    }

    /** A load that reads no snapshot. */
    public static HeldSnapshots none(Configuration conf) {
        return new HeldSnapshots(conf);
    }

    /**
     * Snapshots each table {@code plan} reads, under a name holding {@code loadTimestamp}, or finds the pinned one;
     * sets {@code output} up to fold the plan's tables with what they hold; adds to {@code notes} what the summary says
     * of it. A failure deletes the snapshots taken so far.
     */
    public static HeldSnapshots read(
            long loadTimestamp,
            HFileTableJob output,
            Configuration conf,
            Connection live,
            HeldState.Plan plan,
            FoldedBatch batch,
            List<String> notes)
            throws IOException {
        requireRoot(conf);
        HeldSnapshots snapshots = new HeldSnapshots(conf);
        List<String> readers = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (Admin admin = live.getAdmin()) {
            for (var reader : plan.readers().entrySet()) {
                String table = reader.getKey();
                LiveTables.Match match = output.matches().stream()
                        .filter(m -> m.spec().name().equals(table))
                        .findFirst()
                        .orElseThrow(
                                () -> new IllegalStateException("table " + table + " is not matched to a live table"));
                String pinned = pinned(conf, table);
                dropLeftBehind(admin, table, match.name(), notes);
                String name = pinned;
                if (name == null) {
                    name = PREFIX + table + "-" + loadTimestamp + "-"
                            + UUID.randomUUID().toString().substring(0, 8);
                    admin.snapshot(name, match.name());
                    snapshots.taken.add(name); // deleted by whatever ends the load, from now on
                } else {
                    checkPinned(admin, table, name, match.name(), batch.seen().get(table));
                }
                try {
                    dirs.add(SnapshotDirs.existing(conf, name).toString());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            e.getMessage() + " to fold " + table + " from (" + LiveConf.HELD_SNAPSHOT.key() + table
                                    + "): name an existing snapshot of " + match.name(),
                            e);
                }
                names.add(name);
                readers.add(reader.getValue().getName());
            }
        } catch (IOException | RuntimeException e) {
            snapshots.delete();
            throw e;
        }
        LiveConf.HELD_READERS.set(conf, String.join(",", readers));
        LiveConf.HELD_DIRS.set(conf, String.join(",", dirs));
        Set<String> folded = plan.folded();
        folded.forEach(output::foldingHeldRows);
        output.heldRowsFrom(SnapshotHeldRows.class);
        notes.add("folded into the live tables: " + String.join(", ", folded) + ", with what snapshot(s) "
                + String.join(", ", names) + " hold; only the rows this input touches are written");
        return snapshots;
    }

    /**
     * Deletes the snapshots of {@code live} an earlier load took and could not delete (killed, or HBase gone when it
     * ended): only names this class makes ({@value #PREFIX}{@code <table>-<timestamp>-<8 hex digits>}) of that table,
     * never a user's own snapshot.
     */
    private static void dropLeftBehind(Admin admin, String table, TableName live, List<String> notes)
            throws IOException {
        Pattern ours = Pattern.compile(Pattern.quote(PREFIX + table + "-") + "\\d+-[0-9a-f]{8}");
        List<String> dropped = new ArrayList<>();
        for (SnapshotDescription d : admin.listSnapshots(ours)) {
            if (d.getTableName().equals(live)) {
                admin.deleteSnapshot(d.getName());
                dropped.add(d.getName());
            }
        }
        if (!dropped.isEmpty()) {
            notes.add("deleted snapshot(s) " + String.join(", ", dropped) + " of " + live
                    + ", left by an earlier load that was stopped before it could delete them");
        }
    }

    /**
     * Refuses a pinned snapshot that is not of {@code live}, or that was taken before the ledger's last commit into it
     * (folding from it would undo that batch).
     */
    private static void checkPinned(Admin admin, String table, String name, TableName live, TableLedger ledger)
            throws IOException {
        String key = LiveConf.HELD_SNAPSHOT.key() + table;
        checkPinnedName(table, name);
        SnapshotDescription d = admin.listSnapshots(Pattern.compile(Pattern.quote(name))).stream()
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("no snapshot '" + name + "' to fold " + table + " from ("
                                + key + "): name an existing snapshot of " + live + " (HBase shell: list_snapshots)"));
        if (!d.getTableName().equals(live)) {
            throw new IllegalArgumentException("snapshot '" + name + "' (" + key + ") is of " + d.getTableName()
                    + ", not of " + live + ", which " + table + " folds into: name a snapshot of " + live);
        }
        if (ledger != null && d.getCreationTime() < ledger.lastCommittedAt()) {
            throw new IllegalArgumentException("snapshot '" + name + "' (" + key + ") was taken "
                    + Instant.ofEpochMilli(d.getCreationTime()) + ", before "
                    + TableLedger.describe(ledger.last().orElseThrow()) + " was committed into " + live
                    + ": folding from it would undo that batch; take a new snapshot, or leave the key out");
        }
    }

    /** Refuses a pinned snapshot name HBase would not take (snapshots have no namespace, names no path). */
    public static void checkPinnedName(String table, String name) {
        try {
            TableName.isLegalTableQualifierName(org.apache.hadoop.hbase.util.Bytes.toBytes(name));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    LiveConf.HELD_SNAPSHOT.key() + table + "='" + name + "' is not a "
                            + "snapshot name (letters, digits, _ - . ; no namespace): name a snapshot (HBase shell: "
                            + "list_snapshots)",
                    e);
        }
    }

    /**
     * Refuses a {@link LiveConf#HELD_SNAPSHOT} key for a table the load does not fold from ({@code read}: the tables it
     * reads snapshots of; empty for a load that does not fold): a misspelt key would otherwise be ignored, and a
     * snapshot taken instead.
     */
    public static void refuseUnusedPins(Configuration conf, Set<String> read) {
        String prefix = LiveConf.HELD_SNAPSHOT.key();
        for (var e : conf.getPropsWithPrefix(prefix).entrySet()) {
            if (!read.contains(e.getKey())) {
                throw new IllegalArgumentException("-D " + prefix + e.getKey() + "=" + e.getValue() + " pins a snapshot"
                        + " for '" + e.getKey() + "', which this load does not fold from"
                        + (read.isEmpty()
                                ? " (it folds only with --live, into tables that fold)"
                                : "; it folds from " + String.join(", ", new java.util.TreeSet<>(read)))
                        + ": fix the table's name or leave the key out");
            }
        }
    }

    /** Refuses to fold without HBase's root directory ({@code hbase.rootdir}), which the snapshots are read from. */
    public static void requireRoot(Configuration conf) {
        SnapshotDirs.root(conf, "folding into the live tables (it reads snapshots of them)");
    }

    /** The snapshot {@link LiveConf#HELD_SNAPSHOT} pins for folding {@code table}, or null: the load takes one. */
    public static String pinned(Configuration conf, String table) {
        return conf.get(LiveConf.HELD_SNAPSHOT.key() + table);
    }

    /** Deletes the snapshots taken at set-up; a failure is logged (the snapshot stays), not thrown. */
    public void delete() {
        if (taken.isEmpty()) {
            return;
        }
        try (Connection c = LiveHBase.connect(conf);
                Admin admin = c.getAdmin()) {
            for (String name : taken) {
                admin.deleteSnapshot(name);
            }
            taken.clear();
        } catch (IOException e) {
            LoggerFactory.getLogger(HeldSnapshots.class)
                    .warn(
                            "could not delete the snapshot(s) {} the load took: {}",
                            String.join(",", taken),
                            e.getMessage());
        }
    }
}
