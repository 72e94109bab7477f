package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The ledger of folded batches, an HBase table ({@link #TABLE}, default {@code dumptruck:ledger}): one row per live
 * table a load has folded into, keyed by the table's {@code namespace:name} in UTF-8, with family {@code l}:
 *
 * <pre>
 *   l:state          8-byte big-endian version: moves on by one with every batch committed, every batch forgotten and
 *                    every bulk load of cells that did not fold; while a bulk load commits, followed by its lease as
 *                    UTF-8 JSON {"load","batch","output","since"}
 *   l:changed        8-byte big-endian time (epoch ms) the version last moved on
 *   l:running:&lt;load&gt;  while a folding load that took a snapshot of the table runs: UTF-8 JSON
 *                    {"load","host","pid","beat","snapshot"}
 *   l:batch:&lt;id&gt;    one per batch the table holds: UTF-8 JSON {"batch","commit","load","output","records",
 *                    "timestamp","loadedAt","committedAt"}
 * </pre>
 *
 * A commit changes {@code l:state} only by HBase's check-and-mutate, so two bulk loads cannot both commit from the same
 * state: {@link #acquire} takes the lease if the state is the one the load's snapshot saw, {@link #commit} records the
 * batch and the next count in one row mutation if the lease is still there, {@link #release} gives the lease back. The
 * table is HBase's like any other: region moves, splits, compactions and snapshots keep it, and the user tables' reads
 * never touch it.
 */
@PublicApi
public final class Ledger {
    public static final ConfKey TABLE = new ConfKey.Key(
            "dumptruck.ledger.table",
            "dumptruck:ledger",
            "the HBase table of the batches each folded table holds (created by the first folding load)");

    public static final ConfKey UNDO_BATCHES = new ConfKey.Key(
            "dumptruck.ledger.undo.batches",
            "2",
            "how many of each folded table's newest batches can be undone (dumptruck ledger --undo): the snapshot each "
                    + "load folded from, the table's state before its batch, is kept for that many (0: none kept)",
            Ledger::undoBatchesProblem);

    /**
     * The table-descriptor value a commit leaves on the live table: the commit (ledger version) of the newest batch its
     * data holds. A snapshot keeps the descriptor, and {@code restore_snapshot} puts it back, so a restored table says
     * which batches it no longer holds ({@link #holds}).
     */
    public static final String HOLDS = "dumptruck.ledger.commit";

    /** The names of the snapshots a folding load takes start with this (then the table's name and "-"). */
    public static final String SNAPSHOT_PREFIX = "dumptruck-";

    static final byte[] FAMILY = Bytes.toBytes("l");
    static final byte[] STATE = Bytes.toBytes("state");
    static final byte[] CHANGED = Bytes.toBytes("changed");
    static final String BATCH_PREFIX = "batch:";
    static final String RUNNING_PREFIX = "running:";

    private final Connection connection;
    private final TableName name;

    private Ledger(Connection connection, TableName name) {
        this.connection = connection;
        this.name = name;
    }

    /** The ledger of {@code conf}'s {@link #TABLE} on {@code connection}'s cluster (nothing is read or created yet). */
    public static Ledger of(Connection connection, Configuration conf) {
        String table = TABLE.get(conf).trim();
        try {
            return new Ledger(connection, TableName.valueOf(table));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(TABLE.key() + " is not an HBase table name: '" + table + "'", e);
        }
    }

    public TableName name() {
        return name;
    }

    /** Whether the ledger table exists (it does once a folding load has run). */
    public boolean exists() throws IOException {
        try (Admin admin = connection.getAdmin()) {
            return admin.tableExists(name);
        }
    }

    /** Creates the ledger table (and its namespace) if missing; a race with another load creating it is fine. */
    public void create() throws IOException {
        try (Admin admin = connection.getAdmin()) {
            if (admin.tableExists(name)) {
                return;
            }
            String ns = name.getNamespaceAsString();
            if (Arrays.stream(admin.listNamespaces()).noneMatch(ns::equals)) {
                try {
                    admin.createNamespace(NamespaceDescriptor.create(ns).build());
                } catch (NamespaceExistException raced) {
                    // another load created it
                }
            }
            try {
                admin.createTable(TableDescriptorBuilder.newBuilder(name)
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(FAMILY)
                                .setMaxVersions(1)
                                .build())
                        .build());
            } catch (TableExistsException raced) {
                // another load created it
            }
        }
    }

    /** What the ledger says of {@code live}; an empty ledger when the ledger table does not exist yet. */
    public TableLedger read(TableName live) throws IOException {
        String table = live.getNameWithNamespaceInclAsString();
        Result row = fetch(live);
        byte[] state = row.getValue(FAMILY, STATE);
        long commits = 0;
        Lease lease = null;
        String where = name + " " + table + "/l:state";
        if (state != null) {
            if (state.length < Bytes.SIZEOF_LONG) {
                throw new IOException("the ledger's cell " + where + " holds " + state.length + " bytes, not a count");
            }
            commits = Bytes.toLong(state, 0);
            if (state.length > Bytes.SIZEOF_LONG) {
                lease = Lease.of(state, Bytes.SIZEOF_LONG, where);
            }
        }
        List<LedgerBatch> batches = new ArrayList<>();
        for (var c : prefixed(row, BATCH_PREFIX).entrySet()) {
            batches.add(LedgerBatch.of(c.getValue(), name + " " + table + "/l:" + c.getKey()));
        }
        byte[] changed = row.getValue(FAMILY, CHANGED);
        return new TableLedger(
                table,
                commits,
                lease,
                batches,
                state,
                changed != null && changed.length == Bytes.SIZEOF_LONG ? Bytes.toLong(changed) : 0);
    }

    /** The ledger's row of {@code live}: empty when the ledger table does not exist yet. */
    private Result fetch(TableName live) throws IOException {
        if (!exists()) {
            return Result.EMPTY_RESULT;
        }
        try (Table t = connection.getTable(name)) {
            return t.get(new Get(rowOf(live)).addFamily(FAMILY));
        }
    }

    /** The values of {@code row}'s cells whose qualifier starts with {@code prefix}, by qualifier, in order. */
    private static Map<String, byte[]> prefixed(Result row, String prefix) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        if (!row.isEmpty()) {
            for (Cell c : row.rawCells()) {
                String q = Bytes.toString(CellUtil.cloneQualifier(c));
                if (q.startsWith(prefix)) {
                    out.put(q, CellUtil.cloneValue(c));
                }
            }
        }
        return out;
    }

    /**
     * Takes the lease on {@code seen}'s table if its state is still {@code seen}'s (no batch committed since, no
     * lease); false if it changed.
     */
    public boolean acquire(TableLedger seen, Lease lease) throws IOException {
        byte[] row = rowOf(seen.table());
        return ifState(row, seen.state(), new Put(row).addColumn(FAMILY, STATE, stateBytes(seen.commits(), lease)));
    }

    /**
     * Records {@code batch} (with the next commit count) and drops the lease, in one row mutation, if {@code leased}'s
     * state (the lease) is still there; false if it is not.
     */
    public boolean commit(TableLedger leased, LedgerBatch batch) throws IOException {
        byte[] row = rowOf(leased.table());
        return ifState(
                row,
                leased.state(),
                moveOn(row, batch.commit(), batch.committedAt())
                        .addColumn(FAMILY, Bytes.toBytes(BATCH_PREFIX + batch.batch()), batch.toBytes()));
    }

    /** Gives {@code leased}'s lease back (the state it had before), if it is still there. */
    public boolean release(TableLedger leased) throws IOException {
        byte[] row = rowOf(leased.table());
        return ifState(row, leased.state(), new Put(row).addColumn(FAMILY, STATE, stateBytes(leased.commits(), null)));
    }

    /**
     * Takes {@code batch} out of {@code seen}'s table's record (after the table was restored to a state without it), if
     * the state is still {@code seen}'s: the version moves on, so that a load set up before is refused at its commit;
     * false if the state changed.
     */
    public boolean forget(TableLedger seen, String batch) throws IOException {
        byte[] row = rowOf(seen.table());
        return ifState(
                row,
                seen.state(),
                moveOn(row, seen.commits() + 1, System.currentTimeMillis()),
                new Delete(row).addColumns(FAMILY, Bytes.toBytes(BATCH_PREFIX + batch)));
    }

    /**
     * Moves {@code seen}'s table's state on by one (a bulk load of cells that did not fold went into it), if the state
     * is still {@code seen}'s; false if it changed.
     */
    public boolean bump(TableLedger seen) throws IOException {
        byte[] row = rowOf(seen.table());
        return ifState(row, seen.state(), moveOn(row, seen.commits() + 1, System.currentTimeMillis()));
    }

    /**
     * Gives {@code live} a state (0) if the ledger has none for it yet, so that every later bulk load into it moves the
     * state on ({@link #bump}); a folding load does this before it reads the ledger.
     */
    public void initialize(TableName live) throws IOException {
        byte[] row = rowOf(live);
        ifState(row, null, new Put(row).addColumn(FAMILY, STATE, stateBytes(0, null)));
    }

    /** The put of a state with no lease at {@code version}, changed at {@code at}. */
    private static Put moveOn(byte[] row, long version, long at) {
        return new Put(row)
                .addColumn(FAMILY, STATE, stateBytes(version, null))
                .addColumn(FAMILY, CHANGED, Bytes.toBytes(at));
    }

    /**
     * Applies {@code mutations} to {@code row} in one, if its state cell holds {@code expected} (null: has none) — the
     * one way the ledger's state changes; whether it did.
     */
    private boolean ifState(byte[] row, byte[] expected, Mutation... mutations) throws IOException {
        CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
        check = expected == null ? check.ifNotExists(FAMILY, STATE) : check.ifEquals(FAMILY, STATE, expected);
        try (Table t = connection.getTable(name)) {
            return t.checkAndMutate(check.build(RowMutations.of(List.of(mutations))))
                    .isSuccess();
        }
    }

    /** Records (or renews) that {@code load} runs with a snapshot of {@code live}. */
    public void register(TableName live, RunningLoad load) throws IOException {
        try (Table t = connection.getTable(name)) {
            t.put(new Put(rowOf(live)).addColumn(FAMILY, Bytes.toBytes(RUNNING_PREFIX + load.load()), load.toBytes()));
        }
    }

    /** Takes the record of {@code load} running out of {@code live}'s row. */
    public void unregister(TableName live, String load) throws IOException {
        try (Table t = connection.getTable(name)) {
            t.delete(new Delete(rowOf(live)).addColumns(FAMILY, Bytes.toBytes(RUNNING_PREFIX + load)));
        }
    }

    /** The loads recorded as running with a snapshot of {@code live} (alive or not). */
    public List<RunningLoad> running(TableName live) throws IOException {
        List<RunningLoad> out = new ArrayList<>();
        for (var c : prefixed(fetch(live), RUNNING_PREFIX).entrySet()) {
            out.add(RunningLoad.of(c.getValue(), name + " " + live + "/l:" + c.getKey()));
        }
        return out;
    }

    /** Every table the ledger knows, {@code namespace:name}, in order. */
    public List<String> tables() throws IOException {
        List<String> out = new ArrayList<>();
        if (!exists()) {
            return out;
        }
        try (Table t = connection.getTable(name);
                var scanner = t.getScanner(new org.apache.hadoop.hbase.client.Scan()
                        .addColumn(FAMILY, STATE)
                        .setFilter(new org.apache.hadoop.hbase.filter.KeyOnlyFilter()))) {
            for (Result r : scanner) {
                out.add(Bytes.toString(r.getRow()));
            }
        }
        return out;
    }

    /**
     * Records on {@code live}'s descriptor that its data holds the batches up to commit {@code commit}
     * ({@link #HOLDS}); the regions are not reopened (an HBase older than 2.6 reopens them).
     */
    public static void stamp(Admin admin, TableName live, long commit) throws IOException {
        TableDescriptor now = admin.getDescriptor(live);
        if (String.valueOf(commit).equals(now.getValue(HOLDS))) {
            return;
        }
        admin.modifyTable(
                TableDescriptorBuilder.newBuilder(now)
                        .setValue(HOLDS, String.valueOf(commit))
                        .build(),
                false);
    }

    /**
     * The newest commit {@code live}'s data holds, as its descriptor says ({@link #stamp}); -1 when it says none (no
     * batch committed since stamps were kept, or restored to a state from before any) or the table is gone.
     */
    public static long holds(Admin admin, TableName live) throws IOException {
        if (!admin.tableExists(live)) {
            return -1; // dropped: it holds nothing
        }
        String v = admin.getDescriptor(live).getValue(HOLDS);
        try {
            return v == null ? -1 : Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IOException("the descriptor of " + live + " holds " + HOLDS + " => '" + v + "', not a commit");
        }
    }

    /** Rewrites the record of {@code batch} in {@code live}'s row (e.g. its snapshot no longer kept); not a commit. */
    public void rewrite(TableName live, LedgerBatch batch) throws IOException {
        try (Table t = connection.getTable(name)) {
            t.put(new Put(rowOf(live)).addColumn(FAMILY, Bytes.toBytes(BATCH_PREFIX + batch.batch()), batch.toBytes()));
        }
    }

    /** How many of a table's newest batches keep the snapshot from before them ({@link #UNDO_BATCHES}). */
    public static int undoBatches(Configuration conf) {
        String v = UNDO_BATCHES.get(conf).trim();
        String problem = undoBatchesProblem(v);
        if (problem != null) {
            throw new IllegalArgumentException(UNDO_BATCHES.key() + "=" + v + ": " + problem);
        }
        return Integer.parseInt(v);
    }

    private static String undoBatchesProblem(String v) {
        return v.trim().matches("\\d{1,6}") ? null : "give a whole number of batches, 0 or more (0: none kept)";
    }

    /** The state cell: the count, then the lease's JSON while one stands. */
    static byte[] stateBytes(long commits, Lease lease) {
        byte[] count = Bytes.toBytes(commits);
        return lease == null ? count : Bytes.add(count, lease.toBytes());
    }

    private static byte[] rowOf(TableName live) {
        return rowOf(live.getNameWithNamespaceInclAsString());
    }

    private static byte[] rowOf(String table) {
        return table.getBytes(StandardCharsets.UTF_8);
    }

    /** The state after {@link #acquire} succeeded: {@code seen} with the lease. */
    public static TableLedger leased(TableLedger seen, Lease lease) {
        return new TableLedger(
                seen.table(),
                seen.commits(),
                lease,
                seen.batches(),
                stateBytes(seen.commits(), lease),
                seen.changedAt());
    }
}
