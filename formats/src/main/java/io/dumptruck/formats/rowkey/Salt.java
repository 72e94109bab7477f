package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;

/**
 * Salt (bucket) prefixes that spread sequential row keys over regions.
 *
 * <p>The salt of a key is {@code (md5(key)[0] & 0xff) mod buckets}: it depends only on the key's bytes and the bucket
 * count, never on {@code hashCode()}, so it is the same in every JVM, every run and every language with an MD5
 * implementation (Python: {@code hashlib.md5(key).digest()[0] % buckets}). A salted key is {@code byte(salt) ‖ key}; a
 * reader of one key computes the same salt, a scan over all keys takes one scan per bucket.
 */
@PublicApi
public final class Salt {

    /** Largest bucket count: a salt is one byte. */
    public static final int MAX_BUCKETS = 256;

    private Salt() {}

    /**
     * The salt of a key.
     *
     * @param key the unsalted row key
     * @param buckets bucket count, 1..256
     * @return a value in {@code [0, buckets)}, written as one byte in front of the key
     * @throws IllegalArgumentException if {@code buckets} is out of range
     */
    public static int of(byte[] key, int buckets) {
        checkBuckets(buckets);
        return (Md5.digest(key)[0] & 0xff) % buckets;
    }

    /**
     * Region split points for a table whose keys start with a salt byte: the {@code buckets - 1} one-byte keys
     * {@code {0x01}, {0x02}, …, {buckets-1}}, so that region i holds salt i.
     *
     * @throws IllegalArgumentException if {@code buckets} is not in 1..256
     */
    public static byte[][] splitPoints(int buckets) {
        checkBuckets(buckets);
        byte[][] points = new byte[buckets - 1][];
        for (int i = 1; i < buckets; i++) {
            points[i - 1] = new byte[] {(byte) i};
        }
        return points;
    }

    static void checkBuckets(int buckets) {
        if (buckets < 1 || buckets > MAX_BUCKETS) {
            throw new IllegalArgumentException(
                    "bucket count must be 1.." + MAX_BUCKETS + " (one byte), got " + buckets);
        }
    }
}
