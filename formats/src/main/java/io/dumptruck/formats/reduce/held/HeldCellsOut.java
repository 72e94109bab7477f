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
    /** One held cell. */
    public record Held(CellKey key, byte[] value) {}

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
        if (ref.table() == table && java.util.Arrays.equals(row, this.row) && shows(ref, timestamp)) {
            cells.add(new Held(new CellKey().set(ref.table(), ref.family(), row, qualifier, timestamp), value));
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
