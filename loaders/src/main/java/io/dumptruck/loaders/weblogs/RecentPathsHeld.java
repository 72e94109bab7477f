package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.loaders.live.OneFamilyHeld;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live {@code cookie_stats} row's {@code r:} cells (the visitor's most recent paths, one version per request time) as
 * held cells, as they are: with the day's, the family's VERSIONS keeps the newest five of both. Its {@code c:} cell is
 * not read: the counts behind it come from {@link UrlCountsHeld}.
 */
final class RecentPathsHeld extends OneFamilyHeld {
    private static final byte[] RECENT = Bytes.toBytes(WebLogSchema.RECENT_PATHS);

    public RecentPathsHeld() {
        super(WebLogSchema.COOKIE_STATS, WebLogSchema.RECENT_PATHS);
    }

    @Override
    public void emit(Result row, long loadTimestamp, HeldCellsOut out) {
        for (Cell c : row.rawCells()) {
            if (CellUtil.matchingFamily(c, RECENT)) {
                out.put(family, row.getRow(), CellUtil.cloneQualifier(c), c.getTimestamp(), CellUtil.cloneValue(c));
            }
        }
    }
}
