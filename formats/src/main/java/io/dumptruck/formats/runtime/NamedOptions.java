package io.dumptruck.formats.runtime;

import io.dumptruck.formats.PublicApi;
import java.util.Map;

/**
 * A command's own {@code --name value} options, read with a default and checked, each error naming the option, what it
 * takes and the value as typed. {@link #wholeNumber} is the one parser of every command's numeric options, the command
 * line's too.
 */
@PublicApi
public interface NamedOptions {
    /** The options given, by name (without the leading {@code --}). */
    Map<String, String> extra();

    /** An option's value, or the default. */
    default String get(String name, String dflt) {
        return extra().getOrDefault(name, dflt);
    }

    /** An option's value as a whole number from {@code min} to {@code max}, or the default when it is not given. */
    default long getLong(String name, long dflt, long min, long max) {
        String v = extra().get(name);
        return v == null ? dflt : wholeNumber(name, v, min, max);
    }

    default int getInt(String name, int dflt, int min, int max) {
        return (int) getLong(name, dflt, min, max);
    }

    default long getLong(String name, long dflt) {
        return getLong(name, dflt, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    default int getInt(String name, int dflt) {
        return getInt(name, dflt, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /**
     * {@code value}, given to {@code --name}, as a whole number from {@code min} to {@code max}; else an
     * IllegalArgumentException: {@code --name takes a whole number from 1 to 16, got '17'}. A bound at or past the int
     * range ({@code Integer.MIN_VALUE}, {@code Long.MAX_VALUE}) is not named.
     */
    static long wholeNumber(String name, String value, long min, long max) {
        try {
            long n = Long.parseLong(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, as a value out of range is
        }
        boolean low = min > Integer.MIN_VALUE;
        boolean high = max < Long.MAX_VALUE;
        String range = low && high
                ? " from " + min + " to " + max
                : low ? ", at least " + min : high ? ", at most " + max : "";
        throw new IllegalArgumentException("--" + name + " takes a whole number" + range + ", got '" + value + "'");
    }
}
