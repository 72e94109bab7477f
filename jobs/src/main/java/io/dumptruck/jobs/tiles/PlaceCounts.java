package io.dumptruck.jobs.tiles;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * Places of one tile by prominence family of {@code tile_places}: {@code h} (population ≥ 100,000), {@code m} (≥
 * 10,000) and {@code l} (the rest). Written as three variable-length longs (h, m, l), so a single place costs three
 * bytes between map and reduce.
 */
final class PlaceCounts implements Writable {
    private long high;
    private long medium;
    private long low;

    public PlaceCounts clear() {
        high = 0;
        medium = 0;
        low = 0;
        return this;
    }

    /** Counts one place of the family named by its first byte ({@code h}, {@code m} or {@code l}). */
    public PlaceCounts addPlace(byte family) {
        switch (family) {
            case 'h' -> high++;
            case 'm' -> medium++;
            case 'l' -> low++;
            default -> throw new IllegalArgumentException("not a tile_places family: '" + (char) family + "'");
        }
        return this;
    }

    /** Becomes the sum of {@code counts}; returns itself. */
    public PlaceCounts sumOf(Iterable<PlaceCounts> counts) {
        clear();
        for (PlaceCounts c : counts) {
            add(c);
        }
        return this;
    }

    public PlaceCounts add(PlaceCounts other) {
        high += other.high;
        medium += other.medium;
        low += other.low;
        return this;
    }

    public long high() {
        return high;
    }

    public long medium() {
        return medium;
    }

    public long low() {
        return low;
    }

    /** Places of every family. */
    public long places() {
        return high + medium + low;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVLong(out, high);
        WritableUtils.writeVLong(out, medium);
        WritableUtils.writeVLong(out, low);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        high = WritableUtils.readVLong(in);
        medium = WritableUtils.readVLong(in);
        low = WritableUtils.readVLong(in);
    }

    @Override
    public String toString() {
        return "h=" + high + " m=" + medium + " l=" + low;
    }
}
