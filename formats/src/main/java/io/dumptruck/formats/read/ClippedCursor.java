package io.dumptruck.formats.read;

import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.util.Bytes;

/** A file's cells within a {@link RowClip} only: a reference file's half of its parent's file. */
final class ClippedCursor implements FileCursor {
  private final FileCursor inner;
  private final RowClip clip;

  ClippedCursor(FileCursor inner, RowClip clip) {
    this.inner = inner;
    this.clip = clip;
  }

  @Override
  public boolean seek(byte[] startRow) throws IOException {
    return inner.seek(Bytes.compareTo(startRow, clip.start()) >= 0 ? startRow : clip.start()) && inside();
  }

  @Override
  public Cell cell() {
    return inner.cell();
  }

  @Override
  public KeyChange keyChange() {
    return inner.keyChange();
  }

  @Override
  public boolean next() throws IOException {
    return inner.next() && inside();
  }

  private boolean inside() {
    byte[] stop = clip.stop();
    Cell c = inner.cell();
    return stop.length == 0 || Bytes.compareTo(c.getRowArray(), c.getRowOffset(), c.getRowLength(), stop, 0, stop.length) < 0;
  }

  @Override
  public void close() {
    inner.close();
  }
}
