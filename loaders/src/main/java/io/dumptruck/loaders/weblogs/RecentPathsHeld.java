package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.loaders.live.HeldState;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live {@code cookie_stats} row as held cells: its {@code r:} cells (the visitor's most recent paths, one version per
 * request time) as they are — with the day's, the family's VERSIONS keeps the newest five of both — and its {@code c:}
 * cell (the most requested path, its count as the cell's time) as that path's count, one millisecond before the load's
 * timestamp. The counts of the paths the day requests come from {@link UrlCountsHeld}; the path most requested after
 * the day is the larger of the held winner and those paths' new counts (ties: the smallest path), as the paths the day
 * does not request keep their counts, none above the held winner's.
 */
final class RecentPathsHeld implements HeldState {
    private static final byte[] RECENT = Bytes.toBytes(WebLogSchema.RECENT_PATHS);
    private static final byte[] TOP = Bytes.toBytes(WebLogSchema.TOP_PATH);
    private FamilyRef recent;
    private FamilyRef top;

    @Override
    public Set<String> feeds() {
        return Set.of(WebLogSchema.COOKIE_STATS);
    }

    @Override
    public void resolve(HeldCellsOut out) {
        recent = out.family(WebLogSchema.COOKIE_STATS, WebLogSchema.RECENT_PATHS);
        top = out.family(WebLogSchema.COOKIE_STATS, WebLogSchema.TOP_PATH);
    }

    /** Its two columns, whatever the paths asked for. */
    @Override
    public boolean liveColumns(String table, byte[][] families, List<CellKey> asked, RowScanner.Columns live) {
        live.add(RECENT, HConstants.EMPTY_BYTE_ARRAY);
        live.add(TOP, HConstants.EMPTY_BYTE_ARRAY);
        return true;
    }

    @Override
    public void emit(Result row, long loadTimestamp, HeldCellsOut out) {
        for (Cell c : row.rawCells()) {
            if (CellUtil.matchingFamily(c, RECENT)) {
                out.put(recent, row.getRow(), CellUtil.cloneQualifier(c), c.getTimestamp(), CellUtil.cloneValue(c));
            } else if (CellUtil.matchingFamily(c, TOP) && c.getQualifierLength() == 0) {
                out.put(top, row.getRow(), CellUtil.cloneValue(c), loadTimestamp - 1, Bytes.toBytes(c.getTimestamp()));
            }
        }
    }
}
