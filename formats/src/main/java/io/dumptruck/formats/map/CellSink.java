package io.dumptruck.formats.map;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * How a loader's mapper emits cells into the tables of an {@code HFileTableOutputFormat} job: resolve each (table,
 * family) once in {@code setup}, then {@link #put} cells. Reuses its key, run and cell buffers, so emitting a record
 * allocates nothing once warm.
 *
 * <pre>{@code
 * sink = CellSink.of(context);
 * follows = sink.family("follows", "f");
 * ...
 * sink.begin();
 * sink.put(follows, row, qualifier, ts, value);
 * sink.commit();
 * }</pre>
 *
 * Between {@link #begin} and {@link #commit} the cells of one record are held back; at commit, the cells that share a
 * table and row leave as one shuffle record (a {@link CellRun} under its first cell's key), except in tables with a
 * fold. Outside begin/commit each cell leaves on its own. A {@link #buffered} sink instead holds the runs of one cell
 * and sends them sorted, in blocks of many rows, when its buffer fills and at {@link #close}; the cells of a table
 * whose fold has a combiner go through it on the way ({@link CellBlockBuffer}).
 */
@PublicApi
public final class CellSink {
    private static final byte PUT = KeyValue.Type.Put.getCode();
    private static final byte[] EMPTY = new byte[0];

    private final TaskInputOutputContext<?, ?, CellKey, CellRun> context;
    private final List<TableSpec> tables;
    /**
     * Tables with a {@code CellFold}: their cells travel one per run, for the map-side combiner ({@code CellCombiner},
     * {@link CellBlockBuffer}).
     */
    private final boolean[] folded;
    /**
     * Tables whose cells may be delete markers: their values lead with the cell's type code
     * ({@code JobTables.markers}).
     */
    private final boolean[] markers;
    /**
     * Tables whose map output values lead with the cell's type: unfolded ones with markers (a fold writes the type of
     * what it writes).
     */
    private final boolean[] led;

    private final CellRun run = new CellRun();
    /** Cells of the record being emitted between {@link #begin} and {@link #commit}; reused. */
    private final List<CellKey> pendingKeys = new ArrayList<>();

    private final List<BytesWritable> pendingValues = new ArrayList<>();
    private int[] order = new int[8];
    /** Per pending cell, its row among the record's rows; per row, its first pending cell and its rank. */
    private int[] rowOf = new int[8];

    private int[] rowFirst = new int[8];
    private int[] rowRank = new int[8];
    private int pending = -1;
    /** Runs of one cell, sorted here and sent as blocks; null to send each record on its own. */
    private final CellBlockBuffer blocks;
    /**
     * Per table and family, the oldest timestamp a reader will still show (the family's TTL before the job's set-up),
     * else Long.MIN_VALUE.
     */
    private final long[][] oldestShown;

    private CellSink(TaskInputOutputContext<?, ?, CellKey, CellRun> context, List<TableSpec> tables, boolean buffered) {
        this.context = context;
        this.tables = tables;
        this.folded = new boolean[tables.size()];
        Configuration conf = context.getConfiguration();
        for (int t = 0; t < tables.size(); t++) {
            folded[t] = conf.get(FormatConf.OUTPUT_FOLD_PREFIX + tables.get(t).name()) != null;
        }
        this.markers = JobTables.markers(conf, tables);
        this.led = new boolean[tables.size()];
        for (int t = 0; t < tables.size(); t++) {
            led[t] = markers[t] && !folded[t];
        }
        this.blocks = buffered ? blockBuffer(context) : null;
        this.oldestShown = JobTables.oldestShown(conf, tables);
    }

    /** The block buffer of {@link #buffered}, or null to send each record on its own. */
    private static CellBlockBuffer blockBuffer(TaskInputOutputContext<?, ?, CellKey, CellRun> context) {
        Configuration conf = context.getConfiguration();
        long bytes = mapBufferBytes(conf);
        try {
            if (bytes <= 0
                    || MapOutputSampler.isSampling(conf)
                    || !RegionPartitioner.class.equals(context.getPartitionerClass())) {
                return null;
            }
        } catch (ClassNotFoundException e) {
            return null;
        }
        RegionPartitioner<CellRun> partitioner = new RegionPartitioner<>();
        partitioner.setConf(conf);
        CellFold[] folds = CellFold.forTables(conf);
        CellFold[] combiners = new CellFold[folds.length];
        for (int t = 0; t < folds.length; t++) {
            combiners[t] = folds[t] == null ? null : folds[t].combiner();
        }
        return new CellBlockBuffer((int) bytes, partitioner, combiners, context, context::write);
    }

    /**
     * The size of a {@link #buffered} sink's buffer ({@link FormatConf#OUTPUT_MAP_BUFFER_MB}; unset: a quarter of the
     * sort buffer), 0 for none. A value that is not a whole number of MB from 0 to 2047 is a {@code SpecException}
     * naming the key ({@code HFileTableJob} checks every storage key at set-up).
     */
    public static long mapBufferBytes(Configuration conf) {
        String mb = FormatConf.OUTPUT_MAP_BUFFER_MB.get(conf);
        if (mb == null) {
            return (long) conf.getInt(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB) << 18;
        }
        FormatConf.OUTPUT_MAP_BUFFER_MB.requireValid(conf);
        return Long.parseLong(mb.trim()) << 20;
    }

    /** A sink that sends each record's cells to the shuffle as it commits. */
    public static CellSink of(TaskInputOutputContext<?, ?, CellKey, CellRun> context) {
        return new CellSink(context, JobTables.of(context.getConfiguration()), false);
    }

    /**
     * A sink that holds the cells that records put alone into a row (an edge's cell in {@code follows}, a counter's) in
     * a buffer of {@link FormatConf#OUTPUT_MAP_BUFFER_MB}, sorts them and sends them to the shuffle as blocks of many
     * rows ({@link CellBlockBuffer}): the shuffle then handles a record per block instead of one per cell, and a fold's
     * combiner runs as the blocks are cut. The mapper must call {@link #close} in its {@code cleanup}, or the cells
     * still held are lost. Sends each record on its own, as {@link #of}, when the buffer is 0 MB, the job's partitioner
     * is not the {@link RegionPartitioner} or the split-point sampler runs the mapper.
     */
    public static CellSink buffered(TaskInputOutputContext<?, ?, CellKey, CellRun> context) {
        return new CellSink(context, JobTables.of(context.getConfiguration()), true);
    }

    public FamilyRef family(String table, String family) {
        return FamilyRef.of(tables, table, family);
    }

    /**
     * Emits one cell; an IllegalArgumentException (empty or too long row, a timestamp HBase refuses, an
     * {@link ExpiredCellException}) emits nothing. Between {@link #begin} and {@link #commit} the cell is held back.
     */
    public void put(FamilyRef ref, byte[] row, byte[] qualifier, long timestamp, byte[] cellValue)
            throws IOException, InterruptedException {
        emit(ref, row, qualifier, timestamp, PUT, cellValue);
    }

    /**
     * Emits a delete marker of {@code kind} (Delete, DeleteColumn, DeleteFamily — qualifier empty — or
     * DeleteFamilyVersion), as {@link #put} emits a cell; the table must be declared with
     * {@code HFileTableJob.configure(job).markers(table)}.
     */
    public void delete(FamilyRef ref, byte[] row, byte[] qualifier, long timestamp, KeyValue.Type kind)
            throws IOException, InterruptedException {
        if (!markers[ref.table()] || folded[ref.table()]) {
            throw new IllegalStateException(
                    "table " + ref.tableName() + " takes no delete markers from the map side: declare "
                            + "them with HFileTableJob.configure(job).markers(\"" + ref.tableName()
                            + "\") on a table without a fold");
        }
        if (kind != KeyValue.Type.Delete
                && kind != KeyValue.Type.DeleteColumn
                && kind != KeyValue.Type.DeleteFamily
                && kind != KeyValue.Type.DeleteFamilyVersion) {
            throw new IllegalArgumentException(kind + " is not a delete marker");
        }
        emit(ref, row, qualifier, timestamp, kind.getCode(), EMPTY);
    }

    /** {@code type}: the cell's KeyValue type code, leading the value of a table with markers and no fold. */
    private void emit(FamilyRef ref, byte[] row, byte[] qualifier, long timestamp, byte type, byte[] cellValue)
            throws IOException, InterruptedException {
        if (timestamp < oldestShown[ref.table()][ref.family()]) {
            throw new ExpiredCellException(
                    ref,
                    timestamp,
                    tables.get(ref.table()).families().get(ref.family()).ttlSeconds());
        }
        boolean single = pending < 0;
        int i = single ? 0 : pending;
        if (i == pendingKeys.size()) {
            pendingKeys.add(new CellKey());
            pendingValues.add(new BytesWritable());
        }
        pendingKeys.get(i).set(ref.table(), ref.family(), row, qualifier, timestamp);
        BytesWritable value = pendingValues.get(i);
        if (led[ref.table()]) { // the type first: the record writer takes it off
            value.setSize(0);
            value.setSize(cellValue.length + 1);
            value.getBytes()[0] = type;
            System.arraycopy(cellValue, 0, value.getBytes(), 1, cellValue.length);
        } else {
            value.set(cellValue, 0, cellValue.length);
        }
        if (single) {
            order[0] = 0;
            writeRun(0, 0);
        } else {
            pending++;
        }
    }

    /**
     * Whether a cell of {@code ref} at {@code timestamp} would still be shown by a reader (its family's TTL, counted
     * back from the job's set-up): {@link #put} refuses one that would not.
     */
    public boolean shows(FamilyRef ref, long timestamp) {
        return timestamp >= oldestShown[ref.table()][ref.family()];
    }

    /** Starts a record whose cells are all written by {@link #commit} or none by {@link #rollback}. */
    public void begin() {
        pending = 0;
    }

    /**
     * Writes the record's cells: sorted, one run per table and row (equal keys keep their order). Each cell's row is
     * compared whole once, with the first cell of each row seen before it (a record has a row or a few); the sort then
     * orders rows by those first cells and a row's cells by column.
     */
    public void commit() throws IOException, InterruptedException {
        int n = pending;
        pending = -1;
        if (order.length < n) {
            order = new int[Math.max(n, order.length * 2)];
            rowOf = new int[order.length];
            rowFirst = new int[order.length];
            rowRank = new int[order.length];
        }
        int rows = 0;
        for (int i = 0; i < n; i++) {
            int r = 0;
            while (r < rows && !pendingKeys.get(rowFirst[r]).sameRow(pendingKeys.get(i))) {
                r++;
            }
            if (r == rows) {
                rowFirst[rows++] = i;
            }
            rowOf[i] = r;
        }
        if (rows > 1) { // rowOf[i] becomes the rank of cell i's row among the record's rows
            rankRows(rows);
            for (int i = 0; i < n; i++) {
                rowOf[i] = rowRank[rowOf[i]];
            }
        }
        for (int i = 0; i < n; i++) { // insertion sort: a record has a handful of cells, and it is stable
            int j = i;
            while (j > 0 && compare(order[j - 1], i) > 0) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = i;
        }
        for (int from = 0, to = 1; from < n; from = to++) {
            int row = rowOf[order[from]];
            boolean fold = folded[pendingKeys.get(order[from]).table()];
            while (to < n && !fold && rowOf[order[to]] == row) {
                to++;
            }
            writeRun(from, to - from - 1);
        }
    }

    /** The key order of pending cells a and b, given their row ranks in {@link #rowOf}. */
    private int compare(int a, int b) {
        return rowOf[a] != rowOf[b]
                ? Integer.compare(rowOf[a], rowOf[b])
                : pendingKeys.get(a).compareColumnTo(pendingKeys.get(b));
    }

    /** Sets {@code rowRank[r]} to the rank in key order of row r among the first {@code rows} rows (all distinct). */
    private void rankRows(int rows) {
        Arrays.fill(rowRank, 0, rows, 0);
        for (int r = 1; r < rows; r++) {
            CellKey first = pendingKeys.get(rowFirst[r]);
            for (int o = 0; o < r; o++) { // each pair once: the later row in key order ranks one higher
                rowRank[pendingKeys.get(rowFirst[o]).compareTo(first) < 0 ? r : o]++;
            }
        }
    }

    /**
     * Writes the cells order[from .. from + more] (all of one row) as one run; 0 more = one cell. A buffered sink holds
     * a run of one cell for a block, unless it is too big. A run of several cells leaves on its own: its cells already
     * share one shuffle record, and putting them in blocks as well measured slower (a web-log line's seven cells:
     * 1.03–1.05× the time of the whole web-log load, see BENCHMARKS.md).
     */
    private void writeRun(int from, int more) throws IOException, InterruptedException {
        CellKey first = pendingKeys.get(order[from]);
        BytesWritable value = pendingValues.get(order[from]);
        run.first(first.timestamp(), value.getBytes(), 0, value.getLength());
        for (int i = from + 1; i <= from + more; i++) {
            CellKey k = pendingKeys.get(order[i]);
            BytesWritable v = pendingValues.get(order[i]);
            run.add(
                    k.family(),
                    k.buffer(),
                    k.qualifierOffset(),
                    k.qualifierLength(),
                    k.timestamp(),
                    v.getBytes(),
                    0,
                    v.getLength());
        }
        if (blocks == null || more > 0 || !blocks.add(first, run)) {
            context.write(first, run);
        }
    }

    public void rollback() {
        pending = -1;
    }

    /** Sends the cells still held for blocks ({@link #buffered}); call once, when the task's records are done. */
    public void close() throws IOException, InterruptedException {
        if (blocks != null) {
            blocks.flush();
            context.getCounter(CellCounter.MAP_RUNS_IN_BLOCKS).increment(blocks.runsWritten());
            context.getCounter(CellCounter.MAP_BLOCKS).increment(blocks.blocksWritten());
            context.getCounter(CellCounter.MAP_COMBINER_INPUT_CELLS).increment(blocks.combinerInputCells());
            context.getCounter(CellCounter.MAP_COMBINER_OUTPUT_CELLS).increment(blocks.combinerOutputCells());
        }
    }
}
