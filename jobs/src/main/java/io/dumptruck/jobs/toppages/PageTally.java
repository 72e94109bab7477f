package io.dumptruck.jobs.toppages;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * Views of one page and how many distinct visitors they came from; summed per page between stages. Bytes:
 * {@code vlong(views) ‖ vlong(visitors)} (Hadoop's variable-length longs, 2 bytes for small tallies).
 */
final class PageTally implements Writable {
    private long views;
    private long visitors;

    public PageTally set(long views, long visitors) {
        this.views = views;
        this.visitors = visitors;
        return this;
    }

    public long views() {
        return views;
    }

    public long visitors() {
        return visitors;
    }

    /** Sets this tally to the sum of {@code tallies} (which may reuse one object) and returns it. */
    public PageTally sumOf(Iterable<PageTally> tallies) {
        long v = 0;
        long u = 0;
        for (PageTally t : tallies) {
            v += t.views;
            u += t.visitors;
        }
        return set(v, u);
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVLong(out, views);
        WritableUtils.writeVLong(out, visitors);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        views = WritableUtils.readVLong(in);
        visitors = WritableUtils.readVLong(in);
    }

    @Override
    public String toString() {
        return views + " views, " + visitors + " visitors";
    }
}
