package io.dumptruck.loaders.titles;

import io.dumptruck.formats.reduce.HeldCellsOut;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.loaders.HeldState;
import java.util.Set;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live {@code title_autocomp} row as held cells: each title its {@code j:} cell lists, under the
 * qualifier the map side gives a title (its rank's sort key from the cell's {@link TitleRanks} tag ‖
 * the title), at the load's timestamp — so {@link TopTitlesFold} keeps the top 10 of the listed
 * titles and the day's alike. A cell that is not a JSON array of strings is an IllegalArgumentException
 * naming the row ({@link io.dumptruck.loaders.SnapshotHeldRows} counts it and goes on).
 */
public final class TopTitlesHeld implements HeldState {
  private static final byte[] EMPTY = new byte[0];
  private static final byte[] FAMILY = Bytes.toBytes(TitleSchema.TITLES);
  private FamilyRef j;

  @Override
  public Set<String> feeds() {
    return Set.of(TitleSchema.TITLE_AUTOCOMP);
  }

  @Override
  public void resolve(HeldCellsOut out) {
    j = out.family(TitleSchema.TITLE_AUTOCOMP, TitleSchema.TITLES);
  }

  @Override
  public void emit(Result row, long loadTimestamp, HeldCellsOut out) {
    Cell c = row.getColumnLatestCell(FAMILY, EMPTY); // the list HBase shows (a family may keep older versions)
    if (c == null) {
      return;
    }
    List<String> titles = HeldState.jsonStrings(c, "title_autocomp row");
    List<byte[]> keys = TitleRanks.of(c, titles.size());
    for (int i = 0; i < titles.size(); i++) {
      out.put(j, row.getRow(), Bytes.add(keys.get(i), titles.get(i).getBytes(StandardCharsets.UTF_8)), loadTimestamp, EMPTY);
    }
  }
}
