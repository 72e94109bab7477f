package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The web-log tables of docs/tables.md, byte for byte.
 *
 * <pre>
 *   visits            row UTF-8(visitor) ‖ 0x00 ‖ revts(t) ‖ md5(raw line)[0..4)
 *                     p:u path · p:q query · p:r reversed referer · p:s status (ASCII) · p:d duration µs (long)
 *                     · p:i client address · p:m method — absent values have no cell; cell ts = request time
 *   cookie_url_count  row UTF-8(visitor)   u:UTF-8(path) → count (8-byte long, HBase's counter encoding)
 *                                          d:yyyyMMdd (UTC day of the requests) → that day's count, cell ts = the
 *                                          day's start; the family's TTL (default 90 days) ages the days out
 *   cookie_stats      row UTF-8(visitor)   c: → most requested path, cell ts = its count (ties: smallest path)
 *                                          r: → path, one version per request time, the 5 most recent
 * </pre>
 *
 * A visit key starts with the visitor and a zero byte, so "all page views of V, newest first" is one prefix scan of
 * {@code UTF-8(V) ‖ 0x00} (reverse timestamps put the newest first), and "the latest session" is the same scan limited
 * to one row. Four bytes of the line's md5 keep two requests of the same millisecond apart while an exact duplicate
 * line lands on the same row. A visitor holding a zero byte would break that prefix, so such a record is rejected.
 */
public final class WebLogSchema implements RecordSchema<WebLogRecord> {
    public static final String VISITS = "visits";
    public static final String COOKIE_URL_COUNT = "cookie_url_count";
    public static final String COOKIE_STATS = "cookie_stats";
    /** The family of {@code visits}, and its qualifiers. */
    public static final String VISIT = "p";

    public static final String PATH = "u";
    public static final String QUERY = "q";
    public static final String REFERER = "r";
    public static final String STATUS = "s";
    public static final String DURATION = "d";
    public static final String CLIENT = "i";
    public static final String METHOD = "m";
    private static final byte[] PATH_Q = Bytes.toBytes(PATH);
    private static final byte[] QUERY_Q = Bytes.toBytes(QUERY);
    private static final byte[] REFERER_Q = Bytes.toBytes(REFERER);
    private static final byte[] STATUS_Q = Bytes.toBytes(STATUS);
    private static final byte[] DURATION_Q = Bytes.toBytes(DURATION);
    private static final byte[] CLIENT_Q = Bytes.toBytes(CLIENT);
    private static final byte[] METHOD_Q = Bytes.toBytes(METHOD);
    /** The decimal text of the status codes 0..999, made once (the parser keeps statuses to three digits). */
    private static final byte[][] STATUS_TEXT = new byte[1000][];

    static {
        for (int i = 0; i < STATUS_TEXT.length; i++) {
            STATUS_TEXT[i] = Bytes.toBytes(String.valueOf(i));
        }
    }

    /** The family of {@code cookie_url_count}: qualifier = path, value = count. */
    public static final String URL_COUNT = "u";
    /**
     * The per-day family of {@code cookie_url_count}: qualifier = the day as yyyyMMdd (UTC), value = the day's count.
     */
    public static final String DAILY_COUNT = "d";
    /** The daily family's TTL when the load does not say: 90 days. */
    public static final int DEFAULT_DAILY_TTL_DAYS = 90;

    private static final long DAY_MS = 86_400_000L;
    /** The families of {@code cookie_stats}: the most requested path, and the most recent paths. */
    public static final String TOP_PATH = "c";

    public static final String RECENT_PATHS = "r";
    static final byte[] ONE = Bytes.toBytes(1L);
    private static final byte[] EMPTY = new byte[0];

    private final RowKeyBuilder key = new RowKeyBuilder(64);
    private FamilyRef visit;
    private FamilyRef urlCount;
    private FamilyRef dailyCount;
    /** Whether cookie_url_count has the daily family; the day of the last request and its qualifier. */
    private final boolean daily;

    private long lastDay = Long.MIN_VALUE;
    private byte[] lastDayQualifier;
    private FamilyRef statsCounts;
    private FamilyRef statsRecent;

    /** The schema, with cookie_url_count's daily family or without it. */
    public WebLogSchema(boolean daily) {
        this.daily = daily;
    }

    /** The tables with the daily family kept {@link #DEFAULT_DAILY_TTL_DAYS}. */
    public static List<TableSpec> tables(int regions) {
        return tables(regions, DEFAULT_DAILY_TTL_DAYS * 86_400);
    }

    /**
     * The tables; {@code dailyTtlSeconds} is the TTL of cookie_url_count's daily family ({@code HConstants.FOREVER} to
     * keep every day), or null for no daily family.
     */
    public static List<TableSpec> tables(int regions, Integer dailyTtlSeconds) {
        FamilySpec counts = FamilySpec.named(URL_COUNT)
                .withCompression(Compression.Algorithm.GZ)
                .withEncoding(DataBlockEncoding.PREFIX);
        TableSpec cookieUrlCount = dailyTtlSeconds == null
                ? TableSpec.of(COOKIE_URL_COUNT, counts)
                : TableSpec.of(
                        COOKIE_URL_COUNT,
                        counts,
                        FamilySpec.named(DAILY_COUNT)
                                .withCompression(Compression.Algorithm.GZ)
                                .withTtlSeconds(dailyTtlSeconds));
        return List.of(
                TableSpec.of(
                                VISITS,
                                FamilySpec.named(VISIT)
                                        .withBloom(BloomType.NONE)
                                        .withCompression(Compression.Algorithm.GZ)
                                        .withEncoding(DataBlockEncoding.FAST_DIFF))
                        .withRegions(RegionSplits.sampled(regions)),
                cookieUrlCount.withRegions(RegionSplits.sampled(regions)),
                TableSpec.of(
                                COOKIE_STATS,
                                FamilySpec.named(TOP_PATH),
                                FamilySpec.named(RECENT_PATHS).withMaxVersions(5))
                        .withRegions(RegionSplits.sampled(regions)));
    }

    @Override
    public void resolve(CellSink sink) {
        visit = sink.family(VISITS, VISIT);
        urlCount = sink.family(COOKIE_URL_COUNT, URL_COUNT);
        dailyCount = daily ? sink.family(COOKIE_URL_COUNT, DAILY_COUNT) : null;
        statsCounts = sink.family(COOKIE_STATS, TOP_PATH);
        statsRecent = sink.family(COOKIE_STATS, RECENT_PATHS);
    }

    /** The visits row key of a request; {@code rawLine} is the line as read. */
    public static byte[] visitKey(RowKeyBuilder key, String visitor, long time, String rawLine) {
        return key.clear()
                .utf8(visitor)
                .separator()
                .reverseTimestamp(time)
                .bytes(Md5.digest(rawLine.getBytes(StandardCharsets.UTF_8)), 0, 4)
                .build();
    }

    @Override
    public void emit(WebLogRecord r, RecordSource source, CellSink sink) throws IOException, InterruptedException {
        String rawLine = source.line();
        long loadTimestamp = source.loadTimestamp();
        String visitor = r.visitor();
        if (visitor.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(
                    "the visitor holds a zero byte, which would break the visits key prefix");
        }
        byte[] row = visitKey(key, visitor, r.time(), rawLine);
        long t = r.time();
        put(sink, visit, row, PATH_Q, r.path(), t);
        put(sink, visit, row, QUERY_Q, r.query(), t);
        put(sink, visit, row, REFERER_Q, r.refererReversed(), t);
        sink.put(visit, row, STATUS_Q, t, statusText(r.status()));
        if (r.durationMicros() != null) {
            sink.put(visit, row, DURATION_Q, t, Bytes.toBytes(r.durationMicros()));
        }
        put(sink, visit, row, CLIENT_Q, r.client(), t);
        put(sink, visit, row, METHOD_Q, r.method(), t);
        if (r.path() != null) {
            byte[] visitorRow = Bytes.toBytes(visitor);
            byte[] path = Bytes.toBytes(r.path());
            sink.put(urlCount, visitorRow, path, loadTimestamp, ONE);
            long dayStart = Math.floorDiv(t, DAY_MS) * DAY_MS;
            if (dailyCount != null && sink.shows(dailyCount, dayStart)) { // a day past the TTL is simply not counted
                sink.put(dailyCount, visitorRow, dayQualifier(dayStart), dayStart, ONE);
            }
            // CookieStatsFold turns these into c: (the most requested path) and keeps r: as is
            sink.put(statsCounts, visitorRow, path, loadTimestamp, ONE);
            sink.put(statsRecent, visitorRow, EMPTY, t, path);
        }
    }

    /** The daily family's qualifier of a day: yyyyMMdd, UTC (logs come in time order: the last one is kept). */
    private byte[] dayQualifier(long dayStart) {
        if (dayStart != lastDay) {
            lastDay = dayStart;
            lastDayQualifier = Bytes.toBytes(dayText(dayStart));
        }
        return lastDayQualifier;
    }

    /** A day's qualifier text: yyyyMMdd of the UTC day holding {@code time}. */
    public static String dayText(long time) {
        return DateTimeFormatter.BASIC_ISO_DATE.format(
                Instant.ofEpochMilli(time).atZone(ZoneOffset.UTC).toLocalDate());
    }

    /**
     * The daily family's TTL in seconds from {@code --daily}: a number of days, {@code forever}
     * ({@code HConstants.FOREVER}), or {@code off} (null: no daily family); an IllegalArgumentException for anything
     * else.
     */
    public static Integer dailyTtlSeconds(String option) {
        switch (option) {
            case "off":
                return null;
            case "forever":
                return HConstants.FOREVER;
            default:
                try {
                    long days = Long.parseLong(option);
                    if (days >= 1 && days * 86_400 < HConstants.FOREVER) {
                        return (int) (days * 86_400);
                    }
                } catch (NumberFormatException e) {
                    // refused below
                }
                throw new IllegalArgumentException(
                        "--daily: '" + option + "' is not a number of days (1 or more), forever or off");
        }
    }

    private static void put(CellSink sink, FamilyRef f, byte[] row, byte[] qualifier, String value, long t)
            throws IOException, InterruptedException {
        if (value != null) {
            sink.put(f, row, qualifier, t, Bytes.toBytes(value));
        }
    }

    /** The {@code p:s} value of a status: its decimal text (the shared bytes of a cached one: not to be changed). */
    public static byte[] statusText(int status) {
        return status >= 0 && status < STATUS_TEXT.length ? STATUS_TEXT[status] : Bytes.toBytes(String.valueOf(status));
    }
}
