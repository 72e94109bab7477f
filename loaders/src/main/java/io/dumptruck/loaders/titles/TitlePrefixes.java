package io.dumptruck.loaders.titles;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code title_autocomp} row keys of one title: its prefixes measured in code points, so a character outside the
 * BMP (an emoji, a rare CJK ideograph) is never cut in half and every prefix is valid UTF-16 and UTF-8. A combining
 * sequence is several code points and may be cut.
 */
public final class TitlePrefixes {
    /** Default shortest prefix, in code points. */
    public static final int DEFAULT_MIN = 3;

    /** Default longest prefix, in code points. */
    public static final int DEFAULT_MAX = 12;

    private TitlePrefixes() {}

    /**
     * The prefixes of {@code normalized} of {@code min}, {@code min + 1}, … {@code max} code points, shortest first,
     * stopping at the whole string: none if it is shorter than {@code min}. A prefix may end with a space ({@code "new
     * "} of {@code "new york"}).
     *
     * @throws IllegalArgumentException unless {@code 1 ≤ min ≤ max}
     */
    public static List<String> of(String normalized, int min, int max) {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException("need 1 <= min <= max, got min " + min + ", max " + max);
        }
        List<String> prefixes = new ArrayList<>(Math.max(0, Math.min(max, normalized.length()) - min + 1));
        int end = 0;
        for (int length = 1; length <= max && end < normalized.length(); length++) {
            end += Character.charCount(normalized.codePointAt(end));
            if (length >= min) {
                prefixes.add(normalized.substring(0, end));
            }
        }
        return prefixes;
    }
}
