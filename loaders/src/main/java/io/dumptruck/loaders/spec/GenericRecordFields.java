package io.dumptruck.loaders.spec;

import org.apache.avro.generic.GenericRecord;

/**
 * The fields of an Avro record (read from an Avro or a Parquet file) as text: {@code "a.b"} walks
 * into nested records; numbers and booleans as Java prints them, strings as they are, arrays, maps
 * and records as Avro's JSON rendering; a missing field or null is {@code null}.
 */
final class GenericRecordFields implements FieldRecord {
  private final GenericRecord record;

  GenericRecordFields(GenericRecord record) {
    this.record = record;
  }

  @Override
  public String get(String field) {
    Object v = record;
    for (String part : field.split("\\.")) {
      if (!(v instanceof GenericRecord r) || r.getSchema().getField(part) == null) {
        return null;
      }
      v = r.get(part);
    }
    return v == null ? null : v.toString();
  }
}
