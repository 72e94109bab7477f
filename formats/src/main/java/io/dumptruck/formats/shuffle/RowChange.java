package io.dumptruck.formats.shuffle;

import org.apache.hadoop.hbase.util.Bytes;

/** Tells when a stream of cell keys moves to another table or row (rows counted, folds' row ends). */
public final class RowChange {
    private int table = -1;
    private byte[] row = new byte[0];
    private int rowLength;

    /** True when {@code key} starts a new row; remembers it. The first key counts as a change. */
    public boolean changed(CellKey key) {
        if (key.table() == table && Bytes.equals(row, 0, rowLength, key.buffer(), key.rowOffset(), key.rowLength())) {
            return false;
        }
        remember(key);
        return true;
    }

    private void remember(CellKey key) {
        table = key.table();
        if (row.length < key.rowLength()) {
            row = new byte[Math.max(key.rowLength(), row.length * 2)];
        }
        System.arraycopy(key.buffer(), key.rowOffset(), row, 0, key.rowLength());
        rowLength = key.rowLength();
    }

    /** The table of the current row, -1 before any key. */
    public int table() {
        return table;
    }
}
