package io.dumptruck.loaders.ipblocks;

import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.loaders.LoadCounter;
import io.dumptruck.loaders.RejectSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.hadoop.io.BytesWritable;

/**
 * Writes the {@code ip_geo} blocks that overlap no block kept before them, and rejects the others (reason
 * {@code OVERLAP}, with the line and its position, into the load's rejects). Blocks arrive by row key, i.e. by end
 * address, one reducer per IP version; of two overlapping blocks the one ending first is kept, and of blocks ending at
 * the same address the one starting first. A rejected block was counted as loaded by its mapper and is moved to the
 * rejected count here, so read = loaded + rejected still holds.
 */
final class IpOverlapFold implements CellFold {
    /** Why a block is rejected in the reducer. */
    public enum Reject {
        OVERLAP
    }

    private static final byte[] CC = IpGeoSchema.COUNTRY.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] S = IpGeoSchema.START.getBytes(StandardCharsets.US_ASCII);

    private final CellKey out = new CellKey();
    private RejectSink rejects;
    /** Version digit and end hex of the last kept block, as its row key. */
    private String lastKept;

    private byte[] keptStart;
    private byte[] keptCountry;
    private final CellKey keptKey = new CellKey();

    @Override
    public void cell(CellKey key, Iterator<BytesWritable> values, Output output)
            throws IOException, InterruptedException {
        String row = new String(key.buffer(), key.rowOffset(), key.rowLength(), StandardCharsets.US_ASCII);
        String start =
                new String(key.buffer(), key.qualifierOffset(), key.qualifierLength(), StandardCharsets.US_ASCII);
        boolean overlaps = keptStart != null
                || (lastKept != null
                        && lastKept.charAt(0) == row.charAt(0)
                        && start.compareTo(lastKept.substring(1)) <= 0);
        while (values.hasNext()) {
            String[] v = new String(values.next().copyBytes(), StandardCharsets.UTF_8).split("\t", 3);
            if (overlaps) {
                reject(
                        output,
                        v[1],
                        v[2],
                        keptStart != null
                                ? "shares addresses with the block ending at the same address"
                                : "shares addresses with the block ending at " + lastKept.substring(1));
            } else {
                keptStart = start.getBytes(StandardCharsets.US_ASCII);
                keptCountry = v[0].getBytes(StandardCharsets.UTF_8);
                keptKey.set(key.table(), key.family(), key.row(), CC, key.timestamp());
                overlaps = true; // a second value is the same block again
            }
        }
    }

    @Override
    public void endRow(Output output) throws IOException, InterruptedException {
        if (keptStart == null) {
            return;
        }
        output.write(keptKey, keptCountry);
        out.set(keptKey.table(), keptKey.family(), keptKey.row(), S, keptKey.timestamp());
        output.write(out, keptStart);
        lastKept = new String(keptKey.row(), StandardCharsets.US_ASCII);
        keptStart = null;
    }

    private void reject(Output output, String position, String raw, String detail)
            throws IOException, InterruptedException {
        if (rejects == null) {
            rejects = new RejectSink(output.context());
        }
        output.count(LoadCounter.RECORDS_LOADED, -1);
        output.count(LoadCounter.RECORDS_REJECTED, 1);
        output.context()
                .getCounter(LoadCounter.REASON_GROUP, Reject.OVERLAP.name())
                .increment(1);
        rejects.reject(position, Reject.OVERLAP, detail, raw.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close(Output output) throws IOException, InterruptedException {
        if (rejects != null) {
            rejects.close();
        }
    }
}
