package io.dumptruck.jobs.graphstats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableUtils;

/**
 * A direction and a degree, the key of the degree counts: {@code byte(0 in | 1 out) ‖ vlong degree}. There are few of
 * them (the degrees of a direction take at most about √(2 × edges) distinct values: k distinct degrees need 0 + 1 + … +
 * (k − 1) edges), so the default, deserializing comparator is enough.
 */
final class DegreeBucket implements WritableComparable<DegreeBucket> {
    private boolean in;
    private long degree;

    public DegreeBucket() {}

    public DegreeBucket(boolean in, long degree) {
        this.in = in;
        this.degree = degree;
    }

    /** {@value GraphStatsDatasets#IN} or {@value GraphStatsDatasets#OUT}. */
    public String direction() {
        return in ? GraphStatsDatasets.IN : GraphStatsDatasets.OUT;
    }

    public long degree() {
        return degree;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeByte(in ? 0 : 1);
        WritableUtils.writeVLong(out, degree);
    }

    @Override
    public void readFields(DataInput input) throws IOException {
        in = input.readByte() == 0;
        degree = WritableUtils.readVLong(input);
    }

    @Override
    public int compareTo(DegreeBucket o) {
        return in != o.in ? (in ? -1 : 1) : Long.compare(degree, o.degree);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DegreeBucket b && b.in == in && b.degree == degree;
    }

    /** Stable across JVMs, as the hash partitioner needs. */
    @Override
    public int hashCode() {
        return Long.hashCode(degree) * 2 + (in ? 0 : 1);
    }

    @Override
    public String toString() {
        return direction() + " " + degree;
    }
}
