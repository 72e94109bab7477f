package io.dumptruck.jobs.inspect;

/** Smallest, mean and largest of a stream of lengths (bytes), kept in four numbers. */
final class LengthStats {
    private long count;
    private long sum;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    void add(long length) {
        count++;
        sum += length;
        min = Math.min(min, length);
        max = Math.max(max, length);
    }

    void add(LengthStats other) {
        count += other.count;
        sum += other.sum;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
    }

    /** How many lengths were added. */
    public long count() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** The smallest length; 0 when empty. */
    public long min() {
        return isEmpty() ? 0 : min;
    }

    /** The largest length; 0 when empty. */
    public long max() {
        return isEmpty() ? 0 : max;
    }

    /** The sum of all lengths. */
    public long sum() {
        return sum;
    }

    /** The mean length; 0 when empty. */
    public double mean() {
        return isEmpty() ? 0 : (double) sum / count;
    }
}
