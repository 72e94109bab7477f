package io.dumptruck.bench;

import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells of one request in the {@code visits} table (docs/tables.md), computed once so that the visits-only load,
 * the textbook job and the ImportTsv input all write exactly what the weblogs loader writes: family {@code p},
 * qualifiers {@link #QUALIFIERS}, cell time = request time, no cell for an absent value.
 */
record VisitCells(byte[] row, long timestamp, byte[][] values) {
    static final byte[] FAMILY = Bytes.toBytes("p");
    /** u path · q query · r reversed referer · s status · d duration µs (long) · i client · m method. */
    static final byte[][] QUALIFIERS = {
        Bytes.toBytes("u"),
        Bytes.toBytes("q"),
        Bytes.toBytes("r"),
        Bytes.toBytes("s"),
        Bytes.toBytes("d"),
        Bytes.toBytes("i"),
        Bytes.toBytes("m")
    };

    /** The cells of {@code r}, parsed from {@code rawLine}; IllegalArgumentException as the loader rejects. */
    static VisitCells of(WebLogRecord r, String rawLine, RowKeyBuilder key) {
        if (r.visitor().indexOf('\0') >= 0) {
            throw new IllegalArgumentException("the visitor holds a zero byte");
        }
        byte[] row = WebLogSchema.visitKey(key, r.visitor(), r.time(), rawLine);
        byte[][] values = {
            utf8(r.path()),
            utf8(r.query()),
            utf8(r.refererReversed()),
            WebLogSchema.statusText(r.status()),
            r.durationMicros() == null ? null : Bytes.toBytes(r.durationMicros()),
            utf8(r.client()),
            utf8(r.method())
        };
        return new VisitCells(row, r.time(), values);
    }

    private static byte[] utf8(String s) {
        return s == null ? null : Bytes.toBytes(s);
    }
}
