package io.dumptruck.loaders.generate;

import java.nio.charset.StandardCharsets;

/**
 * Renders epoch seconds as Apache's {@code %t} field in UTC, brackets included: {@code [01/Jan/2026:13:05:09 +0000]}
 * (28 ASCII bytes, English month abbreviations, years 0–9999). The date part is recomputed only when the day changes,
 * so rendering a time-ordered log costs a few divisions per line. Returns its own buffer, overwritten by the next call.
 * Not thread-safe.
 */
final class ApacheTimeFormat {
    private static final int SECONDS_PER_DAY = 86_400;
    private static final byte[][] MONTHS = {
        ascii("Jan"), ascii("Feb"), ascii("Mar"), ascii("Apr"), ascii("May"), ascii("Jun"),
        ascii("Jul"), ascii("Aug"), ascii("Sep"), ascii("Oct"), ascii("Nov"), ascii("Dec")
    };

    //                                      0123456789012345678901234567
    private final byte[] text = ascii("[dd/MMM/yyyy:HH:mm:ss +0000]");
    private long day = Long.MIN_VALUE;

    byte[] render(long epochSecond) {
        long d = Math.floorDiv(epochSecond, SECONDS_PER_DAY);
        int second = Math.floorMod(epochSecond, SECONDS_PER_DAY);
        if (d != day) {
            setDate(d);
            day = d;
        }
        twoDigits(13, second / 3600);
        twoDigits(16, second / 60 % 60);
        twoDigits(19, second % 60);
        return text;
    }

    /** Writes the civil date of {@code days} since 1970-01-01 (H. Hinnant's {@code civil_from_days}). */
    private void setDate(long days) {
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        int dayOfMonth = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0 || year > 9999) {
            throw new IllegalArgumentException("year " + year + " does not fit four digits");
        }
        twoDigits(1, dayOfMonth);
        System.arraycopy(MONTHS[month - 1], 0, text, 4, 3);
        twoDigits(8, (int) (year / 100));
        twoDigits(10, (int) (year % 100));
    }

    private void twoDigits(int at, int value) {
        text[at] = (byte) ('0' + value / 10);
        text[at + 1] = (byte) ('0' + value % 10);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
