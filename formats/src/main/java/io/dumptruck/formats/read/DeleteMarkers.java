package io.dumptruck.formats.read;

import java.util.Arrays;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;

/**
 * The delete markers of one row and family that a scan has passed, and which cells they mask — what a region server's
 * scan does (HBase's {@code ScanDeleteTracker}, default version behaviour):
 *
 * <ul>
 *   <li>{@code DeleteFamily} at t masks every cell of the family with timestamp ≤ t;
 *   <li>{@code DeleteFamilyVersion} at t masks every cell of the family with timestamp = t;
 *   <li>{@code DeleteColumn} at t masks every version of its column with timestamp ≤ t;
 *   <li>{@code Delete} at t masks the cell of its column with timestamp = t.
 * </ul>
 *
 * A marker masks a cell whatever the order they were written in: a Put at t written after a Delete at t stays masked
 * (until a major compaction drops both), as HBase serves it. Contract: cells are given in HBase's cell order (markers
 * of a column sort before the Puts they mask: timestamps descending, and at one timestamp the marker first), and
 * {@link #clear} is called at every new row and family.
 */
final class DeleteMarkers {
    private static final byte DELETE_FAMILY = KeyValue.Type.DeleteFamily.getCode();
    private static final byte DELETE_FAMILY_VERSION = KeyValue.Type.DeleteFamilyVersion.getCode();
    private static final byte DELETE_COLUMN = KeyValue.Type.DeleteColumn.getCode();

    private boolean empty = true;
    private boolean familyDeleted;
    private long familyStamp;
    private long[] familyVersions = new long[4];
    private int familyVersionCount;
    /** The most general marker of the current column, or null. */
    private Cell column;

    private byte columnType;
    private long columnStamp;

    /** True when no marker was added since the last {@link #clear}: every Put is served. */
    boolean isEmpty() {
        return empty;
    }

    void clear() {
        if (!empty) {
            empty = true;
            familyDeleted = false;
            familyVersionCount = 0;
            column = null;
        }
    }

    /** Takes the delete marker {@code marker} (any type but Put). */
    void add(Cell marker) {
        long ts = marker.getTimestamp();
        if (familyDeleted && ts <= familyStamp) {
            return; // already masked by the family's marker
        }
        empty = false;
        byte type = marker.getTypeByte();
        if (type == DELETE_FAMILY) {
            familyDeleted = true;
            familyStamp = ts;
        } else if (type == DELETE_FAMILY_VERSION) {
            if (familyVersionCount == familyVersions.length) {
                familyVersions = Arrays.copyOf(familyVersions, familyVersionCount * 2);
            }
            familyVersions[familyVersionCount++] = ts;
        } else if (column == null || type >= columnType || !CellBytes.sameQualifier(marker, column)) {
            column = marker; // a new column, or a marker at least as general as the one held
            columnType = type;
            columnStamp = ts;
        }
    }

    /** True when a marker added masks the Put {@code put}. */
    boolean masks(Cell put) {
        long ts = put.getTimestamp();
        if (familyDeleted && ts <= familyStamp) {
            return true;
        }
        for (int i = 0; i < familyVersionCount; i++) {
            if (familyVersions[i] == ts) {
                return true;
            }
        }
        if (column != null) {
            if (!CellBytes.sameQualifier(put, column)) {
                column = null; // cells come in column order: the marker's column is behind
            } else if (columnType == DELETE_COLUMN) {
                return true;
            } else if (ts == columnStamp) {
                return true;
            } else {
                column = null; // an older version: a version marker masks only its own timestamp
            }
        }
        return false;
    }
}
