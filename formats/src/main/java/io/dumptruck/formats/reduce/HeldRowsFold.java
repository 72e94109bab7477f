package io.dumptruck.formats.reduce;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.reduce.held.HeldRows;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
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
 * does not touch are not asked for, so they are neither shuffled nor written again. A {@link CellFold#perKey} fold
 * writes of a touched row only the columns the load changes. A fold that needs only the held cells of those columns
 * ({@link CellFold#heldByColumn}) has the load's cells of the row kept until its end (up to {@value #MAX_PENDING_BYTES}
 * bytes; past that, the whole held row is asked for and the rest streams, as for other folds), and the held row asked
 * for their columns only.
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

    /** The most bytes of a row's load cells kept before its held row is asked for (a heldByColumn fold). */
    static final int MAX_PENDING_BYTES = 8 << 20;

    /** A heldByColumn fold's row: its load cells are being kept ({@link #pending}) until the row ends. */
    private boolean pendingRow;

    private final Pending pending = new Pending();

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
            inRow = true;
            pendingRow = inner.heldByColumn();
            if (!pendingRow) {
                askHeld(key.row(), null, out);
            }
        }
        if (pendingRow) {
            pending.add(key, values);
            if (pending.bytes > MAX_PENDING_BYTES) { // a row too wide to keep: every held cell of it, streamed
                askHeld(key.row(), null, out);
                foldPending(out);
            }
            return;
        }
        merge(key, values, out);
    }

    /** Asks the held row's cells: of {@code columns} only, or (null) all of them. */
    private void askHeld(byte[] row, List<CellKey> columns, Output out) throws IOException {
        held = source.row(table, row, columns, out.context());
        next = 0;
        if (!held.isEmpty()) {
            out.count(CellCounter.HELD_ROWS_FOLDED, 1);
        }
    }

    /** Folds the kept load cells of the row with the held ones asked for; the row's later cells come one by one. */
    private void foldPending(Output out) throws IOException, InterruptedException {
        for (int i = 0; i < pending.size; i++) {
            merge(pending.keys.get(i), pending.values(i), out);
        }
        pending.clear();
        pendingRow = false;
    }

    /** Folds a load cell with the held cells of its key, after handing over the held cells before it. */
    private void merge(CellKey key, Iterator<BytesWritable> values, Output out)
            throws IOException, InterruptedException {
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

    /** Sets {@code merged[n]} to {@code bytes[0, length)}; returns n + 1. */
    private int set(int n, byte[] bytes, int length) {
        return set(merged, n, bytes, length);
    }

    /** Sets {@code pool[n]} (the list grows as needed) to {@code bytes[0, length)}; returns n + 1. */
    private static int set(List<BytesWritable> pool, int n, byte[] bytes, int length) {
        if (n == pool.size()) {
            pool.add(new BytesWritable());
        }
        pool.get(n).set(bytes, 0, length);
        return n + 1;
    }

    /**
     * Hands the fold the next held cell, which no cell of the load's shares the key of: written at its own time. A fold
     * {@link CellFold#perKey(int) per key} in its family would write it as the live table holds it: it is left out.
     */
    private void passHeld(Output out) throws IOException, InterruptedException {
        HeldCellsOut.Held h = held.get(next++);
        if (inner.perKey(h.key().family())) {
            return;
        }
        heldValue.set(h.value(), 0, h.value().length);
        foldRetimed(h.key(), h.heldAt(), List.of(heldValue).iterator(), out);
    }

    @Override
    public void endRow(Output out) throws IOException, InterruptedException {
        if (pendingRow) {
            askHeld(pending.keys.get(0).row(), pending.keys.subList(0, pending.size), out);
            foldPending(out);
        }
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

    /** A row's load cells, copied (the shuffle reuses its objects); the copies are reused from row to row. */
    private static final class Pending {
        final List<CellKey> keys = new ArrayList<>();
        private final List<BytesWritable> values = new ArrayList<>();
        /** Per kept key, where its values end in {@link #values}. */
        private int[] ends = new int[16];

        int size;
        private int valueCount;
        long bytes;

        void add(CellKey key, Iterator<BytesWritable> from) {
            if (size == keys.size()) {
                keys.add(new CellKey());
            }
            keys.get(size).copyFrom(key);
            bytes += key.payloadLength();
            while (from.hasNext()) {
                BytesWritable v = from.next();
                valueCount = set(values, valueCount, v.getBytes(), v.getLength());
                bytes += v.getLength();
            }
            if (size == ends.length) {
                ends = Arrays.copyOf(ends, size * 2);
            }
            ends[size++] = valueCount;
        }

        Iterator<BytesWritable> values(int i) {
            return values.subList(i == 0 ? 0 : ends[i - 1], ends[i]).iterator();
        }

        void clear() {
            size = 0;
            valueCount = 0;
            bytes = 0;
        }
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

        /**
         * The held cells of {@code table}'s {@code row}, of {@code columns} only (see {@link HeldRows}) or all (null).
         */
        List<HeldCellsOut.Held> row(
                int table, byte[] row, List<CellKey> columns, TaskInputOutputContext<?, ?, ?, ?> context)
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
            if (columns == null) {
                rows.cells(table, row);
            } else {
                rows.cells(table, row, columns);
            }
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
