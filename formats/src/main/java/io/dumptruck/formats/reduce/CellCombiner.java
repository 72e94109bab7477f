package io.dumptruck.formats.reduce;

import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * Hadoop's combiner for loads whose folds pre-aggregate on the map side ({@link CellFold#combiner}): it runs over each
 * sorted spill and hands the cells of such a table, key by key and row by row, to the table's combiner fold — counters
 * are summed, a top-k row is cut to k — so the shuffle carries what the reducer's fold needs, not every record. A table
 * without one passes through untouched. Cells of folded tables travel one per record ({@code CellSink}), so each value
 * is one cell, or a block of many whose cells went through the same combiner as the blocks were cut
 * ({@code CellBlockBuffer}): those pass unchanged.
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
    protected void reduce(CellKey key, Iterable<CellRun> values, Context context)
            throws IOException, InterruptedException {
        CellFold combiner = combiners[key.table()];
        if (combiner == null) {
            for (CellRun v : values) {
                context.write(key, v);
            }
            return;
        }
        rowEnds.at(key);
        Iterator<CellRun> it = values.iterator();
        Iterator<BytesWritable> cells = new Iterator<>() { // each one-cell value; blocks are passed on as they come
                    private boolean ready;

                    @Override
                    public boolean hasNext() {
                        while (!ready && it.hasNext()) {
                            CellRun run = it.next();
                            cell.reset(key, run.bytes(), run.length());
                            if (cell.next()) {
                                passOn(
                                        key, run,
                                        context); // a block of many cells (already combined): the reducer's fold takes
                                // it whole
                            } else {
                                value.set(cell.valueBuffer(), cell.valueOffset(), cell.valueLength());
                                ready = true;
                            }
                        }
                        return ready;
                    }

                    @Override
                    public BytesWritable next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        ready = false;
                        return value;
                    }
                };
        if (cells.hasNext()) {
            combiner.cell(key, cells, output);
        }
        while (cells.hasNext()) { // values the combiner did not take are dropped, as the reducer's fold would
            cells.next();
        }
    }

    private static void passOn(CellKey key, CellRun run, Context context) {
        try {
            context.write(key, run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while combining at " + key, e);
        }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        rowEnds.finish();
    }
}
