package io.dumptruck.loaders.text;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Strict reading of numbers in data files, for parsers that must reject rather than guess.
 *
 * <p>The JDK's own parsers accept more than a data file should contain: {@link Long#parseLong} takes a leading
 * {@code +} and non-ASCII digits ({@code "١٢"} is 12); {@link Double#parseDouble} takes surrounding white space,
 * {@code NaN}, {@code Infinity}, hexadecimal ({@code 0x1p3}) and a type suffix ({@code 1d}, {@code 1f}). Here only
 * these forms are numbers, all in ASCII, with no white space anywhere:
 *
 * <pre>
 *   integer  = ["-"] digit+                                   (leading zeros allowed)
 *   decimal  = ["-"] (digit+ ["." digit*] | "." digit+) [("e" | "E") ["+" | "-"] digit+]
 * </pre>
 *
 * A value out of range (an integer that does not fit, a decimal that rounds to infinity) is not a number either. All
 * methods return empty rather than throw.
 */
public final class NumberText {
    private NumberText() {}

    /** The {@code integer} in {@code text} if it fits a {@code long}. */
    public static OptionalLong parseLong(String text) {
        if (!isInteger(text)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text));
        } catch (NumberFormatException outOfRange) {
            return OptionalLong.empty();
        }
    }

    /** The {@code integer} in {@code text} if it fits an {@code int}. */
    public static OptionalInt parseInt(String text) {
        if (!isInteger(text)) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(text));
        } catch (NumberFormatException outOfRange) {
            return OptionalInt.empty();
        }
    }

    /**
     * The {@code decimal} in {@code text}, rounded to the nearest double, if that is finite. An underflow to zero is a
     * number ({@code 1e-400} is 0.0).
     */
    public static OptionalDouble parseFiniteDouble(String text) {
        if (!isDecimal(text)) {
            return OptionalDouble.empty();
        }
        double value = Double.parseDouble(text);
        return Double.isFinite(value) ? OptionalDouble.of(value) : OptionalDouble.empty();
    }

    private static boolean isInteger(String s) {
        int i = s.startsWith("-") ? 1 : 0;
        return digits(s, i) == s.length() && s.length() > i;
    }

    private static boolean isDecimal(String s) {
        int n = s.length();
        int i = s.startsWith("-") ? 1 : 0;
        int intEnd = digits(s, i);
        boolean mantissaDigits = intEnd > i;
        i = intEnd;
        if (i < n && s.charAt(i) == '.') {
            int fracEnd = digits(s, i + 1);
            mantissaDigits |= fracEnd > i + 1;
            i = fracEnd;
        }
        if (!mantissaDigits) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int expEnd = digits(s, i);
            if (expEnd == i) {
                return false;
            }
            i = expEnd;
        }
        return i == n;
    }

    /** The index after the run of ASCII digits starting at {@code from}. */
    private static int digits(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
