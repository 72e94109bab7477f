package io.dumptruck.loaders.titles;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.io.BytesWritable;

/**
 * Keeps the first ten distinct titles of each {@code title_autocomp} row as they stream past (the qualifiers already
 * sort in answer order, see {@link TitleSchema}) and writes them as the row's one cell {@code j:} → JSON array. A title
 * listed twice keeps its best rank (its first appearance). A combiner cuts each row to its first ten titles on the map
 * side already. The cell carries the titles' ranks as a tag ({@link TitleRanks}), for a later load that folds into it.
 */
final class TopTitlesFold implements CellFold {
    static final int LIMIT = 10;
    private static final JsonFactory JSON = new JsonFactory();
    private final List<String> titles = new ArrayList<>(LIMIT);
    /** Each listed title's sort key (its rank), the first 8 bytes of its qualifier. */
    private final List<byte[]> keys = new ArrayList<>(LIMIT);

    private final CellKey key = new CellKey();
    private boolean started;

    @Override
    public void cell(CellKey k, Iterator<BytesWritable> values, Output out) {
        if (!started || k.timestamp() > key.timestamp()) { // the row's newest time: held lists keep theirs
            key.set(k.table(), k.family(), k.row(), new byte[0], k.timestamp());
            started = true;
        }
        if (titles.size() < LIMIT) {
            String title = title(k);
            if (!titles.contains(title)) {
                titles.add(title);
                keys.add(Arrays.copyOfRange(
                        k.buffer(), k.qualifierOffset(), k.qualifierOffset() + TitleRanks.KEY_BYTES));
            }
        }
    }

    /**
     * Map side: the cells of a row's first {@value #LIMIT} distinct titles pass, the rest of the row is dropped — the
     * row's answer is among each spill's first ten, since qualifiers sort in answer order.
     */
    @Override
    public CellFold combiner() {
        return new CellFold() {
            private final List<String> seen = new ArrayList<>(LIMIT);

            @Override
            public void cell(CellKey k, Iterator<BytesWritable> values, Output out)
                    throws IOException, InterruptedException {
                String title = title(k);
                if (!seen.contains(title)) {
                    if (seen.size() == LIMIT) {
                        return; // past the row's first ten titles
                    }
                    seen.add(title);
                }
                out.write(k, values.next());
            }

            @Override
            public void endRow(Output out) {
                seen.clear();
            }
        };
    }

    private static String title(CellKey k) {
        return new String(
                k.buffer(),
                k.qualifierOffset() + TitleRanks.KEY_BYTES,
                k.qualifierLength() - TitleRanks.KEY_BYTES,
                StandardCharsets.UTF_8);
    }

    @Override
    public void endRow(Output out) throws IOException, InterruptedException {
        if (!started) {
            return;
        }
        StringWriter json = new StringWriter(); // a Writer keeps emoji as they are (no backslash-u escapes)
        try (JsonGenerator g = JSON.createGenerator(json)) {
            g.writeStartArray();
            for (String t : titles) {
                g.writeString(t);
            }
            g.writeEndArray();
        }
        byte[] tags = TitleRanks.tags(keys);
        byte[] list = json.toString().getBytes(StandardCharsets.UTF_8);
        ByteBuffer value = ByteBuffer.allocate(2 + tags.length + list.length); // HFileTableJob.tagged: tags lead
        value.putShort((short) tags.length).put(tags).put(list);
        out.write(key, value.array());
        titles.clear();
        keys.clear();
        started = false;
    }
}
