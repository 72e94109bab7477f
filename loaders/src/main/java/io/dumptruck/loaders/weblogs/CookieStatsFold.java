package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.reduce.SumLongFold;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.util.Iterator;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;

/**
 * Builds a visitor's {@code cookie_stats} row. Family {@code c} arrives as one cell per path, each value a count of 1
 * per request (paths in byte order): they are summed, and at the row's end the single cell {@code c:} → the most
 * requested path is written, its timestamp = the count (the first path reaching the maximum wins, which is the
 * smallest). Family {@code r} cells pass through: one per request time (of requests in the same millisecond, the
 * smallest path), the newest first; the family's VERSIONS (5) keeps the five most recent. On the map side, counts are
 * summed and each request time keeps its smallest path already ({@link #combiner}). Folding the live table, a path may
 * come twice, one key after the other: its new count, and the held winner's count ({@link RecentPathsHeld}); the larger
 * counts.
 */
final class CookieStatsFold implements CellFold {
    private final CellKey top = new CellKey();
    private byte[] topPath;
    private long topCount;

    @Override
    public void cell(CellKey key, Iterator<BytesWritable> values, Output out) throws IOException, InterruptedException {
        if (key.family() != 0) {
            out.write(key, smallest(values));
            return;
        }
        long count = SumLongFold.sum(key, values);
        if (count > topCount) {
            topCount = count;
            topPath = key.qualifier();
            top.set(key.table(), 0, key.row(), new byte[0], count);
        }
    }

    /** Requests of the same time: the smallest path, so reloads give the same table. */
    private static BytesWritable smallest(Iterator<BytesWritable> values) {
        BytesWritable smallest = new BytesWritable();
        smallest.set(values.next());
        while (values.hasNext()) {
            BytesWritable v = values.next();
            if (v.compareTo(smallest) < 0) {
                smallest.set(v);
            }
        }
        return smallest;
    }

    /** Map side: a path's partial count, and the smallest path of each request time. */
    @Override
    public CellFold combiner() {
        return new CellFold() {
            @Override
            public void cell(CellKey key, Iterator<BytesWritable> values, Output out)
                    throws IOException, InterruptedException {
                if (key.family() != 0) {
                    out.write(key, smallest(values));
                } else {
                    out.write(key, Bytes.toBytes(SumLongFold.sum(key, values)));
                }
            }
        };
    }

    /**
     * Folding the live table, it needs the held counts of the paths the load requests and the held winner only
     * ({@link RecentPathsHeld}): the paths the load does not request keep counts none above the held winner's.
     */
    @Override
    public boolean heldByColumn() {
        return true;
    }

    /**
     * Its {@code r:} cells are written per key (one per request time): folding the live table, only the day's are
     * written, and the family's VERSIONS keeps the newest five of the day's and the held ones as HBase serves them; a
     * held request time the day holds too is written again, with the smaller path.
     */
    @Override
    public boolean perKey(int family) {
        return family != 0;
    }

    @Override
    public void endRow(Output out) throws IOException, InterruptedException {
        if (topPath != null) {
            top.set(top.table(), 0, top.row(), new byte[0], topCount);
            out.write(top, topPath);
        }
        topPath = null;
        topCount = 0;
    }
}
