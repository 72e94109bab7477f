package io.dumptruck.jobs.journeys;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * One page view as the shuffle key of the sessions stage: the key carries the whole view, so the shuffle puts each
 * visitor's views in time order (a secondary sort: partitioned by {@link VisitorPartitioner}, grouped by
 * {@link VisitorComparator}, sorted by {@link Comparator}) and the reducer streams them without holding any.
 *
 * <p>Serialized form, which the raw comparators read without deserializing:
 *
 * <pre>
 *   vint n ‖ visitor (n bytes, UTF-8)
 *   ‖ time (8 bytes, big-endian long, epoch ms)
 *   ‖ vint m ‖ path (m bytes, UTF-8)
 *   ‖ vint k ‖ reversed referer (k − 1 bytes, UTF-8; k = 0: no referer)
 * </pre>
 *
 * <p>Order: visitor (unsigned bytes), then time ascending, then — for views of the same visitor in the same millisecond
 * — path (unsigned bytes, i.e. code point order), then referer (none first, then unsigned bytes). Views equal in all
 * four are interchangeable for every output.
 */
final class ViewKey implements WritableComparable<ViewKey> {
    private static final int NO_REFERER = -1;

    static {
        WritableComparator.define(ViewKey.class, new Comparator());
    }

    private byte[] visitor = new byte[16];
    private int visitorLength;
    private long time;
    private byte[] path = new byte[32];
    private int pathLength;
    private byte[] referer = new byte[32];
    private int refererLength = NO_REFERER;

    /** Sets every field, copying the bytes; {@code refererBytes} null means no referer. */
    public void set(
            byte[] visitorBytes,
            int visitorOffset,
            int visitorLen,
            long timeMillis,
            byte[] pathBytes,
            int pathOffset,
            int pathLen,
            byte[] refererBytes,
            int refererOffset,
            int refererLen) {
        visitor = copy(visitor, visitorBytes, visitorOffset, visitorLen);
        visitorLength = visitorLen;
        time = timeMillis;
        path = copy(path, pathBytes, pathOffset, pathLen);
        pathLength = pathLen;
        if (refererBytes == null) {
            refererLength = NO_REFERER;
        } else {
            referer = copy(referer, refererBytes, refererOffset, refererLen);
            refererLength = refererLen;
        }
    }

    private static byte[] copy(byte[] into, byte[] from, int offset, int length) {
        byte[] out = into.length >= length ? into : new byte[Math.max(length, into.length * 2)];
        System.arraycopy(from, offset, out, 0, length);
        return out;
    }

    public long time() {
        return time;
    }

    public String visitor() {
        return new String(visitor, 0, visitorLength, StandardCharsets.UTF_8);
    }

    /** The path's bytes; valid up to {@link #pathLength()}, until the key changes. */
    byte[] pathBytes() {
        return path;
    }

    int pathLength() {
        return pathLength;
    }

    boolean hasReferer() {
        return refererLength != NO_REFERER;
    }

    /** The reversed referer's bytes; valid up to {@link #refererLength()} when {@link #hasReferer()}. */
    byte[] refererBytes() {
        return referer;
    }

    int refererLength() {
        return refererLength;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, visitorLength);
        out.write(visitor, 0, visitorLength);
        out.writeLong(time);
        WritableUtils.writeVInt(out, pathLength);
        out.write(path, 0, pathLength);
        WritableUtils.writeVInt(out, refererLength + 1);
        if (hasReferer()) {
            out.write(referer, 0, refererLength);
        }
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        visitorLength = WritableUtils.readVInt(in);
        visitor = ensure(visitor, visitorLength);
        in.readFully(visitor, 0, visitorLength);
        time = in.readLong();
        pathLength = WritableUtils.readVInt(in);
        path = ensure(path, pathLength);
        in.readFully(path, 0, pathLength);
        refererLength = WritableUtils.readVInt(in) - 1;
        if (hasReferer()) {
            referer = ensure(referer, refererLength);
            in.readFully(referer, 0, refererLength);
        }
    }

    private static byte[] ensure(byte[] buffer, int length) {
        return buffer.length >= length ? buffer : new byte[Math.max(length, buffer.length * 2)];
    }

    @Override
    public int compareTo(ViewKey o) {
        int c = WritableComparator.compareBytes(visitor, 0, visitorLength, o.visitor, 0, o.visitorLength);
        if (c != 0) {
            return c;
        }
        c = Long.compare(time, o.time);
        if (c != 0) {
            return c;
        }
        c = WritableComparator.compareBytes(path, 0, pathLength, o.path, 0, o.pathLength);
        if (c != 0) {
            return c;
        }
        if (!hasReferer() || !o.hasReferer()) {
            return Boolean.compare(hasReferer(), o.hasReferer());
        }
        return WritableComparator.compareBytes(referer, 0, refererLength, o.referer, 0, o.refererLength);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ViewKey k && compareTo(k) == 0;
    }

    @Override
    public int hashCode() {
        return WritableComparator.hashBytes(visitor, visitorLength) * 31 + Long.hashCode(time);
    }

    @Override
    public String toString() {
        return visitor() + " " + time + " " + new String(path, 0, pathLength, StandardCharsets.UTF_8)
                + (hasReferer() ? " " + new String(referer, 0, refererLength, StandardCharsets.UTF_8) : "");
    }

    /** Where a length-prefixed byte field of a serialized key lies. */
    private record Field(int start, int length) {
        static Field at(byte[] b, int offset) throws IOException {
            int size = WritableUtils.decodeVIntSize(b[offset]);
            return new Field(offset + size, WritableComparator.readVInt(b, offset));
        }

        int end() {
            return start + length;
        }
    }

    /** The full sort order (see the class comment), on serialized keys. */
    public static final class Comparator extends WritableComparator {
        public Comparator() {
            super(ViewKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            try {
                Field v1 = Field.at(b1, s1);
                Field v2 = Field.at(b2, s2);
                int c = compareBytes(b1, v1.start(), v1.length(), b2, v2.start(), v2.length());
                if (c != 0) {
                    return c;
                }
                c = Long.compare(readLong(b1, v1.end()), readLong(b2, v2.end()));
                if (c != 0) {
                    return c;
                }
                Field p1 = Field.at(b1, v1.end() + Long.BYTES);
                Field p2 = Field.at(b2, v2.end() + Long.BYTES);
                c = compareBytes(b1, p1.start(), p1.length(), b2, p2.start(), p2.length());
                if (c != 0) {
                    return c;
                }
                Field r1 = Field.at(b1, p1.end());
                Field r2 = Field.at(b2, p2.end());
                if (r1.length() == 0 || r2.length() == 0) {
                    return Integer.compare(r1.length(), r2.length());
                }
                return compareBytes(b1, r1.start(), r1.length() - 1, b2, r2.start(), r2.length() - 1);
            } catch (IOException e) {
                throw new IllegalStateException("corrupt view key in the shuffle", e);
            }
        }

        @Override
        @SuppressWarnings("rawtypes")
        public int compare(WritableComparable a, WritableComparable b) {
            return ((ViewKey) a).compareTo((ViewKey) b);
        }
    }

    /** Groups the keys of one visitor into one reduce call: compares the visitor alone. */
    public static final class VisitorComparator extends WritableComparator {
        public VisitorComparator() {
            super(ViewKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            try {
                Field v1 = Field.at(b1, s1);
                Field v2 = Field.at(b2, s2);
                return compareBytes(b1, v1.start(), v1.length(), b2, v2.start(), v2.length());
            } catch (IOException e) {
                throw new IllegalStateException("corrupt view key in the shuffle", e);
            }
        }

        @Override
        @SuppressWarnings("rawtypes")
        public int compare(WritableComparable a, WritableComparable b) {
            ViewKey x = (ViewKey) a;
            ViewKey y = (ViewKey) b;
            return compareBytes(x.visitor, 0, x.visitorLength, y.visitor, 0, y.visitorLength);
        }
    }

    /** The hash of the visitor alone, for {@link VisitorPartitioner}: a visitor's views all meet in one reducer. */
    int visitorHash() {
        return WritableComparator.hashBytes(visitor, visitorLength);
    }
}
