package io.dumptruck.formats.reduce;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Turns the cells the shuffle delivers for one table into the cells written, for tables whose cells are computed from
 * many input records: counters (sum the values of one key), a row's list of qualifiers folded into one JSON cell, a
 * top-k per row. The reducer calls {@link #cell} once per distinct cell key, in key order, and {@link #endRow} after
 * the last key of each row; a fold keeps at most one row's state. What it emits must keep HBase's order within each
 * family of the row. Register one per table with {@code HFileTableJob.configure(job).fold(table, Fold.class)}; a table
 * without one keeps the first value of each key.
 */
@PublicApi
public interface CellFold {
    /** Where a fold writes cells, and counts what it did. */
    interface Output {
        /** Writes the cell {@code key} → {@code value[0, length)}. */
        void write(CellKey key, byte[] value, int length) throws IOException, InterruptedException;

        default void write(CellKey key, byte[] value) throws IOException, InterruptedException {
            write(key, value, value.length);
        }

        default void write(CellKey key, BytesWritable value) throws IOException, InterruptedException {
            write(key, value.getBytes(), value.getLength());
        }

        void count(Enum<?> counter, long n);

        /** The reduce task's context, for folds that write a side output (rejects). */
        TaskInputOutputContext<?, ?, ?, ?> context();
    }

    /** One distinct cell key and every value the shuffle brought for it (at least one). */
    void cell(CellKey key, Iterator<BytesWritable> values, Output out) throws IOException, InterruptedException;

    /** The row of the preceding {@link #cell} calls is complete. */
    default void endRow(Output out) throws IOException, InterruptedException {}

    /** The task's last row is done; release side outputs. */
    default void close(Output out) throws IOException, InterruptedException {}

    /**
     * True when each cell this fold writes depends on the values of its own key alone (a sum per column): then a load
     * folding the live table leaves out the columns of a touched row that only the live table holds — it serves them
     * already as they would be written again (same key, time and value) — and writes the columns the load changes.
     * False (the default) for a fold over a whole row (a top-k, a list), which is given every held cell of the row.
     */
    default boolean perKey() {
        return false;
    }

    /**
     * As {@link #perKey}, for the cells of one family of the table ({@link CellKey#family}): a fold may write some
     * families per key (versions kept as they come) and others over the whole row. By default, {@link #perKey()}.
     */
    default boolean perKey(int family) {
        return perKey();
    }

    /**
     * True when, folding what the live table holds, this fold needs of a touched row only the held cells of the columns
     * the load writes in it (and what the row's {@code HeldRows} source adds to them, as a held top-k's winner): the
     * source may then read just those. True for a {@link #perKey} fold; false (the default) otherwise.
     */
    default boolean heldByColumn() {
        return perKey();
    }

    /**
     * A fold to run on the map side — as a map task cuts its sorted blocks ({@code CellBlockBuffer}), and over each
     * sorted spill for records sent on their own ({@link CellCombiner}) — or null (the default) for none. It sees the
     * same calls as this one and must write cells under the keys it was given, which this fold then reads as if they
     * came from the mapper: partial sums for a sum, the first k of a row for a top-k.
     */
    default CellFold combiner() {
        return null;
    }

    /**
     * The fold of each table of a configured job, by table index; null where a table has none. A table that folds what
     * the live table holds too gets its fold inside a {@link HeldRowsFold}.
     */
    public static CellFold[] forTables(Configuration conf) {
        List<TableSpec> tables = JobTables.of(conf);
        boolean[] held = JobTables.held(conf, tables);
        HeldRowsFold.Source source = new HeldRowsFold.Source(conf, tables);
        CellFold[] folds = new CellFold[tables.size()];
        for (int t = 0; t < tables.size(); t++) {
            Class<?> fold =
                    conf.getClass(FormatConf.OUTPUT_FOLD_PREFIX + tables.get(t).name(), null);
            if (fold != null) {
                CellFold f = (CellFold) ReflectionUtils.newInstance(fold, conf);
                folds[t] = held[t] ? new HeldRowsFold(f, t, source) : f;
            }
        }
        return folds;
    }
}
