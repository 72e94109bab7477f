package io.dumptruck.loaders.live;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.job.LiveTables;
import io.dumptruck.formats.read.SnapshotDirs;
import io.dumptruck.loaders.ledger.FoldedBatch;
import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.ledger.RunningLoad;
import io.dumptruck.loaders.ledger.TableLedger;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.security.TokenCache;
import org.slf4j.LoggerFactory;

/**
 * The HBase snapshots a load folding into the live tables reads: for each table its {@link HeldState.Plan} reads, the
 * one pinned by {@link LiveConf#HELD_SNAPSHOT} or one taken at set-up (named
 * {@value #PREFIX}{@code <table>-<timestamp>-<8 hex digits of the load id>}). The reducers of the folded tables read
 * the touched rows of them ({@link SnapshotHeldRows}); {@link #delete} removes the ones taken, never a pinned one.
 */
public final class HeldSnapshots {
    /** The names of the snapshots a load takes start with this, then the table's name and "-". */
    public static final String PREFIX = Ledger.SNAPSHOT_PREFIX;

    private final Configuration conf;
    private final List<String> taken = new ArrayList<>();
    /** The snapshot each folded table is folded from (taken or pinned), by the load's table name. */
    private final java.util.Map<String, String> byTable = new java.util.LinkedHashMap<>();
    /** Where this load is recorded as running, with its snapshot there: renewed until {@link #delete}. */
    private final java.util.Map<TableName, RunningLoad> running = new java.util.concurrent.ConcurrentHashMap<>();

    private Thread beating;

    private HeldSnapshots(Configuration conf) {
        this.conf = conf;
    }

    /** A load that reads no snapshot. */
    public static HeldSnapshots none(Configuration conf) {
        return new HeldSnapshots(conf);
    }

    /**
     * Snapshots each table {@code plan} reads (with delegation tokens for {@code job}'s tasks to read it on a secure
     * cluster), under a name holding {@code loadTimestamp}, or finds the pinned one; sets {@code output} up to fold the
     * plan's tables with what they hold; adds to {@code notes} what the summary says of it. A failure deletes the
     * snapshots taken so far.
     */
    public static HeldSnapshots read(
            long loadTimestamp,
            HFileTableJob output,
            Job job,
            Connection live,
            HeldState.Plan plan,
            FoldedBatch batch,
            List<String> notes)
            throws IOException {
        Configuration conf = job.getConfiguration();
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
                Ledger ledger = Ledger.of(live, conf);
                dropLeftBehind(admin, ledger, conf, table, match.name(), notes);
                String name = pinned;
                if (name == null) {
                    name = PREFIX + table + "-" + loadTimestamp + "-"
                            + batch.load().substring(0, 8);
                    RunningLoad me = RunningLoad.here(batch.load(), name);
                    ledger.register(match.name(), me); // before the snapshot: a later load keeps it while this runs
                    snapshots.running.put(match.name(), me);
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
                snapshots.byTable.put(table, name);
                readers.add(reader.getValue().getName());
            }
        } catch (IOException | RuntimeException e) {
            snapshots.delete();
            throw e;
        }
        snapshots.startBeating();
        LiveConf.HELD_READERS.set(conf, String.join(",", readers));
        LiveConf.HELD_DIRS.set(conf, String.join(",", dirs));
        // the reducers read the snapshots' files under hbase.rootdir: on a secure cluster they need its tokens
        TokenCache.obtainTokensForNamenodes(
                job.getCredentials(), dirs.stream().map(Path::new).toArray(Path[]::new), conf);
        Set<String> folded = plan.folded();
        folded.forEach(output::foldingHeldRows);
        output.heldRowsFrom(SnapshotHeldRows.class);
        notes.add("folded into the live tables: " + String.join(", ", folded) + ", with what snapshot(s) "
                + String.join(", ", names) + " hold; only what this input changes is written");
        return snapshots;
    }

    /**
     * Deletes the snapshots of {@code live} an earlier load took and could not delete (killed, or HBase gone when it
     * ended): only names this class makes ({@value #PREFIX}{@code <table>-<timestamp>-<8 hex digits of the load's id>})
     * of that table, never a user's own snapshot, and never one of a load the ledger records as running that is alive
     * (its process on this host; elsewhere, it said so within three beats).
     */
    private static void dropLeftBehind(
            Admin admin, Ledger ledger, Configuration conf, String table, TableName live, List<String> notes)
            throws IOException {
        Pattern ours = Pattern.compile(Pattern.quote(PREFIX + table + "-") + "\\d+-([0-9a-f]{8})");
        List<RunningLoad> running = ledger.running(live);
        TableLedger state = ledger.read(live);
        Set<String> forUndo = new java.util.HashSet<>();
        state.batches().stream()
                .map(b -> b.before())
                .filter(java.util.Objects::nonNull)
                .forEach(forUndo::add);
        long now = System.currentTimeMillis();
        List<String> dropped = new ArrayList<>();
        for (SnapshotDescription d : admin.listSnapshots(ours)) {
            if (!d.getTableName().equals(live) || forUndo.contains(d.getName())) {
                continue; // kept for dumptruck ledger --undo
            }
            var owner = ours.matcher(d.getName());
            String prefix = owner.matches() ? owner.group(1) : "";
            List<RunningLoad> owners =
                    running.stream().filter(r -> r.load().startsWith(prefix)).toList();
            var alive = owners.stream().filter(r -> r.alive(now)).findFirst();
            if (alive.isPresent() && !alive.get().finished()) {
                notes.add("kept snapshot " + d.getName() + " of " + live + ": load "
                        + alive.get().load() + " is running with it (pid "
                        + alive.get().pid() + " on " + alive.get().host() + ")");
                continue;
            }
            boolean waiting = false;
            for (RunningLoad r : owners) {
                waiting |= r.finished() && r.seen() == state.commits() && outputThere(conf, r.output());
            }
            if (waiting) {
                continue; // a finished load's, not bulk-loaded yet: its commit records it as the state before its batch
            }
            admin.deleteSnapshot(d.getName());
            for (RunningLoad r : owners) {
                ledger.unregister(live, r.load());
            }
            dropped.add(d.getName());
        }
        if (!dropped.isEmpty()) {
            notes.add("deleted snapshot(s) " + String.join(", ", dropped) + " of " + live
                    + ", left by an earlier load that was stopped before it could delete them, or whose output can "
                    + "no longer be committed");
        }
    }

    /** Whether a finished load's output is still there to be bulk-loaded. */
    private static boolean outputThere(Configuration conf, String output) {
        if (output == null) {
            return false;
        }
        try {
            Path report = new Path(output, "_report.json");
            return report.getFileSystem(conf).exists(report);
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Refuses a pinned snapshot that is not of {@code live}, or that was taken before the ledger last recorded a change
     * of it (folding from it would undo that change).
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
        if (ledger != null && d.getCreationTime() < ledger.changedAt()) {
            throw new IllegalArgumentException("snapshot '" + name + "' (" + key + ") was taken "
                    + Instant.ofEpochMilli(d.getCreationTime()) + ", before " + live + " last changed ("
                    + Instant.ofEpochMilli(ledger.changedAt())
                    + ledger.last()
                            .filter(b -> b.committedAt() == ledger.changedAt())
                            .map(b -> ": " + TableLedger.describe(b))
                            .orElse("")
                    + "): folding from it would undo what came since; take a new snapshot, or "
                    + "leave the key out");
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

    /** The snapshot each folded table was folded from (taken or pinned), by the load's table name. */
    public java.util.Map<String, String> byTable() {
        return java.util.Collections.unmodifiableMap(byTable);
    }

    /**
     * Keeps the snapshots taken, for the bulk load of this finished folding load to record as the tables' state before
     * its batch ({@code dumptruck ledger --undo}), and records the load as finished into {@code output} from the
     * versions {@code batch} saw: a later load deletes them once the load can no longer be committed (another batch
     * came first) or its output is gone. With {@link Ledger#UNDO_BATCHES} 0 they are deleted at once. A failure is
     * logged, not thrown.
     */
    public void keepForCommit(FoldedBatch batch, Path output) {
        if (Ledger.undoBatches(conf) <= 0) {
            delete();
            return;
        }
        stopBeating();
        if (running.isEmpty()) {
            return;
        }
        try (Connection c = LiveHBase.connect(conf)) {
            Ledger ledger = Ledger.of(c, conf);
            for (var r : running.entrySet()) {
                long seen = batch.seen().values().stream()
                        .filter(t -> t.table().equals(r.getKey().getNameWithNamespaceInclAsString()))
                        .mapToLong(TableLedger::commits)
                        .findFirst()
                        .orElse(0);
                ledger.register(r.getKey(), r.getValue().finished(seen, output.toString()));
            }
            running.clear();
            taken.clear();
        } catch (IOException e) {
            LoggerFactory.getLogger(HeldSnapshots.class)
                    .warn("could not record the snapshot(s) {} for the bulk load: {}", taken, e.getMessage());
        }
    }

    private void stopBeating() {
        if (beating != null) {
            beating.interrupt();
            beating = null;
        }
    }

    /** Deletes the snapshots taken at set-up, and the record of this load running; a failure is logged, not thrown. */
    public void delete() {
        stopBeating();
        if (taken.isEmpty() && running.isEmpty()) {
            return;
        }
        try (Connection c = LiveHBase.connect(conf);
                Admin admin = c.getAdmin()) {
            for (String name : taken) {
                admin.deleteSnapshot(name);
            }
            taken.clear();
            Ledger ledger = Ledger.of(c, conf);
            for (var r : running.entrySet()) {
                ledger.unregister(r.getKey(), r.getValue().load());
            }
            running.clear();
        } catch (IOException e) {
            LoggerFactory.getLogger(HeldSnapshots.class)
                    .warn(
                            "could not delete the snapshot(s) {} the load took: {}",
                            String.join(",", taken),
                            e.getMessage());
        }
    }

    /**
     * Renews this load's record as running every {@link RunningLoad#BEAT_MS} until {@link #delete}, so that a load on
     * another host keeps its snapshots.
     */
    private void startBeating() {
        if (running.isEmpty()) {
            return;
        }
        beating = new Thread(
                () -> {
                    try (Connection c = LiveHBase.connect(conf)) {
                        Ledger ledger = Ledger.of(c, conf);
                        while (!Thread.currentThread().isInterrupted()) {
                            Thread.sleep(RunningLoad.BEAT_MS);
                            long now = System.currentTimeMillis();
                            for (var r : running.entrySet()) {
                                ledger.register(r.getKey(), r.getValue().beating(now));
                            }
                        }
                    } catch (InterruptedException stopped) {
                        // the load ended
                    } catch (IOException | RuntimeException e) {
                        LoggerFactory.getLogger(HeldSnapshots.class)
                                .warn("could not renew the load's record as running: {}", e.getMessage());
                    }
                },
                "dumptruck-running-load");
        beating.setDaemon(true);
        beating.start();
    }
}
