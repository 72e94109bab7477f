package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Reverse timestamps, {@code revts(t) = long(Long.MAX_VALUE - t)}, so that the newest row of a prefix sorts first.
 *
 * <p>Read as an unsigned 64-bit number (which is how HBase compares key bytes), {@code Long.MAX_VALUE - t} is
 * {@code 2^63 - 1 - t}, a strictly decreasing map of every {@code long} onto {@code [0, 2^64)}: later times sort first
 * for every {@code t}, times before 1970 included (they sort after all times from 1970 on).
 */
@PublicApi
public final class ReverseTimestamp {

    /** Encoded length in bytes. */
    public static final int LENGTH = Bytes.SIZEOF_LONG;

    private ReverseTimestamp() {}

    /**
     * Encodes a time.
     *
     * <pre>
     *   byte 0..7   Long.MAX_VALUE - t, big-endian two's complement (Bytes.toBytes(long))
     * </pre>
     *
     * <p>Examples: 0 → {@code 7f ff ff ff ff ff ff ff}; {@code Long.MAX_VALUE} → eight zero bytes.
     */
    public static byte[] encode(long epochMillis) {
        return Bytes.toBytes(Long.MAX_VALUE - epochMillis);
    }

    /** Decodes the 8 bytes at {@code off} written by {@link #encode(long)} back to the time. */
    public static long decode(byte[] b, int off) {
        return Long.MAX_VALUE - Bytes.toLong(b, off);
    }
}
