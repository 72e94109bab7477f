package io.dumptruck.jobs.journeys;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.rowkey.ReverseTimestamp;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Turns each {@code visits} row ({@code UTF-8(visitor) ‖ 0x00 ‖ revts(t) ‖ md5(line)[0..4)}, docs/tables.md) into a
 * {@link ViewKey}: the visitor from the key, the time from the {@code p:u} cell's timestamp (the request time), the
 * path from {@code p:u} and the reversed referer from {@code p:r}. A row without {@code p:u} (its request line was not
 * a request, e.g. {@code "-"} or a TLS handshake) is not a page view and is left out.
 */
final class ViewMapper extends Mapper<ImmutableBytesWritable, Result, ViewKey, NullWritable> {
    static final byte[] FAMILY = Bytes.toBytes(WebLogSchema.VISIT);
    static final byte[] PATH = Bytes.toBytes(WebLogSchema.PATH);
    static final byte[] REFERER = Bytes.toBytes(WebLogSchema.REFERER);
    static final ScanSpec.Column PATH_COLUMN = new ScanSpec.Column(WebLogSchema.VISIT, PATH);
    static final ScanSpec.Column REFERER_COLUMN = new ScanSpec.Column(WebLogSchema.VISIT, REFERER);
    /** The bytes of a visit key after the visitor: the 0x00 separator, revts(t) and four bytes of the line's md5. */
    static final int KEY_SUFFIX = 1 + ReverseTimestamp.LENGTH + 4;

    private final ViewKey view = new ViewKey();

    @Override
    protected void map(ImmutableBytesWritable row, Result result, Context context)
            throws IOException, InterruptedException {
        Cell path = result.getColumnLatestCell(FAMILY, PATH);
        if (path == null) {
            return;
        }
        int visitorLength = row.getLength() - KEY_SUFFIX;
        if (visitorLength < 0 || row.get()[row.getOffset() + visitorLength] != 0) {
            throw new IOException("visits row " + Bytes.toStringBinary(row.get(), row.getOffset(), row.getLength())
                    + " is not UTF-8(visitor) ‖ 0x00 ‖ revts(t) ‖ md5(line)[0..4)");
        }
        Cell referer = result.getColumnLatestCell(FAMILY, REFERER);
        view.set(
                row.get(),
                row.getOffset(),
                visitorLength,
                path.getTimestamp(),
                path.getValueArray(),
                path.getValueOffset(),
                path.getValueLength(),
                referer == null ? null : referer.getValueArray(),
                referer == null ? 0 : referer.getValueOffset(),
                referer == null ? 0 : referer.getValueLength());
        context.write(view, NullWritable.get());
        context.getCounter(JourneyCounter.PAGE_VIEWS).increment(1);
    }
}
