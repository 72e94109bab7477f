package io.dumptruck.formats.output;

import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.util.Iterator;
import org.apache.hadoop.io.BytesWritable;

/**
 * Turns the cells the shuffle delivers for one table into the cells written, for tables whose cells
 * are computed from many input records: counters (sum the values of one key), a row's list of
 * qualifiers folded into one JSON cell, a top-k per row. The reducer calls {@link #cell} once per
 * distinct cell key, in key order, and {@link #endRow} after the last key of each row; a fold keeps
 * at most one row's state. What it emits must keep HBase's order within each family of the row.
 * Register one per table with {@code HFileTableOutputFormat.configure(job).fold(table, Fold.class)};
 * a table without one keeps the first value of each key.
 */
public interface CellFold {
  /** Where a fold writes cells, and counts what it did. */
  interface Output {
    void write(CellKey key, byte[] value) throws IOException, InterruptedException;

    void write(CellKey key, BytesWritable value) throws IOException, InterruptedException;

    void count(Enum<?> counter, long n);

    /** The reduce task's context, for folds that write a side output (rejects). */
    org.apache.hadoop.mapreduce.TaskInputOutputContext<?, ?, ?, ?> context();
  }

  /** One distinct cell key and every value the shuffle brought for it (at least one). */
  void cell(CellKey key, Iterator<BytesWritable> values, Output out) throws IOException, InterruptedException;

  /** The row of the preceding {@link #cell} calls is complete. */
  default void endRow(Output out) throws IOException, InterruptedException {}

  /** The task's last row is done; release side outputs. */
  default void close(Output out) throws IOException, InterruptedException {}
}
