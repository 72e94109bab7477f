package io.dumptruck.formats.read;

import io.dumptruck.formats.PublicApi;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Point gets and range/prefix scans on a table directory, for the command line and for tests. Every file's row range is
 * read once when the reader opens; a get then opens only the files whose range holds the row, asks their ROW bloom
 * filters first (so an absent row usually reads no data block) and keeps up to {@value #OPEN_FILES} recently used files
 * open. A scan opens the files its range meets and closes them with the scanner.
 */
@PublicApi
public final class TableReader implements Closeable {
    static final int OPEN_FILES = 64;

    private final Configuration conf;
    private final TableDir table;
    private final List<FileRange> ranges;
    private final LinkedHashMap<FileRange, StoredFile> open = new LinkedHashMap<>(16, 0.75f, true);
    private long bloomNegatives;
    private final Reads reads = new Reads();

    private TableReader(Configuration conf, TableDir table) throws IOException {
        this.conf = conf;
        this.table = table;
        this.ranges = table.fileRanges();
    }

    public static TableReader open(Configuration conf, Path tableDir) throws IOException {
        return new TableReader(conf, TableDir.open(conf, tableDir));
    }

    public TableDir table() {
        return table;
    }

    /** The row, restricted to the scan's families, columns, time range and versions; empty if absent. */
    public Optional<Result> get(byte[] row, ScanSpec columns) throws IOException {
        List<StoredFile> candidates = new ArrayList<>();
        for (FileRange r : ranges) {
            if (columns.readsFamily(r.family()) && r.containsRow(row)) {
                StoredFile f = cached(r);
                if (f.bloomMayContain(row)) {
                    candidates.add(f);
                } else {
                    bloomNegatives++;
                }
            }
        }
        try {
            if (candidates.isEmpty()) {
                reads.get(false, 0);
                return Optional.empty();
            }
            ScanSpec one = columns.withRange(row, Bytes.add(row, new byte[] {0}))
                    .withLimit(1)
                    .withBatch(0);
            try (RowScanner scanner =
                    new RowScanner(conf, table.spec(), candidates, one, one.startRow(), one.stopRow(), false)) {
                Result r = scanner.next();
                reads.get(r != null, scanner.cellsRead());
                return Optional.ofNullable(r);
            }
        } finally {
            evictBeyond(OPEN_FILES);
        }
    }

    private StoredFile cached(FileRange r) throws IOException {
        StoredFile f = open.get(r);
        if (f == null) {
            f = StoredFile.open(conf, table.fileSystem(), r.path(), r.family(), r.clip());
            open.put(r, f);
        }
        return f;
    }

    private void evictBeyond(int max) throws IOException {
        List<StoredFile> evicted = new ArrayList<>();
        var it = open.entrySet().iterator();
        while (open.size() - evicted.size() > max && it.hasNext()) {
            Map.Entry<FileRange, StoredFile> eldest = it.next();
            evicted.add(eldest.getValue());
            it.remove();
        }
        StoredFile.closeAll(evicted);
    }

    /** Rows of the scan, in key order; the caller closes the scanner (which closes its files). */
    public RowScanner scan(ScanSpec scan) throws IOException {
        List<StoredFile> files = table.open(table.fileRanges(scan, scan.startRow(), scan.stopRow()));
        RowScanner scanner = new RowScanner(conf, table.spec(), files, scan, scan.startRow(), scan.stopRow(), true);
        scanner.countInto(reads);
        return scanner;
    }

    /** The gets and scans made through this reader so far (a scan counts once closed). */
    public Reads reads() {
        return reads;
    }

    /** Files that a get skipped because their bloom filter ruled the row out. */
    public long bloomNegatives() {
        return bloomNegatives;
    }

    @Override
    public void close() throws IOException {
        evictBeyond(0);
    }
}
