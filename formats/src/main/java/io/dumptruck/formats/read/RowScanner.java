package io.dumptruck.formats.read;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.read.FileCursor.KeyChange;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;

/**
 * Reads the rows of a key range of a table as HBase {@link Result}s, applying a {@link ScanSpec} the way an HBase scan
 * does: the column set, the time range, family TTLs, the newest {@code min(scan maxVersions, family VERSIONS)} cells
 * per column, the row limit, and the batch (a row wider than {@code batch} cells comes as several Results). Rows with
 * no cell left are skipped. Delete markers mask what they mask across files, as a region server's scan
 * ({@link DeleteMarkers}), and are never returned; a table of Put cells only (dumptruck's own) never leaves the fast
 * path, where each cell costs one type check more.
 */
@PublicApi
public final class RowScanner implements Closeable {
    private static final CellComparator CELLS = CellComparator.getInstance();
    private static final byte PUT = KeyValue.Type.Put.getCode();
    /** Size of the reused cell buffer, kept between Results (see {@code out}). */
    private static final int KEPT_BUFFER = 64;

    private final String table;
    private final CellMergeScanner cells;
    private final ScanSpec scan;
    private final byte[] stop;
    private final TableSpec spec;
    /** When the scan started: family TTLs count back from it. */
    /** What TTLs count from: HBase's clock, as a region server's scan takes it. */
    private final long now = EnvironmentEdgeManager.currentTime();

    private final Map<String, FamilyRule> rules = new HashMap<>();
    /** The delete markers of the current row and family. */
    private final DeleteMarkers deletes = new DeleteMarkers();
    /** The rule of the family of the last cell read. */
    private FamilyRule family;

    private final List<StoredFile> files;
    private final boolean ownsFiles;
    private long rows;
    private long cellsRead;
    /** The first cell of the row being read, kept across calls while a wide row comes out in batches. */
    private Cell currentRow;

    private boolean currentRowCounted;
    /** The last cell of the current row that the scan kept, to count its column's versions. */
    private Cell previous;
    /** The cell read from the files last, kept or not. */
    private Cell lastConsumed;
    /**
     * The cells of the Result being gathered: {@code gathered} of them, in a buffer reused from one Result to the next
     * (each Result gets its own exact-size copy). The buffer is not cleared, so it may still point at up to
     * {@value #KEPT_BUFFER} cells of earlier rows; a buffer grown larger by a wide row is dropped after that row.
     */
    private Cell[] out = new Cell[KEPT_BUFFER];

    private int gathered;
    private int versions;
    /** While {@link #row} reads a row: that row (the scan stops at its end) and the columns it keeps (null: all). */
    private byte[] onlyRow;

    private Columns onlyColumns;

    /**
     * Scans {@code [start, stop)} ∩ the scan's own range over {@code files} (oldest first); closes them at the end — or
     * right away if this constructor fails — when {@code ownsFiles}. Files it owns are read with seek and sequential
     * reads on their streams, which no one else uses (cheapest block after block); files it borrows (a reader's cache
     * of open files, for gets) with positional reads.
     */
    public RowScanner(
            Configuration conf,
            TableSpec table,
            List<StoredFile> files,
            ScanSpec scan,
            byte[] start,
            byte[] stop,
            boolean ownsFiles)
            throws IOException {
        this.table = table.name();
        this.scan = scan;
        this.files = files;
        this.ownsFiles = ownsFiles;
        byte[] from = Bytes.compareTo(start, scan.startRow()) >= 0 ? start : scan.startRow();
        this.stop = reachedByAny(files, minStop(stop, scan.stopRow()));
        this.spec = table;
        try {
            this.cells = new CellMergeScanner(conf, files, from, !ownsFiles);
        } catch (IOException | RuntimeException e) {
            if (ownsFiles) {
                try {
                    StoredFile.closeAll(files);
                } catch (IOException closing) {
                    e.addSuppressed(closing);
                }
            }
            throw e;
        }
    }

    /** {@code stop}, or none (empty) when every file ends before it: then no row needs comparing with it. */
    private static byte[] reachedByAny(List<StoredFile> files, byte[] stop) {
        for (StoredFile f : files) {
            if (stop.length == 0 || (!f.isEmpty() && Bytes.compareTo(f.range().lastRow(), stop) >= 0)) {
                return stop;
            }
        }
        return new byte[0];
    }

    static byte[] minStop(byte[] a, byte[] b) {
        if (a.length == 0) {
            return b;
        }
        if (b.length == 0) {
            return a;
        }
        return Bytes.compareTo(a, b) <= 0 ? a : b;
    }

    /**
     * Steps over the rows before {@code row} without making Results of them: the next {@link #next} returns the first
     * row at or after {@code row}. Each file jumps ahead by its block index where the row lies past the block it is in,
     * so rows between are not read at all; their cells do not count in {@link #cellsRead}. For a reader that wants some
     * rows of a range in ascending order — a merge with another sorted input.
     */
    public void skipTo(byte[] row) throws IOException {
        if (CellBytes.rowBefore(cells.peek(), row)) {
            cells.reseek(row);
            lastConsumed = null;
        }
    }

    /**
     * The row {@code row} when the scan holds it at or after where it stands, with only the cells of {@code columns}
     * (null: every cell the scan keeps); null when it holds no such row or keeps none of its cells. Rows before it are
     * jumped over as by {@link #skipTo}; rows after it are left for the next call. For a merge that needs some columns
     * of some rows, asked in ascending order: a column left out costs its decoding, not a cell of the Result. With a
     * scan batch, the Result is the row's first batch only; a later call for the same row, or {@link #next}, goes on
     * with the rest of it.
     */
    public Result row(byte[] row, Columns columns) throws IOException {
        skipTo(row);
        onlyRow = row;
        onlyColumns = columns;
        if (columns != null) {
            columns.start();
        }
        try {
            return next();
        } finally {
            onlyRow = null;
            onlyColumns = null;
        }
    }

    /** The next row (or the next batch of a wide row), or null when range, data or row limit are exhausted. */
    public Result next() throws IOException {
        gathered = 0;
        while (true) {
            Cell c = cells.peek();
            KeyChange change = cells.keyChange();
            boolean newRow = c == null || currentRow == null || isNewRow(change, c);
            if (newRow && gathered > 0) {
                return result();
            }
            if (c == null) {
                return null;
            }
            if (newRow) {
                if (onlyRow != null && !CellBytes.sameRow(c, onlyRow)) {
                    return null; // past the row asked for: its next row stays for the next call
                }
                if ((scan.limit() > 0 && rows >= scan.limit())
                        || (stop.length > 0
                                && Bytes.compareTo(
                                                c.getRowArray(),
                                                c.getRowOffset(),
                                                c.getRowLength(),
                                                stop,
                                                0,
                                                stop.length)
                                        >= 0)) {
                    return null;
                }
                currentRow = c;
                currentRowCounted = false;
                previous = null;
                versions = 0;
                deletes.clear();
            }
            boolean sameFile = cells.sameFileAsConsumed();
            Cell consumedBefore = lastConsumed;
            lastConsumed = c;
            cells.next();
            cellsRead++;
            if (!keep(c, sameFile) || (onlyColumns != null && !onlyColumns.keeps(c))) {
                continue;
            }
            // keep() found the family: previous, when set, is of the same family (see family()); when it is
            // also the cell read just before, the file may already tell whether the column is the same
            boolean sameColumn = previous != null
                    && (previous == consumedBefore && change != KeyChange.UNKNOWN
                            ? change == KeyChange.SAME_COLUMN
                            : CellBytes.sameQualifier(previous, c));
            boolean put = c.getTypeByte() == PUT; // a marker (raw scans only get here with one) is no version
            // the version before this one in the column; newer (timestamps fall within a column)
            long newerVersion = sameColumn ? previous.getTimestamp() : Long.MAX_VALUE;
            if (sameColumn) {
                if (CELLS.compare(previous, c, true) == 0) {
                    continue; // the same key in an older file (its memstore timestamp decides nothing, see
                    // CellMergeScanner)
                }
                versions += put ? 1 : 0;
            } else {
                versions = put ? 1 : 0;
            }
            previous = c;
            if (versions <= family.maxVersions
                    && (versions <= family.minVersions || family.servesPastTtl(c.getTimestamp(), newerVersion))) {
                if (!currentRowCounted) {
                    rows++;
                    currentRowCounted = true;
                }
                if (gathered == out.length) {
                    out = Arrays.copyOf(out, gathered * 2);
                }
                out[gathered++] = c;
                if (scan.batch() > 0 && gathered >= scan.batch()) {
                    return result();
                }
            }
        }
    }

    /** True when {@code c} (the next cell, after one of the current row) starts a new row. */
    private boolean isNewRow(KeyChange change, Cell c) {
        if (change == KeyChange.UNKNOWN) {
            return !CellBytes.sameRow(c, currentRow);
        }
        return change == KeyChange.NEW_ROW;
    }

    /** The Result of the cells gathered. */
    private Result result() {
        Result r = Result.create(Arrays.copyOf(out, gathered));
        if (out.length > KEPT_BUFFER) {
            out = new Cell[KEPT_BUFFER]; // a wide row's cells are not held by the buffer for the rest of the scan
        }
        return r;
    }

    /** True when the scan keeps {@code c}; {@code sameFile}: it comes from the file of the cell read before. */
    private boolean keep(Cell c, boolean sameFile) throws IOException {
        // cells of one file are of one family: the rule of the cell before serves
        FamilyRule f = family != null && sameFile ? family : family(c);
        long ts = c.getTimestamp();
        byte type = c.getTypeByte();
        if (type != PUT) {
            if (!isDeleteMarker(type)) {
                throw new IOException("table " + table + " holds a cell of unknown type " + (type & 0xff) + " at row "
                        + Bytes.toStringBinary(CellUtil.cloneRow(c)) + ": the file is damaged or not an HBase table's");
            }
            if (scan.raw()) {
                return ts >= scan.minTime() && ts < scan.maxTime() && f.reads(c);
            }
            // a marker older than the scan's time range or the family's TTL can mask only cells the scan skips anyway
            if (ts >= scan.minTime() && (ts >= f.oldestAllowed || f.minVersions > 0)) {
                deletes.add(c);
            }
            return false;
        }
        if (!deletes.isEmpty() && deletes.masks(c)) {
            return false;
        }
        return ts >= scan.minTime()
                && ts < scan.maxTime()
                && (ts >= f.oldestAllowed || f.minVersions > 0)
                && f.reads(c);
    }

    private static boolean isDeleteMarker(byte type) {
        return type == KeyValue.Type.Delete.getCode()
                || type == KeyValue.Type.DeleteColumn.getCode()
                || type == KeyValue.Type.DeleteFamily.getCode()
                || type == KeyValue.Type.DeleteFamilyVersion.getCode();
    }

    /**
     * The rule of the cell's family. Cells come grouped by row and then family, so the family of the cell before almost
     * always serves; when the family changes, the column changes too, so the version count of the cell before
     * ({@code previous}) no longer applies and is dropped.
     */
    private FamilyRule family(Cell c) {
        if (family != null && CellBytes.sameFamily(c, family.name)) {
            return family;
        }
        previous = null;
        deletes.clear();
        byte[] name = CellUtil.cloneFamily(c);
        family = rules.computeIfAbsent(Bytes.toString(name), n -> new FamilyRule(name, spec, scan, now));
        return family;
    }

    /** What the scan keeps of one family, worked out once per family rather than per cell. */
    private static final class FamilyRule {
        final byte[] name;
        /** HBase serves at most the family's VERSIONS, whatever the scan asks for (a raw scan: what it asks for). */
        final int maxVersions;
        /** Cells older than the family's TTL allow are expired; Long.MIN_VALUE without TTL. */
        final long oldestAllowed;
        /** HBase's MIN_VERSIONS: this many newest versions of a column are served even when expired. */
        final int minVersions;

        /**
         * Whether a version past the column's newest {@code minVersions} is served, given its timestamp and that of the
         * version before it (newer; {@code Long.MAX_VALUE} for the column's first). HBase's two column trackers differ
         * here, and dumptruck follows each: when the scan reads every column of the family, a version is served while
         * it has not expired ({@code ScanWildcardColumnTracker.checkVersion}); when it names the family's columns,
         * {@code ExplicitColumnTracker.checkVersions} counts a version and stops at the first one past MIN_VERSIONS
         * that has expired, serving it too: so each named column also gets the first expired version after its live
         * ones. (With MIN_VERSIONS 0 no expired cell reaches this point: both trackers drop it first.)
         */
        boolean servesPastTtl(long timestamp, long newerVersion) {
            return timestamp >= oldestAllowed || (qualifiers != null && newerVersion >= oldestAllowed);
        }

        final boolean read;
        /** The only qualifiers read when the scan lists columns of this family; null = every qualifier. */
        final byte[][] qualifiers;

        FamilyRule(byte[] name, TableSpec table, ScanSpec scan, long now) {
            this.name = name;
            String family = Bytes.toString(name);
            int index = table.familyIndex(family);
            FamilySpec spec = index < 0 ? null : table.families().get(index);
            this.maxVersions =
                    spec == null || scan.raw() ? scan.maxVersions() : Math.min(spec.maxVersions(), scan.maxVersions());
            // a raw scan ignores TTLs, as HBase's does
            this.oldestAllowed =
                    spec != null && spec.hasTtl() && !scan.raw() ? now - spec.ttlSeconds() * 1000L : Long.MIN_VALUE;
            this.minVersions = spec == null ? 0 : spec.minVersions();
            this.read = scan.columns().isEmpty() || scan.readsFamily(family);
            List<byte[]> listed = scan.columns().stream()
                    .filter(col -> col.family().equals(family))
                    .map(ScanSpec.Column::qualifier)
                    .toList();
            this.qualifiers = listed.isEmpty() ? null : listed.toArray(new byte[0][]);
        }

        /** True when the scan reads the cell's column (the cell is of this family). */
        boolean reads(Cell c) {
            if (!read) {
                return false;
            }
            if (qualifiers == null) {
                return true;
            }
            for (byte[] q : qualifiers) {
                if (CellBytes.sameQualifier(c, q)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Columns of one row that {@link #row} keeps, each a family and a qualifier; reused from row to row
     * ({@link #clear}).
     */
    public static final class Columns {
        private static final Comparator<byte[][]> ORDER = Comparator.<byte[][], byte[]>comparing(
                        c -> c[0], Bytes.BYTES_COMPARATOR)
                .thenComparing(c -> c[1], Bytes.BYTES_COMPARATOR);

        private final List<byte[][]> columns = new ArrayList<>();
        /** The first column not yet passed by the row's cells, which come in HBase's order: family, qualifier. */
        private int at;

        public void clear() {
            columns.clear();
        }

        public void add(byte[] family, byte[] qualifier) {
            columns.add(new byte[][] {family, qualifier});
        }

        public boolean isEmpty() {
            return columns.isEmpty();
        }

        void start() {
            columns.sort(ORDER);
            at = 0;
        }

        /** Whether {@code c}, the row's next cell, is of one of the columns (cells come in order, so it walks once). */
        boolean keeps(Cell c) {
            while (at < columns.size()) {
                byte[][] column = columns.get(at);
                int order = CellUtil.compareFamilies(c, column[0], 0, column[0].length);
                if (order == 0) {
                    order = CellUtil.compareQualifiers(c, column[1], 0, column[1].length);
                }
                if (order <= 0) {
                    return order == 0;
                }
                at++;
            }
            return false;
        }
    }

    /** Cells read from the files so far, kept or not. */
    public long cellsRead() {
        return cellsRead;
    }

    /** Rows served so far. */
    public long rows() {
        return rows;
    }

    /** Adds this scan's rows and cells to {@code into} when it closes. */
    void countInto(Reads into) {
        this.counts = into;
    }

    private Reads counts;

    @Override
    public void close() throws IOException {
        if (counts != null) {
            counts.scanned(rows, cellsRead);
            counts = null;
        }
        cells.close();
        if (ownsFiles) {
            StoredFile.closeAll(files);
        }
    }
}
