package io.dumptruck.jobs.toppages;

import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Stage 1 map: every cell of {@code cookie_url_count} (family {@code u}) and the {@code c:} cell of
 * {@code cookie_stats}, keyed by the visitor (the row key of both tables, UTF-8). Rows arrive in batches of cells, so a
 * visitor with millions of paths is never one Result.
 */
final class VisitorCellMapper extends Mapper<ImmutableBytesWritable, Result, Text, VisitorCell> {
    private final Text visitor = new Text();
    private final VisitorCell cell = new VisitorCell();
    private boolean urlCounts;

    @Override
    protected void setup(Context context) throws IOException {
        String table = HFileTableInputFormat.tableName(context.getInputSplit());
        if (table.equals(WebLogSchema.COOKIE_URL_COUNT)) {
            urlCounts = true;
        } else if (table.equals(WebLogSchema.COOKIE_STATS)) {
            urlCounts = false;
        } else {
            throw new IOException("table '" + table + "' is neither " + WebLogSchema.COOKIE_URL_COUNT + " nor "
                    + WebLogSchema.COOKIE_STATS);
        }
    }

    @Override
    protected void map(ImmutableBytesWritable row, Result result, Context context)
            throws IOException, InterruptedException {
        visitor.set(row.get(), row.getOffset(), row.getLength());
        for (Cell c : result.rawCells()) {
            if (urlCounts) {
                if (c.getValueLength() != Bytes.SIZEOF_LONG) {
                    throw new IOException(WebLogSchema.COOKIE_URL_COUNT + " cell of visitor '" + visitor + "' holds "
                            + c.getValueLength() + " bytes, not an 8-byte count");
                }
                long count = Bytes.toLong(c.getValueArray(), c.getValueOffset(), Bytes.SIZEOF_LONG);
                cell.set(
                        VisitorCell.Source.URL_COUNT,
                        c.getQualifierArray(),
                        c.getQualifierOffset(),
                        c.getQualifierLength(),
                        count);
            } else {
                cell.set(
                        VisitorCell.Source.STORED_TOP,
                        c.getValueArray(),
                        c.getValueOffset(),
                        c.getValueLength(),
                        c.getTimestamp());
            }
            context.write(visitor, cell);
        }
    }
}
