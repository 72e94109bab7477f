package io.dumptruck.loaders.jsonspec;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * The fields of an Avro record (read from an Avro or a Parquet file) as text: {@code "a.b"} walks into nested records;
 * numbers and booleans as Java prints them, strings as they are, a decimal (logical type) as its plain digits,
 * {@code bytes} and {@code fixed} as the UTF-8 text they hold; arrays, maps and records as Avro's JSON rendering; a
 * missing field or null is {@code null}. Text that is not valid UTF-8 is refused (an IllegalArgumentException, so the
 * record is rejected), never turned into replacement characters.
 */
final class GenericRecordFields implements FieldRecord {
    private static final Conversions.DecimalConversion DECIMAL = new Conversions.DecimalConversion();
    private final GenericRecord record;

    GenericRecordFields(GenericRecord record) {
        this.record = record;
    }

    @Override
    public String get(String field) {
        Object v = record;
        Schema schema = record.getSchema();
        for (String part : field.split("\\.")) {
            if (!(v instanceof GenericRecord r) || r.getSchema().getField(part) == null) {
                return null;
            }
            schema = r.getSchema().getField(part).schema();
            v = r.get(part);
        }
        if (v == null) {
            return null;
        }
        Schema type = valueSchema(schema, v);
        LogicalType logical = type == null ? null : type.getLogicalType();
        if (logical instanceof LogicalTypes.Decimal) {
            return (v instanceof ByteBuffer b
                            ? DECIMAL.fromBytes(b.duplicate(), type, logical)
                            : DECIMAL.fromFixed((GenericFixed) v, type, logical))
                    .toPlainString();
        }
        if (v instanceof Utf8 u) {
            return utf8(field, u.getBytes(), 0, u.getByteLength());
        }
        if (v instanceof ByteBuffer b) {
            byte[] bytes = new byte[b.remaining()];
            b.duplicate().get(bytes);
            return utf8(field, bytes, 0, bytes.length);
        }
        if (v instanceof GenericFixed f) {
            return utf8(field, f.bytes(), 0, f.bytes().length);
        }
        return v.toString();
    }

    /** The branch of a union that {@code v} is, or the schema itself. */
    private static Schema valueSchema(Schema schema, Object v) {
        if (schema.getType() != Schema.Type.UNION) {
            return schema;
        }
        for (Schema s : schema.getTypes()) {
            if ((s.getType() == Schema.Type.BYTES && v instanceof ByteBuffer)
                    || (s.getType() == Schema.Type.FIXED && v instanceof GenericFixed)) {
                return s;
            }
        }
        return null;
    }

    private static String utf8(String field, byte[] b, int off, int len) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(b, off, len))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("field '" + field + "' is not valid UTF-8 text");
        }
    }
}
