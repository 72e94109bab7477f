package io.dumptruck.jobs.events;

import io.dumptruck.formats.rowkey.TimeBucket;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One {@code log_data} row → ((host, event, hour), a partial of its one value). Where the names and the time are, by
 * layout:
 *
 * <pre>
 *   bucketed    byte(t mod N) ‖ long(t) ‖ host ‖ 0x00 ‖ event     names = key[9..], t = key[1..9)
 *   host-first  host ‖ 0x00 ‖ event ‖ 0x00 ‖ revts(t)           names = key[..n-9), t = MAX - key[n-8..]
 *   hashed      md5(host) ‖ md5(event) ‖ long(t)                names = d:h, d:e, t = key[n-8..]
 *   numeric     long(hostId) ‖ long(eventId) ‖ long(t)          names = d:h, d:e, t = key[n-8..]
 * </pre>
 *
 * The key bytes of the names go into the {@link RollupKey} as they are, no string made per row. Rows of another host or
 * event than {@code --host}/{@code --event} (where the scan could not leave them out) are dropped and counted.
 */
final class RollupMapper extends Mapper<ImmutableBytesWritable, Result, RollupKey, RollupPartial> {
    private final RollupKey key = new RollupKey();
    private final RollupPartial one = new RollupPartial();
    private String layout;
    private byte[] host;
    private byte[] event;

    @Override
    protected void setup(Context context) {
        Configuration conf = context.getConfiguration();
        layout = conf.get(EventRollupJob.LAYOUT_KEY);
        host = bytesOrNull(conf.get(EventRollupJob.HOST_KEY));
        event = bytesOrNull(conf.get(EventRollupJob.EVENT_KEY));
    }

    private static byte[] bytesOrNull(String s) {
        return s == null ? null : Bytes.toBytes(s);
    }

    @Override
    protected void map(ImmutableBytesWritable row, Result r, Context context) throws IOException, InterruptedException {
        context.getCounter(RollupCounter.ROWS_READ).increment(1);
        Cell value = r.getColumnLatestCell(LogDataColumns.FAMILY, LogDataColumns.VALUE);
        if (value == null) {
            return; // not written by the loader; nothing to count
        }
        byte[] k = row.get();
        int off = row.getOffset();
        int len = row.getLength();
        boolean selected = switch (layout) {
            case "bucketed" -> namesInKey(k, off + 9, len - 9, Bytes.toLong(k, off + 1));
            case "host-first" -> namesInKey(k, off, len - 9, Long.MAX_VALUE - Bytes.toLong(k, off + len - 8));
            default -> namesInColumns(r, Bytes.toLong(k, off + len - 8));
        };
        if (!selected) {
            context.getCounter(RollupCounter.ROWS_NOT_SELECTED).increment(1);
            return;
        }
        double number = DecimalValue.parse(value.getValueArray(), value.getValueOffset(), value.getValueLength());
        if (Double.isNaN(number)) {
            context.getCounter(RollupCounter.VALUES_NOT_NUMBERS).increment(1);
        }
        one.setOne(number);
        context.write(key, one);
    }

    /** {@code b[off, off+len)} = host ‖ 0x00 ‖ event; sets the key if the names are selected. */
    private boolean namesInKey(byte[] b, int off, int len, long time) throws IOException {
        int end = off + len;
        int sep = off;
        while (sep < end && b[sep] != 0) {
            sep++;
        }
        if (sep == end) {
            throw new IOException("log_data key " + Bytes.toStringBinary(b, off, len)
                    + " has no 0x00 between host and event: not a " + layout + " key");
        }
        if (!matches(host, b, off, sep - off) || !matches(event, b, sep + 1, end - sep - 1)) {
            return false;
        }
        key.set(b, off, len, TimeBucket.floor(time, TimeBucket.HOUR_MILLIS));
        return true;
    }

    private boolean namesInColumns(Result r, long time) throws IOException {
        Cell h = r.getColumnLatestCell(LogDataColumns.FAMILY, LogDataColumns.HOST);
        Cell e = r.getColumnLatestCell(LogDataColumns.FAMILY, LogDataColumns.EVENT);
        if (h == null || e == null) {
            throw new IOException("log_data row " + Bytes.toStringBinary(r.getRow())
                    + " has no d:h or d:e cell: the hashed and numeric layouts keep the names there");
        }
        if (!matches(host, h.getValueArray(), h.getValueOffset(), h.getValueLength())
                || !matches(event, e.getValueArray(), e.getValueOffset(), e.getValueLength())) {
            return false;
        }
        key.set(
                h.getValueArray(),
                h.getValueOffset(),
                h.getValueLength(),
                e.getValueArray(),
                e.getValueOffset(),
                e.getValueLength(),
                TimeBucket.floor(time, TimeBucket.HOUR_MILLIS));
        return true;
    }

    /** True when nothing was asked for, or the bytes are the name asked for. */
    private static boolean matches(byte[] wanted, byte[] b, int off, int len) {
        return wanted == null || Bytes.equals(wanted, 0, wanted.length, b, off, len);
    }
}
