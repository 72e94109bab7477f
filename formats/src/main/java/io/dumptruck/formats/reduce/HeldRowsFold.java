package io.dumptruck.formats.reduce;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.reduce.held.HeldRows;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A table's fold, given the cells the table holds as well as the load's own ({@code HFileTableJob.foldingHeldRows}): at
 * the first cell of each row the load's cells reach, the row's held cells are asked of the job's {@link HeldRows} and
 * merged, in key order, into what the fold sees — an old count with the new ones, a top-k of old and new. Rows the load
 * does not touch are not asked for, so they are neither shuffled nor written again; of a touched row, a
 * {@link CellFold#perKey} fold writes only the columns the load changes.
 */
final class HeldRowsFold implements CellFold {
    private final CellFold inner;
    private final int table;
    private final Source source;
    private List<HeldCellsOut.Held> held = List.of();
    private int next;
    private boolean inRow;
    private final List<BytesWritable> merged = new ArrayList<>();
    private final BytesWritable heldValue = new BytesWritable();

    HeldRowsFold(CellFold inner, int table, Source source) {
        this.inner = inner;
        this.table = table;
        this.source = source;
    }

    /**
     * While the fold is given a column the live table holds: that column's held key and the time its cell is written at
     * instead of the key's — the live cell's own time for a column the load does not touch, the newer of the two for
     * one it does ({@link HeldCellsOut.Held#heldAt}).
     */
    private CellKey retimed;

    private long retimeTo;
    private final CellKey retimedKey = new CellKey();

    private final Retiming retiming = new Retiming();

    /** Writes through to {@link #to}, a cell of the {@link #retimed} column at {@link #retimeTo}. */
    private final class Retiming implements Output {
        private Output to;

        @Override
        public void write(CellKey key, byte[] value, int length) throws IOException, InterruptedException {
            if (retimed != null && retimeTo != key.timestamp() && sameColumnAndTime(retimed, key)) {
                retimedKey.set(key.table(), key.family(), key.row(), key.qualifier(), retimeTo);
                to.write(retimedKey, value, length);
            } else {
                to.write(key, value, length);
            }
        }

        @Override
        public void count(Enum<?> counter, long n) {
            to.count(counter, n);
        }

        @Override
        public TaskInputOutputContext<?, ?, ?, ?> context() {
            return to.context();
        }
    }

    @Override
    public void cell(CellKey key, Iterator<BytesWritable> values, Output out) throws IOException, InterruptedException {
        if (!inRow) {
            held = source.row(table, key.row(), out.context());
            next = 0;
            inRow = true;
            if (!held.isEmpty()) {
                out.count(CellCounter.HELD_ROWS_FOLDED, 1);
            }
        }
        while (next < held.size() && held.get(next).key().compareTo(key) < 0) {
            passHeld(out);
        }
        if (next == held.size() || held.get(next).key().compareTo(key) > 0) {
            inner.cell(key, values, out);
            return;
        }
        int n = 0;
        while (values.hasNext()) { // the shuffle reuses its value objects: copy
            BytesWritable v = values.next();
            n = set(n, v.getBytes(), v.getLength());
        }
        long newest = key.timestamp();
        for (; next < held.size() && held.get(next).key().compareTo(key) == 0; next++) {
            byte[] v = held.get(next).value();
            n = set(n, v, v.length);
            newest = Math.max(newest, held.get(next).heldAt());
        }
        foldRetimed(key, newest, merged.subList(0, n).iterator(), out);
    }

    /**
     * Gives the fold a column the live table holds, so that its cell of that column is written at {@code at}: a folded
     * cell's time is the newest time of what it folds, whatever order the days were loaded in.
     */
    private void foldRetimed(CellKey key, long at, Iterator<BytesWritable> values, Output out)
            throws IOException, InterruptedException {
        retimed = key;
        retimeTo = at;
        retiming.to = out;
        try {
            inner.cell(key, values, at == key.timestamp() ? out : retiming);
        } finally {
            retimed = null;
        }
    }

    private static boolean sameColumnAndTime(CellKey a, CellKey b) {
        return a.timestamp() == b.timestamp() && a.family() == b.family() && a.sameQualifier(b);
    }

    /** Sets {@code merged[n]} (the list grows as needed) to {@code bytes[0, length)}; returns n + 1. */
    private int set(int n, byte[] bytes, int length) {
        if (n == merged.size()) {
            merged.add(new BytesWritable());
        }
        merged.get(n).set(bytes, 0, length);
        return n + 1;
    }

    /**
     * Hands the fold the next held cell, which no cell of the load's shares the key of: written at its own time. A
     * {@link CellFold#perKey} fold would write it as the live table holds it: it is left out.
     */
    private void passHeld(Output out) throws IOException, InterruptedException {
        HeldCellsOut.Held h = held.get(next++);
        if (inner.perKey()) {
            return;
        }
        heldValue.set(h.value(), 0, h.value().length);
        foldRetimed(h.key(), h.heldAt(), List.of(heldValue).iterator(), out);
    }

    @Override
    public void endRow(Output out) throws IOException, InterruptedException {
        while (next < held.size()) {
            passHeld(out);
        }
        inner.endRow(out);
        inRow = false;
    }

    @Override
    public void close(Output out) throws IOException, InterruptedException {
        inner.close(out);
        source.close();
    }

    /** The load's own cells only cross the shuffle: the table's combiner, as it is. */
    @Override
    public CellFold combiner() {
        return inner.combiner();
    }

    /** The task's one {@link HeldRows}, shared by its folded tables: opened at the first row asked for. */
    static final class Source {
        private final Configuration conf;
        private final List<TableSpec> tables;
        private HeldRows rows;
        private HeldCellsOut out;

        Source(Configuration conf, List<TableSpec> tables) {
            this.conf = conf;
            this.tables = tables;
        }

        List<HeldCellsOut.Held> row(int table, byte[] row, TaskInputOutputContext<?, ?, ?, ?> context)
                throws IOException {
            if (rows == null) {
                Class<? extends HeldRows> c = conf.getClass(FormatConf.OUTPUT_HELD_ROWS.key(), null, HeldRows.class);
                if (c == null) {
                    throw new IllegalStateException(
                            "the job folds held rows but names no HeldRows: HFileTableJob.heldRowsFrom(...)");
                }
                rows = ReflectionUtils.newInstance(c, conf);
                out = new HeldCellsOut(conf, tables);
                rows.open(context, out);
            }
            out.start(table, row);
            rows.cells(table, row);
            return out.sorted();
        }

        void close() throws IOException {
            if (rows != null) {
                rows.close();
                rows = null;
            }
        }
    }
}
