package io.dumptruck.jobs.graphstats;

import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.loaders.graph.GraphSchema;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Turns each row of {@code follows} and {@code followed_by} into two {@link NeighbourKey}s. A row is {@code md5(owner)
 * ‖ md5(other)} with the qualifier {@code UTF-8(other)}: in {@code follows} the owner follows the other account, in
 * {@code followed_by} the other account follows the owner. So the row says, for the owner's md5,
 * {@link NeighbourKey.Kind#FOLLOWED FOLLOWED}/{@link NeighbourKey.Kind#FOLLOWER FOLLOWER} other; and, for the other's
 * md5, {@link NeighbourKey.Kind#NAME NAME} other.
 *
 * <p>That second key is how names are recovered: no row holds its owner's name, only its md5, but every account that is
 * followed is named by the qualifiers of {@code follows} and every account that follows is named by those of
 * {@code followed_by}, so each account gets its name from one table or the other. A popular account gets one NAME key
 * per follower; the stage's combiner keeps one per spill.
 *
 * <p>A {@code follows} split also counts each owner's cells: its rows are sorted by owner, so the count of the owner at
 * hand is emitted as one {@link NeighbourKey.Kind#OUT_DEGREE OUT_DEGREE} key when the owner changes (and at the end of
 * the split). An owner whose rows span two splits gets two partial counts, which the combiner or the reducer adds up.
 * Values of the other keys are 1, unread.
 */
final class NeighbourMapper extends Mapper<ImmutableBytesWritable, Result, NeighbourKey, VLongWritable> {
    private static final int ROW_LENGTH = 2 * Md5.LENGTH;
    private static final byte[] NO_NAME = new byte[0];

    private final NeighbourKey key = new NeighbourKey();
    private final VLongWritable one = new VLongWritable(1);
    private final VLongWritable count = new VLongWritable();
    private NeighbourKey.Kind ownerKind;
    private Counter malformedRows;
    /** The {@code follows} owner whose cells are being counted, and how many so far (0: none yet). */
    private final byte[] countedOwner = new byte[Md5.LENGTH];

    private long followedOfOwner;

    @Override
    protected void setup(Context context) {
        String table = HFileTableInputFormat.tableName(context.getInputSplit());
        if (GraphSchema.FOLLOWS.equals(table)) {
            ownerKind = NeighbourKey.Kind.FOLLOWED;
        } else if (GraphSchema.FOLLOWED_BY.equals(table)) {
            ownerKind = NeighbourKey.Kind.FOLLOWER;
        } else {
            throw new IllegalStateException(
                    "table '" + table + "' is neither " + GraphSchema.FOLLOWS + " nor " + GraphSchema.FOLLOWED_BY);
        }
        malformedRows = context.getCounter(GraphStatsCounter.MALFORMED_ROWS);
    }

    @Override
    protected void map(ImmutableBytesWritable row, Result result, Context context)
            throws IOException, InterruptedException {
        if (row.getLength() != ROW_LENGTH) {
            malformedRows.increment(1);
            return;
        }
        byte[] rowBytes = row.get();
        int owner = row.getOffset();
        int other = owner + Md5.LENGTH;
        Cell[] cells = result.rawCells();
        for (Cell cell : cells) {
            byte[] q = cell.getQualifierArray();
            int offset = cell.getQualifierOffset();
            int length = cell.getQualifierLength();
            context.write(key.set(rowBytes, owner, ownerKind, q, offset, length), one);
            context.write(key.set(rowBytes, other, NeighbourKey.Kind.NAME, q, offset, length), one);
        }
        if (ownerKind == NeighbourKey.Kind.FOLLOWED && cells.length > 0) {
            if (followedOfOwner > 0 && !Arrays.equals(countedOwner, 0, Md5.LENGTH, rowBytes, owner, other)) {
                writeOutDegree(context);
            }
            System.arraycopy(rowBytes, owner, countedOwner, 0, Md5.LENGTH);
            followedOfOwner += cells.length;
        }
    }

    private void writeOutDegree(Context context) throws IOException, InterruptedException {
        count.set(followedOfOwner);
        context.write(key.set(countedOwner, 0, NeighbourKey.Kind.OUT_DEGREE, NO_NAME, 0, 0), count);
        followedOfOwner = 0;
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        if (followedOfOwner > 0) {
            writeOutDegree(context);
        }
    }
}
