package io.dumptruck.formats.reduce;

import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.RowChange;
import java.io.IOException;

/**
 * Tells a task's folds where their rows end, from the cell keys the task sees in order: when a key starts another table
 * or row, the fold of the row before (if its table has one) gets {@link CellFold#endRow}; {@link #finish} ends the last
 * row.
 */
public final class FoldRowEnds {
    private final CellFold[] folds;
    private final CellFold.Output output;
    private final RowChange rows = new RowChange();

    /** {@code folds}: by table index, null where a table has none; {@code output}: where they write. */
    public FoldRowEnds(CellFold[] folds, CellFold.Output output) {
        this.folds = folds;
        this.output = output;
    }

    /** Call with every key, in order, before the fold sees its cells. */
    public void at(CellKey key) throws IOException, InterruptedException {
        int table = rows.table();
        if (rows.changed(key)) {
            end(table);
        }
    }

    /** Ends the last row. */
    public void finish() throws IOException, InterruptedException {
        end(rows.table());
    }

    private void end(int table) throws IOException, InterruptedException {
        if (table >= 0 && folds[table] != null) {
            folds[table].endRow(output);
        }
    }
}
