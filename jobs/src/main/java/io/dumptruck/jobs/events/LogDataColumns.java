package io.dumptruck.jobs.events;

import io.dumptruck.formats.read.ScanSpec;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells of {@code log_data} (SCHEMAS.md, "Event-log loader"; written by
 * {@link io.dumptruck.loaders.events.EventSchema}): family {@code d}, {@code d:v} = UTF-8(value), and
 * for the hashed and numeric layouts {@code d:h} = host and {@code d:e} = event; cell ts = event time.
 * The {@code log_types} table of the numeric layout: row {@code 'h' ‖ host} / {@code 'e' ‖ event} → {@code i:id} = long id.
 */
final class LogDataColumns {
  static final byte[] FAMILY = Bytes.toBytes("d");
  static final byte[] VALUE = Bytes.toBytes("v");
  static final byte[] HOST = Bytes.toBytes("h");
  static final byte[] EVENT = Bytes.toBytes("e");
  static final byte[] HOST_ID_ROW = Bytes.toBytes("h");
  static final byte[] EVENT_ID_ROW = Bytes.toBytes("e");
  static final byte[] ID_FAMILY = Bytes.toBytes("i");
  static final byte[] ID = Bytes.toBytes("id");

  private LogDataColumns() {}

  /** {@code d:v} only: the layouts whose keys hold the names. */
  static final List<ScanSpec.Column> VALUE_ONLY = List.of(new ScanSpec.Column("d", VALUE));
  /** {@code d:v}, {@code d:h}, {@code d:e}: the hashed and numeric layouts, whose keys hold only hashes or ids. */
  static final List<ScanSpec.Column> VALUE_AND_NAMES = List.of(new ScanSpec.Column("d", VALUE),
      new ScanSpec.Column("d", HOST), new ScanSpec.Column("d", EVENT));
}
