package io.dumptruck.loaders.graph;

import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.loaders.live.JsonListHeld;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hbase.Cell;

/**
 * A live {@code adjacency_ro} row as held cells: each id its {@code l:} list holds, as a follow at the list's own time
 * — so {@link AdjacencyListFold} lists the held ids and the day's together, and an unfollow of the day (at the load's
 * time) removes one.
 */
final class AdjacencyListHeld extends JsonListHeld {
    private static final byte[] EMPTY = new byte[0];

    public AdjacencyListHeld() {
        super(GraphSchema.ADJACENCY_RO, GraphSchema.LIST, "adjacency_ro row");
    }

    @Override
    protected void emitEntries(byte[] row, Cell list, List<String> ids, long loadTimestamp, HeldCellsOut out) {
        for (String id : ids) {
            out.put(family, row, id.getBytes(StandardCharsets.UTF_8), list.getTimestamp(), EMPTY);
        }
    }
}
