package io.dumptruck.formats.read;

import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.util.Bytes;

/** A file's cells within a {@link RowClip} only: a reference file's half of its parent's file. */
final class ClippedCursor extends CursorFilter {
    private final RowClip clip;

    ClippedCursor(FileCursor inner, RowClip clip) {
        super(inner);
        this.clip = clip;
    }

    @Override
    byte[] seekRow(byte[] startRow) {
        return Bytes.compareTo(startRow, clip.start()) >= 0 ? startRow : clip.start();
    }

    @Override
    boolean keep() {
        byte[] stop = clip.stop();
        Cell c = inner.cell();
        return stop.length == 0
                || Bytes.compareTo(c.getRowArray(), c.getRowOffset(), c.getRowLength(), stop, 0, stop.length) < 0;
    }
}
