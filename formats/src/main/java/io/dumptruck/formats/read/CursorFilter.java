package io.dumptruck.formats.read;

import java.io.IOException;
import org.apache.hadoop.hbase.Cell;

/**
 * Another cursor's cells, looked at after every move: {@link #keep} decides whether the cursor goes on at the cell
 * (false ends it) or fails. The cells, their key changes and closing are the inner cursor's.
 */
abstract class CursorFilter implements FileCursor {
    final FileCursor inner;

    CursorFilter(FileCursor inner) {
        this.inner = inner;
    }

    /** Whether the cursor goes on at {@code inner.cell()}: false ends it; an IOException fails the read. */
    abstract boolean keep() throws IOException;

    /** The row the inner cursor seeks when asked for {@code startRow}. */
    byte[] seekRow(byte[] startRow) {
        return startRow;
    }

    @Override
    public final boolean seek(byte[] startRow) throws IOException {
        return inner.seek(seekRow(startRow)) && keep();
    }

    @Override
    public final boolean reseek(byte[] row) throws IOException {
        return inner.reseek(seekRow(row)) && keep();
    }

    @Override
    public final boolean next() throws IOException {
        return inner.next() && keep();
    }

    @Override
    public final Cell cell() {
        return inner.cell();
    }

    @Override
    public final KeyChange keyChange() {
        return inner.keyChange();
    }

    @Override
    public final void close() {
        inner.close();
    }
}
