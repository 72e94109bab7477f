package io.dumptruck.formats.read;

import org.apache.hadoop.hbase.util.Bytes;

/**
 * The rows {@code [start, stop)} of a file that belong to its region (empty = unbounded): all of them for a region's
 * own HFile, the region's half for a reference file, which stands for the parent region's file that a split or merge
 * left (HBase's {@code HalfStoreFileReader}).
 */
public record RowClip(byte[] start, byte[] stop) {
    public static final RowClip NONE = new RowClip(new byte[0], new byte[0]);

    public boolean isNone() {
        return start.length == 0 && stop.length == 0;
    }

    public boolean contains(byte[] row) {
        return Bytes.compareTo(row, start) >= 0 && (stop.length == 0 || Bytes.compareTo(row, stop) < 0);
    }

    /** True when some row of {@code [from, to)} (empty to = unbounded) is inside the clip. */
    public boolean overlaps(byte[] from, byte[] to) {
        return (stop.length == 0 || Bytes.compareTo(from, stop) < 0)
                && (to.length == 0 || Bytes.compareTo(start, to) < 0);
    }

    /** The rows in both clips. */
    public RowClip and(RowClip o) {
        byte[] s = Bytes.compareTo(start, o.start) >= 0 ? start : o.start;
        byte[] e = stop.length == 0 ? o.stop : o.stop.length == 0 || Bytes.compareTo(stop, o.stop) <= 0 ? stop : o.stop;
        return new RowClip(s, e);
    }
}
