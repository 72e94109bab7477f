package io.dumptruck.loaders.generate;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * How active the visitors of one web-log file are: visitor {@code v}'s expected number of sessions follows a power law,
 * {@code P(k) ∝ k^-2} for {@code k = 1..maxSessions}, so most visitors come once and a few come every day (the head of
 * the ranking is Zipf's law with exponent 1). Visitors are numbered heaviest first, and {@link #pick} draws one in
 * proportion to its expected sessions with a single random number. Immutable.
 */
final class VisitorActivity {
    // Visitors in groups of equal expected sessions, heaviest first: group g is the visitors from
    // start[g] on, each with sessions[g] expected sessions; cumulative[g] sums size × sessions over
    // groups 0..g.
    private final int[] start;
    private final int[] sessions;
    private final long[] cumulative;
    private final int visitors;

    /** Enough visitors for about {@code expectedSessions} sessions in all. */
    VisitorActivity(double expectedSessions, int maxSessions) {
        double[] atLeast = new double[maxSessions + 2]; // P(expected sessions ≥ k)
        for (int k = maxSessions; k >= 1; k--) {
            atLeast[k] = atLeast[k + 1] + 1.0 / ((double) k * k);
        }
        double norm = atLeast[1];
        double mean = 0;
        for (int k = 1; k <= maxSessions; k++) {
            atLeast[k] /= norm;
            mean += atLeast[k];
        }
        long n = (long) Math.max(1, Math.min(Integer.MAX_VALUE - 8, Math.ceil(expectedSessions / mean)));
        int[] groupStart = new int[maxSessions];
        int[] groupSessions = new int[maxSessions];
        long[] groupCumulative = new long[maxSessions];
        int groups = 0;
        int next = 0;
        long weight = 0;
        for (int k = maxSessions; k >= 1; k--) {
            long size = Math.round(n * atLeast[k]) - Math.round(n * atLeast[k + 1]);
            if (size > 0) {
                groupStart[groups] = next;
                groupSessions[groups] = k;
                weight += size * k;
                groupCumulative[groups] = weight;
                next += (int) size;
                groups++;
            }
        }
        this.start = Arrays.copyOf(groupStart, groups);
        this.sessions = Arrays.copyOf(groupSessions, groups);
        this.cumulative = Arrays.copyOf(groupCumulative, groups);
        this.visitors = next;
    }

    /** Number of visitors; they are {@code 0..visitors()-1}. */
    int visitors() {
        return visitors;
    }

    /** A visitor, in proportion to its expected sessions. */
    int pick(SplittableRandom random) {
        long u = random.nextLong(cumulative[cumulative.length - 1]);
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] > u) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        long before = lo == 0 ? 0 : cumulative[lo - 1];
        return start[lo] + (int) ((u - before) / sessions[lo]);
    }
}
