package io.dumptruck.loaders.events;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.formats.table.WrittenBy;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A host's events in {@code [from, to)} from {@code log_data}, under each key layout — the point of the LOG_DATA
 * designs is how differently the same question is read:
 *
 * <ul>
 *   <li>bucketed: N scans, one per bucket byte, over {@code b ‖ long(from) .. b ‖ long(to)}, keeping the host's rows;
 *   <li>host-first: one scan of {@code host ‖ 0 ‖ event ‖ 0 ‖ revts(t)} over the time range (newest first);
 *   <li>hashed: one scan of {@code md5(host) ‖ md5(event) ‖ long(from .. to)};
 *   <li>numeric: two gets in {@code log_types} for the ids, then one scan of {@code long ‖ long ‖ long(from .. to)}.
 * </ul>
 *
 * The event type is required for host-first (or all of the host's events are read), hashed and numeric.
 */
public final class EventQueries {
    private EventQueries() {}

    /** One event read back. */
    public record Found(long time, String host, String event, String value) {}

    /** Oldest first; at one time, by host and event as UTF-8 bytes: the same order whatever the layout. */
    private static final Comparator<Found> ORDER = Comparator.comparingLong(Found::time)
            .thenComparing(f -> Bytes.toBytes(f.host()), Bytes.BYTES_COMPARATOR)
            .thenComparing(f -> Bytes.toBytes(f.event()), Bytes.BYTES_COMPARATOR);

    private static final Question.Listing ORDER_LISTING =
            new Question.Listing("events", "oldest first; at one time by host, then event, as UTF-8 bytes");

    /** The events, oldest first, and how many scans it took. */
    public record Listing(List<Found> events, int scans) {}

    public static Listing events(
            TableReader logData,
            TableReader logTypes,
            String layout,
            int buckets,
            String host,
            String event,
            long from,
            long to)
            throws IOException {
        List<Found> out = new ArrayList<>();
        int scans = 0;
        RowKeyBuilder key = new RowKeyBuilder(64);
        switch (layout) {
            case "bucketed" -> {
                byte[] match = event == null
                        ? Bytes.add(Bytes.toBytes(host), new byte[] {0})
                        : key.clear().utf8(host).separator().utf8(event).build();
                for (int b = 0; b < buckets; b++) {
                    scans++;
                    byte[] start = key.clear().oneByte(b).longBE(from).build();
                    byte[] stop = key.clear().oneByte(b).longBE(to).build();
                    for (Result r : scan(logData, start, stop)) {
                        byte[] row = r.getRow();
                        byte[] rest = Bytes.tail(row, row.length - 9);
                        boolean hit = event == null ? Bytes.startsWith(rest, match) : Bytes.equals(rest, match);
                        if (hit) {
                            String[] names = new String(rest, StandardCharsets.UTF_8).split("\0", 2);
                            out.add(new Found(Bytes.toLong(row, 1), names[0], names[1], value(r, EventSchema.V)));
                        }
                    }
                }
            }
            case "host-first" -> {
                scans++;
                if (event == null) {
                    for (Result r : scan(logData, Bytes.add(Bytes.toBytes(host), new byte[] {0}), null)) {
                        long t = Long.MAX_VALUE - Bytes.toLong(r.getRow(), r.getRow().length - 8);
                        if (t >= from && t < to) {
                            String name = new String(
                                    r.getRow(),
                                    host.getBytes(StandardCharsets.UTF_8).length + 1,
                                    r.getRow().length - host.getBytes(StandardCharsets.UTF_8).length - 10,
                                    StandardCharsets.UTF_8);
                            out.add(new Found(t, host, name, value(r, EventSchema.V)));
                        }
                    }
                } else {
                    byte[] prefix = key.clear()
                            .utf8(host)
                            .separator()
                            .utf8(event)
                            .separator()
                            .build();
                    byte[] start = Bytes.add(prefix, Bytes.toBytes(Long.MAX_VALUE - (to - 1)));
                    byte[] stop = Bytes.add(prefix, Bytes.toBytes(Long.MAX_VALUE - from), new byte[] {0});
                    for (Result r : scan(logData, start, stop)) {
                        out.add(new Found(
                                Long.MAX_VALUE - Bytes.toLong(r.getRow(), prefix.length),
                                host,
                                event,
                                value(r, EventSchema.V)));
                    }
                }
            }
            case "hashed", "numeric" -> {
                if (event == null) {
                    throw new IllegalArgumentException(
                            "the " + layout + " layout needs --event E: its keys hold only hashes or ids of the host"
                                    + " and the event, so a host's events of every type are not one range");
                }
                byte[] prefix;
                if (layout.equals("hashed")) {
                    prefix = key.clear().md5(host).md5(event).build();
                } else {
                    Optional<Long> hostId = id(logTypes, "h" + host);
                    Optional<Long> eventId = id(logTypes, "e" + event);
                    if (hostId.isEmpty() || eventId.isEmpty()) {
                        return new Listing(List.of(), 0);
                    }
                    prefix = key.clear()
                            .longBE(hostId.get())
                            .longBE(eventId.get())
                            .build();
                }
                scans++;
                for (Result r :
                        scan(logData, Bytes.add(prefix, Bytes.toBytes(from)), Bytes.add(prefix, Bytes.toBytes(to)))) {
                    out.add(new Found(
                            Bytes.toLong(r.getRow(), prefix.length),
                            value(r, EventSchema.H),
                            value(r, EventSchema.E),
                            value(r, EventSchema.V)));
                }
            }
            default -> throw new IllegalArgumentException("unknown layout " + layout);
        }
        out.sort(ORDER);
        return new Listing(out, scans);
    }

    /**
     * Every host's events in [{@code from}, {@code to}) ({@code event}: of that type only), oldest first: the question
     * only the bucketed layout was made for — one scan per bucket of the time range — while the others, keyed by host
     * first, can only read the whole table (one scan, every row).
     */
    public static Listing window(TableReader logData, String layout, int buckets, String event, long from, long to)
            throws IOException {
        List<Found> out = new ArrayList<>();
        int scans = 0;
        RowKeyBuilder key = new RowKeyBuilder(16);
        if (layout.equals("bucketed")) {
            for (int b = 0; b < buckets; b++) {
                scans++;
                byte[] start = key.clear().oneByte(b).longBE(from).build();
                byte[] stop = key.clear().oneByte(b).longBE(to).build();
                for (Result r : scan(logData, start, stop)) {
                    byte[] row = r.getRow();
                    String[] names = new String(row, 9, row.length - 9, StandardCharsets.UTF_8).split("\0", 2);
                    if (event == null || names[1].equals(event)) {
                        out.add(new Found(Bytes.toLong(row, 1), names[0], names[1], value(r, EventSchema.V)));
                    }
                }
            }
        } else if (EventSchema.LAYOUTS.contains(layout)) {
            scans++;
            try (RowScanner rows = logData.scan(ScanSpec.all())) {
                for (Result r = rows.next(); r != null; r = rows.next()) {
                    byte[] row = r.getRow();
                    long t = Bytes.toLong(row, row.length - 8);
                    String host;
                    String name;
                    if (layout.equals("host-first")) { // host ‖ 0x00 ‖ event ‖ 0x00 ‖ revts(t)
                        t = Long.MAX_VALUE - t;
                        String[] names = new String(row, 0, row.length - 9, StandardCharsets.UTF_8).split("\0", 2);
                        host = names[0];
                        name = names[1];
                    } else {
                        host = value(r, EventSchema.H);
                        name = value(r, EventSchema.E);
                    }
                    if (t >= from && t < to && (event == null || event.equals(name))) {
                        out.add(new Found(t, host, name, value(r, EventSchema.V)));
                    }
                }
            }
        } else {
            throw new IllegalArgumentException("unknown layout " + layout);
        }
        out.sort(ORDER);
        return new Listing(out, scans);
    }

    /**
     * The layout a {@code log_data} table was loaded with, as its {@code _spec.json} records it
     * ({@link TableSpec#writtenBy}); an IllegalArgumentException when it records none (a table written by another
     * loader, or before dumptruck recorded what wrote a table).
     */
    public static String layoutOf(TableSpec logData) {
        WrittenBy by = logData.writtenBy();
        if (by == null || !by.loader().equals(EventLoader.NAME)) {
            throw new IllegalArgumentException("table " + logData.name()
                    + " does not say which events layout wrote it (its " + TableSpecJson.FILE_NAME
                    + " has no writtenBy of the events loader): load it again with dumptruck load events");
        }
        return by.option(EventLoader.LAYOUT, EventLoader.DEFAULT_LAYOUT);
    }

    private static Optional<Long> id(TableReader logTypes, String row) throws IOException {
        return logTypes.get(Bytes.toBytes(row), ScanSpec.all()).map(r -> Bytes.toLong(r.value()));
    }

    private static List<Result> scan(TableReader table, byte[] start, byte[] stop) throws IOException {
        List<Result> out = new ArrayList<>();
        ScanSpec spec =
                stop == null ? ScanSpec.all().withPrefix(start) : ScanSpec.all().withRange(start, stop);
        try (RowScanner rows = table.scan(spec)) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                out.add(r);
            }
        }
        return out;
    }

    private static String value(Result r, byte[] qualifier) {
        byte[] v = r.getValue(Bytes.toBytes(EventSchema.DATA_FAMILY), qualifier);
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    /** The question of the event load, the same over its four layouts: a host's events in a time range. */
    public static final List<Question> QUESTIONS = List.of(
            new Question(
                    "events",
                    "HOST",
                    "a host's events in [--from, --to), oldest first (scans: one per salt bucket, or one)",
                    List.of(EventSchema.LOG_DATA, EventSchema.LOG_TYPES), // log_types: the numeric layout's names
                    List.of(
                            new Question.Option("from", "T", "the first time, epoch ms (required)"),
                            new Question.Option("to", "T", "the end time, epoch ms, exclusive (required)"),
                            new Question.Option("event", "E", "only this event type"),
                            new Question.Option("layout", "L", "the table's layout when its spec does not say it")),
                    ORDER_LISTING,
                    EventQueries::eventsAnswer),
            new Question(
                    "window",
                    "",
                    "every host's events in [--from, --to), oldest first: one scan per bucket (bucketed), "
                            + "the whole table in one scan (the other layouts, keyed by host first)",
                    List.of(EventSchema.LOG_DATA),
                    List.of(
                            new Question.Option("from", "T", "the first time, epoch ms (required)"),
                            new Question.Option("to", "T", "the end time, epoch ms, exclusive (required)"),
                            new Question.Option("event", "E", "only this event type"),
                            new Question.Option("layout", "L", "the table's layout when its spec does not say it")),
                    ORDER_LISTING,
                    EventQueries::windowAnswer));

    private static Answer eventsAnswer(Asked a) throws IOException {
        String host = a.argument("HOST");
        long[] range = range(a, "events");
        TableReader data = a.table(EventSchema.LOG_DATA);
        String layout = layout(a, data);
        String event = a.get("event", null);
        TableReader types = layout.equals(EventSchema.NUMERIC) ? a.table(EventSchema.LOG_TYPES) : null;
        Listing found = events(data, types, layout, buckets(data.table().spec()), host, event, range[0], range[1]);
        Answer answer = new Answer()
                .line(found.events().size() + " event(s) of " + host + (event != null ? " " + event : "") + " in ["
                        + range[0] + ", " + range[1] + ") from the " + layout + " layout, in " + found.scans()
                        + " scan(s)");
        answer.json().put("host", host);
        return listed(answer, found, event, range, layout, a.limit());
    }

    private static Answer windowAnswer(Asked a) throws IOException {
        long[] range = range(a, "window");
        TableReader data = a.table(EventSchema.LOG_DATA);
        String layout = layout(a, data);
        String event = a.get("event", null);
        Listing found = window(data, layout, buckets(data.table().spec()), event, range[0], range[1]);
        Answer answer = new Answer()
                .line(found.events().size() + " event(s) of every host" + (event != null ? ", " + event : "")
                        + " in [" + range[0] + ", " + range[1] + ") from the " + layout + " layout, in "
                        + found.scans() + " scan(s)" + (layout.equals("bucketed") ? "" : " of the whole table"));
        return listed(answer, found, event, range, layout, a.limit());
    }

    /** --from and --to, checked: epoch ms, to after from. */
    private static long[] range(Asked a, String question) {
        if (a.get("from", null) == null || a.get("to", null) == null) {
            throw new IllegalArgumentException(question + " needs --from T and --to T (epoch ms, to exclusive)");
        }
        long from = a.getLong("from", 0, 0, Long.MAX_VALUE);
        long to = a.getLong("to", 0, 0, Long.MAX_VALUE);
        if (to <= from) {
            throw new IllegalArgumentException(
                    "--to " + to + " must be after --from " + from + " (epoch ms, to exclusive)");
        }
        return new long[] {from, to};
    }

    /** --layout, or the one the table's spec records. */
    private static String layout(Asked a, TableReader data) {
        String layout = a.get("layout", null);
        if (layout != null) {
            if (!EventSchema.LAYOUTS.contains(layout)) {
                throw new IllegalArgumentException("--layout takes one of "
                        + new java.util.TreeSet<>(EventSchema.LAYOUTS) + ", got '" + layout + "'");
            }
            return layout;
        }
        try {
            return layoutOf(data.table().spec());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ", or give --layout", e);
        }
    }

    /** The events listed (at most {@code limit}) as lines and JSON, after the answer's first line. */
    private static Answer listed(Answer answer, Listing found, String event, long[] range, String layout, long limit) {
        answer.json()
                .put("event", event)
                .put("from", range[0])
                .put("to", range[1])
                .put("layout", layout)
                .put("scans", found.scans())
                .put("count", found.events().size());
        var list = answer.json().putArray("events");
        found.events().stream().limit(limit).forEach(e -> {
            answer.line("  " + Instant.ofEpochMilli(e.time()) + "  " + e.host() + "  " + e.event() + " = " + e.value());
            list.addObject()
                    .put("time", Instant.ofEpochMilli(e.time()).toString())
                    .put("epochMs", e.time())
                    .put("host", e.host())
                    .put("event", e.event())
                    .put("value", e.value());
        });
        return answer;
    }

    /**
     * The bucketed layout's salt buckets: the {@code --buckets} its load was given, as the table's spec records it
     * ({@code writtenBy}) — not its regions, which are one per bucket only until the table is split or merged (a load
     * matched to a live table records the live table's regions). A table whose spec does not say (one HBase holds) may
     * have any count, so every bucket a key byte can name is asked (an empty bucket costs one seek).
     */
    public static int buckets(TableSpec logData) {
        WrittenBy by = logData.writtenBy();
        if (by != null
                && by.loader().equals(EventLoader.NAME)
                && by.option(EventLoader.LAYOUT, EventLoader.DEFAULT_LAYOUT).equals("bucketed")) {
            return Integer.parseInt(by.option(EventLoader.BUCKETS, String.valueOf(EventLoader.DEFAULT_BUCKETS)));
        }
        return 256;
    }
}
