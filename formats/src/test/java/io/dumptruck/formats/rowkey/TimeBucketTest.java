package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

// Expected values from Python, whose % is a floor modulo like Math.floorMod.
class TimeBucketTest {

    @Test
    void bucketIsFloorModulo() {
        assertEquals(0, TimeBucket.of(0, 16));
        assertEquals(0, TimeBucket.of(1_700_000_000_000L, 16));
        assertEquals(1, TimeBucket.of(1_700_000_000_000L, 7));
        assertEquals(15, TimeBucket.of(-1, 16));
        assertEquals(15, TimeBucket.of(-17, 16));
        assertEquals(0, TimeBucket.of(-1_700_000_000_000L, 10));
        assertEquals(255, TimeBucket.of(Long.MAX_VALUE, 256));
    }

    @Test
    void bucketCountOutOfRangeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> TimeBucket.of(1, 0));
        assertThrows(IllegalArgumentException.class, () -> TimeBucket.of(1, 257));
    }

    @Test
    void floorRoundsDownIncludingBefore1970() {
        // 1700000000123 = 2023-11-14T22:13:20.123Z
        assertEquals(1_699_999_200_000L, TimeBucket.floor(1_700_000_000_123L, TimeBucket.HOUR_MILLIS));
        assertEquals(1_699_920_000_000L, TimeBucket.floor(1_700_000_000_123L, TimeBucket.DAY_MILLIS));
        assertEquals(-3_600_000L, TimeBucket.floor(-1, TimeBucket.HOUR_MILLIS));
        assertEquals(-86_400_000L, TimeBucket.floor(-1, TimeBucket.DAY_MILLIS));
        assertEquals(0, TimeBucket.floor(0, TimeBucket.DAY_MILLIS));
    }

    @Test
    void nonPositiveWidthIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> TimeBucket.floor(1, 0));
        assertThrows(IllegalArgumentException.class, () -> TimeBucket.floor(1, -5));
    }
}
