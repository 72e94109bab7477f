package io.dumptruck.loaders.events;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.rowkey.TimeBucket;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The LOG_DATA designs of docs/tables.md: table {@code log_data}, family {@code d}, {@code d:v} = value (and
 * {@code d:h} host, {@code d:e} event for the hashed and numeric layouts); cell ts = event time.
 *
 * <pre>
 *   bucketed    byte(t mod N) ‖ long(t) ‖ UTF-8(host) ‖ 0x00 ‖ UTF-8(event)   — one region per bucket
 *   host-first  UTF-8(host) ‖ 0x00 ‖ UTF-8(event) ‖ 0x00 ‖ revts(t)
 *   hashed      md5(host) ‖ md5(event) ‖ long(t)                           — uniform regions
 *   numeric     long(hostId) ‖ long(eventId) ‖ long(t), ids from log_types
 *   log_types   'h' ‖ UTF-8(host) / 'e' ‖ UTF-8(event) → i:id (long, 1..n per kind in name order);
 *               0x00 ‖ 'h' / 0x00 ‖ 'e' → i:max (the largest id; a counter an online writer keeps incrementing)
 * </pre>
 *
 * Trade-offs: {@code bucketed} spreads writes of "now" over N regions but a time range over all hosts takes N scans
 * (one per bucket byte); {@code host-first} serves "host H, event E, newest first" with one prefix scan but
 * concentrates a busy host in one region; {@code hashed} spreads hosts evenly and keeps a host's events contiguous but
 * needs the exact host and event names to scan; {@code numeric} has the shortest keys (24 bytes) at the price of the id
 * lookup in {@code log_types}.
 */
public final class EventSchema implements RecordSchema<Event> {
    public static final String LOG_DATA = "log_data";
    public static final String LOG_TYPES = "log_types";
    /** The layout whose event names are ids looked up in {@code log_types}. */
    public static final String NUMERIC = "numeric";

    public static final Set<String> LAYOUTS = Set.of("bucketed", "host-first", "hashed", NUMERIC);
    /** The family of {@code log_data}. */
    public static final String DATA_FAMILY = "d";
    /** The family of {@code log_types}. */
    public static final String TYPES_FAMILY = "i";
    /** {@code d:v}, the value. */
    public static final byte[] V = Bytes.toBytes("v");
    /** {@code d:h}, the host (hashed and numeric layouts); also the {@code log_types} row prefix of host ids. */
    public static final byte[] H = Bytes.toBytes("h");
    /** {@code d:e}, the event (hashed and numeric layouts); also the {@code log_types} row prefix of event ids. */
    public static final byte[] E = Bytes.toBytes("e");
    /** {@code i:id}, a host's or event's id in {@code log_types}. */
    public static final byte[] ID = Bytes.toBytes("id");

    static final byte[] MAX = Bytes.toBytes("max");

    private final String layout;
    private final int buckets;
    private final RowKeyBuilder key = new RowKeyBuilder(64);
    private FamilyRef data;
    private FamilyRef types;
    private final Map<String, Long> ids;

    public EventSchema(String layout, int buckets) {
        this(layout, buckets, null);
    }

    /** A schema that loads events; {@code ids} maps "h"+host / "e"+event to ids (numeric layout only, else null). */
    public EventSchema(String layout, int buckets, Map<String, Long> ids) {
        if (!LAYOUTS.contains(layout)) {
            throw new IllegalArgumentException(
                    "--layout must be one of bucketed, host-first, hashed, numeric; got '" + layout + "'");
        }
        if (buckets < 1 || buckets > 256) {
            throw new IllegalArgumentException("--buckets must be 1..256, got " + buckets);
        }
        this.layout = layout;
        this.buckets = buckets;
        this.ids = ids;
    }

    public List<TableSpec> tables(int regions) {
        FamilySpec d = FamilySpec.named(DATA_FAMILY)
                .withCompression(Compression.Algorithm.GZ)
                .withEncoding(DataBlockEncoding.FAST_DIFF);
        RegionSplits split = switch (layout) {
            case "bucketed" -> RegionSplits.salted(buckets);
            case "hashed" -> RegionSplits.uniform(regions);
            default -> RegionSplits.sampled(regions);
        };
        List<TableSpec> out = new ArrayList<>();
        out.add(TableSpec.of(LOG_DATA, d).withRegions(split));
        if (layout.equals(NUMERIC)) {
            out.add(TableSpec.of(LOG_TYPES, FamilySpec.named(TYPES_FAMILY)));
        }
        return out;
    }

    @Override
    public void resolve(CellSink sink) {
        data = sink.family(LOG_DATA, DATA_FAMILY);
        if (layout.equals(NUMERIC)) {
            types = sink.family(LOG_TYPES, TYPES_FAMILY);
        }
    }

    /** The log_data row key of an event (numeric: with the ids given). */
    public byte[] rowKey(Event e, long hostId, long eventId) {
        key.clear();
        return switch (layout) {
            case "bucketed" ->
                key.oneByte(TimeBucket.of(e.time(), buckets))
                        .longBE(e.time())
                        .utf8(e.host())
                        .separator()
                        .utf8(e.event())
                        .build();
            case "host-first" ->
                key.utf8(e.host())
                        .separator()
                        .utf8(e.event())
                        .separator()
                        .reverseTimestamp(e.time())
                        .build();
            case "hashed" -> key.md5(e.host()).md5(e.event()).longBE(e.time()).build();
            default -> key.longBE(hostId).longBE(eventId).longBE(e.time()).build();
        };
    }

    @Override
    public void emit(Event e, RecordSource source, CellSink sink) throws IOException, InterruptedException {
        long loadTimestamp = source.loadTimestamp();
        long hostId = 0;
        long eventId = 0;
        if (types != null) {
            hostId = ids.get("h" + e.host());
            eventId = ids.get("e" + e.event());
        }
        byte[] row = rowKey(e, hostId, eventId);
        sink.put(data, row, V, e.time(), Bytes.toBytes(e.value()));
        if (layout.equals("hashed") || layout.equals(NUMERIC)) {
            sink.put(data, row, H, e.time(), Bytes.toBytes(e.host()));
            sink.put(data, row, E, e.time(), Bytes.toBytes(e.event()));
        }
        if (types != null) {
            // the same cells from every record: the reducer keeps one of each
            sink.put(types, Bytes.add(H, Bytes.toBytes(e.host())), ID, loadTimestamp, Bytes.toBytes(hostId));
            sink.put(types, Bytes.add(E, Bytes.toBytes(e.event())), ID, loadTimestamp, Bytes.toBytes(eventId));
            sink.put(types, new byte[] {0, 'h'}, MAX, loadTimestamp, Bytes.toBytes(ids.get(IdDictionary.MAX_HOST)));
            sink.put(types, new byte[] {0, 'e'}, MAX, loadTimestamp, Bytes.toBytes(ids.get(IdDictionary.MAX_EVENT)));
        }
    }
}
