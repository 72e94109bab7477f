package io.dumptruck.loaders.generate;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Pronounceable made-up proper names of two to four syllables ({@code Kavoren}, {@code Tilamu}), written straight to a
 * {@link LineWriter}: millions of distinct surnames and places, so that large title files are not mostly repeats of a
 * fixed word list. Immutable.
 */
final class InventedNames {
    private static final String[] SYLLABLES = {
        "ka", "ve", "ro", "ta", "li", "mu", "sen", "dor", "bel", "an", "mar", "tin", "gal", "or", "vi",
        "na", "thal", "ris", "ko", "lem", "pa", "du", "zen", "fa", "ra", "mi", "lo", "ben", "hal", "ur",
        "es", "tor", "wen", "sa", "bri", "ga", "nor", "el", "ju", "cas", "ti", "mon", "dra", "ke", "ly",
        "vas", "ho", "quin", "ber", "sta", "gro", "ne", "ash", "fel", "yo", "ril", "dun", "pe", "cor", "ix"
    };
    private static final byte[][] FIRST = new byte[SYLLABLES.length][];
    private static final byte[][] NEXT = new byte[SYLLABLES.length][];

    static {
        for (int i = 0; i < SYLLABLES.length; i++) {
            String s = SYLLABLES[i];
            String capitalized = Character.toUpperCase(s.charAt(0)) + s.substring(1);
            FIRST[i] = capitalized.getBytes(StandardCharsets.US_ASCII);
            NEXT[i] = s.getBytes(StandardCharsets.US_ASCII);
        }
    }

    private InventedNames() {}

    static void write(LineWriter out, SplittableRandom random) {
        out.bytes(FIRST[random.nextInt(FIRST.length)]);
        for (int more = 1 + random.nextInt(3); more > 0; more--) {
            out.bytes(NEXT[random.nextInt(NEXT.length)]);
        }
    }
}
