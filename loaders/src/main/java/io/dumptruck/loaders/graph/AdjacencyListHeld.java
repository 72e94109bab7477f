package io.dumptruck.loaders.graph;

import io.dumptruck.formats.reduce.HeldCellsOut;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.loaders.HeldState;
import java.util.Set;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live {@code adjacency_ro} row as held cells: each id its {@code l:} list holds, as a follow at
 * the list's own time — so {@link AdjacencyListFold} lists the held ids and the day's together, and an
 * unfollow of the day (at the load's time) removes one. A cell that is not a JSON array of strings is
 * an IllegalArgumentException naming the row.
 */
public final class AdjacencyListHeld implements HeldState {
  private static final byte[] EMPTY = new byte[0];
  private static final byte[] FAMILY = Bytes.toBytes(GraphSchema.LIST);
  private FamilyRef list;

  @Override
  public Set<String> feeds() {
    return Set.of(GraphSchema.ADJACENCY_RO);
  }

  @Override
  public void resolve(HeldCellsOut out) {
    list = out.family(GraphSchema.ADJACENCY_RO, GraphSchema.LIST);
  }

  @Override
  public void emit(Result row, long loadTimestamp, HeldCellsOut out) {
    Cell c = row.getColumnLatestCell(FAMILY, EMPTY); // the list HBase shows
    if (c == null) {
      return;
    }
    for (String id : HeldState.jsonStrings(c, "adjacency_ro row")) {
      out.put(list, row.getRow(), id.getBytes(StandardCharsets.UTF_8), c.getTimestamp(), EMPTY);
    }
  }
}
