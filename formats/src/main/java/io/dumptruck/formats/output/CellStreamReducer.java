package io.dumptruck.formats.output;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.InjectedFaults;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Streams cells from the shuffle to the HFile writer: one call per distinct cell key, nothing held
 * across calls, so a row with millions of qualifiers needs no more memory than one cell. Cells that
 * share a whole key keep the first value the shuffle delivers and count the rest as
 * {@link CellCounter#DUPLICATE_CELLS_DROPPED} (exact duplicate input records collapse this way),
 * unless the table has a {@link CellFold}, which then decides what is written.
 */
public class CellStreamReducer extends Reducer<CellKey, BytesWritable, CellKey, BytesWritable> {
  private CellFold[] folds;
  private CellFold.Output output;
  /** The table and row of the previous key, to tell a fold when its row ends. */
  private int lastTable = -1;
  private byte[] lastRow = new byte[0];
  private int lastRowLength;

  /** Also raises the test-only faults of {@link InjectedFaults}, before anything else. */
  @Override
  protected void setup(Context context) throws InterruptedException {
    InjectedFaults.atTaskSetup(context);
    Configuration conf = context.getConfiguration();
    List<io.dumptruck.formats.spec.TableSpec> tables = HFileTableOutputFormat.tables(conf);
    folds = new CellFold[tables.size()];
    for (int t = 0; t < tables.size(); t++) {
      Class<?> fold = conf.getClass(FormatConf.OUTPUT_FOLD_PREFIX + tables.get(t).name(), null);
      if (fold != null) {
        folds[t] = (CellFold) ReflectionUtils.newInstance(fold, conf);
      }
    }
    output = new CellFold.Output() {
      private final BytesWritable value = new BytesWritable();

      @Override
      public void write(CellKey key, byte[] v) throws IOException, InterruptedException {
        value.set(v, 0, v.length);
        context.write(key, value);
      }

      @Override
      public void write(CellKey key, BytesWritable v) throws IOException, InterruptedException {
        context.write(key, v);
      }

      @Override
      public void count(Enum<?> counter, long n) {
        context.getCounter(counter).increment(n);
      }

      @Override
      public org.apache.hadoop.mapreduce.TaskInputOutputContext<?, ?, ?, ?> context() {
        return context;
      }
    };
  }

  @Override
  protected void reduce(CellKey key, Iterable<BytesWritable> values, Context context)
      throws IOException, InterruptedException {
    endRowIfChanged(key);
    Iterator<BytesWritable> it = values.iterator();
    CellFold fold = folds[key.table()];
    if (fold != null) {
      fold.cell(key, it, output);
      return;
    }
    context.write(key, it.next());
    long duplicates = 0;
    while (it.hasNext()) {
      it.next();
      duplicates++;
    }
    if (duplicates > 0) {
      context.getCounter(CellCounter.DUPLICATE_CELLS_DROPPED).increment(duplicates);
    }
  }

  private void endRowIfChanged(CellKey key) throws IOException, InterruptedException {
    boolean same = key.table() == lastTable
        && Bytes.equals(lastRow, 0, lastRowLength, key.buffer(), key.rowOffset(), key.rowLength());
    if (same) {
      return;
    }
    endRow();
    lastTable = key.table();
    if (lastRow.length < key.rowLength()) {
      lastRow = new byte[Math.max(key.rowLength(), lastRow.length * 2)];
    }
    System.arraycopy(key.buffer(), key.rowOffset(), lastRow, 0, key.rowLength());
    lastRowLength = key.rowLength();
  }

  private void endRow() throws IOException, InterruptedException {
    if (lastTable >= 0 && folds[lastTable] != null) {
      folds[lastTable].endRow(output);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    endRow();
    for (CellFold fold : folds) {
      if (fold != null) {
        fold.close(output);
      }
    }
  }
}
