package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;

/**
 * Time buckets: the {@code byte(t mod N)} prefix of the bucketed event-log layout, and flooring of a time to the start
 * of its hour, day or any fixed-width window.
 */
@PublicApi
public final class TimeBucket {

    /** One hour in milliseconds. */
    public static final long HOUR_MILLIS = 3_600_000L;

    /** One day (UTC) in milliseconds. */
    public static final long DAY_MILLIS = 24 * HOUR_MILLIS;

    private TimeBucket() {}

    /**
     * The bucket of a time: {@code floorMod(t, buckets)}, so times before 1970 land in {@code [0, buckets)} too.
     * Written as the single byte {@code byte(t mod N)}.
     *
     * @param epochMillis the time
     * @param buckets bucket count, 1..256 (the bucket is one byte)
     * @throws IllegalArgumentException if {@code buckets} is out of range
     */
    public static int of(long epochMillis, int buckets) {
        Salt.checkBuckets(buckets);
        return (int) Math.floorMod(epochMillis, (long) buckets);
    }

    /**
     * The start of the window of width {@code widthMillis} holding {@code t}: {@code t - floorMod(t, widthMillis)}.
     * With {@link #HOUR_MILLIS} or {@link #DAY_MILLIS} this is the UTC hour or day; negative times round down, toward
     * the past.
     *
     * @throws IllegalArgumentException if {@code widthMillis <= 0}
     */
    public static long floor(long epochMillis, long widthMillis) {
        if (widthMillis <= 0) {
            throw new IllegalArgumentException("window width must be positive, got " + widthMillis);
        }
        return epochMillis - Math.floorMod(epochMillis, widthMillis);
    }
}
