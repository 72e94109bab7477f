package io.dumptruck.jobs.events;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableDir;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.loaders.events.EventQueries;
import io.dumptruck.loaders.events.EventSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Plans the scans of {@code log_data} for a rollup, so that each key layout reads only what the options need. The
 * layout is the one the table's spec records ({@link EventQueries#layoutOf}); every scan reads only the columns the
 * layout needs ({@code d:v}, plus {@code d:h} and {@code d:e} when the key holds hashes or ids) and, given
 * {@code --from}/{@code --to}, only cells in that time range — the cell timestamp is the event time, so files whose
 * time range misses it are not even opened.
 *
 * <ul>
 *   <li><b>bucketed</b> ({@code byte(t mod N) ‖ long(t) ‖ host ‖ 0x00 ‖ event}): N is the {@code --buckets} the table's
 *       spec records (not its regions, which a split or a merge changes), and within a bucket rows sort by time. A time
 *       range over all hosts is therefore N scans, {@code b ‖ long(from) .. b ‖ long(to)} for b = 0..N-1, each reading
 *       exactly the range's rows of its bucket. The host comes after the time, so {@code --host} and {@code --event}
 *       narrow no key range: the mapper drops the other rows.
 *   <li><b>host-first</b> ({@code host ‖ 0x00 ‖ event ‖ 0x00 ‖ revts(t)}): the time is last, so a time range over all
 *       hosts is no key range — one scan of the whole table with the time range. {@code --host H} is the prefix
 *       {@code H ‖ 0x00}; with {@code --event E} as well the prefix {@code H ‖ 0x00 ‖ E ‖ 0x00} and the range
 *       {@code revts(to - 1) .. revts(from)} (newest first, so the bounds swap). {@code --event} alone is filtered in
 *       the mapper.
 *   <li><b>hashed</b> ({@code md5(host) ‖ md5(event) ‖ long(t)}): likewise one scan with the time range; {@code --host
 *       H} is the prefix {@code md5(H)}, with {@code --event E} the range {@code md5(H) ‖ md5(E) ‖ long(from) .. md5(H)
 *       ‖ md5(E) ‖ long(to)}. {@code --event} alone is filtered in the mapper on {@code d:e}.
 *   <li><b>numeric</b> ({@code long(hostId) ‖ long(eventId) ‖ long(t)}): as hashed, with the ids looked up here, before
 *       any task runs, in {@code log_types} ({@code 'h' ‖ H} / {@code 'e' ‖ E} → {@code i:id}). A name that has no id
 *       has no events: the plan is one empty scan, which opens no file.
 * </ul>
 */
final class RollupScans {
    /** The layout read and the scans of {@code log_data} to configure, in order. */
    record Plan(String layout, List<ScanSpec> scans) {}

    private RollupScans() {}

    static Plan plan(Configuration conf, Path logData, Path logTypes, RollupOptions o) throws IOException {
        TableDir data = TableDir.open(conf, logData);
        String layout = EventQueries.layoutOf(data.spec());
        ScanSpec base = ScanSpec.all()
                .withColumns(
                        layout.equals("hashed") || layout.equals("numeric")
                                ? LogDataColumns.VALUE_AND_NAMES
                                : LogDataColumns.VALUE_ONLY);
        if (o.hasTimeRange()) {
            base = base.withTimeRange(o.from(), o.to());
        }
        List<ScanSpec> scans = switch (layout) {
            case "bucketed" -> bucketed(base, EventQueries.buckets(data.spec()), o);
            case "host-first" -> List.of(hostFirst(base, o));
            case "hashed" -> List.of(hashed(base, o));
            case "numeric" -> List.of(numeric(conf, logTypes, base, o));
            default -> throw new IllegalStateException("unknown layout " + layout);
        };
        return new Plan(layout, scans);
    }

    private static List<ScanSpec> bucketed(ScanSpec base, int buckets, RollupOptions o) {
        RowKeyBuilder key = new RowKeyBuilder(16);
        List<ScanSpec> out = new ArrayList<>();
        for (int b = 0; b < buckets; b++) {
            byte[] start = key.clear().oneByte(b).longBE(o.from()).build();
            byte[] stop = o.to() == Long.MAX_VALUE
                    ? ScanSpec.stopForPrefix(new byte[] {(byte) b})
                    : key.clear().oneByte(b).longBE(o.to()).build();
            out.add(base.withRange(start, stop));
        }
        return out;
    }

    private static ScanSpec hostFirst(ScanSpec base, RollupOptions o) {
        RowKeyBuilder key = new RowKeyBuilder(64);
        if (o.host() == null) {
            return base;
        }
        if (o.event() == null) {
            return base.withPrefix(key.utf8(o.host()).separator().build());
        }
        byte[] prefix =
                key.utf8(o.host()).separator().utf8(o.event()).separator().build();
        if (!o.hasTimeRange()) {
            return base.withPrefix(prefix);
        }
        // revts(t) for t in [from, to) is [revts(to - 1), revts(from)]: the stop is just after revts(from)
        byte[] start = Bytes.add(prefix, Bytes.toBytes(Long.MAX_VALUE - (o.to() - 1)));
        byte[] stop = Bytes.add(prefix, Bytes.toBytes(Long.MAX_VALUE - o.from()), new byte[] {0});
        return base.withRange(start, stop);
    }

    private static ScanSpec hashed(ScanSpec base, RollupOptions o) {
        RowKeyBuilder key = new RowKeyBuilder(48);
        if (o.host() == null) {
            return base;
        }
        if (o.event() == null) {
            return base.withPrefix(key.md5(o.host()).build());
        }
        return timeRangeAfter(base, key.md5(o.host()).md5(o.event()).build(), o);
    }

    private static ScanSpec numeric(Configuration conf, Path logTypes, ScanSpec base, RollupOptions o)
            throws IOException {
        if (o.host() == null && o.event() == null) {
            return base;
        }
        Optional<Long> hostId = Optional.empty();
        Optional<Long> eventId = Optional.empty();
        try (TableReader types = TableReader.open(conf, logTypes)) {
            if (o.host() != null) {
                hostId = id(types, LogDataColumns.HOST_ID_ROW_TAG, o.host());
            }
            if (o.event() != null) {
                eventId = id(types, LogDataColumns.EVENT_ID_ROW_TAG, o.event());
            }
        }
        if ((o.host() != null && hostId.isEmpty()) || (o.event() != null && eventId.isEmpty())) {
            return nothing(base);
        }
        if (o.host() == null) {
            return base; // an event of every host: its id is in the middle of the key, the mapper filters
        }
        RowKeyBuilder key = new RowKeyBuilder(24).longBE(hostId.get());
        if (o.event() == null) {
            return base.withPrefix(key.build());
        }
        return timeRangeAfter(base, key.longBE(eventId.get()).build(), o);
    }

    /** Rows {@code prefix ‖ long(from) .. prefix ‖ long(to)}: keys ending in the big-endian time. */
    private static ScanSpec timeRangeAfter(ScanSpec base, byte[] prefix, RollupOptions o) {
        if (!o.hasTimeRange()) {
            return base.withPrefix(prefix);
        }
        byte[] stop =
                o.to() == Long.MAX_VALUE ? ScanSpec.stopForPrefix(prefix) : Bytes.add(prefix, Bytes.toBytes(o.to()));
        return base.withRange(Bytes.add(prefix, Bytes.toBytes(o.from())), stop);
    }

    /** An empty key range: no split, no file opened. */
    private static ScanSpec nothing(ScanSpec base) {
        byte[] zero = {0};
        return base.withRange(zero, zero);
    }

    /** The id in {@code log_types} of the name under the row tag {@code tag}, if it has one. */
    private static Optional<Long> id(TableReader types, byte[] tag, String name) throws IOException {
        ScanSpec idColumn =
                ScanSpec.all().withColumns(List.of(new ScanSpec.Column(EventSchema.TYPES_FAMILY, LogDataColumns.ID)));
        return types.get(Bytes.add(tag, Bytes.toBytes(name)), idColumn)
                .map(r -> r.getValue(LogDataColumns.ID_FAMILY, LogDataColumns.ID))
                .map(Bytes::toLong);
    }
}
