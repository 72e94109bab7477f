package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.Order;
import org.apache.hadoop.hbase.util.OrderedBytes;
import org.apache.hadoop.hbase.util.PositionedByteRange;
import org.apache.hadoop.hbase.util.SimplePositionedMutableByteRange;

/**
 * Builds a composite row key by appending parts, left to right; each appender documents the bytes it writes. For
 * example the {@code visits} key of docs/tables.md:
 *
 * <pre>{@code
 * byte[] row = new RowKeyBuilder()
 *     .utf8(visitor).separator().reverseTimestamp(t).bytes(Md5.digest(line), 0, 4)
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe. {@link #build()} copies, so a builder can be {@link #clear() cleared} and reused for the next
 * record.
 */
@PublicApi
public final class RowKeyBuilder {

    private byte[] buf;
    private int len;

    /** A builder with room for 64 bytes before it grows. */
    public RowKeyBuilder() {
        this(64);
    }

    /** A builder with room for {@code initialCapacity} bytes before it grows. */
    public RowKeyBuilder(int initialCapacity) {
        buf = new byte[Math.max(1, initialCapacity)];
    }

    /** A copy of the bytes appended so far. */
    public byte[] build() {
        return Arrays.copyOf(buf, len);
    }

    /** Number of bytes appended so far. */
    public int length() {
        return len;
    }

    /** Forgets all parts, keeping the buffer. */
    public RowKeyBuilder clear() {
        len = 0;
        return this;
    }

    /** Appends {@code md5(UTF-8(s))}: 16 bytes. */
    public RowKeyBuilder md5(String s) {
        return bytes(Md5.digest(s));
    }

    /** Appends {@code md5(b)}: 16 bytes. */
    public RowKeyBuilder md5(byte[] b) {
        return bytes(Md5.digest(b));
    }

    /** Appends {@code UTF-8(s)}, no length and no terminator. */
    public RowKeyBuilder utf8(String s) {
        return bytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Appends {@code b} as is. */
    public RowKeyBuilder bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    /** Appends {@code b[off, off+length)} as is (e.g. an MD5 prefix). */
    public RowKeyBuilder bytes(byte[] b, int off, int length) {
        ensure(length);
        System.arraycopy(b, off, buf, len, length);
        len += length;
        return this;
    }

    /** Appends one byte: the low 8 bits of {@code b}. */
    public RowKeyBuilder oneByte(int b) {
        ensure(1);
        buf[len++] = (byte) b;
        return this;
    }

    /** Appends the separator {@code 0x00}, which sorts before every other byte. */
    public RowKeyBuilder separator() {
        return oneByte(0);
    }

    /** Appends a salt value (see {@link Salt#of(byte[], int)}) as one byte. */
    public RowKeyBuilder salt(int saltValue) {
        if (saltValue < 0 || saltValue >= Salt.MAX_BUCKETS) {
            throw new IllegalArgumentException("salt must be 0..255, got " + saltValue);
        }
        return oneByte(saltValue);
    }

    /** Appends {@code int(v)}: 4 bytes big-endian two's complement ({@code Bytes.toBytes(int)}). */
    public RowKeyBuilder intBE(int v) {
        return bytes(Bytes.toBytes(v));
    }

    /** Appends {@code long(v)}: 8 bytes big-endian two's complement ({@code Bytes.toBytes(long)}). */
    public RowKeyBuilder longBE(long v) {
        return bytes(Bytes.toBytes(v));
    }

    /** Appends {@code revts(t) = long(Long.MAX_VALUE - t)}: 8 bytes, newest first (see {@link ReverseTimestamp}). */
    public RowKeyBuilder reverseTimestamp(long epochMillis) {
        return bytes(ReverseTimestamp.encode(epochMillis));
    }

    /**
     * Appends {@code value} as ASCII decimal left-padded with '0' to {@code width} bytes (see
     * {@link FixedWidth#zeroPadded(long, int)}).
     *
     * @throws IllegalArgumentException for a negative value or one wider than {@code width}
     */
    public RowKeyBuilder zeroPadded(long value, int width) {
        return bytes(FixedWidth.zeroPadded(value, width).getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Appends UTF-8 of the domain-reversed URL (see {@link ReversedDomain#reverse(String)}):
     * {@code http://www.Example.com:8080/a?b=1} → {@code com.example.www:8080/a?b=1}.
     *
     * @throws IllegalArgumentException for a blank or unparsable URL
     */
    public RowKeyBuilder reversedDomain(String url) {
        return utf8(ReversedDomain.reverse(url));
    }

    /**
     * Appends HBase's order-preserving fixed-width int64 ({@code OrderedBytes.encodeInt64}, ascending), the encoding
     * also behind {@code org.apache.hadoop.hbase.types.OrderedInt64}, so any HBase client can decode it. Keys sort in
     * numeric order byte-wise, negatives first.
     *
     * <pre>
     *   byte 0      0x2c (header)
     *   byte 1..8   v big-endian with the sign bit flipped
     * </pre>
     */
    public RowKeyBuilder orderedInt64(long v) {
        PositionedByteRange r = range(9);
        OrderedBytes.encodeInt64(r, v, Order.ASCENDING);
        return append(r);
    }

    /**
     * Appends HBase's order-preserving fixed-width float64 ({@code OrderedBytes.encodeFloat64}, ascending;
     * {@code types.OrderedFloat64}). Byte-wise order: −∞ &lt; negatives &lt; −0.0 &lt; +0.0 &lt; positives &lt; +∞ &lt;
     * NaN.
     *
     * <pre>
     *   byte 0      0x31 (header)
     *   byte 1..8   IEEE 754 bits, big-endian: if the sign bit is 0 only the sign bit is flipped,
     *               if it is 1 (negatives, −0.0) all 64 bits are flipped
     * </pre>
     */
    public RowKeyBuilder orderedFloat64(double v) {
        PositionedByteRange r = range(9);
        OrderedBytes.encodeFloat64(r, v, Order.ASCENDING);
        return append(r);
    }

    /**
     * Appends HBase's order-preserving text encoding ({@code OrderedBytes.encodeString}, ascending;
     * {@code types.OrderedString}). The terminator makes a string sort before its extensions even when more parts
     * follow.
     *
     * <pre>
     *   byte 0        0x34 (header)
     *   byte 1..n     UTF-8(s)
     *   byte n+1      0x00 (terminator)
     * </pre>
     *
     * @throws IllegalArgumentException if {@code s} contains U+0000
     */
    public RowKeyBuilder orderedString(String s) {
        PositionedByteRange r = range(s.getBytes(StandardCharsets.UTF_8).length + 2);
        OrderedBytes.encodeString(r, s, Order.ASCENDING);
        return append(r);
    }

    private static PositionedByteRange range(int capacity) {
        return new SimplePositionedMutableByteRange(capacity);
    }

    private RowKeyBuilder append(PositionedByteRange r) {
        return bytes(r.getBytes(), r.getOffset(), r.getPosition());
    }

    private void ensure(int extra) {
        int needed = len + extra;
        if (needed < 0) {
            throw new IllegalStateException("row key longer than 2 GiB");
        }
        if (needed > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(needed, buf.length * 2));
        }
    }
}
