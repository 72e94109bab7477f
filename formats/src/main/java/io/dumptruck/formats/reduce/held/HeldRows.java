package io.dumptruck.formats.reduce.held;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * What the live tables hold for the rows a load folds into them ({@code HFileTableJob.heldRowsFrom}): asked by the
 * reducer for each row of a folded table that the load's own cells reach, so rows the load does not touch are never
 * sent through the shuffle nor written. One instance per reduce task, made with the job's configuration.
 */
@PublicApi
public interface HeldRows extends Closeable {
    /** Called once, before the first row: where the held cells go, and the task (for its counters). */
    void open(TaskInputOutputContext<?, ?, ?, ?> context, HeldCellsOut out) throws IOException;

    /**
     * Puts into the {@link HeldCellsOut} every cell the live state gives {@code row} of the job's table {@code table},
     * in the form the load's map side emits its own. The rows of one table are asked for in ascending order.
     */
    void cells(int table, byte[] row) throws IOException;

    /**
     * As {@link #cells(int, byte[])}, for a fold that needs of the row only the live cells of the columns the load
     * writes in it ({@code CellFold.heldByColumn}): {@code columns} are the load's keys of the row, in key order (their
     * timestamps mean nothing here). A source may leave out the cells of every other column; by default it puts them
     * all.
     */
    default void cells(int table, byte[] row, List<CellKey> columns) throws IOException {
        cells(table, row);
    }
}
