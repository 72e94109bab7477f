package io.dumptruck.jobs.events;

import java.nio.charset.StandardCharsets;

/**
 * Which event values are numbers: plain decimals, {@code [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?} in
 * ASCII — {@code 37.5}, {@code -4}, {@code 1e6}, {@code .5} — whose value is a finite double. Anything else (empty,
 * {@code 90ms}, {@code NaN}, {@code 0x1F}, surrounding spaces, user names) is text, and so is a decimal beyond the
 * double range ({@code 1e400}, {@code -2e308}), which would otherwise turn a sum, minimum or maximum into an infinity.
 * A decimal too small for a double ({@code 1e-400}) is the number 0.
 */
final class DecimalValue {
    private DecimalValue() {}

    /**
     * The number in {@code b[off, off+len)} (UTF-8), or {@link Double#NaN} when it is not a plain decimal or overflows
     * a double.
     */
    static double parse(byte[] b, int off, int len) {
        if (!isDecimal(b, off, len)) {
            return Double.NaN;
        }
        // a plain decimal is ASCII, so one byte per char
        double number = Double.parseDouble(new String(b, off, len, StandardCharsets.US_ASCII));
        return Double.isFinite(number) ? number : Double.NaN;
    }

    static boolean isDecimal(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        if (i < end && (b[i] == '+' || b[i] == '-')) {
            i++;
        }
        int intDigits = 0;
        while (i < end && isDigit(b[i])) {
            i++;
            intDigits++;
        }
        int fractionDigits = 0;
        if (i < end && b[i] == '.') {
            i++;
            while (i < end && isDigit(b[i])) {
                i++;
                fractionDigits++;
            }
        }
        if (intDigits + fractionDigits == 0) {
            return false;
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < end && isDigit(b[i])) {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        return i == end;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
