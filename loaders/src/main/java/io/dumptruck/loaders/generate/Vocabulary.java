package io.dumptruck.loaders.generate;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** A word list, pre-encoded as UTF-8, drawn with Zipf popularity: the first word is the most common. Immutable. */
final class Vocabulary {
    private final byte[][] words;
    private final WeightedChoice choice;

    Vocabulary(double exponent, String... words) {
        this.words = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            this.words[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        this.choice = WeightedChoice.zipf(words.length, exponent);
    }

    byte[] pick(SplittableRandom random) {
        return words[choice.next(random)];
    }

    byte[] get(int i) {
        return words[i];
    }

    int size() {
        return words.length;
    }
}
