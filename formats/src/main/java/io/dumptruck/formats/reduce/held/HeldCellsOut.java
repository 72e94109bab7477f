package io.dumptruck.formats.reduce.held;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Where a {@code HeldRows} source puts the cells a live table holds for one row of a folded table, in the form a load's
 * map side emits its own through {@code CellSink.put} — resolve families once with {@link #family}, then {@link #put}.
 * Only the cells of the table and row being asked for are kept (a source may emit into several tables at once);
 * {@code HeldRowsFold} folds them with the load's.
 */
@PublicApi
public final class HeldCellsOut {
    /**
     * One held cell.
     *
     * @param heldAt the time of the live table's cell it stands for, when that is newer than the key's (a count held at
     *     T3 re-emitted at a backfilled day's T1 so that it adds up with the day's); else the key's own
     */
    public record Held(CellKey key, byte[] value, long heldAt) {}

    private final List<TableSpec> tables;
    private final long[][] oldestShown;
    private final List<Held> cells = new ArrayList<>();
    private int table = -1;
    private byte[] row;

    public HeldCellsOut(Configuration conf, List<TableSpec> tables) {
        this.tables = tables;
        this.oldestShown = JobTables.oldestShown(conf, tables);
    }

    public FamilyRef family(String table, String family) {
        return FamilyRef.of(tables, table, family);
    }

    /**
     * Whether a cell of {@code ref} at {@code timestamp} is still within its family's TTL, as {@code CellSink.shows}.
     */
    public boolean shows(FamilyRef ref, long timestamp) {
        return timestamp >= oldestShown[ref.table()][ref.family()];
    }

    /** A held cell; kept if it is of the table and row being asked for, and within its family's TTL. */
    public void put(FamilyRef ref, byte[] row, byte[] qualifier, long timestamp, byte[] value) {
        put(ref, row, qualifier, timestamp, value, timestamp);
    }

    /**
     * A held cell put at {@code timestamp} (the load's, to fold with the day's cells) standing for a live cell of time
     * {@code heldAt}: the fold's cell of this column is written at {@code heldAt} when the load does not touch the
     * column, at the newer of the two when it does — a folded cell's time is the newest of what it folds, whatever
     * order the days are loaded in.
     */
    public void put(FamilyRef ref, byte[] row, byte[] qualifier, long timestamp, byte[] value, long heldAt) {
        if (ref.table() == table && java.util.Arrays.equals(row, this.row) && shows(ref, timestamp)) {
            cells.add(new Held(new CellKey().set(ref.table(), ref.family(), row, qualifier, timestamp), value, heldAt));
        }
    }

    /** Starts collecting the held cells of {@code table}'s {@code row} (the fold that asks does this). */
    public void start(int table, byte[] row) {
        this.table = table;
        this.row = row;
        cells.clear();
    }

    /** What was put since {@link #start}, in key order (equal keys in the order put). */
    public List<Held> sorted() {
        cells.sort(Comparator.comparing(Held::key));
        return cells;
    }
}
