package io.dumptruck.loaders.questions;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Adversarial text for the generators: ASCII in both cases, combining marks, letters whose case mapping changes their
 * length or depends on context (ß, İ, Σ), the largest one-, two- and three-byte UTF-8 characters (U+007F, U+07FF,
 * U+FFFD, U+FFEE) and supplementary ones (four bytes, a surrogate pair in Java: the UTF-8 bytes and the UTF-16 order of
 * such strings differ), U+0001 (the byte after a key's 0x00 separator), and sets of ids where one is a prefix of
 * another or differs only in case.
 */
final class Gen {
    private Gen() {}

    /** Pieces of ids: no tab, line break, zero byte or surrogate half alone. */
    static final List<String> TOKENS = List.of(
            "a",
            "b",
            "A",
            "B",
            "z",
            "Z",
            "0",
            "9",
            "-",
            ".",
            "é",
            "e\u0301",
            "\u0301",
            "ß",
            "İ",
            "Σ",
            "σ",
            "ς",
            "ÿ",
            "\u007f",
            "\u07ff",
            "\u0800",
            "\uFFFD",
            "\uFFEE",
            "\uFF61",
            "😀",
            "\uD83D\uDE9A",
            "\uDBFF\uDFFD",
            "𝔸",
            "x",
            "y",
            "\u0001");

    /** A short id from the tokens. */
    static Arbitrary<String> word() {
        return Arbitraries.of(TOKENS).list().ofMinSize(1).ofMaxSize(5).map(l -> String.join("", l));
    }

    /** A long value (a few hundred characters). */
    static String longText(Random r) {
        StringBuilder b = new StringBuilder();
        int n = 200 + r.nextInt(400);
        while (b.length() < n) {
            b.append(TOKENS.get(r.nextInt(TOKENS.size())));
        }
        return b.toString();
    }

    /**
     * Distinct ids: {@code base}, then for some of them an extension (the base is a prefix of it) and a case variant,
     * in an order of the random's choosing.
     */
    static List<String> ids(List<String> base, List<String> suffixes, Random r) {
        LinkedHashSet<String> out = new LinkedHashSet<>(base);
        for (String s : suffixes) {
            out.add(base.get(r.nextInt(base.size())) + s);
        }
        for (String b : base) {
            if (r.nextInt(4) == 0) {
                out.add(b.toUpperCase(Locale.ROOT));
            }
            if (r.nextInt(4) == 0) {
                out.add(b.toLowerCase(Locale.ROOT));
            }
        }
        List<String> list = new ArrayList<>(out);
        java.util.Collections.shuffle(list, r);
        return list;
    }

    /** Ids asked about that no table holds (most likely): prefixes and extensions of held ones, other cases. */
    static List<String> near(List<String> held, Random r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 4 && !held.isEmpty(); i++) {
            String h = held.get(r.nextInt(held.size()));
            int[] cps = h.codePoints().toArray();
            if (cps.length > 1) {
                out.add(new String(cps, 0, 1 + r.nextInt(cps.length - 1)));
            }
            out.add(h + TOKENS.get(r.nextInt(TOKENS.size())));
            out.add(h.toUpperCase(Locale.ROOT));
        }
        out.add("nobody-at-all");
        return out;
    }

    /** At most {@code n} of {@code items}, picked at random. */
    static <T> List<T> sample(List<T> items, int n, Random r) {
        List<T> copy = new ArrayList<>(items);
        java.util.Collections.shuffle(copy, r);
        return new ArrayList<>(copy.subList(0, Math.min(n, copy.size())));
    }

    /** A limit: 1 often, small ones, the default, the largest. */
    static Arbitrary<Long> limits() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.just(1L)),
                net.jqwik.api.Tuple.of(4, Arbitraries.longs().between(2, 6)),
                net.jqwik.api.Tuple.of(2, Arbitraries.just(20L)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(100_000L)));
    }
}
