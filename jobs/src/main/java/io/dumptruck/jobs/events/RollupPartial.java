package io.dumptruck.jobs.events;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * A partial aggregate of one (host, event, hour): how many values, how many of them numbers, and the sum, minimum and
 * maximum of those numbers. Partials merge in any order, so the combiner folds each map task's values before the
 * shuffle and the reducer holds one partial per group, however many events the group has. Serialized as
 * {@code vlong(count) vlong(numeric) [double sum, min, max when numeric > 0]}.
 */
final class RollupPartial implements Writable {
    private long count;
    private long numeric;
    private double sum;
    private double min;
    private double max;

    void clear() {
        count = 0;
        numeric = 0;
        sum = 0;
        min = Double.POSITIVE_INFINITY;
        max = Double.NEGATIVE_INFINITY;
    }

    public RollupPartial() {
        clear();
    }

    /** Sets this to a single value: {@code number} is NaN for a value that is not a number. */
    void setOne(double number) {
        clear();
        count = 1;
        if (!Double.isNaN(number)) {
            numeric = 1;
            sum = number;
            min = number;
            max = number;
        }
    }

    /** Becomes the merge of {@code partials}; returns itself. */
    RollupPartial mergeAll(Iterable<RollupPartial> partials) {
        clear();
        for (RollupPartial p : partials) {
            merge(p);
        }
        return this;
    }

    void merge(RollupPartial o) {
        count += o.count;
        if (o.numeric > 0) {
            numeric += o.numeric;
            sum += o.sum;
            min = Math.min(min, o.min);
            max = Math.max(max, o.max);
        }
    }

    public long count() {
        return count;
    }

    public long numeric() {
        return numeric;
    }

    /** The sum of the numbers, 0 when there are none. */
    public double sum() {
        return sum;
    }

    /** Only meaningful when {@link #numeric()} > 0. */
    public double min() {
        return min;
    }

    /** Only meaningful when {@link #numeric()} > 0. */
    public double max() {
        return max;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVLong(out, count);
        WritableUtils.writeVLong(out, numeric);
        if (numeric > 0) {
            out.writeDouble(sum);
            out.writeDouble(min);
            out.writeDouble(max);
        }
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        clear();
        count = WritableUtils.readVLong(in);
        numeric = WritableUtils.readVLong(in);
        if (numeric > 0) {
            sum = in.readDouble();
            min = in.readDouble();
            max = in.readDouble();
        }
    }
}
