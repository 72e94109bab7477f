package io.dumptruck.bench;

import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.loaders.graph.Edge;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells of one edge in the {@code follows} and {@code followed_by} tables (docs/tables.md), as the graph loader
 * writes them, computed once for the textbook job and the limit: family {@code f}, value empty, cell time = the edge's
 * time, else the load's.
 */
record EdgeCells(byte[] followsRow, byte[] into, byte[] followedByRow, byte[] from, long timestamp) {
    static final byte[] FAMILY = Bytes.toBytes("f");
    static final byte[] EMPTY = new byte[0];

    static EdgeCells of(Edge e, long loadTimestamp) {
        byte[] from = e.from().getBytes(StandardCharsets.UTF_8);
        byte[] into = e.into().getBytes(StandardCharsets.UTF_8);
        byte[] mf = Md5.digest(from);
        byte[] mi = Md5.digest(into);
        return new EdgeCells(
                Bytes.add(mf, mi), into, Bytes.add(mi, mf), from, e.time() != null ? e.time() : loadTimestamp);
    }
}
