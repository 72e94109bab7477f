package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.loaders.live.HeldState;
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
 * folded, as every folded table's reader treats a held cell its schema cannot read.
 */
final class UrlCountsHeld implements HeldState {
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
            if (CellUtil.matchingFamily(c, Bytes.toBytes(WebLogSchema.URL_COUNT))) {
                out.put(urlCount, key, qualifier, loadTimestamp, value, c.getTimestamp());
                out.put(statsCounts, key, qualifier, loadTimestamp, value);
            } else if (daily != null
                    && CellUtil.matchingFamily(
                            c, Bytes.toBytes(WebLogSchema.DAILY_COUNT))) { // out drops days past the TTL
                out.put(daily, key, qualifier, c.getTimestamp(), value);
            }
        }
    }
}
