package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.PublicApi;
import java.util.HexFormat;
import org.apache.hadoop.mapreduce.Counters;

/**
 * What a batch holds, whatever the shape it was delivered in: the multiset of its records. A record is what a load
 * counts as read (loaded or rejected; blank, comment and header lines are not records), taken as the text its loader
 * parses — a line without its line end, whatever the file's compression or how the lines were split into files. The
 * content is the number of records and two 64-bit sums (mod 2<sup>64</sup>) of each record's 128-bit MurmurHash3: the
 * same records in any order, split or joined at line boundaries, compressed or not, give the same content; one record
 * more, less or changed gives another (but for a 2<sup>-64</sup> chance per sum). The map tasks add it up as they parse
 * ({@link Counter}), so it costs no second read of the input.
 *
 * @param records the records read
 * @param sum1 the sum of the records' hashes' first halves
 * @param sum2 the sum of their second halves
 */
@PublicApi
public record BatchContent(long records, long sum1, long sum2) {
    /** The job counters the map tasks add each record's hash to (Hadoop sums them, wrapping, as the content needs). */
    public enum Counter {
        CONTENT_HASH_1,
        CONTENT_HASH_2
    }

    /** The content of a finished load's job: its records read ({@code recordsRead}) and the hash counters. */
    public static BatchContent of(Counters counters, long recordsRead) {
        return new BatchContent(
                recordsRead,
                counters.findCounter(Counter.CONTENT_HASH_1).getValue(),
                counters.findCounter(Counter.CONTENT_HASH_2).getValue());
    }

    /** The form the ledger and reports keep: {@code <records>:<32 hex digits>}. */
    @Override
    public String toString() {
        return records + ":" + HexFormat.of().toHexDigits(sum1) + HexFormat.of().toHexDigits(sum2);
    }

    /** The content {@link #toString} wrote; null for null or empty (a batch recorded before contents were). */
    public static BatchContent parse(String s) {
        if (s == null || s.isEmpty()) {
            return null;
        }
        int colon = s.indexOf(':');
        if (colon < 1 || s.length() - colon - 1 != 32) {
            throw new IllegalArgumentException("not a batch content: '" + s + "'");
        }
        return new BatchContent(
                Long.parseLong(s.substring(0, colon)),
                HexFormat.fromHexDigitsToLong(s, colon + 1, colon + 17),
                HexFormat.fromHexDigitsToLong(s, colon + 17, s.length()));
    }

    /** For messages: {@code 1,204 records}. */
    public String describe() {
        return String.format("%,d record%s", records, records == 1 ? "" : "s");
    }

    /**
     * Adds records up in a map task: {@link #add(CharSequence)} per record, {@link #drain} into the counters now and
     * then. A record's hash is MurmurHash3 x64 128 of its UTF-16 code units (a record that is not text, e.g. a line
     * that is not UTF-8, of its bytes with another seed).
     */
    public static final class Sum {
        private static final long C1 = 0x87c37b91114253d5L;
        private static final long C2 = 0x4cf5ad432745937fL;
        private static final long TEXT_SEED = 0;
        private static final long BYTES_SEED = 0x9e3779b97f4a7c15L;

        private long sum1;
        private long sum2;
        /** The hash state of the record being added. */
        private long h1;

        private long h2;

        /** Adds a record given as text. */
        public void add(CharSequence s) {
            int n = s.length();
            h1 = TEXT_SEED;
            h2 = TEXT_SEED;
            int i = 0;
            for (; i + 8 <= n; i += 8) {
                block(
                        s.charAt(i)
                                | (long) s.charAt(i + 1) << 16
                                | (long) s.charAt(i + 2) << 32
                                | (long) s.charAt(i + 3) << 48,
                        s.charAt(i + 4)
                                | (long) s.charAt(i + 5) << 16
                                | (long) s.charAt(i + 6) << 32
                                | (long) s.charAt(i + 7) << 48);
            }
            long k1 = 0;
            long k2 = 0;
            for (int j = 0; i + j < n; j++) {
                long c = s.charAt(i + j);
                if (j < 4) {
                    k1 |= c << (16 * j);
                } else {
                    k2 |= c << (16 * (j - 4));
                }
            }
            finish(k1, k2, 2L * n);
        }

        /** Adds a record given as bytes (one that is not text). */
        public void add(byte[] b, int off, int len) {
            h1 = BYTES_SEED;
            h2 = BYTES_SEED;
            int i = 0;
            for (; i + 16 <= len; i += 16) {
                block(littleEndian(b, off + i, 8), littleEndian(b, off + i + 8, 8));
            }
            int rest = len - i;
            long k1 = littleEndian(b, off + i, Math.min(rest, 8));
            long k2 = rest > 8 ? littleEndian(b, off + i + 8, rest - 8) : 0;
            finish(k1, k2, len);
        }

        /** One 16-byte block of the record being hashed, into {@code h1}, {@code h2}. */
        private void block(long k1, long k2) {
            h1 ^= mixK1(k1);
            h1 = Long.rotateLeft(h1, 27) + h2;
            h1 = h1 * 5 + 0x52dce729;
            h2 ^= mixK2(k2);
            h2 = Long.rotateLeft(h2, 31) + h1;
            h2 = h2 * 5 + 0x38495ab5;
        }

        private static long littleEndian(byte[] b, int off, int n) {
            long v = 0;
            for (int j = 0; j < n; j++) {
                v |= (b[off + j] & 0xffL) << (8 * j);
            }
            return v;
        }

        /** The last block ({@code k1}, {@code k2}, zero-padded) and the finalization; adds the hash to the sums. */
        private void finish(long k1, long k2, long length) {
            h1 ^= mixK1(k1) ^ length;
            h2 ^= mixK2(k2) ^ length;
            h1 += h2;
            h2 += h1;
            h1 = fmix(h1);
            h2 = fmix(h2);
            h1 += h2;
            h2 += h1;
            sum1 += h1;
            sum2 += h2;
        }

        private static long mixK1(long k1) {
            return Long.rotateLeft(k1 * C1, 31) * C2;
        }

        private static long mixK2(long k2) {
            return Long.rotateLeft(k2 * C2, 33) * C1;
        }

        private static long fmix(long k) {
            k ^= k >>> 33;
            k *= 0xff51afd7ed558ccdL;
            k ^= k >>> 33;
            k *= 0xc4ceb9fe1a85ec53L;
            k ^= k >>> 33;
            return k;
        }

        /** Adds what was summed since the last call to the task's counters, and starts again from zero. */
        public void drain(org.apache.hadoop.mapreduce.Counter hash1, org.apache.hadoop.mapreduce.Counter hash2) {
            hash1.increment(sum1);
            hash2.increment(sum2);
            sum1 = 0;
            sum2 = 0;
        }
    }
}
