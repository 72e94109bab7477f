package io.dumptruck.jobs.inspect;

/**
 * How the table's distinct rows spread over the leading byte of their keys. One byte is the unit on purpose: a salt or
 * bucket is one byte, the first byte of an md5 prefix is uniform over 256 values, and the first byte of a big-endian
 * time or sequence number is the same for every row — so salted and hashed keys show an even spread and sequential keys
 * one hot byte. 256 counters, whatever the table's size.
 */
final class KeyPrefixSpread {
    private final long[] rows = new long[256];
    private long total;

    /** Counts one distinct row. */
    void add(byte[] rowKey) {
        if (rowKey.length > 0) {
            rows[rowKey[0] & 0xff]++;
            total++;
        }
    }

    /** Rows counted (every distinct row of the table). */
    public long rows() {
        return total;
    }

    /** Rows whose key starts with {@code leadingByte} (0..255). */
    public long rows(int leadingByte) {
        return rows[leadingByte];
    }

    /** The most frequent leading byte (0..255; the smallest of a tie), or -1 when there are no rows. */
    public int hottest() {
        int best = -1;
        for (int b = 0; b < 256; b++) {
            if (rows[b] > 0 && (best < 0 || rows[b] > rows[best])) {
                best = b;
            }
        }
        return best;
    }

    /** The hottest leading byte's share of rows, 0..1 (0 without rows). */
    public double hottestShare() {
        int b = hottest();
        return b < 0 ? 0 : (double) rows[b] / total;
    }

    /** How many different leading bytes the rows have. */
    public int distinct() {
        int n = 0;
        for (long r : rows) {
            if (r > 0) {
                n++;
            }
        }
        return n;
    }
}
