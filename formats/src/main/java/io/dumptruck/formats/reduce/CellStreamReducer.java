package io.dumptruck.formats.reduce;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.InjectedFaults;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.table.JobTables;
import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * Streams cells from the shuffle to the HFile writer. The shuffle brings {@link CellRun}s sorted by
 * their first cell; {@link CellMerge} turns them into cells in key order, holding only the runs that
 * overlap (bounded, spilling to a local file beyond {@link FormatConf#OUTPUT_MERGE_MAX_HELD_BYTES}),
 * so a row with millions of qualifiers needs no more memory than one cell. Of cells that share a
 * whole key one is written, by the rule of {@link CellConflicts} (the greatest value; the others
 * counted, and listed when they differ), unless the table has a {@link CellFold}, which then decides
 * what is written.
 */
public class CellStreamReducer extends Reducer<CellKey, CellRun, CellKey, CellRun> {
  /**
   * Cells leave for the record writer as records of about this many bytes: the cells of many rows of
   * the task's table, or part of a wide row's. Hadoop's per-record output bookkeeping (its wrapper's
   * calls and counters) then comes once per record, not once per row.
   */
  private static final int MAX_RUN_BYTES = 64 * 1024;
  private CellFold[] folds;
  private CellFold.Output output;
  private FoldRowEnds rowEnds;
  private CellConflicts conflicts;
  /** The cells written so far, not yet handed to the record writer: the first cell's key, the run. */
  private final CellKey runKey = new CellKey();
  private final CellRun run = new CellRun();
  private boolean runOpen;
  /** A key of the run's last row. */
  private final CellKey lastRowKey = new CellKey();

  /** Also raises the test-only faults of {@link InjectedFaults}, before anything else. */
  @Override
  protected void setup(Context context) throws InterruptedException {
    InjectedFaults.atTaskSetup(context);
    folds = CellFold.forTables(context.getConfiguration());
    output = new CellFold.Output() {
      @Override
      public void write(CellKey key, byte[] v, int length) throws IOException, InterruptedException {
        CellStreamReducer.this.write(key, v, length, context);
      }

      @Override
      public void count(Enum<?> counter, long n) {
        context.getCounter(counter).increment(n);
      }

      @Override
      public TaskInputOutputContext<?, ?, ?, ?> context() {
        return context;
      }
    };
    rowEnds = new FoldRowEnds(folds, output);
    conflicts = new CellConflicts(context, JobTables.of(context.getConfiguration()));
  }

  /** One pass over every cell of the task in key order (not one call per shuffle key). */
  @Override
  public void run(Context context) throws IOException, InterruptedException {
    setup(context);
    Configuration conf = context.getConfiguration();
    LocalDirAllocator localDirs = new LocalDirAllocator(MRConfig.LOCAL_DIR);
    String attempt = context.getTaskAttemptID().toString();
    int[] spillNumber = {0};
    CellMerge.SpillFiles spillFiles = () -> new File(localDirs.getLocalPathForWrite(
        "dumptruck-merge/" + attempt + "-" + spillNumber[0]++, conf).toUri().getPath());
    CellMerge.Source source = new CellMerge.Source() { // groups are equal keys: any value's key is the group's
      private Iterator<CellRun> values;
      private CellRun current;

      @Override
      public boolean next() throws IOException, InterruptedException {
        while (values == null || !values.hasNext()) {
          if (!context.nextKey()) {
            return false;
          }
          values = context.getValues().iterator();
        }
        current = values.next();
        return true;
      }

      @Override
      public CellKey key() throws IOException, InterruptedException { return context.getCurrentKey(); }

      @Override
      public CellRun run() { return current; }
    };
    try (CellMerge cells = new CellMerge(source, FormatConf.OUTPUT_MERGE_MAX_HELD_BYTES.getLong(conf), spillFiles)) {
      while (cells.next()) {
        cell(cells, context);
      }
      context.getCounter(CellCounter.MERGE_SPILLS).increment(cells.spills());
    } finally {
      cleanup(context);
    }
  }

  /** The merge's current cell and any that follow with the same key. */
  private void cell(CellMerge cells, Context context) throws IOException, InterruptedException {
    CellKey key = cells.key();
    rowEnds.at(key);
    CellFold fold = folds[key.table()];
    if (fold != null) {
      fold.cell(key, sameKeyValues(cells), output);
      while (cells.nextHasSameKey()) { // values the fold did not take
        cells.next();
      }
      return;
    }
    if (!cells.nextHasSameKey()) {
      write(key, cells.value().getBytes(), cells.value().getLength(), context);
      return;
    }
    conflicts.first(cells.value());
    while (cells.nextHasSameKey()) {
      cells.next();
      conflicts.another(cells.value());
    }
    write(key, conflicts.kept().getBytes(), conflicts.kept().getLength(), context);
    conflicts.finish(key);
  }

  /** Adds a cell to the current record, or sends that record and starts the next. */
  private void write(CellKey key, byte[] value, int length, Context context) throws IOException, InterruptedException {
    if (runOpen && run.length() < MAX_RUN_BYTES && lastRowKey.table() == key.table()) {
      if (lastRowKey.sameRow(key)) {
        run.add(key.family(), key.buffer(), key.qualifierOffset(), key.qualifierLength(), key.timestamp(), value, 0, length);
      } else {
        run.addInNewRow(0, key.buffer(), key.rowOffset(), key.rowLength(), key.family(), key.buffer(),
            key.qualifierOffset(), key.qualifierLength(), key.timestamp(), value, 0, length);
        lastRowKey.copyFrom(key);
      }
      return;
    }
    flush(context);
    runKey.copyFrom(key);
    lastRowKey.copyFrom(key);
    run.first(key.timestamp(), value, 0, length);
    runOpen = true;
  }

  private void flush(Context context) throws IOException, InterruptedException {
    if (runOpen) {
      context.write(runKey, run);
      runOpen = false;
    }
  }

  /** The current value, then each following value of the same key; the key object stays put. */
  private static Iterator<BytesWritable> sameKeyValues(CellMerge cells) {
    CellKey key = new CellKey().copyFrom(cells.key());
    return new Iterator<>() {
      private boolean first = true;

      @Override
      public boolean hasNext() {
        try {
          return first || cells.nextHasSameKey();
        } catch (IOException | InterruptedException e) {
          throw new IllegalStateException("reading the shuffle at " + key + ": " + e.getMessage(), e);
        }
      }

      @Override
      public BytesWritable next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        if (!first) {
          try {
            cells.next();
          } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("reading the shuffle at " + key + ": " + e.getMessage(), e);
          }
        }
        first = false;
        return cells.value();
      }
    };
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    rowEnds.finish();
    for (CellFold fold : folds) {
      if (fold != null) {
        fold.close(output);
      }
    }
    flush(context);
    conflicts.close();
  }
}
