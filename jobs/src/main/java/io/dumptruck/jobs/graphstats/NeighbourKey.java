package io.dumptruck.jobs.graphstats;

import io.dumptruck.formats.rowkey.Md5;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * The shuffle key of the neighbourhood stage: one fact about an account, which the key names by the md5 of its name
 * (all a graph row key holds), and another account's name.
 *
 * <pre>
 *   md5(account) (16 bytes) ‖ kind (1 byte: 0 NAME, 1 OUT_DEGREE, 2 FOLLOWER, 3 FOLLOWED) ‖ vint length ‖ UTF-8(name)
 * </pre>
 *
 * The value beside it is a count ({@link VLongWritable}), read for {@link Kind#OUT_DEGREE} only. {@link Comparator}
 * sorts by those bytes (a name as unsigned bytes, i.e. code point order); {@link AccountComparator} groups and
 * {@link AccountPartitioner} partitions by the md5 alone. So one reduce call sees one account: its own name, how many
 * accounts it follows, then its followers, then the accounts it follows.
 */
final class NeighbourKey implements WritableComparable<NeighbourKey> {
    /** What the key says about its account; declared in the order a reducer sees them. */
    public enum Kind {
        /** {@code name} is the account's own name. */
        NAME,
        /**
         * {@code name} is empty; the value counts accounts the account follows (the cells of its {@code follows} rows),
         * summed by the combiner: so the reducer knows the out-degree before the followers arrive.
         */
        OUT_DEGREE,
        /** {@code name} follows the account (a {@code followed_by} row). */
        FOLLOWER,
        /** the account follows {@code name} (a {@code follows} row). */
        FOLLOWED
    }

    private static final Kind[] KINDS = Kind.values();
    private static final int KIND_OFFSET = Md5.LENGTH;
    private static final int LENGTH_OFFSET = KIND_OFFSET + 1;

    private final byte[] account = new byte[Md5.LENGTH];
    private Kind kind = Kind.NAME;
    private byte[] name = new byte[64];
    private int nameLength;

    /** Sets the key: the account's md5 at {@code account[accountOffset..+16)}, the kind and a name. */
    public NeighbourKey set(byte[] account, int accountOffset, Kind kind, byte[] name, int nameOffset, int nameLength) {
        System.arraycopy(account, accountOffset, this.account, 0, Md5.LENGTH);
        this.kind = kind;
        ensureCapacity(nameLength);
        System.arraycopy(name, nameOffset, this.name, 0, nameLength);
        this.nameLength = nameLength;
        return this;
    }

    public Kind kind() {
        return kind;
    }

    /** The name's bytes, valid up to {@link #nameLength()}; overwritten by the next record. */
    public byte[] nameBuffer() {
        return name;
    }

    public int nameLength() {
        return nameLength;
    }

    /** A copy of the name's bytes. */
    public byte[] name() {
        return Arrays.copyOf(name, nameLength);
    }

    private void ensureCapacity(int length) {
        if (name.length < length) {
            name = new byte[Math.max(length, name.length * 2)];
        }
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.write(account);
        out.writeByte(kind.ordinal());
        WritableUtils.writeVInt(out, nameLength);
        out.write(name, 0, nameLength);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        in.readFully(account);
        kind = KINDS[in.readByte()];
        int length = WritableUtils.readVInt(in);
        ensureCapacity(length);
        in.readFully(name, 0, length);
        nameLength = length;
    }

    @Override
    public int compareTo(NeighbourKey o) {
        int c = compareAccounts(o);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(kind.ordinal(), o.kind.ordinal());
        return c != 0 ? c : WritableComparator.compareBytes(name, 0, nameLength, o.name, 0, o.nameLength);
    }

    private int compareAccounts(NeighbourKey o) {
        return WritableComparator.compareBytes(account, 0, Md5.LENGTH, o.account, 0, Md5.LENGTH);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NeighbourKey k && compareTo(k) == 0;
    }

    @Override
    public int hashCode() {
        return WritableComparator.hashBytes(account, Md5.LENGTH) * 31 + kind.ordinal();
    }

    @Override
    public String toString() {
        return kind + " " + new String(name, 0, nameLength, StandardCharsets.UTF_8);
    }

    /** The whole key, on its serialized bytes: account, kind, name. */
    public static final class Comparator extends WritableComparator {
        public Comparator() {
            super(NeighbourKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            int c = compareBytes(b1, s1, LENGTH_OFFSET, b2, s2, LENGTH_OFFSET);
            if (c != 0) {
                return c;
            }
            int n1 = LENGTH_OFFSET + WritableUtils.decodeVIntSize(b1[s1 + LENGTH_OFFSET]);
            int n2 = LENGTH_OFFSET + WritableUtils.decodeVIntSize(b2[s2 + LENGTH_OFFSET]);
            return compareBytes(b1, s1 + n1, l1 - n1, b2, s2 + n2, l2 - n2);
        }
    }

    /** The account alone: one reduce call per account. */
    public static final class AccountComparator extends WritableComparator {
        public AccountComparator() {
            super(NeighbourKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            return compareBytes(b1, s1, Md5.LENGTH, b2, s2, Md5.LENGTH);
        }

        @SuppressWarnings("rawtypes")
        @Override
        public int compare(WritableComparable a, WritableComparable b) {
            return ((NeighbourKey) a).compareAccounts((NeighbourKey) b);
        }
    }

    /** Every key of an account to the same reduce task; md5s spread accounts evenly. */
    public static final class AccountPartitioner extends Partitioner<NeighbourKey, VLongWritable> {
        @Override
        public int getPartition(NeighbourKey key, VLongWritable value, int partitions) {
            return (WritableComparator.hashBytes(key.account, Md5.LENGTH) & Integer.MAX_VALUE) % partitions;
        }
    }
}
