package io.dumptruck.bench;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Point lookups on a warm reader (files open, page cache warm, no block cache): the graph loader's {@code follows}
 * table for 500,000 generated edges (one cell per row, ROW bloom, 4 uniform regions, one HFile each), sampled as
 * latencies (p50/p99 in JMH's output):
 *
 * <ul>
 *   <li>{@code getPresent} — {@link TableReader#get} of a random existing row;
 *   <li>{@code getAbsent} — a random row that is not there (md5 pairs of unknown ids), which the ROW bloom filter
 *       should answer without reading a data block;
 *   <li>{@code bareSeekPresent} — the baseline: HBase's HFile scanner of the region's file, already open, seeked to the
 *       row (no bloom check, no Result).
 * </ul>
 *
 * At the end of each fork it prints the data blocks read ({@link HFile#DATABLOCK_READ_COUNT}) and the bloom negatives
 * per lookup.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(2)
@State(Scope.Benchmark)
public class GetBench {
    private static final int ROWS = 4096;

    private final Configuration conf = new Configuration();
    private java.nio.file.Path tmp;
    private TableReader reader;
    private byte[][] present;
    private byte[][] absent;
    private List<byte[]> points;
    private HFile.Reader[] regionFiles;
    private int next;
    private long lookups;
    private long blocksAtStart;
    private long negativesAtStart;

    @Setup
    public void setUp() throws IOException {
        List<KeyValue> kvs = BenchTables.followsCells(500_000, 9, 1_700_000_000_000L);
        TableSpec spec = BenchTables.followsSpec(4);
        tmp = Files.createTempDirectory("bench-get");
        Path table = BenchTables.write(conf, new Path(tmp.resolve("follows").toString()), spec, kvs);
        points = spec.regions().resolved().splitPoints();
        reader = TableReader.open(conf, table);
        List<byte[]> rows = new ArrayList<>();
        for (KeyValue kv : kvs) {
            rows.add(CellUtil.cloneRow(kv));
        }
        Collections.shuffle(rows, new Random(1));
        present = rows.subList(0, ROWS).toArray(new byte[0][]);
        absent = new byte[ROWS][];
        for (int i = 0; i < ROWS; i++) {
            absent[i] = Bytes.add(Md5.digest("absent-" + i), Md5.digest("nobody-" + i));
        }
        FileSystem fs = table.getFileSystem(conf);
        FileStatus[] files = fs.listStatus(new Path(table, "f"));
        Arrays.sort(files, Comparator.comparing(FileStatus::getPath));
        regionFiles = new HFile.Reader[files.length];
        for (int i = 0; i < files.length; i++) {
            regionFiles[i] = HFile.createReader(fs, files[i].getPath(), CacheConfig.DISABLED, true, conf);
        }
        for (byte[] row : present) {
            if (reader.get(row, ScanSpec.all()).isEmpty() || !bareSeek(row)) {
                throw new IllegalStateException("row " + Bytes.toStringBinary(row) + " not found");
            }
        }
        for (byte[] row : absent) {
            if (reader.get(row, ScanSpec.all()).isPresent()) {
                throw new IllegalStateException("row " + Bytes.toStringBinary(row) + " should be absent");
            }
        }
        blocksAtStart = HFile.DATABLOCK_READ_COUNT.sum();
        negativesAtStart = reader.bloomNegatives();
    }

    @TearDown
    public void tearDown() throws IOException {
        long blocks = HFile.DATABLOCK_READ_COUNT.sum() - blocksAtStart;
        long negatives = reader.bloomNegatives() - negativesAtStart;
        System.out.printf(
                "%n%d lookups: %.4f data blocks read and %.4f bloom negatives per lookup%n",
                lookups, blocks / (double) lookups, negatives / (double) lookups);
        reader.close();
        for (HFile.Reader r : regionFiles) {
            r.close();
        }
        WebLogInput.deleteTree(tmp);
    }

    @Benchmark
    public Optional<Result> getPresent() throws IOException {
        lookups++;
        return reader.get(present[next++ & (ROWS - 1)], ScanSpec.all());
    }

    @Benchmark
    public Optional<Result> getAbsent() throws IOException {
        lookups++;
        return reader.get(absent[next++ & (ROWS - 1)], ScanSpec.all());
    }

    @Benchmark
    public boolean bareSeekPresent() throws IOException {
        lookups++;
        return bareSeek(present[next++ & (ROWS - 1)]);
    }

    private boolean bareSeek(byte[] row) throws IOException {
        HFileScanner s = regionFiles[CellDigest.region(row, points)].getScanner(conf, false, true);
        try {
            Cell first = PrivateCellUtil.createFirstOnRow(row);
            // -1: before the file's first cell; 1: on the cell before the row; 0, or -2 (HConstants.INDEX_KEY_MAGIC)
            // when the row starts a block: on the row's first cell
            int at = s.seekTo(first);
            boolean positioned = at == -1 ? s.seekTo() : at != 1 || s.next();
            return positioned && CellUtil.matchingRows(s.getCell(), row);
        } finally {
            s.close();
        }
    }
}
