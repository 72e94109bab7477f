package io.dumptruck.loaders.graph;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.io.BytesWritable;

/**
 * Folds the {@code adjacency_ro} cells of one user into the single cell {@code l:} → JSON array of the ids the user
 * follows. Each map-side cell is one id (the qualifier) at a time: a follow (empty value) or, in a load of unfollows, a
 * removal ({@link #REMOVED}); cells the live table holds arrive as follows at the held cell's time. Per id the newest
 * time decides (at equal times a removal wins, as HBase's DeleteColumn masks a Put of its own time), so a later load's
 * follow or unfollow beats what the table held. The cell is written at the row's newest time; a user whose every id is
 * removed gets a DeleteColumn there instead, masking the held list. The table is declared with {@code markers}: each
 * value written leads with its KeyValue type code. Ids stream into the JSON in qualifier order; only the array being
 * built is held.
 */
final class AdjacencyListFold implements CellFold {
    /** The map-side value of an unfollow. */
    static final byte[] REMOVED = {1};

    private static final byte[] DELETE_COLUMN = {KeyValue.Type.DeleteColumn.getCode()};
    private static final JsonFactory JSON = new JsonFactory();
    /** A Writer, so characters outside the BMP stay as they are rather than backslash-u escapes. */
    private final StringWriter buffer = new StringWriter();

    private final CellKey key = new CellKey();
    private final CellKey previous = new CellKey();
    private JsonGenerator array;
    /** The row has had a cell: {@link #key} and {@link #previous} are set. */
    private boolean started;
    /** Some id of the row was followed (held or new), so a row left with no id masks the held list. */
    private boolean followed;

    private int listed;

    @Override
    public void cell(CellKey k, Iterator<BytesWritable> values, Output out) throws IOException {
        boolean sameId = started && previous.sameQualifier(k);
        if (!started) {
            key.set(k.table(), k.family(), k.row(), new byte[0], k.timestamp());
            buffer.getBuffer().setLength(0);
            array = JSON.createGenerator(buffer);
            array.writeStartArray();
            started = true;
        } else if (k.timestamp() > key.timestamp()) {
            key.set(k.table(), k.family(), k.row(), new byte[0], k.timestamp());
        }
        previous.copyFrom(k);
        boolean removed = false;
        while (values.hasNext()) {
            BytesWritable v = values.next();
            removed |= v.getLength() > 0 && v.getBytes()[0] == REMOVED[0];
            followed |= v.getLength() == 0;
        }
        if (sameId || removed) {
            return; // an id's newest time decides it (a key of the same id came first); a removed id is not listed
        }
        array.writeString(new String(k.buffer(), k.qualifierOffset(), k.qualifierLength(), StandardCharsets.UTF_8));
        listed++;
    }

    @Override
    public void endRow(Output out) throws IOException, InterruptedException {
        if (!started) {
            return;
        }
        array.writeEndArray();
        array.close();
        if (listed > 0) {
            byte[] json = buffer.toString().getBytes(StandardCharsets.UTF_8);
            byte[] value = new byte[json.length + 1];
            value[0] = KeyValue.Type.Put.getCode();
            System.arraycopy(json, 0, value, 1, json.length);
            out.write(key, value);
        } else if (followed) {
            out.write(key, DELETE_COLUMN);
        }
        started = false;
        followed = false;
        listed = 0;
    }
}
