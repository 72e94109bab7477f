package io.dumptruck.jobs.inspect;

import java.util.Locale;

/** Byte counts for people: {@code 1023 B}, {@code 1.5 KiB}, {@code 12.0 MiB} … (powers of 1024). */
public final class HumanBytes {
    private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private HumanBytes() {}

    public static String of(double bytes) {
        if (bytes < 1024) {
            return bytes == Math.rint(bytes) ? (long) bytes + " B" : String.format(Locale.ROOT, "%.1f B", bytes);
        }
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, UNITS[u]);
    }
}
