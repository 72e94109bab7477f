package io.dumptruck.loaders.geo;

import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.text.NumberText;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Parses lines of the GeoNames dump: 19 tab-separated columns, UTF-8, no quoting —
 *
 * <pre>
 *  0 geonameid   1 name          2 asciiname     3 alternatenames  4 latitude      5 longitude
 *  6 feature class  7 feature code  8 country code  9 cc2          10 admin1 code  11 admin2 code
 * 12 admin3 code 13 admin4 code  14 population    15 elevation      16 dem          17 timezone
 * 18 modification date
 * </pre>
 *
 * <p>Required: a geonameid (a decimal integer &gt; 0, else {@link Reject#BAD_ID}), a latitude in [−90, 90] and a
 * longitude in [−180, 180] (decimal numbers, else {@link Reject#BAD_COORDINATE}; NaN and Infinity are not numbers) and
 * the feature class (one ASCII capital letter, else {@link Reject#BAD_FEATURE_CLASS}; the row key of
 * {@code geonames_info} starts with it). Every other column may be empty: text then becomes null, a list empty, a
 * number null. Population, elevation and dem are decimal integers (population ≥ 0, fitting a {@code long}; elevation
 * and dem an {@code int}), else {@link Reject#BAD_NUMBER}; a modification date is a real {@code yyyy-MM-dd} date, else
 * {@link Reject#BAD_DATE}. Numbers are read strictly ({@link NumberText}): no white space, no {@code +}, ASCII digits
 * only.
 *
 * <p>Text columns are kept exactly as written, any Unicode. {@code alternatenames} and {@code cc2} are split at commas,
 * dropping empty items ({@code "a,,b"} → {@code [a, b]}). A line must have exactly 19 columns (18 tabs), else
 * {@link Reject#WRONG_COLUMN_COUNT}; one line break at its end is ignored. Blank lines are skipped. Thread-safe.
 */
public final class GeoNamesParser {
    /** Why a GeoNames line is rejected. */
    public enum Reject {
        WRONG_COLUMN_COUNT,
        BAD_ID,
        BAD_COORDINATE,
        BAD_FEATURE_CLASS,
        BAD_NUMBER,
        BAD_DATE
    }

    /** Columns of a GeoNames line. */
    public static final int COLUMNS = 19;

    public Parsed<GeoNamesRecord> parse(String line) {
        if (line.isBlank()) {
            return Parsed.skip();
        }
        String[] f = split(stripLineBreak(line));
        if (f == null) {
            return Parsed.reject(
                    Reject.WRONG_COLUMN_COUNT,
                    "expected " + COLUMNS + " tab-separated columns, found " + (count(line, '\t') + 1));
        }
        OptionalLong id = NumberText.parseLong(f[0]);
        if (id.isEmpty() || id.getAsLong() <= 0) {
            return Parsed.reject(Reject.BAD_ID, "geonameid '" + f[0] + "' is not a positive integer");
        }
        OptionalDouble lat = NumberText.parseFiniteDouble(f[4]);
        if (lat.isEmpty() || lat.getAsDouble() < -90 || lat.getAsDouble() > 90) {
            return Parsed.reject(Reject.BAD_COORDINATE, "latitude '" + f[4] + "' is not a number in [-90, 90]");
        }
        OptionalDouble lon = NumberText.parseFiniteDouble(f[5]);
        if (lon.isEmpty() || lon.getAsDouble() < -180 || lon.getAsDouble() > 180) {
            return Parsed.reject(Reject.BAD_COORDINATE, "longitude '" + f[5] + "' is not a number in [-180, 180]");
        }
        if (f[6].length() != 1 || f[6].charAt(0) < 'A' || f[6].charAt(0) > 'Z') {
            return Parsed.reject(Reject.BAD_FEATURE_CLASS, "feature class '" + f[6] + "' is not one letter A-Z");
        }
        Long population = null;
        if (!f[14].isEmpty()) {
            OptionalLong p = NumberText.parseLong(f[14]);
            if (p.isEmpty() || p.getAsLong() < 0) {
                return Parsed.reject(Reject.BAD_NUMBER, "population '" + f[14] + "' is not an integer >= 0");
            }
            population = p.getAsLong();
        }
        Integer elevation = null;
        if (!f[15].isEmpty()) {
            OptionalInt e = NumberText.parseInt(f[15]);
            if (e.isEmpty()) {
                return Parsed.reject(Reject.BAD_NUMBER, "elevation '" + f[15] + "' is not an integer");
            }
            elevation = e.getAsInt();
        }
        Integer dem = null;
        if (!f[16].isEmpty()) {
            OptionalInt d = NumberText.parseInt(f[16]);
            if (d.isEmpty()) {
                return Parsed.reject(Reject.BAD_NUMBER, "dem '" + f[16] + "' is not an integer");
            }
            dem = d.getAsInt();
        }
        if (!f[18].isEmpty() && !isDate(f[18])) {
            return Parsed.reject(Reject.BAD_DATE, "modification date '" + f[18] + "' is not a yyyy-MM-dd date");
        }
        return Parsed.of(new GeoNamesRecord(
                id.getAsLong(),
                text(f[1]),
                text(f[2]),
                list(f[3]),
                lat.getAsDouble(),
                lon.getAsDouble(),
                f[6].charAt(0),
                text(f[7]),
                text(f[8]),
                list(f[9]),
                text(f[10]),
                text(f[11]),
                text(f[12]),
                text(f[13]),
                population,
                elevation,
                dem,
                text(f[17]),
                text(f[18])));
    }

    /** The 19 columns, or null if there are not exactly 19. */
    private static String[] split(String line) {
        String[] f = new String[COLUMNS];
        int start = 0;
        for (int i = 0; i < COLUMNS - 1; i++) {
            int tab = line.indexOf('\t', start);
            if (tab < 0) {
                return null;
            }
            f[i] = line.substring(start, tab);
            start = tab + 1;
        }
        if (line.indexOf('\t', start) >= 0) {
            return null;
        }
        f[COLUMNS - 1] = line.substring(start);
        return f;
    }

    static String stripLineBreak(String line) {
        if (line.endsWith("\r\n")) {
            return line.substring(0, line.length() - 2);
        }
        if (line.endsWith("\n") || line.endsWith("\r")) {
            return line.substring(0, line.length() - 1);
        }
        return line;
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) {
            n++;
        }
        return n;
    }

    private static String text(String column) {
        return column.isEmpty() ? null : column;
    }

    private static List<String> list(String column) {
        if (column.isEmpty()) {
            return List.of();
        }
        List<String> items = new ArrayList<>();
        int start = 0;
        while (start <= column.length()) {
            int comma = column.indexOf(',', start);
            int end = comma < 0 ? column.length() : comma;
            if (end > start) {
                items.add(column.substring(start, end));
            }
            start = end + 1;
        }
        return items;
    }

    /** {@code yyyy-MM-dd} with ASCII digits, a real calendar date. */
    private static boolean isDate(String s) {
        if (s.length() != 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
            return false;
        }
        for (int i = 0; i < 10; i++) {
            if (i != 4 && i != 7 && (s.charAt(i) < '0' || s.charAt(i) > '9')) {
                return false;
            }
        }
        try {
            LocalDate.of(Integer.parseInt(s, 0, 4, 10), Integer.parseInt(s, 5, 7, 10), Integer.parseInt(s, 8, 10, 10));
            return true;
        } catch (DateTimeException notADate) {
            return false;
        }
    }
}
