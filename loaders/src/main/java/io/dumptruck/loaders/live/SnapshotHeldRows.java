package io.dumptruck.loaders.live;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.reduce.held.HeldRows;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LoadCounter;
import io.dumptruck.loaders.LoaderConf;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The held rows of a load folding into its live tables, read in the reducers from the snapshots taken at set-up
 * ({@link LiveConf#HELD_DIRS}, each with its {@link HeldState} in {@link LiveConf#HELD_READERS}): for each folded
 * table, one forward scan per snapshot that feeds it, which jumps over the rows the load does not touch by the files'
 * block indexes and hands each touched row found to its HeldState ({@link RowScanner#row}): of the columns the load
 * writes only, where the fold needs no more and the HeldState {@link HeldState#liveColumns names their live columns}. A
 * row a HeldState cannot read is counted ({@link LoadCounter#HELD_ROWS_UNREADABLE}) and logged, and not folded.
 */
final class SnapshotHeldRows implements HeldRows {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotHeldRows.class);
    private static final int MAX_LOGGED = 20;
    private static final byte[] TO_THE_END = new byte[0];

    private TaskInputOutputContext<?, ?, ?, ?> context;
    private HeldCellsOut out;
    private List<TableSpec> tables;
    private final List<TableReader> readers = new ArrayList<>();
    private final List<HeldState> states = new ArrayList<>();
    private long loadTimestamp;
    /** Per folded table (by index), its families' names, by family index. */
    private final Map<Integer, byte[][]> familyNames = new HashMap<>();
    /** Per folded table (by index), a cursor per snapshot that feeds it; opened at the table's first row. */
    private final Map<Integer, List<Cursor>> cursors = new HashMap<>();

    @Override
    public void open(TaskInputOutputContext<?, ?, ?, ?> context, HeldCellsOut out) throws IOException {
        this.context = context;
        this.out = out;
        Configuration conf = context.getConfiguration();
        tables = JobTables.of(conf);
        loadTimestamp = LoaderConf.loadTimestamp(conf);
        String[] classes = LiveConf.HELD_READERS.get(conf).split(",");
        String[] dirs = LiveConf.HELD_DIRS.get(conf).split(",");
        for (int i = 0; i < classes.length; i++) {
            try {
                HeldState state = (HeldState) ReflectionUtils.newInstance(conf.getClassByName(classes[i]), conf);
                state.resolve(out);
                states.add(state);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("no class " + classes[i] + " to re-emit the live table's cells", e);
            }
            readers.add(TableReader.open(conf, new Path(dirs[i])));
        }
    }

    @Override
    public void cells(int table, byte[] row) throws IOException {
        cells(table, row, null);
    }

    /** Each snapshot's row; of the columns its HeldState names for {@code columns}, where it names them. */
    @Override
    public void cells(int table, byte[] row, List<CellKey> columns) throws IOException {
        String name = tables.get(table).name();
        byte[][] families = columns == null ? null : familyNames.computeIfAbsent(table, this::familyNamesOf);
        for (Cursor cursor : cursors.computeIfAbsent(table, this::cursorsOf)) {
            RowScanner.Columns live = null;
            if (columns != null) {
                cursor.columns.clear();
                if (cursor.state.liveColumns(name, families, columns, cursor.columns)) {
                    live = cursor.columns;
                }
            }
            Result held = live != null && live.isEmpty() ? null : cursor.at(row, live);
            if (held == null) {
                continue;
            }
            context.getCounter(LoadCounter.HELD_ROWS_READ).increment(1);
            try {
                cursor.state.emit(held, loadTimestamp, out);
            } catch (IllegalArgumentException e) {
                if (context.getCounter(LoadCounter.HELD_ROWS_UNREADABLE).getValue() < MAX_LOGGED) {
                    LOG.warn("not folded: {}", e.getMessage());
                }
                context.getCounter(LoadCounter.HELD_ROWS_UNREADABLE).increment(1);
            }
        }
    }

    private byte[][] familyNamesOf(int table) {
        return tables.get(table).families().stream()
                .map(f -> Bytes.toBytes(f.name()))
                .toArray(byte[][]::new);
    }

    private List<Cursor> cursorsOf(int table) {
        List<Cursor> of = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            if (states.get(i).feeds().contains(tables.get(table).name())) {
                of.add(new Cursor(readers.get(i), states.get(i)));
            }
        }
        return of;
    }

    @Override
    public void close() throws IOException {
        for (List<Cursor> of : cursors.values()) {
            for (Cursor c : of) {
                c.close();
            }
        }
        for (TableReader r : readers) {
            r.close();
        }
    }

    /** A forward scan of one snapshot, every version its families keep, from the first row asked for. */
    private static final class Cursor {
        private final TableReader reader;
        private final HeldState state;
        /** The live columns a row is asked for, reused from row to row. */
        private final RowScanner.Columns columns = new RowScanner.Columns();

        private RowScanner scanner;

        Cursor(TableReader reader, HeldState state) {
            this.reader = reader;
            this.state = state;
        }

        /**
         * The snapshot's row {@code row} (rows asked for in ascending order), of {@code columns} only (null: all), or
         * null if it has none.
         */
        Result at(byte[] row, RowScanner.Columns columns) throws IOException {
            if (scanner == null) {
                scanner = reader.scan(
                        ScanSpec.all().withMaxVersions(Integer.MAX_VALUE).withRange(row, TO_THE_END));
            }
            return scanner.row(row, columns);
        }

        void close() throws IOException {
            if (scanner != null) {
                scanner.close();
            }
        }
    }
}
