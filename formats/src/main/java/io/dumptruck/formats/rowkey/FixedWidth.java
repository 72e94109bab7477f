package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Fixed-width numbers: big-endian binary integers (identical to HBase's {@link Bytes}) and zero-padded ASCII decimals.
 *
 * <p>Binary integers are two's complement, so byte-wise order matches numeric order only for non-negative values; use
 * {@link RowKeyBuilder#orderedInt64(long)} for keys that mix signs.
 */
@PublicApi
public final class FixedWidth {

    /** Most decimal digits of a non-negative {@code long}. */
    public static final int MAX_DECIMAL_WIDTH = 19;

    private FixedWidth() {}

    /**
     *
     *
     * <pre>
     *   byte 0..3   v, big-endian two's complement (Bytes.toBytes(int))
     * </pre>
     */
    public static byte[] int32(int v) {
        return Bytes.toBytes(v);
    }

    /**
     *
     *
     * <pre>
     *   byte 0..7   v, big-endian two's complement (Bytes.toBytes(long))
     * </pre>
     */
    public static byte[] int64(long v) {
        return Bytes.toBytes(v);
    }

    /** Reads the 4-byte big-endian int at {@code off}. */
    public static int readInt32(byte[] b, int off) {
        return Bytes.toInt(b, off);
    }

    /** Reads the 8-byte big-endian long at {@code off}. */
    public static long readInt64(byte[] b, int off) {
        return Bytes.toLong(b, off);
    }

    /**
     * ASCII decimal, left-padded with {@code '0'} to exactly {@code width} characters ({@code zeroPadded(42, 5)} =
     * {@code "00042"}), so that non-negative values sort numerically.
     *
     * @param value a value ≥ 0 with at most {@code width} digits
     * @param width 1..19
     * @throws IllegalArgumentException for a negative value, a value wider than {@code width}, or a width out of range
     */
    public static String zeroPadded(long value, int width) {
        if (!isDecimalWidth(width)) {
            throw new IllegalArgumentException("width must be 1.." + MAX_DECIMAL_WIDTH + ", got " + width);
        }
        if (value < 0) {
            throw new IllegalArgumentException("cannot zero-pad a negative value: " + value);
        }
        String digits = Long.toString(value);
        if (digits.length() > width) {
            throw new IllegalArgumentException(value + " does not fit in " + width + " digits");
        }
        return "0".repeat(width - digits.length()) + digits;
    }

    /** Whether {@link #zeroPadded} takes {@code width}: 1 to {@value #MAX_DECIMAL_WIDTH} digits. */
    public static boolean isDecimalWidth(int width) {
        return width >= 1 && width <= MAX_DECIMAL_WIDTH;
    }

    /**
     * Parses a string written by {@link #zeroPadded(long, int)}: one or more ASCII digits, leading zeros allowed, no
     * sign.
     *
     * @throws IllegalArgumentException if {@code s} is empty, has a non-digit, or exceeds a long
     */
    public static long parseZeroPadded(String s) {
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty zero-padded number");
        }
        long v = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("not a zero-padded number: \"" + s + "\"");
            }
            try {
                v = Math.addExact(Math.multiplyExact(v, 10L), c - '0');
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("zero-padded number exceeds a long: \"" + s + "\"", e);
            }
        }
        return v;
    }
}
