package io.dumptruck.loaders.generate;

import java.util.SplittableRandom;

/**
 * Draws ranks {@code 1..n} with probability proportional to {@code rank^-exponent}, for any {@code n} up to
 * {@code Long.MAX_VALUE} in constant time and memory: the rejection-inversion method of W. Hörmann and G. Derflinger,
 * "Rejection-inversion to generate variates from monotone discrete distributions" (ACM TOMACS 6(3), 1996). It uses
 * {@link StrictMath} so that a seed gives the same ranks on every JVM and platform. Immutable; the random source is the
 * caller's.
 */
final class ZipfSampler {
    private final long n;
    private final double exponent;
    private final double hIntegralX1;
    private final double hIntegralN;
    private final double s;

    ZipfSampler(long n, double exponent) {
        if (n < 1 || !(exponent > 0)) {
            throw new IllegalArgumentException("need n >= 1 and exponent > 0: " + n + ", " + exponent);
        }
        this.n = n;
        this.exponent = exponent;
        this.hIntegralX1 = hIntegral(1.5) - 1.0;
        this.hIntegralN = hIntegral(n + 0.5);
        this.s = 2.0 - hIntegralInverse(hIntegral(2.5) - h(2.0));
    }

    /** A rank in {@code 1..n}. */
    long next(SplittableRandom random) {
        while (true) {
            double u = hIntegralN + random.nextDouble() * (hIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u);
            long k = (long) (x + 0.5);
            if (k < 1) {
                k = 1;
            } else if (k > n) {
                k = n;
            }
            if (k - x <= s || u >= hIntegral(k + 0.5) - h(k)) {
                return k;
            }
        }
    }

    /** {@code x^-exponent}. */
    private double h(double x) {
        return StrictMath.exp(-exponent * StrictMath.log(x));
    }

    /** {@code (x^(1-exponent) - 1) / (1 - exponent)}, {@code log x} at exponent 1. */
    private double hIntegral(double x) {
        double logX = StrictMath.log(x);
        return expm1OverX((1.0 - exponent) * logX) * logX;
    }

    /** The inverse of {@link #hIntegral}. */
    private double hIntegralInverse(double x) {
        double t = x * (1.0 - exponent);
        if (t < -1.0) {
            t = -1.0; // only rounding can take t below -1
        }
        return StrictMath.exp(log1pOverX(t) * x);
    }

    private static double log1pOverX(double x) {
        return Math.abs(x) > 1e-8 ? StrictMath.log1p(x) / x : 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
    }

    private static double expm1OverX(double x) {
        return Math.abs(x) > 1e-8 ? StrictMath.expm1(x) / x : 1.0 + x * 0.5 * (1.0 + x / 3.0 * (1.0 + 0.25 * x));
    }
}
