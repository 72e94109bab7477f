package io.dumptruck.jobs.graphstats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * The key the neighbourhood stage hands to the pairs stage: one fact about a user and another account, both by name.
 *
 * <pre>
 *   vint length ‖ UTF-8(user) ‖ vint length ‖ UTF-8(other) ‖ kind (1 byte: 0 FOLLOWS, 1 FOLLOWED_BY, 2 VIA)
 * </pre>
 *
 * The value beside it is a count ({@link VLongWritable}): 1 for the two markers, the number of two-hop paths for
 * {@link Kind#VIA}. {@link Comparator} sorts by user, other (unsigned bytes, i.e. code point order), kind;
 * {@link UserComparator} groups and {@link UserPartitioner} partitions by user alone, so one reduce call streams
 * everything about one user, other account by other account.
 */
final class PairKey implements WritableComparable<PairKey> {
    /** What the key says about the user and the other account. */
    public enum Kind {
        /** The user follows the other account. */
        FOLLOWS,
        /** The other account follows the user. */
        FOLLOWED_BY,
        /** The user follows accounts that follow the other account; the value counts them. */
        VIA
    }

    private static final Kind[] KINDS = Kind.values();

    private byte[] user = new byte[32];
    private int userLength;
    private byte[] other = new byte[32];
    private int otherLength;
    private Kind kind = Kind.FOLLOWS;

    public PairKey set(byte[] user, int userLength, byte[] other, int otherLength, Kind kind) {
        this.user = fit(this.user, userLength);
        System.arraycopy(user, 0, this.user, 0, userLength);
        this.userLength = userLength;
        this.other = fit(this.other, otherLength);
        System.arraycopy(other, 0, this.other, 0, otherLength);
        this.otherLength = otherLength;
        this.kind = kind;
        return this;
    }

    public Kind kind() {
        return kind;
    }

    /** A copy of the user's name bytes. */
    public byte[] user() {
        return Arrays.copyOf(user, userLength);
    }

    public String userName() {
        return new String(user, 0, userLength, StandardCharsets.UTF_8);
    }

    /** The other account's name bytes, valid up to {@link #otherLength()}; overwritten by the next record. */
    public byte[] otherBuffer() {
        return other;
    }

    public int otherLength() {
        return otherLength;
    }

    private static byte[] fit(byte[] buffer, int length) {
        return buffer.length >= length ? buffer : new byte[Math.max(length, buffer.length * 2)];
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, userLength);
        out.write(user, 0, userLength);
        WritableUtils.writeVInt(out, otherLength);
        out.write(other, 0, otherLength);
        out.writeByte(kind.ordinal());
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        userLength = WritableUtils.readVInt(in);
        user = fit(user, userLength);
        in.readFully(user, 0, userLength);
        otherLength = WritableUtils.readVInt(in);
        other = fit(other, otherLength);
        in.readFully(other, 0, otherLength);
        kind = KINDS[in.readByte()];
    }

    @Override
    public int compareTo(PairKey o) {
        int c = compareUsers(o);
        if (c == 0) {
            c = WritableComparator.compareBytes(other, 0, otherLength, o.other, 0, o.otherLength);
        }
        return c != 0 ? c : Integer.compare(kind.ordinal(), o.kind.ordinal());
    }

    private int compareUsers(PairKey o) {
        return WritableComparator.compareBytes(user, 0, userLength, o.user, 0, o.userLength);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PairKey k && compareTo(k) == 0;
    }

    @Override
    public int hashCode() {
        return WritableComparator.hashBytes(user, userLength);
    }

    @Override
    public String toString() {
        return userName() + " " + kind + " " + new String(other, 0, otherLength, StandardCharsets.UTF_8);
    }

    /** A length-prefixed field of a serialized key: where its bytes start and how many there are. */
    private record Field(int start, int length) {
        static Field at(byte[] b, int offset) {
            try {
                return new Field(
                        offset + WritableUtils.decodeVIntSize(b[offset]), WritableComparator.readVInt(b, offset));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        int end() {
            return start + length;
        }
    }

    /** The whole key, on its serialized bytes: user, other, kind. */
    public static final class Comparator extends WritableComparator {
        public Comparator() {
            super(PairKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            Field u1 = Field.at(b1, s1);
            Field u2 = Field.at(b2, s2);
            int c = compareBytes(b1, u1.start(), u1.length(), b2, u2.start(), u2.length());
            if (c != 0) {
                return c;
            }
            Field o1 = Field.at(b1, u1.end());
            Field o2 = Field.at(b2, u2.end());
            c = compareBytes(b1, o1.start(), o1.length(), b2, o2.start(), o2.length());
            return c != 0 ? c : Integer.compare(b1[o1.end()], b2[o2.end()]);
        }
    }

    /** The user alone: one reduce call per user. */
    public static final class UserComparator extends WritableComparator {
        public UserComparator() {
            super(PairKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            Field u1 = Field.at(b1, s1);
            Field u2 = Field.at(b2, s2);
            return compareBytes(b1, u1.start(), u1.length(), b2, u2.start(), u2.length());
        }

        @SuppressWarnings("rawtypes")
        @Override
        public int compare(WritableComparable a, WritableComparable b) {
            return ((PairKey) a).compareUsers((PairKey) b);
        }
    }

    /** Every key of a user to the same reduce task. */
    public static final class UserPartitioner extends Partitioner<PairKey, VLongWritable> {
        @Override
        public int getPartition(PairKey key, VLongWritable value, int partitions) {
            return (key.hashCode() & Integer.MAX_VALUE) % partitions;
        }
    }
}
