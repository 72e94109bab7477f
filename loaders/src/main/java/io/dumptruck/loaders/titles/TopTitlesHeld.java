package io.dumptruck.loaders.titles;

import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.loaders.live.JsonListHeld;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live {@code title_autocomp} row as held cells: each title its {@code j:} cell lists, under the qualifier the map
 * side gives a title (its rank's sort key from the cell's {@link TitleRanks} tag ‖ the title), at the load's timestamp,
 * or the list's own when newer (the fold writes the row at its newest time, so days loaded in any order end alike) — so
 * {@link TopTitlesFold} keeps the top 10 of the listed titles and the day's alike.
 */
final class TopTitlesHeld extends JsonListHeld {
    private static final byte[] EMPTY = new byte[0];

    public TopTitlesHeld() {
        super(TitleSchema.TITLE_AUTOCOMP, TitleSchema.TITLES, "title_autocomp row");
    }

    @Override
    protected void emitEntries(byte[] row, Cell list, List<String> titles, long loadTimestamp, HeldCellsOut out) {
        List<byte[]> keys = TitleRanks.of(list, titles.size());
        for (int i = 0; i < titles.size(); i++) {
            out.put(
                    family,
                    row,
                    Bytes.add(keys.get(i), titles.get(i).getBytes(StandardCharsets.UTF_8)),
                    Math.max(loadTimestamp, list.getTimestamp()),
                    EMPTY);
        }
    }
}
