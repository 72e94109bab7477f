package io.dumptruck.loaders.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.reduce.held.HeldCellsOut;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A live row whose family holds one folded list — a JSON array of strings in the cell with the empty qualifier, the
 * newest version being the list HBase shows — re-emitted entry by entry ({@link #emitEntries}) in the form the map side
 * emits the list's entries. A cell that is not a JSON array of strings is an IllegalArgumentException naming the row
 * ({@link SnapshotHeldRows} counts it and goes on).
 */
public abstract class JsonListHeld extends OneFamilyHeld {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] EMPTY = new byte[0];
    private final byte[] familyBytes;
    private final String what;

    /** @param what the row, as an error names it (e.g. {@code "title_autocomp row"}) */
    protected JsonListHeld(String table, String family, String what) {
        super(table, family);
        this.familyBytes = Bytes.toBytes(family);
        this.what = what;
    }

    @Override
    public final void emit(Result row, long loadTimestamp, HeldCellsOut out) {
        Cell list = row.getColumnLatestCell(familyBytes, EMPTY);
        if (list != null) {
            emitEntries(row.getRow(), list, jsonStrings(list, what), loadTimestamp, out);
        }
    }

    /** Puts the held cells of {@code entries}, the strings {@code list} holds, into {@link #family}. */
    protected abstract void emitEntries(
            byte[] row, Cell list, List<String> entries, long loadTimestamp, HeldCellsOut out);

    /**
     * The strings of a cell that holds a JSON array of strings (a folded list), or an IllegalArgumentException naming
     * the cell's row as {@code what}.
     */
    public static List<String> jsonStrings(Cell c, String what) {
        List<String> out = new ArrayList<>();
        try {
            JsonNode array = JSON.readTree(CellUtil.cloneValue(c));
            if (array != null && array.isArray()) {
                for (JsonNode s : array) {
                    if (!s.isTextual()) {
                        break;
                    }
                    out.add(s.textValue());
                }
                if (out.size() == array.size()) {
                    return out;
                }
            }
        } catch (IOException e) {
            // refused below
        }
        throw new IllegalArgumentException(what + " '" + Bytes.toStringBinary(CellUtil.cloneRow(c))
                + "' holds no JSON array of "
                + "strings in " + Bytes.toString(CellUtil.cloneFamily(c)) + ": ("
                + Bytes.toStringBinary(c.getValueArray(), c.getValueOffset(), Math.min(c.getValueLength(), 80)) + ")");
    }
}
