package io.dumptruck.formats.reduce;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.InjectedFaults;
import io.dumptruck.formats.output.CellBatch;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.shuffle.RowChange;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * Streams cells from the shuffle to the HFile writer. The shuffle brings {@link CellRun}s sorted by their first cell;
 * {@link CellMerge} turns them into cells in key order, holding only the runs that overlap (bounded, spilling to a
 * local file beyond {@link FormatConf#OUTPUT_MERGE_MAX_HELD_BYTES}), so a row with millions of qualifiers needs no more
 * memory than one cell. Of cells that share a whole key one is written, by the rule of {@link CellConflicts} (the
 * greatest value; the others counted, and listed when they differ), unless the table has a {@link CellFold}, which then
 * decides what is written.
 */
public class CellStreamReducer extends Reducer<CellKey, CellRun, NullWritable, CellBatch> {
    /**
     * Cells leave for the record writer as records ({@link CellBatch}) of about this many bytes: the cells of many
     * rows, or part of a wide row's. Hadoop's per-record output bookkeeping (its wrapper's calls and counters) then
     * comes once per record, not once per row.
     */
    private static final int MAX_BATCH_BYTES = 64 * 1024;

    private static final byte PUT = KeyValue.Type.Put.getCode();
    private CellFold[] folds;
    private CellFold.Output output;
    private FoldRowEnds rowEnds;
    private CellConflicts conflicts;
    /** The cells written so far, not yet handed to the record writer. */
    private final CellBatch batch = new CellBatch(MAX_BATCH_BYTES + MAX_BATCH_BYTES / 4);
    /** Tells the cells that start a row (the record writer counts rows by them, comparing no keys). */
    private final RowChange rows = new RowChange();
    /** Per table index: the families' names, whether values lead with a type code, with tags. */
    private byte[][][] familyNames;

    private boolean[] markers;
    private boolean[] tagged;

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
        List<TableSpec> tables = JobTables.of(context.getConfiguration());
        conflicts = new CellConflicts(context, tables);
        familyNames = tables.stream()
                .map(t -> t.families().stream().map(FamilySpec::nameBytes).toArray(byte[][]::new))
                .toArray(byte[][][]::new);
        markers = JobTables.markers(context.getConfiguration(), tables);
        tagged = JobTables.tagged(context.getConfiguration(), tables);
    }

    /** One pass over every cell of the task in key order (not one call per shuffle key). */
    @Override
    public void run(Context context) throws IOException, InterruptedException {
        setup(context);
        Configuration conf = context.getConfiguration();
        LocalDirAllocator localDirs = new LocalDirAllocator(MRConfig.LOCAL_DIR);
        String attempt = context.getTaskAttemptID().toString();
        int[] spillNumber = {0};
        CellMerge.SpillFiles spillFiles = () -> new File(localDirs
                .getLocalPathForWrite("dumptruck-merge/" + attempt + "-" + spillNumber[0]++, conf)
                .toUri()
                .getPath());
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
                    public CellKey key() throws IOException, InterruptedException {
                        return context.getCurrentKey();
                    }

                    @Override
                    public CellRun run() {
                        return current;
                    }
                };
        try (CellMerge cells =
                new CellMerge(source, FormatConf.OUTPUT_MERGE_MAX_HELD_BYTES.getLong(conf), spillFiles)) {
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

    /**
     * Adds a cell to the batch for the record writer, laid out as HBase's cell: the type code and tags that lead the
     * values of some tables ({@link JobTables#markers}, {@link JobTables#tagged}) go where HBase keeps them. A full
     * batch is sent first.
     */
    private void write(CellKey key, byte[] value, int length, Context context)
            throws IOException, InterruptedException {
        int t = key.table();
        byte type = PUT;
        int valueOffset = 0;
        int valueLength = length;
        if (markers[t]) {
            type = KeyValue.Type.codeToType(value[0]).getCode();
            valueOffset++;
            valueLength--;
        }
        int tagsOffset = valueOffset;
        int tagsLength = 0;
        if (tagged[t]) {
            tagsLength = Bytes.toShort(value, valueOffset) & 0xFFFF;
            tagsOffset = valueOffset + 2;
            valueOffset = tagsOffset + tagsLength;
            valueLength -= 2 + tagsLength;
        }
        if (batch.length() >= MAX_BATCH_BYTES) {
            flush(context);
        }
        batch.add(
                rows.changed(key),
                key,
                familyNames[t][key.family()],
                type,
                value,
                valueOffset,
                valueLength,
                value,
                tagsOffset,
                tagsLength);
    }

    private void flush(Context context) throws IOException, InterruptedException {
        if (!batch.isEmpty()) {
            context.write(NullWritable.get(), batch);
            batch.clear();
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
