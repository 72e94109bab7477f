package io.dumptruck.loaders.titles;

import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.text.NumberText;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Parses {@code title TAB rank} lines. The rank is a finite decimal number as {@link NumberText} reads it ({@code 12},
 * {@code -3.5}, {@code 1e6}; not {@code NaN}, {@code Infinity}, {@code 0x10} or anything with white space) else
 * {@link Reject#BAD_RANK}; a title that normalizes to nothing (empty, only spaces or {@code _}) is
 * {@link Reject#EMPTY_TITLE}; a line without exactly one tab is {@link Reject#WRONG_COLUMN_COUNT}. One line break at
 * the end of the line is ignored; blank lines are skipped. Thread-safe.
 */
public final class TitleParser {
    /** Why a title line is rejected. */
    public enum Reject {
        WRONG_COLUMN_COUNT,
        EMPTY_TITLE,
        BAD_RANK
    }

    public Parsed<TitleRecord> parse(String line) {
        if (line.isBlank()) {
            return Parsed.skip();
        }
        int end = line.length();
        if (line.endsWith("\r\n")) {
            end -= 2;
        } else if (line.endsWith("\n") || line.endsWith("\r")) {
            end -= 1;
        }
        int tab = line.indexOf('\t');
        if (tab < 0 || line.indexOf('\t', tab + 1) >= 0) {
            return Parsed.reject(Reject.WRONG_COLUMN_COUNT, "expected title<TAB>rank");
        }
        String raw = line.substring(0, tab);
        String rankText = line.substring(tab + 1, end);
        String normalized = normalize(raw);
        if (normalized.isEmpty()) {
            return Parsed.reject(Reject.EMPTY_TITLE, "title '" + raw + "' is empty");
        }
        OptionalDouble rank = NumberText.parseFiniteDouble(rankText);
        if (rank.isEmpty()) {
            return Parsed.reject(Reject.BAD_RANK, "rank '" + rankText + "' is not a finite number");
        }
        return Parsed.of(new TitleRecord(raw.replace('_', ' '), normalized, rank.getAsDouble()));
    }

    /**
     * The normalized form of a title, which is also how a typed query must be normalized before it is looked up:
     * {@code _} replaced by a space, then lower-cased with {@link Locale#ROOT} ({@link String#toLowerCase(Locale)}:
     * full case mapping, {@code İ} becomes two code points; {@code Σ} at a word's end {@code ς}), every run of white
     * space collapsed to one space ({@code U+0020}) and white space at both ends removed. White space is what
     * {@link Character#isWhitespace} or {@link Character#isSpaceChar} accepts, plus {@code U+0085}: the Unicode
     * White_Space characters, no-break spaces included, and {@code U+001C..U+001F}.
     */
    public static String normalize(String title) {
        // _ is a space before lower-casing too: Σ after _ lower-cases as after a space (Java takes _ as case-ignorable
        // for the final sigma), so a title normalizes the same written with _ or with spaces, as it is listed
        String lower = title.replace('_', ' ').toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(lower.length());
        boolean space = false;
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '_' || isSpace(cp)) {
                space = out.length() > 0;
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    private static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85;
    }
}
