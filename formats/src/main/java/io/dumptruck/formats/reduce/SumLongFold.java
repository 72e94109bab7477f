package io.dumptruck.formats.reduce;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.util.Iterator;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;

/**
 * Counters: the cells of one whole key are summed, each value an 8-byte big-endian long (HBase's counter encoding, what
 * {@code Increment} reads), and written as one cell. A value of another length is a bug in the mapper and fails the
 * task naming the key. Summed on the map side too (a combiner).
 */
@PublicApi
public final class SumLongFold implements CellFold {
    @Override
    public void cell(CellKey key, Iterator<BytesWritable> values, Output out) throws IOException, InterruptedException {
        out.write(key, Bytes.toBytes(sum(key, values)));
    }

    /** The sum of the counter values of {@code key}; a value that is not an 8-byte long fails, naming the key. */
    public static long sum(CellKey key, Iterator<BytesWritable> values) {
        long sum = 0;
        while (values.hasNext()) {
            BytesWritable v = values.next();
            if (v.getLength() != Bytes.SIZEOF_LONG) {
                throw new IllegalStateException(
                        "counter cell " + key + " holds " + v.getLength() + " bytes, not an 8-byte long");
            }
            sum += Bytes.toLong(v.getBytes(), 0, Bytes.SIZEOF_LONG);
        }
        return sum;
    }

    /** A sum of partial sums is the sum: the same fold sums on the map side. */
    @Override
    public boolean perKey() {
        return true;
    }

    @Override
    public CellFold combiner() {
        return new SumLongFold();
    }
}
