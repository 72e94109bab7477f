package io.dumptruck.jobs.journeys;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * A step of a journey: from a page (or where the session came from) to the next page. Serialized as two {@link Text}s,
 * {@code vint n ‖ from (n bytes, UTF-8) ‖ vint m ‖ to (m bytes)}; ordered by {@code from}, then {@code to}, both as
 * unsigned bytes, which {@link Comparator} does on the serialized form.
 */
final class TransitionKey implements WritableComparable<TransitionKey> {
    static {
        WritableComparator.define(TransitionKey.class, new Comparator());
    }

    private final Text from = new Text();
    private final Text to = new Text();

    public TransitionKey() {}

    /** A key holding copies of {@code from} and {@code to}. */
    TransitionKey(Text from, Text to) {
        this.from.set(from);
        this.to.set(to);
    }

    public Text from() {
        return from;
    }

    public Text to() {
        return to;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        from.write(out);
        to.write(out);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        from.readFields(in);
        to.readFields(in);
    }

    @Override
    public int compareTo(TransitionKey o) {
        int c = from.compareTo(o.from);
        return c != 0 ? c : to.compareTo(o.to);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TransitionKey k && from.equals(k.from) && to.equals(k.to);
    }

    @Override
    public int hashCode() {
        return from.hashCode() * 31 + to.hashCode();
    }

    @Override
    public String toString() {
        return from + " -> " + to;
    }

    /** The order of {@link #compareTo}, on serialized keys. */
    public static final class Comparator extends WritableComparator {
        public Comparator() {
            super(TransitionKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            try {
                int fromSize1 = WritableUtils.decodeVIntSize(b1[s1]);
                int fromLength1 = readVInt(b1, s1);
                int fromSize2 = WritableUtils.decodeVIntSize(b2[s2]);
                int fromLength2 = readVInt(b2, s2);
                int c = compareBytes(b1, s1 + fromSize1, fromLength1, b2, s2 + fromSize2, fromLength2);
                if (c != 0) {
                    return c;
                }
                int to1 = s1 + fromSize1 + fromLength1;
                int to2 = s2 + fromSize2 + fromLength2;
                int toSize1 = WritableUtils.decodeVIntSize(b1[to1]);
                int toSize2 = WritableUtils.decodeVIntSize(b2[to2]);
                return compareBytes(b1, to1 + toSize1, readVInt(b1, to1), b2, to2 + toSize2, readVInt(b2, to2));
            } catch (IOException e) {
                throw new IllegalStateException("corrupt transition key in the shuffle", e);
            }
        }

        @Override
        @SuppressWarnings("rawtypes")
        public int compare(WritableComparable a, WritableComparable b) {
            return ((TransitionKey) a).compareTo((TransitionKey) b);
        }
    }
}
