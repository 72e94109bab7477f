package io.dumptruck.loaders.generate;

import java.util.SplittableRandom;

/**
 * One output file of a generation: file {@code index} of {@code count}, holding {@code lines} of the
 * {@code totalLines}. Every random number a generator draws comes from {@link #random} (this file's own stream) or
 * {@link #shared} (the same for all files: a web site, a host list), both derived from the seed alone, so files can be
 * written in any order or in parallel with identical bytes.
 */
record FilePart(long seed, int index, int count, long lines, long totalLines) {

    /** Random numbers for this file alone; {@code salt} separates the streams of different uses. */
    SplittableRandom random(long salt) {
        return new SplittableRandom(mix(mix(seed ^ salt) + index));
    }

    /** Random numbers common to all files of the seed. */
    SplittableRandom shared(long salt) {
        return new SplittableRandom(mix(seed ^ salt));
    }

    /** A bijective 64-bit mix (the SplitMix64 output function): a hash of an id that never collides. */
    static long mix(long z) {
        z += 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
