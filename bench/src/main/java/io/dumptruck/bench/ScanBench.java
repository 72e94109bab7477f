package io.dumptruck.bench;

import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A whole-table scan, six ways, over the same files: the {@code visits} cells of 100,000 generated web-log lines (about
 * 600,000 cells, 4 regions, one HFile each, FAST_DIFF, codec as the parameter), written by dumptruck's writer and read
 *
 * <ul>
 *   <li>{@code bareHFileScanner} — HBase's HFile reader and scanner, file after file, each cell handed over as is (no
 *       merging, no versions, no Result); no block cache and seek + sequential reads, as dumptruck's scans read;
 *   <li>{@code bareHFileScannerPread} — the same with positional reads (HBase's choice for gets and short scans; on a
 *       local file system every block read reopens the file and its checksum file);
 *   <li>{@code bareScannerRowEnds} — the same, finding where each row ends (each cell's row compared with its row's
 *       first cell), without building anything;
 *   <li>{@code bareScannerRows} — the same, with each row's cells handed over as one {@link Result} (what any row
 *       reader must add; one file per region, so nothing to merge);
 *   <li>{@code tableReaderScan} — {@link TableReader#scan} / {@link RowScanner}: rows as Results;
 *   <li>{@code inputFormat} — {@link HFileTableInputFormat}: splits, record readers, one Result per row, as a map task
 *       sees them.
 * </ul>
 *
 * One operation is one full scan; cells per scan are checked to be equal.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(2)
@State(Scope.Benchmark)
public class ScanBench {
    @Param({"GZ", "NONE"})
    public String codec;

    private final Configuration conf = new Configuration();
    private java.nio.file.Path tmp;
    private Path table;
    private long cells;
    /** Rows counted by {@link #bareScannerRowEnds}. */
    private long rowEndsFound;

    @Setup
    public void setUp() throws IOException, InterruptedException {
        List<KeyValue> kvs = BenchTables.visitCells(100_000, 5);
        cells = kvs.size();
        List<byte[]> points = new ArrayList<>();
        for (int i = 1; i < 4; i++) {
            byte[] row = CellUtil.cloneRow(kvs.get(kvs.size() * i / 4));
            if (points.isEmpty() || !Arrays.equals(points.get(points.size() - 1), row)) {
                points.add(row);
            }
        }
        TableSpec visits = VisitsLoader.visitsSpec(4);
        TableSpec spec = new TableSpec(
                visits.name(),
                List.of(visits.families().get(0).withCompression(Compression.Algorithm.valueOf(codec))),
                RegionSplits.explicit(points),
                visits.splitPolicy());
        tmp = Files.createTempDirectory("bench-scan");
        table = BenchTables.write(conf, new Path(tmp.resolve("visits").toString()), spec, kvs);
        check(bareHFileScanner(null), "bare scanner");
        check(bareHFileScannerPread(null), "bare scanner, positional reads");
        check(bareScannerRowEnds(null), "bare scanner finding row ends");
        check(bareScannerRows(null), "bare scanner with rows");
        check(tableReaderScan(null), "TableReader");
        check(inputFormat(null), "HFileTableInputFormat");
    }

    private void check(long read, String what) {
        if (read != cells) {
            throw new IllegalStateException(what + " read " + read + " cells of " + cells);
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        WebLogInput.deleteTree(tmp);
    }

    @Benchmark
    public long bareHFileScanner(Blackhole bh) throws IOException {
        return bareCells(bh, false);
    }

    @Benchmark
    public long bareHFileScannerPread(Blackhole bh) throws IOException {
        return bareCells(bh, true);
    }

    private long bareCells(Blackhole bh, boolean pread) throws IOException {
        return eachFile(pread, s -> {
            long n = 0;
            do {
                Cell c = s.getCell();
                if (bh != null) {
                    bh.consume(c);
                }
                n++;
            } while (s.next());
            return n;
        });
    }

    /** What a contender does with one file, its scanner on the first cell; returns the cells read. */
    private interface FileScan {
        long scan(HFileScanner s) throws IOException;
    }

    /**
     * Runs {@code scan} over each HFile of the table in name order: no block cache, seek + reads or positional reads.
     */
    private long eachFile(boolean pread, FileScan scan) throws IOException {
        FileSystem fs = table.getFileSystem(conf);
        FileStatus[] files = fs.listStatus(new Path(table, "p"));
        Arrays.sort(files, Comparator.comparing(FileStatus::getPath));
        long n = 0;
        for (FileStatus f : files) {
            HFile.Reader reader = HFile.createReader(fs, f.getPath(), CacheConfig.DISABLED, true, conf);
            try {
                HFileScanner s = reader.getScanner(conf, false, pread);
                try {
                    if (s.seekTo()) {
                        n += scan.scan(s);
                    }
                } finally {
                    s.close();
                }
            } finally {
                reader.close();
            }
        }
        return n;
    }

    /** The bare scanner finding where each row ends (each cell's row against its row's first), no Result. */
    @Benchmark
    public long bareScannerRowEnds(Blackhole bh) throws IOException {
        return eachFile(false, s -> {
            long cells = 0;
            long rows = 0;
            Cell first = null;
            do {
                Cell c = s.getCell();
                if (first == null || !CellUtil.matchingRows(first, c)) {
                    first = c;
                    rows++;
                }
                if (bh != null) {
                    bh.consume(c);
                }
                cells++;
            } while (s.next());
            rowEndsFound += rows; // kept, so that the comparisons are not optimised away when no Blackhole is given
            return cells;
        });
    }

    @Benchmark
    public long bareScannerRows(Blackhole bh) throws IOException {
        return eachFile(false, s -> {
            long n = 0;
            List<Cell> row = new ArrayList<>();
            do {
                Cell c = s.getCell();
                if (!row.isEmpty() && !CellUtil.matchingRows(row.get(0), c)) {
                    n += emit(row, bh);
                }
                row.add(c);
            } while (s.next());
            return n + emit(row, bh);
        });
    }

    private static int emit(List<Cell> row, Blackhole bh) {
        int cells = row.size();
        if (cells > 0) {
            Result r = Result.create(new ArrayList<>(row));
            if (bh != null) {
                bh.consume(r);
            }
            row.clear();
        }
        return cells;
    }

    @Benchmark
    public long tableReaderScan(Blackhole bh) throws IOException {
        long n = 0;
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner rows = reader.scan(ScanSpec.all())) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                if (bh != null) {
                    bh.consume(r);
                }
                n += r.size();
            }
        }
        return n;
    }

    @Benchmark
    public long inputFormat(Blackhole bh) throws IOException, InterruptedException {
        Job job = Job.getInstance(conf);
        HFileTableInputFormat.configure(job).table(table).scan(ScanSpec.all()).apply();
        HFileTableInputFormat format = new HFileTableInputFormat();
        long n = 0;
        for (InputSplit split : format.getSplits(job)) {
            TaskAttemptContext ctx = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
            try (RecordReader<ImmutableBytesWritable, Result> reader = format.createRecordReader(split, ctx)) {
                reader.initialize(split, ctx);
                while (reader.nextKeyValue()) {
                    Result r = reader.getCurrentValue();
                    if (bh != null) {
                        bh.consume(r);
                    }
                    n += r.size();
                }
            }
        }
        return n;
    }

    /**
     * The same contenders interleaved, for a shared, noisy machine: each round runs every contender once (in a rotating
     * order) and the ratios are taken within the round, so a burst of load hits both sides of a ratio alike. Prints,
     * per codec, min / median / max over the rounds of each ratio. Arguments: rounds (default 40), warm-up rounds
     * (default 15), codecs (default GZ,NONE).
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        String[] codecs = (args.length > 2 ? args[2] : "GZ,NONE").split(",");
        String[] names = {
            "bareHFileScanner",
            "bareHFileScannerPread",
            "bareScannerRows",
            "tableReaderScan",
            "inputFormat",
            "bareScannerRowEnds"
        };
        for (String codec : codecs) {
            ScanBench b = new ScanBench();
            b.codec = codec;
            b.setUp();
            try {
                List<LongSupplier> ops = List.of(
                        () -> unchecked(() -> b.bareHFileScanner(null)),
                                () -> unchecked(() -> b.bareHFileScannerPread(null)),
                        () -> unchecked(() -> b.bareScannerRows(null)), () -> unchecked(() -> b.tableReaderScan(null)),
                        () -> unchecked(() -> b.inputFormat(null)), () -> unchecked(() -> b.bareScannerRowEnds(null)));
                double[][] ms = new double[names.length][rounds];
                for (int r = -warmup; r < rounds; r++) {
                    for (int k = 0; k < names.length; k++) {
                        int i = Math.floorMod(k + r, names.length);
                        long t0 = System.nanoTime();
                        b.check(ops.get(i).getAsLong(), names[i]);
                        if (r >= 0) {
                            ms[i][r] = (System.nanoTime() - t0) / 1e6;
                        }
                    }
                }
                System.out.printf(
                        "codec %s, %d rounds after %d warm-up rounds, %d cells per scan%n",
                        codec, rounds, warmup, b.cells);
                for (int i = 0; i < names.length; i++) {
                    System.out.printf("  %-22s ms per scan   %s%n", names[i], spread(ms[i]));
                }
                for (int base : new int[] {0, 1, 2}) {
                    double[] ratio = new double[rounds];
                    for (int r = 0; r < rounds; r++) {
                        ratio[r] = ms[base][r] / ms[4][r];
                    }
                    System.out.printf("  inputFormat throughput / %-22s %s%n", names[base], spread(ratio));
                }
                double[] reader = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    reader[r] = ms[0][r] / ms[3][r];
                }
                System.out.printf("  tableReaderScan throughput / %-18s %s%n", names[0], spread(reader));
                double[] ends = new double[rounds];
                double[] results = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ends[r] = ms[0][r] / ms[5][r];
                    results[r] = ms[5][r] / ms[2][r];
                }
                System.out.printf("  bareScannerRowEnds throughput / %-15s %s%n", names[0], spread(ends));
                System.out.printf("  bareScannerRows throughput / bareScannerRowEnds %s%n", spread(results));
            } finally {
                b.tearDown();
            }
        }
    }

    private interface IoLong {
        long get() throws Exception;
    }

    private static long unchecked(IoLong op) {
        try {
            return op.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** min / median / max. */
    private static String spread(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        double median = s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        return String.format("%.2f / %.2f / %.2f", s[0], median, s[s.length - 1]);
    }
}
