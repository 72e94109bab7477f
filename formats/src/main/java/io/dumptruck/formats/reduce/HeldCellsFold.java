package io.dumptruck.formats.reduce;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.HeldCells;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * A table's fold, given the cells the table held as well as the load's own ({@code
 * HFileTableJob.foldingHeldCells}): each value arrives led by its {@link HeldCells} byte, which is
 * taken off before the fold sees it. The fold folds both kinds alike — an old count plus the new
 * ones, a top-k of old and new — and what it writes for a row is held back until the row ends: written
 * if any of the row's values came from the load's input, dropped (and counted) if the row only held
 * cells, since the table already holds what the fold would write. A row's output is held in memory:
 * the folded tables' rows are a visitor's, a prefix's or a user's cells.
 */
final class HeldCellsFold implements CellFold {
  private final CellFold inner;
  private final List<BytesWritable> values = new ArrayList<>();
  private int used;
  private final List<CellKey> heldKeys = new ArrayList<>();
  private final List<byte[]> heldValues = new ArrayList<>();
  private int written;
  private boolean touched;
  private final Buffer buffer = new Buffer();

  HeldCellsFold(CellFold inner) {
    this.inner = inner;
  }

  @Override
  public void cell(CellKey key, Iterator<BytesWritable> in, Output out) throws IOException, InterruptedException {
    used = 0;
    while (in.hasNext()) { // every value, whether the fold reads them or not: one of the input's marks the row
      BytesWritable v = in.next();
      touched |= v.getBytes()[0] == HeldCells.FROM_INPUT;
      used = addUnled(values, used, v);
    }
    buffer.out = out;
    inner.cell(key, values.subList(0, used).iterator(), buffer);
  }

  @Override
  public void endRow(Output out) throws IOException, InterruptedException {
    buffer.out = out;
    inner.endRow(buffer);
    if (touched) {
      for (int i = 0; i < written; i++) {
        out.write(heldKeys.get(i), heldValues.get(i));
      }
    } else if (written > 0) {
      out.count(CellCounter.HELD_ROWS_UNTOUCHED, 1);
    }
    written = 0;
    touched = false;
  }

  @Override
  public void close(Output out) throws IOException, InterruptedException {
    inner.close(out);
  }

  /**
   * Map side: the load's cells go through the table's combiner (its provenance put back in front of
   * what it writes); held cells pass as they are — the table folded them already.
   */
  @Override
  public CellFold combiner() {
    CellFold combiner = inner.combiner();
    if (combiner == null) {
      return null;
    }
    return new CellFold() {
      private final List<BytesWritable> fromInput = new ArrayList<>();
      private final Leading leading = new Leading();

      @Override
      public void cell(CellKey key, Iterator<BytesWritable> in, Output out) throws IOException, InterruptedException {
        int n = 0;
        while (in.hasNext()) {
          BytesWritable v = in.next();
          if (v.getBytes()[0] == HeldCells.HELD) {
            out.write(key, v);
            continue;
          }
          n = addUnled(fromInput, n, v);
        }
        if (n > 0) {
          leading.out = out;
          combiner.cell(key, fromInput.subList(0, n).iterator(), leading);
        }
      }

      @Override
      public void endRow(Output out) throws IOException, InterruptedException {
        leading.out = out;
        combiner.endRow(leading);
      }
    };
  }

  /** Sets {@code into[n]} (the list grows as needed) to {@code v} without its lead byte; returns n + 1. */
  private static int addUnled(List<BytesWritable> into, int n, BytesWritable v) {
    if (n == into.size()) {
      into.add(new BytesWritable());
    }
    into.get(n).set(v.getBytes(), 1, v.getLength() - 1);
    return n + 1;
  }

  /** Holds what the fold writes for the current row. */
  private final class Buffer extends Delegate {
    @Override
    public void write(CellKey key, byte[] value, int length) {
      if (written == heldKeys.size()) {
        heldKeys.add(new CellKey());
        heldValues.add(null);
      }
      heldKeys.get(written).copyFrom(key);
      heldValues.set(written, Arrays.copyOf(value, length));
      written++;
    }
  }

  /** Writes through, the provenance of the load's input put back in front (the combiner's output crosses the shuffle). */
  private static final class Leading extends Delegate {
    private byte[] led = new byte[64];

    @Override
    public void write(CellKey key, byte[] value, int length) throws IOException, InterruptedException {
      if (led.length < length + 1) {
        led = new byte[Math.max(length + 1, led.length * 2)];
      }
      led[0] = HeldCells.FROM_INPUT;
      System.arraycopy(value, 0, led, 1, length);
      out.write(key, led, length + 1);
    }
  }

  /** An output that counts and reaches the context through {@code out}. */
  private abstract static class Delegate implements Output {
    Output out;

    @Override
    public void count(Enum<?> counter, long n) {
      out.count(counter, n);
    }

    @Override
    public TaskInputOutputContext<?, ?, ?, ?> context() {
      return out.context();
    }
  }
}
