package io.dumptruck.formats.read;

import java.io.IOException;
import org.apache.hadoop.hbase.Cell;

/**
 * One HFile's cells in HBase's cell order, from a starting row on. Cells handed out stay valid after the cursor has
 * moved on or closed (see {@link CellMergeScanner}).
 */
public interface FileCursor extends AutoCloseable {
    /**
     * Positions the cursor on the first cell of {@code startRow} or after (empty = the first cell of the file); false
     * when there is none.
     */
    boolean seek(byte[] startRow) throws IOException;

    /** The cell the cursor is on (after a successful {@link #seek} or {@link #next}). */
    Cell cell();

    /**
     * How a cell's key differs from the key of the cell before it in the file, as far as a cursor knows without
     * comparing.
     */
    enum KeyChange {
        /** Another row. */
        NEW_ROW,
        /** The same row, another column. */
        NEW_COLUMN,
        /** The same row and column (another version). */
        SAME_COLUMN,
        /** Not known: compare. */
        UNKNOWN
    }

    /** How the cell's key differs from the key of the cell before it in the file. */
    default KeyChange keyChange() {
        return KeyChange.UNKNOWN;
    }

    /** Moves to the next cell; false at the end of the file. */
    boolean next() throws IOException;

    /**
     * Moves forward to the first cell of {@code row} or after, staying where it is when the cell it is on is already
     * there; false when there is none. This default steps cell by cell; a cursor that can jump (by the block index)
     * does.
     */
    default boolean reseek(byte[] row) throws IOException {
        for (Cell c = cell(); CellBytes.rowBefore(c, row); c = cell()) {
            if (!next()) {
                return false;
            }
        }
        return true;
    }

    @Override
    void close();
}
