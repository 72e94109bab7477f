package io.dumptruck.formats.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RegionPartitionerTest {
    /**
     * Every reducer takes a non-empty run of consecutive regions, the runs in region order and within one region of
     * each other in length, and {@code firstRegionOf} names where each run starts; with as many reducers as regions (or
     * more), each takes its own.
     */
    @Test
    void reducersTakeEvenRunsOfConsecutiveRegions() {
        for (int regions = 1; regions <= 40; regions++) {
            for (int reducers = 1; reducers <= 45; reducers++) {
                int used = Math.min(regions, reducers);
                int[] runLength = new int[used];
                int previous = 0;
                for (int region = 0; region < regions; region++) {
                    int r = RegionPartitioner.reducerOf(region, regions, reducers);
                    assertTrue(r >= previous && r <= previous + 1, regions + "/" + reducers + ": region " + region);
                    previous = r;
                    runLength[r]++;
                    assertTrue(RegionPartitioner.firstRegionOf(r, regions, reducers) <= region);
                    assertTrue(region < RegionPartitioner.firstRegionOf(r + 1, regions, reducers));
                }
                assertEquals(used - 1, previous, regions + " regions, " + reducers + " reducers");
                int shortest = Integer.MAX_VALUE;
                int longest = 0;
                for (int n : runLength) {
                    shortest = Math.min(shortest, n);
                    longest = Math.max(longest, n);
                }
                assertTrue(shortest >= 1 && longest - shortest <= 1, regions + "/" + reducers);
                if (reducers >= regions) {
                    assertEquals(regions - 1, RegionPartitioner.reducerOf(regions - 1, regions, reducers));
                }
            }
        }
    }
}
