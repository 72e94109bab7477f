package io.dumptruck.jobs.events;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * The shuffle key of the rollup, one (host, event, hour) group, as bytes that sort and compare raw:
 *
 * <pre>
 *   vint(n) ‖ UTF-8(host) ‖ 0x00 ‖ UTF-8(event) ‖ 0x00 ‖ long(hour start, epoch ms)     (n = the bytes after the vint)
 * </pre>
 *
 * Host and event names never hold a zero byte (the loader rejects them), so the first zero byte ends the host and the
 * last nine bytes are the separator and the hour. The {@link Comparator} compares the bytes after the vint, with no
 * object made per comparison.
 */
final class RollupKey implements WritableComparable<RollupKey> {
    private byte[] bytes = new byte[64];
    private int length;

    static {
        WritableComparator.define(RollupKey.class, new Comparator());
    }

    /**
     * Sets the key to {@code names ‖ 0x00 ‖ long(hour)}, where {@code names[off, off+len)} is {@code host ‖ 0x00 ‖
     * event}.
     */
    void set(byte[] names, int off, int len, long hour) {
        length = 0;
        append(names, off, len);
        appendSeparatorAndHour(hour);
    }

    /** Sets the key from the host and event bytes apart (the hashed and numeric layouts keep them in columns). */
    void set(byte[] host, int hostOff, int hostLen, byte[] event, int eventOff, int eventLen, long hour) {
        length = 0;
        append(host, hostOff, hostLen);
        ensure(1);
        bytes[length++] = 0;
        append(event, eventOff, eventLen);
        appendSeparatorAndHour(hour);
    }

    private void appendSeparatorAndHour(long hour) {
        ensure(9);
        bytes[length++] = 0;
        Bytes.putLong(bytes, length, hour);
        length += 8;
    }

    private void append(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, length, len);
        length += len;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(length + more, bytes.length * 2));
        }
    }

    private int hostEnd() {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        throw new IllegalStateException("rollup key without a host separator");
    }

    public String host() {
        return new String(bytes, 0, hostEnd(), StandardCharsets.UTF_8);
    }

    public String event() {
        int start = hostEnd() + 1;
        return new String(bytes, start, length - 9 - start, StandardCharsets.UTF_8);
    }

    /** The start of the hour, epoch ms. */
    public long hour() {
        return Bytes.toLong(bytes, length - 8);
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, length);
        out.write(bytes, 0, length);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        length = 0;
        int n = WritableUtils.readVInt(in);
        ensure(n);
        in.readFully(bytes, 0, n);
        length = n;
    }

    @Override
    public int compareTo(RollupKey o) {
        return Bytes.compareTo(bytes, 0, length, o.bytes, 0, o.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RollupKey k && compareTo(k) == 0;
    }

    /** Over the bytes, so the hash partitioner sends a group to one reducer whatever object holds it. */
    @Override
    public int hashCode() {
        return WritableComparator.hashBytes(bytes, length);
    }

    @Override
    public String toString() {
        return host() + " " + event() + " " + hour();
    }

    /** Compares serialized keys byte for byte after their vint lengths. */
    public static final class Comparator extends WritableComparator {
        public Comparator() {
            super(RollupKey.class, false);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            int n1 = WritableUtils.decodeVIntSize(b1[s1]);
            int n2 = WritableUtils.decodeVIntSize(b2[s2]);
            return compareBytes(b1, s1 + n1, l1 - n1, b2, s2 + n2, l2 - n2);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public int compare(WritableComparable a, WritableComparable b) {
            return ((RollupKey) a).compareTo((RollupKey) b);
        }
    }
}
