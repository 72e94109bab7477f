package io.dumptruck.loaders.live;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.shuffle.CellKey;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Re-emits the rows a live table holds (read from a snapshot of it, taken when the load is set up) as held cells
 * ({@link HeldCellsOut#put}), in the form the loader's map side emits its own: a held count at the load's timestamp, so
 * the fold adds it to the day's; a held list as one cell per entry. The folds then write, for each row the day's input
 * touches, what one load of every day would have. {@link SnapshotHeldRows} asks for the rows the reducers fold; one
 * instance per reduce task and live table read; {@link #resolve} first.
 */
public interface HeldState {
    /**
     * What a loader folds into the live tables: per load table read from its live table, the re-emitter of its rows.
     */
    record Plan(Map<String, Class<? extends HeldState>> readers) {
        /** The load's tables the readers feed: those that fold what the live tables hold. */
        public Set<String> folded() {
            Set<String> folded = new TreeSet<>();
            readers.values()
                    .forEach(c ->
                            folded.addAll(ReflectionUtils.newInstance(c, null).feeds()));
            return folded;
        }
    }

    /** The load's tables whose folds this reader's cells feed. */
    Set<String> feeds();

    void resolve(HeldCellsOut out);

    /**
     * For a fold that needs of a row only the held cells of the columns the load writes
     * ({@code CellFold.heldByColumn}): adds to {@code live} the live table's columns (family, qualifier) from which
     * this reader emits what the fold needs of {@code asked}, the load's keys of the row in the load's table
     * {@code table} (whose family names, by index, are {@code families}); then only those are read. False (the default)
     * when it cannot tell: the live row is read whole.
     */
    default boolean liveColumns(String table, byte[][] families, List<CellKey> asked, RowScanner.Columns live) {
        return false;
    }

    /**
     * One row of the live table, every version the family keeps; an IllegalArgumentException for a row not as the
     * schema says.
     */
    void emit(Result row, long loadTimestamp, HeldCellsOut out);
}
