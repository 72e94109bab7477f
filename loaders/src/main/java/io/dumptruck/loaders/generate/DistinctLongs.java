package io.dumptruck.loaders.generate;

import java.util.Arrays;

/**
 * A set of at most {@code capacity} longs that empties in constant time: open addressing, with a generation number per
 * slot instead of clearing the table. For "has this follower already followed that user?". Not thread-safe.
 */
final class DistinctLongs {
    private final long[] values;
    private final int[] generations;
    private final int mask;
    private int generation = 1;

    DistinctLongs(int capacity) {
        int size = Integer.highestOneBit(Math.max(4, capacity) * 4 - 1) << 1;
        values = new long[size];
        generations = new int[size];
        mask = size - 1;
    }

    /** Adds {@code value}; false if it was there already. */
    boolean add(long value) {
        int slot = (int) FilePart.mix(value) & mask;
        while (generations[slot] == generation) {
            if (values[slot] == value) {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        generations[slot] = generation;
        values[slot] = value;
        return true;
    }

    void clear() {
        if (++generation == 0) {
            Arrays.fill(generations, 0);
            generation = 1;
        }
    }
}
