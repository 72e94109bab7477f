package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.loaders.live.HeldState;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live {@code cookie_url_count} row as held cells: each {@code u:} count at the load's timestamp (standing for its
 * cell's own time, which the folded count keeps when newer: days loaded in any order end alike), into
 * {@code cookie_url_count} (summed with the day's) and, as the visitor's path counts, into {@code cookie_stats}'
 * {@code c} family (whose cell keeps only the winner, so the counts behind it come from here); each {@code d:} day as
 * it is, unless past the family's TTL. A count that is not 8 bytes makes the row unreadable: counted, logged and not
 * folded, as every folded table's reader treats a held cell its schema cannot read. Only the columns the load writes
 * are read ({@link #liveColumns}): a count the load does not touch is neither read nor checked.
 */
final class UrlCountsHeld implements HeldState {
    private static final byte[] URL_COUNT = Bytes.toBytes(WebLogSchema.URL_COUNT);
    private static final byte[] TOP_PATH = Bytes.toBytes(WebLogSchema.TOP_PATH);
    private static final byte[] DAILY_COUNT = Bytes.toBytes(WebLogSchema.DAILY_COUNT);
    private FamilyRef urlCount;
    private FamilyRef daily;
    private FamilyRef statsCounts;

    @Override
    public Set<String> feeds() {
        return Set.of(WebLogSchema.COOKIE_URL_COUNT, WebLogSchema.COOKIE_STATS);
    }

    @Override
    public void resolve(HeldCellsOut out) {
        urlCount = out.family(WebLogSchema.COOKIE_URL_COUNT, WebLogSchema.URL_COUNT);
        statsCounts = out.family(WebLogSchema.COOKIE_STATS, WebLogSchema.TOP_PATH);
        try {
            daily = out.family(WebLogSchema.COOKIE_URL_COUNT, WebLogSchema.DAILY_COUNT);
        } catch (SpecException e) {
            daily = null; // the load has no daily family (--daily off): held days are not written again
        }
    }

    /**
     * The counts of the paths asked for: of {@code cookie_url_count} the {@code u:} counts and {@code d:} days asked
     * for (their own columns), of {@code cookie_stats} the {@code u:} counts of the paths its {@code c:} family is
     * asked for (the held winner comes from {@link RecentPathsHeld}).
     */
    @Override
    public boolean liveColumns(String table, byte[][] families, List<CellKey> asked, RowScanner.Columns live) {
        boolean stats = table.equals(WebLogSchema.COOKIE_STATS);
        for (CellKey k : asked) {
            byte[] family = families[k.family()];
            if (!stats) {
                live.add(family, k.qualifier());
            } else if (Bytes.equals(family, TOP_PATH)) {
                live.add(URL_COUNT, k.qualifier());
            }
        }
        return true;
    }

    @Override
    public void emit(Result row, long loadTimestamp, HeldCellsOut out) {
        byte[] key = row.getRow();
        for (Cell c : row.rawCells()) { // a row with one unreadable count is not folded at all: checked first
            if (c.getValueLength() != Bytes.SIZEOF_LONG) {
                throw new IllegalArgumentException("cookie_url_count row '" + Bytes.toStringBinary(key) + "' holds "
                        + c.getValueLength() + " bytes in " + Bytes.toString(CellUtil.cloneFamily(c)) + ":"
                        + Bytes.toStringBinary(CellUtil.cloneQualifier(c)) + ", not an 8-byte count");
            }
        }
        Cell previous = null;
        for (Cell c : row.rawCells()) {
            boolean olderVersion = previous != null && CellUtil.matchingColumn(previous, c);
            previous = c;
            if (olderVersion) {
                continue; // a count HBase no longer shows (a family that keeps versions): the newest is the count
            }
            byte[] qualifier = CellUtil.cloneQualifier(c);
            byte[] value = CellUtil.cloneValue(c);
            if (CellUtil.matchingFamily(c, URL_COUNT)) {
                out.put(urlCount, key, qualifier, loadTimestamp, value, c.getTimestamp());
                out.put(statsCounts, key, qualifier, loadTimestamp, value);
            } else if (daily != null && CellUtil.matchingFamily(c, DAILY_COUNT)) { // out drops days past the TTL
                out.put(daily, key, qualifier, c.getTimestamp(), value);
            }
        }
    }
}
