package io.dumptruck.bench;

import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.graph.Edge;
import io.dumptruck.loaders.graph.GraphParser;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;

/**
 * The limit of a load: the best one-process program that writes a loader's cells, without MapReduce — the figure a user
 * can hold dumptruck against (the floor, {@link SortedCells}, starts from cells already sorted; this starts from the
 * raw input, as the loaders do).
 *
 * <ol>
 *   <li>Every core reads byte ranges of the input files, cut at line ends as Hadoop's line reader cuts them, parses
 *       each line with the loader's own parser and makes its cells as the loader does ({@link VisitCells},
 *       {@link EdgeCells}) — as KeyValue bytes in pages of a buffer per thread and table.
 *   <li>A thread whose buffers pass its share of the memory bound sorts them and writes each to local disk as a sorted
 *       run, cut at the tables' split points. Without any run on disk the buffers stay in memory, sorted.
 *   <li>Every core then merges one table region at a time — its runs and sorted buffers — into one HFile per table,
 *       family and region, with HBase's writer and the family's settings ({@link SortedCells#writeRegion}).
 * </ol>
 */
final class LimitLoad {
    /** What became of a line: the loaders count each line as one of these. */
    enum Outcome {
        LOADED,
        REJECTED,
        SKIPPED
    }

    /** The cells of one input line, added to its tables' buffers. One per thread: parsers keep state. */
    interface LineCells {
        Outcome add(String line, CellBuffer[] tables);
    }

    record Result(long loaded, long rejected, long skipped, long cells, int runsOnDisk) {}

    /** A byte range of one input file. */
    private record Chunk(java.nio.file.Path file, long start, long end) {}

    /** The indexes of {@link VisitCells#QUALIFIERS} in the order of the qualifiers' bytes. */
    private static final int[] IN_CELL_ORDER = java.util.stream.IntStream.range(0, VisitCells.QUALIFIERS.length)
            .boxed()
            .sorted((x, y) -> Bytes.compareTo(VisitCells.QUALIFIERS[x], VisitCells.QUALIFIERS[y]))
            .mapToInt(Integer::intValue)
            .toArray();

    /** The web-log lines as the {@code visits} table's cells (one table). */
    static Supplier<LineCells> visits() {
        return () -> {
            WebLogParser parser = new WebLogParser();
            RowKeyBuilder key = new RowKeyBuilder(64);
            return (line, tables) -> {
                Parsed<WebLogRecord> p = parser.parse(line);
                if (!p.isRecord()) {
                    return p.isSkip() ? Outcome.SKIPPED : Outcome.REJECTED;
                }
                VisitCells cells;
                try {
                    cells = VisitCells.of(p.record(), line, key);
                } catch (IllegalArgumentException e) {
                    return Outcome.REJECTED;
                }
                for (int i : IN_CELL_ORDER) { // one row, one time: in qualifier order, the record is one entry
                    if (cells.values()[i] != null) {
                        tables[0].add(
                                cells.row(),
                                VisitCells.FAMILY,
                                VisitCells.QUALIFIERS[i],
                                cells.timestamp(),
                                cells.values()[i]);
                    }
                }
                return Outcome.LOADED;
            };
        };
    }

    /** The edge lines as the cells of {@code follows} and {@code followed_by}, in that order. */
    static Supplier<LineCells> edges(long loadTimestamp) {
        return () -> {
            GraphParser parser = new GraphParser();
            return (line, tables) -> {
                Parsed<Edge> p = parser.parse(line);
                if (!p.isRecord()) {
                    return p.isSkip() ? Outcome.SKIPPED : Outcome.REJECTED;
                }
                EdgeCells cells = EdgeCells.of(p.record(), loadTimestamp);
                tables[0].add(cells.followsRow(), EdgeCells.FAMILY, cells.into(), cells.timestamp(), EdgeCells.EMPTY);
                tables[1].add(
                        cells.followedByRow(), EdgeCells.FAMILY, cells.from(), cells.timestamp(), EdgeCells.EMPTY);
                return Outcome.LOADED;
            };
        };
    }

    private final Configuration conf;
    private final List<TableSpec> tables;
    private final java.nio.file.Path spill;
    private final int threads;
    /** Bytes of cells a thread keeps before it sorts them into a run on disk. */
    private final long threadBound;
    /** Per table and region, the sorted runs on disk and the sorted buffers in memory. */
    private final Map<Long, List<java.nio.file.Path>> runFiles = new ConcurrentHashMap<>();

    private final List<CellBuffer[]> kept = new CopyOnWriteArrayList<>();
    private final AtomicInteger runs = new AtomicInteger();

    private LimitLoad(Configuration conf, List<TableSpec> tables, java.nio.file.Path spill, long memoryBound) {
        this.conf = conf;
        this.tables = tables;
        this.spill = spill;
        this.threads = Runtime.getRuntime().availableProcessors();
        this.threadBound = memoryBound / threads;
    }

    /**
     * Loads the files under {@code input} into {@code tables} (each family written under
     * {@code output/<table>/<family>/}), keeping at most {@code memoryBound} bytes of cells in memory; {@code spill} is
     * the local directory of the sorted runs.
     */
    static Result run(
            Configuration conf,
            Supplier<LineCells> cells,
            java.nio.file.Path input,
            Path output,
            List<TableSpec> tables,
            java.nio.file.Path spill,
            long memoryBound)
            throws Exception {
        WebLogInput.deleteTree(spill);
        Files.createDirectories(spill);
        try {
            return new LimitLoad(conf, tables, spill, memoryBound).load(cells, input, output);
        } finally {
            WebLogInput.deleteTree(spill);
        }
    }

    private Result load(Supplier<LineCells> cells, java.nio.file.Path input, Path output) throws Exception {
        List<Chunk> chunks = chunks(input);
        AtomicInteger next = new AtomicInteger();
        AtomicLong[] outcomes = {new AtomicLong(), new AtomicLong(), new AtomicLong()};
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<CellBuffer[]>> parsed = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                parsed.add(pool.submit(() -> {
                    LineCells make = cells.get();
                    CellBuffer[] buffers = newBuffers();
                    long[] counts = new long[3];
                    for (int c = next.getAndIncrement(); c < chunks.size(); c = next.getAndIncrement()) {
                        readLines(chunks.get(c), line -> {
                            counts[make.add(line, buffers).ordinal()]++;
                            if (bytes(buffers) > threadBound) {
                                spill(buffers);
                            }
                        });
                    }
                    for (int o = 0; o < 3; o++) {
                        outcomes[o].addAndGet(counts[o]);
                    }
                    return buffers;
                }));
            }
            List<CellBuffer[]> rest = new ArrayList<>();
            for (Future<CellBuffer[]> f : parsed) {
                rest.add(f.get());
            }
            boolean onDisk = runs.get() > 0;
            List<Future<?>> sorted = new ArrayList<>();
            for (CellBuffer[] buffers : rest) { // what is left: sorted into runs too, or kept in memory sorted
                sorted.add(pool.submit(() -> {
                    if (onDisk) {
                        spill(buffers);
                    } else {
                        for (CellBuffer b : buffers) {
                            b.sort();
                        }
                        kept.add(buffers);
                    }
                    return null;
                }));
            }
            for (Future<?> f : sorted) {
                f.get();
            }
            List<Future<Long>> written = new ArrayList<>();
            FileSystem fs = output.getFileSystem(conf);
            for (int t = 0; t < tables.size(); t++) {
                for (int r = 0; r <= tables.get(t).regions().splitPoints().size(); r++) {
                    int table = t;
                    int region = r;
                    written.add(pool.submit(() -> writeRegion(fs, output, table, region)));
                }
            }
            long total = 0;
            for (Future<Long> f : written) {
                total += f.get();
            }
            return new Result(outcomes[0].get(), outcomes[1].get(), outcomes[2].get(), total, runs.get());
        } finally {
            pool.shutdownNow();
        }
    }

    private CellBuffer[] newBuffers() {
        CellBuffer[] buffers = new CellBuffer[tables.size()];
        for (int t = 0; t < buffers.length; t++) {
            buffers[t] = new CellBuffer();
        }
        return buffers;
    }

    private static long bytes(CellBuffer[] buffers) {
        long sum = 0;
        for (CellBuffer b : buffers) {
            sum += b.bytes;
        }
        return sum;
    }

    /** Sorts each buffer and writes it as a run, a file per region that has cells; empties the buffers. */
    private void spill(CellBuffer[] buffers) {
        int run = runs.incrementAndGet();
        try {
            for (int t = 0; t < buffers.length; t++) {
                CellBuffer b = buffers[t];
                b.sort();
                int[] bounds = b.regionBounds(tables.get(t).regions().splitPoints());
                for (int r = 0; r + 1 < bounds.length; r++) {
                    if (bounds[r] == bounds[r + 1]) {
                        continue;
                    }
                    java.nio.file.Path file = spill.resolve(t + "-" + r + "-" + run + ".cells");
                    try (DataOutputStream out =
                            new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20))) {
                        b.write(bounds[r], bounds[r + 1], out);
                    }
                    runFiles.computeIfAbsent(key(t, r), k -> new CopyOnWriteArrayList<>())
                            .add(file);
                }
                buffers[t] = new CellBuffer();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long key(int table, int region) {
        return ((long) table << 32) | region;
    }

    /** Merges a region's runs and kept buffers into its HFile; the cells written (none: no file). */
    private long writeRegion(FileSystem fs, Path output, int table, int region) throws IOException {
        List<Cursor> cursors = new ArrayList<>();
        List<DataInputStream> open = new ArrayList<>();
        try {
            for (java.nio.file.Path f : runFiles.getOrDefault(key(table, region), List.of())) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(f), 1 << 16));
                open.add(in);
                cursors.add(new Cursor(() -> readCell(in)));
            }
            for (CellBuffer[] buffers : kept) {
                CellBuffer b = buffers[table];
                int[] bounds = b.regionBounds(tables.get(table).regions().splitPoints());
                cursors.add(new Cursor(b.cells(bounds[region], bounds[region + 1])));
            }
            PriorityQueue<Cursor> queue = new PriorityQueue<>((x, y) -> {
                int c = Long.compareUnsigned(x.prefix, y.prefix);
                return c != 0 ? c : CellBuffer.compare(x.current, y.current);
            });
            for (Cursor c : cursors) {
                if (c.advance()) {
                    queue.add(c);
                }
            }
            if (queue.isEmpty()) {
                return 0;
            }
            TableSpec spec = tables.get(table);
            FamilySpec family = spec.families().get(0);
            Path file =
                    new Path(new Path(new Path(output, spec.name()), family.name()), String.format("f%05d", region));
            KeyValue[] last = {null};
            return SortedCells.writeRegion(
                    conf,
                    fs,
                    () -> {
                        while (!queue.isEmpty()) {
                            Cursor c = queue.poll();
                            KeyValue kv = c.current;
                            if (c.advance()) {
                                queue.add(c);
                            }
                            // the same cell twice (the same line twice): the loaders write it once
                            if (last[0] == null || CellBuffer.compare(last[0], kv) != 0) {
                                last[0] = kv;
                                return kv;
                            }
                        }
                        return null;
                    },
                    file,
                    spec.name(),
                    family);
        } finally {
            for (DataInputStream in : open) {
                in.close();
            }
        }
    }

    /** The next cell of a run file (as {@link SortedCells#readCell}, unchecked: this program wrote it), or null. */
    private static KeyValue readCell(DataInputStream in) throws IOException {
        byte[] kv = SortedCells.readCellBytes(in);
        return kv == null ? null : CellBuffer.over(kv, 0, kv.length);
    }

    /** A sorted source of cells, its current cell and the first 8 bytes of that cell's row (zero-padded, unsigned). */
    private static final class Cursor {
        final SortedCells.Source source;
        KeyValue current;
        long prefix;

        Cursor(SortedCells.Source source) {
            this.source = source;
        }

        boolean advance() throws IOException {
            current = source.next();
            if (current == null) {
                return false;
            }
            prefix = CellBuffer.prefix(current.getRowArray(), current.getRowOffset(), current.getRowLength(), 0);
            return true;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // reading lines

    /** The input files cut into ranges: about four per thread, none under 8 MB. */
    private List<Chunk> chunks(java.nio.file.Path input) throws IOException {
        List<java.nio.file.Path> files;
        try (var walk = Files.walk(input)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith(".")
                            && !p.getFileName().toString().startsWith("_"))
                    .sorted()
                    .toList();
        }
        long total = 0;
        for (java.nio.file.Path f : files) {
            total += Files.size(f);
        }
        long size = Math.max(8L << 20, total / (threads * 4L) + 1);
        List<Chunk> chunks = new ArrayList<>();
        for (java.nio.file.Path f : files) {
            long length = Files.size(f);
            for (long start = 0; start < length; start += size) {
                chunks.add(new Chunk(f, start, Math.min(length, start + size)));
            }
        }
        return chunks;
    }

    interface LineConsumer {
        void accept(String line) throws IOException;
    }

    /**
     * The lines of a chunk as Hadoop's {@code LineRecordReader} gives them: a chunk that does not start the file skips
     * to the end of the line its first byte is in (the chunk before read that line); lines starting at or before the
     * chunk's end are read whole. A line ends at {@code \n}, {@code \r\n} or {@code \r}, which it does not include.
     */
    static void readLines(Chunk chunk, LineConsumer lines) throws IOException {
        try (FileChannel channel = FileChannel.open(chunk.file())) {
            channel.position(chunk.start());
            LineReader in = new LineReader(Channels.newInputStream(channel), 1 << 20);
            Text line = new Text();
            long pos = chunk.start();
            if (pos != 0) {
                pos += in.readLine(line);
            }
            while (pos <= chunk.end()) {
                int consumed = in.readLine(line);
                if (consumed == 0) {
                    return;
                }
                pos += consumed;
                lines.accept(line.toString());
            }
        }
    }
}
