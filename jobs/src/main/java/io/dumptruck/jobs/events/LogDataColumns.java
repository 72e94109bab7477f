package io.dumptruck.jobs.events;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.loaders.events.EventSchema;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells of {@code log_data} (docs/tables.md, "Event-log loader"), as the job reads them; the names are
 * {@link EventSchema}'s: family {@code d}, {@code d:v} = UTF-8(value), and for the hashed and numeric layouts
 * {@code d:h} = host and {@code d:e} = event; cell ts = event time. The {@code log_types} table of the numeric layout:
 * row {@code 'h' ‖ host} / {@code 'e' ‖ event} → {@code i:id} = long id (the row tags are the same letters as the
 * {@code d:h}/{@code d:e} qualifiers, but a different thing).
 */
final class LogDataColumns {
    static final byte[] FAMILY = Bytes.toBytes(EventSchema.DATA_FAMILY);
    static final byte[] VALUE = EventSchema.V;
    static final byte[] HOST = EventSchema.H;
    static final byte[] EVENT = EventSchema.E;
    /** The tag that starts a host's {@code log_types} row: {@code 'h' ‖ UTF-8(host)} → its id. */
    static final byte[] HOST_ID_ROW_TAG = {'h'};
    /** The tag that starts an event type's {@code log_types} row: {@code 'e' ‖ UTF-8(event)} → its id. */
    static final byte[] EVENT_ID_ROW_TAG = {'e'};

    static final byte[] ID_FAMILY = Bytes.toBytes(EventSchema.TYPES_FAMILY);
    static final byte[] ID = EventSchema.ID;

    private LogDataColumns() {}

    /** {@code d:v} only: the layouts whose keys hold the names. */
    static final List<ScanSpec.Column> VALUE_ONLY = List.of(new ScanSpec.Column(EventSchema.DATA_FAMILY, VALUE));
    /** {@code d:v}, {@code d:h}, {@code d:e}: the hashed and numeric layouts, whose keys hold only hashes or ids. */
    static final List<ScanSpec.Column> VALUE_AND_NAMES = List.of(
            new ScanSpec.Column(EventSchema.DATA_FAMILY, VALUE),
            new ScanSpec.Column(EventSchema.DATA_FAMILY, HOST),
            new ScanSpec.Column(EventSchema.DATA_FAMILY, EVENT));
}
