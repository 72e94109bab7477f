package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.JsonNode;
import io.dumptruck.formats.rowkey.FixedWidth;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.rowkey.ReverseTimestamp;
import io.dumptruck.formats.rowkey.ReversedDomain;
import io.dumptruck.formats.rowkey.TimeBucket;
import io.dumptruck.formats.text.ShellBytes;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One part of a row key or computed qualifier, as the spec names it (one JSON object each):
 *
 * <pre>
 *   {"field": "f"}                  UTF-8 of the field; "width": n requires exactly n characters
 *   {"literal": "\\x00"}            fixed bytes, in HBase shell notation
 *   {"md5": "f"}                    the 16 MD5 bytes of the field
 *   {"salt": n}                     one byte: md5(the rest of the key)[0] mod n (see {@link KeyTemplate})
 *   {"bucket": n, "time": T}        one byte: time mod n
 *   {"reverseTimestamp": T}         8 bytes: Long.MAX_VALUE - time
 *   {"reversedDomain": "f"}         a URL's host reversed (com.example.www/path)
 *   {"zeroPadded": "f", "width": n} a non-negative integer as n ASCII digits
 *   {"int": "f"} / {"long": "f"}    4 / 8 bytes big-endian
 *   {"date": T, "format": "yyyyMMddHHmmss"}   a time written in a pattern, UTC
 * </pre>
 *
 * T is a field name (epoch ms) or {@code {"field": …, "pattern"|"unit": …}} ({@link TimeRef}). A field that is missing
 * or does not convert is an IllegalArgumentException: the record is rejected.
 */
interface KeyPart {
    /** The bytes of this part for a record; salt parts are filled in by {@link KeyTemplate}. */
    byte[] bytes(FieldRecord r);

    /** {@code {"salt": n}}: its byte depends on the other parts. */
    record Salt(int buckets) implements KeyPart {
        @Override
        public byte[] bytes(FieldRecord r) {
            throw new IllegalStateException("a salt byte is computed from the whole key");
        }

        byte of(byte[] rest) {
            return (byte) io.dumptruck.formats.rowkey.Salt.of(rest, buckets);
        }
    }

    static KeyPart of(JsonNode n, String where) {
        if (!n.isObject() || n.size() == 0) {
            throw new IllegalArgumentException(where + ": a key part is an object like {\"field\": \"name\"}");
        }
        String kind = n.fieldNames().next();
        String w = where + " " + kind;
        switch (kind) {
            case "field" -> {
                SpecJson.onlyFields(n, Set.of("field", "width"), w);
                String f = SpecJson.text(n, "field", w);
                int width = n.has("width") ? SpecJson.integer(n, "width", w) : -1;
                if (n.has("width") && width < 1) {
                    throw new IllegalArgumentException(w + ": width must be at least 1, got " + width);
                }
                return r -> {
                    String v = value(r, f);
                    if (width >= 0 && v.codePointCount(0, v.length()) != width) {
                        throw new IllegalArgumentException(
                                "field '" + f + "' must have exactly " + width + " characters, got '" + v + "'");
                    }
                    return v.getBytes(StandardCharsets.UTF_8);
                };
            }
            case "literal" -> {
                SpecJson.onlyFields(n, Set.of("literal"), w);
                byte[] bytes = ShellBytes.parse(SpecJson.text(n, "literal", w));
                return r -> bytes;
            }
            case "md5" -> {
                SpecJson.onlyFields(n, Set.of("md5"), w);
                String f = SpecJson.text(n, "md5", w);
                return r -> Md5.digest(value(r, f));
            }
            case "salt" -> {
                SpecJson.onlyFields(n, Set.of("salt"), w);
                int buckets = SpecJson.integer(n, "salt", w);
                if (buckets < 1 || buckets > 256) {
                    throw new IllegalArgumentException(w + ": salt buckets must be 1..256");
                }
                return new Salt(buckets);
            }
            case "bucket" -> {
                SpecJson.onlyFields(n, Set.of("bucket", "time"), w);
                int buckets = SpecJson.integer(n, "bucket", w);
                TimeRef t = time(n.get("time"), w);
                return r -> new byte[] {(byte) TimeBucket.of(t.read(r), buckets)};
            }
            case "reverseTimestamp" -> {
                SpecJson.onlyFields(n, Set.of("reverseTimestamp"), w);
                TimeRef t = time(n.get("reverseTimestamp"), w);
                return r -> ReverseTimestamp.encode(t.read(r));
            }
            case "reversedDomain" -> {
                SpecJson.onlyFields(n, Set.of("reversedDomain"), w);
                String f = SpecJson.text(n, "reversedDomain", w);
                return r -> ReversedDomain.reverse(value(r, f)).getBytes(StandardCharsets.UTF_8);
            }
            case "zeroPadded" -> {
                SpecJson.onlyFields(n, Set.of("zeroPadded", "width"), w);
                String f = SpecJson.text(n, "zeroPadded", w);
                int width = SpecJson.integer(n, "width", w);
                if (!FixedWidth.isDecimalWidth(width)) {
                    throw new IllegalArgumentException(
                            w + ": width must be 1.." + FixedWidth.MAX_DECIMAL_WIDTH + " digits, got " + width);
                }
                return r -> FixedWidth.zeroPadded(number(r, f), width).getBytes(StandardCharsets.US_ASCII);
            }
            case "int" -> {
                SpecJson.onlyFields(n, Set.of("int"), w);
                String f = SpecJson.text(n, "int", w);
                return r -> {
                    // an IllegalArgumentException, not Math.toIntExact's ArithmeticException: a value too big
                    // for an int rejects the record, it must not fail the task
                    long v = number(r, f);
                    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                        throw new IllegalArgumentException("field '" + f + "': " + v + " does not fit an int");
                    }
                    return Bytes.toBytes((int) v);
                };
            }
            case "long" -> {
                SpecJson.onlyFields(n, Set.of("long"), w);
                String f = SpecJson.text(n, "long", w);
                return r -> Bytes.toBytes(number(r, f));
            }
            case "date" -> {
                SpecJson.onlyFields(n, Set.of("date", "format"), w);
                TimeRef t = time(n.get("date"), w);
                DateTimeFormatter format = DateTimeFormatter.ofPattern(SpecJson.text(n, "format", w), Locale.ROOT)
                        .withZone(ZoneOffset.UTC);
                return r -> format.format(Instant.ofEpochMilli(t.read(r))).getBytes(StandardCharsets.UTF_8);
            }
            default ->
                throw new IllegalArgumentException(w + ": unknown key part (use field, literal, md5, salt, bucket, "
                        + "reverseTimestamp, reversedDomain, zeroPadded, int, long, date)");
        }
    }

    static TimeRef time(JsonNode n, String where) {
        if (n == null) {
            throw new IllegalArgumentException(
                    where + ": needs a time: a field name or {\"field\": …, \"pattern\": …}");
        }
        return n.isTextual() ? new TimeRef(n.asText(), null, false) : TimeRef.of(n, where);
    }

    /** The field's text; missing or empty is an IllegalArgumentException. */
    static String value(FieldRecord r, String field) {
        String v = r.get(field);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("field '" + field + "' is missing or empty");
        }
        return v;
    }

    static long number(FieldRecord r, String field) {
        String v = value(r, field).trim();
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("field '" + field + "': '" + v + "' is not a whole number");
        }
    }
}
