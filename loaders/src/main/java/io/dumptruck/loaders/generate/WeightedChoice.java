package io.dumptruck.loaders.generate;

import java.util.SplittableRandom;

/**
 * Draws an index {@code 0..n-1} with probability proportional to its weight: a cumulative table and a binary search,
 * for small {@code n}. Weights are fixed at construction; immutable.
 */
final class WeightedChoice {
    private final double[] cumulative;

    WeightedChoice(double... weights) {
        if (weights.length == 0) {
            throw new IllegalArgumentException("no weights");
        }
        cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            if (!(weights[i] >= 0)) {
                throw new IllegalArgumentException("weight " + i + " is negative: " + weights[i]);
            }
            sum += weights[i];
            cumulative[i] = sum;
        }
        if (!(sum > 0)) {
            throw new IllegalArgumentException("all weights are zero");
        }
    }

    /** Index {@code i} with weight {@code (i + 1)^-exponent}: a Zipf law over {@code n} ranks. */
    static WeightedChoice zipf(int n, double exponent) {
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            weights[i] = StrictMath.pow(i + 1, -exponent);
        }
        return new WeightedChoice(weights);
    }

    int size() {
        return cumulative.length;
    }

    int next(SplittableRandom random) {
        double u = random.nextDouble() * cumulative[cumulative.length - 1];
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
        return lo;
    }
}
