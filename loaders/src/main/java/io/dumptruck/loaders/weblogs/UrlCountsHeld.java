package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.table.SpecException;
import io.dumptruck.loaders.HeldState;
import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live {@code cookie_url_count} row as held cells: each {@code u:} count at the load's timestamp,
 * into {@code cookie_url_count} (summed with the day's) and, as the visitor's path counts, into
 * {@code cookie_stats}' {@code c} family (whose cell keeps only the winner, so the counts behind it
 * come from here); each {@code d:} day as it is, unless past the family's TTL.
 */
public final class UrlCountsHeld implements HeldState {
  private CellSink.FamilyRef urlCount;
  private CellSink.FamilyRef daily;
  private CellSink.FamilyRef statsCounts;

  @Override
  public void resolve(CellSink sink) {
    urlCount = sink.family(WebLogSchema.COOKIE_URL_COUNT, WebLogSchema.URL_COUNT);
    statsCounts = sink.family(WebLogSchema.COOKIE_STATS, WebLogSchema.TOP_PATH);
    try {
      daily = sink.family(WebLogSchema.COOKIE_URL_COUNT, WebLogSchema.DAILY_COUNT);
    } catch (SpecException e) {
      daily = null; // the load has no daily family (--daily off): held days are not written again
    }
  }

  @Override
  public void emit(Result row, long loadTimestamp, CellSink sink) throws IOException, InterruptedException {
    byte[] key = row.getRow();
    Cell previous = null;
    for (Cell c : row.rawCells()) {
      boolean olderVersion = previous != null && CellUtil.matchingColumn(previous, c);
      previous = c;
      if (olderVersion) {
        continue; // a count HBase no longer shows (a family that keeps versions): the newest is the count
      }
      byte[] qualifier = CellUtil.cloneQualifier(c);
      byte[] value = CellUtil.cloneValue(c);
      if (CellUtil.matchingFamily(c, Bytes.toBytes(WebLogSchema.URL_COUNT))) {
        sink.putHeld(urlCount, key, qualifier, loadTimestamp, value);
        sink.putHeld(statsCounts, key, qualifier, loadTimestamp, value);
      } else if (daily != null && CellUtil.matchingFamily(c, Bytes.toBytes(WebLogSchema.DAILY_COUNT))
          && sink.shows(daily, c.getTimestamp())) {
        sink.putHeld(daily, key, qualifier, c.getTimestamp(), value);
      }
    }
  }
}
