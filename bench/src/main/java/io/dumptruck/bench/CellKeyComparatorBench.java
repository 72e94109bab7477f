package io.dumptruck.bench;

import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellKeyComparator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.io.DataOutputBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The shuffle's sort, one comparator at a time: the visits cells of 5,000 generated web-log lines (about 30,000 cells,
 * shuffled) sorted through an index array by
 *
 * <ul>
 *   <li>{@code cellKeyRaw} — dumptruck's {@link CellKeyComparator} on the serialized {@link CellKey}s, as the map-side
 *       sort and the merges call it (bytes in one buffer, nothing deserialized);
 *   <li>{@code hbaseCellComparator} — HBase's {@link CellComparator} on the same cells as {@link KeyValue} objects
 *       (what PutSortReducer's TreeSet and the HFile writer compare);
 *   <li>{@code rowOnlyRaw} — HBase's raw {@link ImmutableBytesWritable.Comparator} on the rows alone, what the textbook
 *       job's shuffle compares (it sorts rows, not cells).
 * </ul>
 *
 * The same permutation of the same keys is sorted each time, so the ratios compare comparators.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
@State(Scope.Benchmark)
public class CellKeyComparatorBench {
    private byte[] keyBuffer;
    private int[] keyOffset;
    private int[] keyLength;
    private byte[] rowBuffer;
    private int[] rowOffset;
    private int[] rowLength;
    private KeyValue[] cells;
    private Integer[] order;
    private final CellKeyComparator cellKeyComparator = new CellKeyComparator();
    private final ImmutableBytesWritable.Comparator rowComparator = new ImmutableBytesWritable.Comparator();

    @Setup
    public void setUp() throws IOException {
        List<KeyValue> sorted = BenchTables.visitCells(5_000, 7);
        List<KeyValue> shuffled = new ArrayList<>(sorted);
        Collections.shuffle(shuffled, new Random(42));
        int n = shuffled.size();
        cells = shuffled.toArray(new KeyValue[0]);
        keyOffset = new int[n];
        keyLength = new int[n];
        rowOffset = new int[n];
        rowLength = new int[n];
        DataOutputBuffer keys = new DataOutputBuffer();
        DataOutputBuffer rows = new DataOutputBuffer();
        CellKey key = new CellKey();
        for (int i = 0; i < n; i++) {
            KeyValue kv = cells[i];
            keyOffset[i] = keys.getLength();
            key.set(0, 0, CellUtil.cloneRow(kv), CellUtil.cloneQualifier(kv), kv.getTimestamp())
                    .write(keys);
            keyLength[i] = keys.getLength() - keyOffset[i];
            rowOffset[i] = rows.getLength();
            new ImmutableBytesWritable(CellUtil.cloneRow(kv)).write(rows);
            rowLength[i] = rows.getLength() - rowOffset[i];
        }
        keyBuffer = Arrays.copyOf(keys.getData(), keys.getLength());
        rowBuffer = Arrays.copyOf(rows.getData(), rows.getLength());
        order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Integer[] a = cellKeyRaw();
        Integer[] b = hbaseCellComparator();
        if (!Arrays.equals(a, b)) {
            throw new IllegalStateException("the two comparators disagree on the order of the visits cells");
        }
    }

    @Benchmark
    public Integer[] cellKeyRaw() {
        Integer[] o = order.clone();
        Arrays.sort(
                o,
                (x, y) -> cellKeyComparator.compare(
                        keyBuffer, keyOffset[x], keyLength[x], keyBuffer, keyOffset[y], keyLength[y]));
        return o;
    }

    @Benchmark
    public Integer[] hbaseCellComparator() {
        Integer[] o = order.clone();
        CellComparator c = CellComparator.getInstance();
        Arrays.sort(o, (x, y) -> c.compare(cells[x], cells[y]));
        return o;
    }

    @Benchmark
    public Integer[] rowOnlyRaw() {
        Integer[] o = order.clone();
        Arrays.sort(
                o,
                (x, y) -> rowComparator.compare(
                        rowBuffer, rowOffset[x], rowLength[x], rowBuffer, rowOffset[y], rowLength[y]));
        return o;
    }
}
