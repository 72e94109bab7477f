package io.dumptruck.formats.reduce;

import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import java.io.IOException;
import java.util.Iterator;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * Hadoop's combiner for loads whose folds pre-aggregate on the map side ({@link CellFold#combiner}):
 * it runs over each sorted spill and hands the cells of such a table, key by key and row by row, to
 * the table's combiner fold — counters are summed, a top-k row is cut to k — so the shuffle carries
 * what the reducer's fold needs, not every record. A table without one passes through untouched.
 * Cells of folded tables travel one per record ({@code CellSink}), so each value is one cell.
 */
public class CellCombiner extends Reducer<CellKey, CellRun, CellKey, CellRun> {
  private CellFold[] combiners;
  private CellFold.Output output;
  private FoldRowEnds rowEnds;
  /** The value handed to the combiner fold, and the reader that finds it in a run; reused. */
  private final BytesWritable value = new BytesWritable();
  private final CellRun.Reader cell = new CellRun.Reader();

  @Override
  protected void setup(Context context) {
    CellFold[] folds = CellFold.forTables(context.getConfiguration());
    combiners = new CellFold[folds.length];
    for (int t = 0; t < folds.length; t++) {
      combiners[t] = folds[t] == null ? null : folds[t].combiner();
    }
    CellRun run = new CellRun();
    output = new CellFold.Output() {
      @Override
      public void write(CellKey key, byte[] v, int length) throws IOException, InterruptedException {
        context.write(key, run.first(key.timestamp(), v, 0, length));
      }

      @Override
      public void count(Enum<?> counter, long n) {} // the reducer's fold counts what it does

      @Override
      public TaskInputOutputContext<?, ?, ?, ?> context() {
        return context;
      }
    };
    rowEnds = new FoldRowEnds(combiners, output);
  }

  @Override
  protected void reduce(CellKey key, Iterable<CellRun> values, Context context) throws IOException, InterruptedException {
    CellFold combiner = combiners[key.table()];
    if (combiner == null) {
      for (CellRun v : values) {
        context.write(key, v);
      }
      return;
    }
    rowEnds.at(key);
    Iterator<CellRun> it = values.iterator();
    combiner.cell(key, new Iterator<>() {
      @Override
      public boolean hasNext() { return it.hasNext(); }

      @Override
      public BytesWritable next() {
        CellRun run = it.next();
        cell.reset(key, run.bytes(), run.length());
        value.set(cell.valueBuffer(), cell.valueOffset(), cell.valueLength());
        return value;
      }
    }, output);
    while (it.hasNext()) { // values the combiner did not take are dropped, as the reducer's fold would
      it.next();
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    rowEnds.finish();
  }
}
