package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;

/**
 * A time read from a field: epoch milliseconds by default, epoch seconds with {@code "unit": "s"}, or text in a
 * {@code "pattern"} (java.time, read as UTC when it has no zone). A value that does not read, or whose time does not
 * fit epoch milliseconds in a {@code long} (a year like +999999999), is an IllegalArgumentException, which rejects the
 * record.
 *
 * <pre>{@code {"field": "created", "pattern": "yyyy-MM-dd HH:mm:ss"}}</pre>
 */
public record TimeRef(String field, String pattern, boolean seconds) {
    /** A time a spec's date pattern must be able to write and read back. */
    private static final Instant SAMPLE = Instant.parse("2024-03-05T06:07:08.009Z");

    static TimeRef of(JsonNode n, String where) {
        String field = SpecJson.text(n, "field", where);
        String pattern = n.has("pattern") ? SpecJson.text(n, "pattern", where) : null;
        String unit = n.has("unit") ? SpecJson.text(n, "unit", where) : "ms";
        if (!unit.equals("ms") && !unit.equals("s")) {
            throw new IllegalArgumentException(
                    where + ": unit '" + unit + "' is not ms (epoch milliseconds, the default) or s (epoch seconds)");
        }
        if (pattern != null && n.has("unit")) {
            throw new IllegalArgumentException(where + ": give a pattern or a unit, not both");
        }
        TimeRef time = new TimeRef(field, pattern, unit.equals("s"));
        if (pattern != null) {
            String sample;
            try {
                sample = DateTimeFormatter.ofPattern(pattern, Locale.ROOT)
                        .withZone(ZoneOffset.UTC)
                        .format(SAMPLE);
            } catch (IllegalArgumentException | DateTimeException e) {
                throw new IllegalArgumentException(where + ": bad date pattern '" + pattern + "': " + e.getMessage());
            }
            try { // a pattern must read back a time from what it writes, or every record would be rejected
                time.read(name -> name.equals(field) ? sample : null);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": date pattern '" + pattern
                        + "' gives no date and time to read (" + SAMPLE + " written with it is '" + sample + "')");
            }
        }
        return time;
    }

    /** The time of the record, epoch ms. */
    public long read(FieldRecord r) {
        String v = r.get(field);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("no time in field '" + field + "'");
        }
        if (pattern == null) {
            try {
                long t = Long.parseLong(v.trim());
                return seconds ? Math.multiplyExact(t, 1000L) : t;
            } catch (NumberFormatException | ArithmeticException e) {
                throw new IllegalArgumentException(
                        "field '" + field + "': '" + v + "' is not epoch " + (seconds ? "seconds" : "milliseconds"));
            }
        }
        try {
            TemporalAccessor parsed =
                    DateTimeFormatter.ofPattern(pattern, Locale.ROOT).parse(v.trim());
            if (parsed.isSupported(ChronoField.INSTANT_SECONDS)) {
                return Math.addExact(
                        Math.multiplyExact(parsed.getLong(ChronoField.INSTANT_SECONDS), 1000L),
                        parsed.get(ChronoField.MILLI_OF_SECOND));
            }
            if (!parsed.isSupported(ChronoField.HOUR_OF_DAY)) {
                return LocalDate.from(parsed)
                        .atStartOfDay()
                        .toInstant(ZoneOffset.UTC)
                        .toEpochMilli();
            }
            return LocalDateTime.from(parsed).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("field '" + field + "': '" + v + "' does not match " + pattern);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(
                    "field '" + field + "': '" + v + "' is out of the range of epoch milliseconds");
        }
    }
}
