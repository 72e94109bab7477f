package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.JsonNode;
import io.dumptruck.formats.text.ShellBytes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One cell per record: {@code family:qualifier ← field}, the qualifier fixed ({@code "column": "f:q"}) or computed
 * ({@code "family": "f", "qualifier": [key parts]}), the value encoded as {@code string} (UTF-8, the default),
 * {@code int}, {@code long}, {@code double} (8-byte IEEE, as HBase's {@code Bytes.toBytes(double)}) or {@code sha256}
 * (the 32-byte digest of the text — for passwords, which are never stored). A cell whose field is missing or empty is
 * not written, unless {@code "required": true}, which rejects the record. {@code "timestamp"}: a time for this cell.
 */
record CellMapping(
        String family,
        byte[] qualifier,
        KeyTemplate computedQualifier,
        String field,
        String encoding,
        boolean required,
        TimeRef timestamp) {

    static final Set<String> ENCODINGS = Set.of("string", "int", "long", "double", "sha256");
    private static final Set<String> FIELDS =
            Set.of("column", "family", "qualifier", "field", "encoding", "required", "timestamp");

    static CellMapping of(JsonNode n, String where) {
        SpecJson.onlyFields(n, FIELDS, where);
        String family;
        byte[] qualifier = null;
        KeyTemplate computed = null;
        if (n.has("column")) {
            String column = SpecJson.text(n, "column", where);
            int colon = column.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException(where + ": column '" + column + "' must be family:qualifier");
            }
            family = column.substring(0, colon);
            qualifier = ShellBytes.parse(column.substring(colon + 1));
        } else {
            family = SpecJson.text(n, "family", where);
            computed = KeyTemplate.of(n.get("qualifier"), where + " qualifier");
        }
        String encoding = n.has("encoding") ? SpecJson.text(n, "encoding", where) : "string";
        if (!ENCODINGS.contains(encoding)) {
            throw new IllegalArgumentException(where + ": encoding '" + encoding + "' is not one of " + ENCODINGS);
        }
        boolean required = n.has("required") && n.get("required").asBoolean();
        TimeRef ts = n.has("timestamp") ? KeyPart.time(n.get("timestamp"), where + " timestamp") : null;
        return new CellMapping(family, qualifier, computed, SpecJson.text(n, "field", where), encoding, required, ts);
    }

    /** The qualifier for a record, or null when a computed one's fields are missing (the cell is skipped). */
    byte[] qualifier(FieldRecord r) {
        if (qualifier != null) {
            return qualifier;
        }
        try {
            return computedQualifier.build(r);
        } catch (IllegalArgumentException e) {
            if (required) {
                throw e;
            }
            return null;
        }
    }

    /** The encoded value, or null when the field is missing and the cell not required. */
    byte[] value(FieldRecord r) {
        String v = r.get(field);
        if (v == null || v.isEmpty()) {
            if (required) {
                throw new IllegalArgumentException("field '" + field + "' is missing or empty");
            }
            return null;
        }
        try {
            return switch (encoding) {
                case "int" -> Bytes.toBytes(Integer.parseInt(v.trim()));
                case "long" -> Bytes.toBytes(Long.parseLong(v.trim()));
                case "double" -> {
                    double d = Double.parseDouble(v.trim());
                    if (!Double.isFinite(d)) {
                        throw new NumberFormatException();
                    }
                    yield Bytes.toBytes(d);
                }
                case "sha256" -> MessageDigest.getInstance("SHA-256").digest(v.getBytes(StandardCharsets.UTF_8));
                default -> v.getBytes(StandardCharsets.UTF_8);
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("field '" + field + "': '" + v + "' is not a finite " + encoding);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> families(List<CellMapping> cells) {
        return cells.stream().map(CellMapping::family).distinct().toList();
    }
}
