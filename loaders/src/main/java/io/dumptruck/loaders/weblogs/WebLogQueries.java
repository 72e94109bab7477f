package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A visitor's page views (from {@code visits}), most requested page (from {@code cookie_stats}) and page views per day
 * (from {@code cookie_url_count}'s daily family).
 */
public final class WebLogQueries {
    private WebLogQueries() {}

    /** One page view: time, method, path, status. */
    public record View(long time, String method, String path, String status) {}

    /** Page views newest first: one prefix scan of UTF-8(visitor) ‖ 0x00, as many rows as asked. */
    public static List<View> views(TableReader visits, String visitor, long limit) throws IOException {
        List<View> out = new ArrayList<>();
        byte[] prefix = Bytes.add(Bytes.toBytes(visitor), new byte[] {0});
        try (RowScanner rows = visits.scan(ScanSpec.all().withPrefix(prefix).withLimit(limit))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                Cell any = r.rawCells()[0];
                out.add(new View(
                        any.getTimestamp(),
                        text(r, WebLogSchema.METHOD),
                        text(r, WebLogSchema.PATH),
                        text(r, WebLogSchema.STATUS)));
            }
        }
        return out;
    }

    /** The most requested path and how often: the {@code c:} cell, whose timestamp is the count. */
    public static Optional<String[]> mostFrequent(TableReader stats, String visitor) throws IOException {
        Optional<Result> r =
                stats.get(Bytes.toBytes(visitor), ScanSpec.all().withFamilies(List.of(WebLogSchema.TOP_PATH)));
        return r.map(res -> new String[] {
            new String(res.value(), StandardCharsets.UTF_8), String.valueOf(res.rawCells()[0].getTimestamp())
        });
    }

    /** A day's page views. */
    public record DayCount(String day, long views) {}

    /**
     * The visitor's page views on each of {@code days} days up to {@code lastDay} (yyyyMMdd), oldest first, 0 for a day
     * without requests: one get of that many {@code d:} cells of {@code cookie_url_count}. A null {@code lastDay} means
     * the newest day the row holds: then the one get reads the row's whole daily family (a few months of cells, at most
     * one a day) and the days are taken from it; an empty list when it holds none.
     */
    public static List<DayCount> daily(TableReader cookieUrlCount, String visitor, int days, String lastDay)
            throws IOException {
        byte[] row = Bytes.toBytes(visitor);
        Result held = null; // the row's whole daily family, when the newest day is asked for
        if (lastDay == null) {
            Optional<Result> all =
                    cookieUrlCount.get(row, ScanSpec.all().withFamilies(List.of(WebLogSchema.DAILY_COUNT)));
            if (all.isEmpty()) {
                return List.of();
            }
            held = all.get();
            Cell[] cells = held.rawCells();
            Cell newest = cells[cells.length - 1];
            lastDay = Bytes.toString(
                    newest.getQualifierArray(), newest.getQualifierOffset(), newest.getQualifierLength());
        }
        LocalDate last;
        try {
            last = LocalDate.parse(lastDay, DateTimeFormatter.BASIC_ISO_DATE);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("day '" + lastDay + "' is not yyyyMMdd");
        }
        List<String> wanted = new ArrayList<>();
        List<ScanSpec.Column> columns = new ArrayList<>();
        for (int i = days - 1; i >= 0; i--) {
            String day = last.minusDays(i).format(DateTimeFormatter.BASIC_ISO_DATE);
            wanted.add(day);
            columns.add(new ScanSpec.Column(WebLogSchema.DAILY_COUNT, Bytes.toBytes(day)));
        }
        Optional<Result> r = held != null
                ? Optional.of(held)
                : cookieUrlCount.get(row, ScanSpec.all().withColumns(columns));
        List<DayCount> out = new ArrayList<>();
        for (String day : wanted) {
            byte[] v = r.map(res -> res.getValue(Bytes.toBytes(WebLogSchema.DAILY_COUNT), Bytes.toBytes(day)))
                    .orElse(null);
            out.add(new DayCount(day, v == null ? 0 : Bytes.toLong(v)));
        }
        return out;
    }

    private static String text(Result r, String qualifier) {
        byte[] v = r.getValue(Bytes.toBytes(WebLogSchema.VISIT), Bytes.toBytes(qualifier));
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    /** The questions of the web log load: a visitor's page views, and their views per day. */
    public static final List<Question> QUESTIONS = List.of(
            new Question(
                    "visits",
                    "VISITOR",
                    "page views newest first (one scan) and the most requested page (one get)",
                    List.of(WebLogSchema.VISITS, WebLogSchema.COOKIE_STATS),
                    List.of(),
                    new Question.Listing(
                            "views", "newest first; within one millisecond by md5(line)[0..4) (the row keys' order)"),
                    WebLogQueries::visitsAnswer),
            new Question(
                    "daily",
                    "VISITOR",
                    "page views per day, the days to the newest one (one get)",
                    List.of(WebLogSchema.COOKIE_URL_COUNT),
                    List.of(
                            new Question.Option("days", "N", "this many days (default 7)").withDefault("7"),
                            new Question.Option("to", "yyyyMMdd", "the last day (default: the newest)")),
                    WebLogQueries::dailyAnswer));

    private static Answer visitsAnswer(Asked a) throws IOException {
        String visitor = a.argument("VISITOR");
        List<View> views = views(a.table(WebLogSchema.VISITS), visitor, a.limit());
        Answer answer = new Answer().line(views.size() + " page view(s) of " + visitor + ", newest first:");
        answer.json().put("visitor", visitor);
        var list = answer.json().putArray("views");
        for (View v : views) {
            answer.line("  " + Instant.ofEpochMilli(v.time()) + "  " + v.method() + " " + v.path() + "  " + v.status());
            list.addObject()
                    .put("time", Instant.ofEpochMilli(v.time()).toString())
                    .put("epochMs", v.time())
                    .put("method", v.method())
                    .put("path", v.path())
                    .put("status", v.status());
        }
        Optional<String[]> top = mostFrequent(a.table(WebLogSchema.COOKIE_STATS), visitor);
        top.ifPresent(t -> answer.line("most requested page: " + t[0] + " (" + t[1] + " requests)"));
        if (top.isPresent()) {
            answer.json()
                    .putObject("mostRequested")
                    .put("path", top.get()[0])
                    .put("requests", Long.parseLong(top.get()[1]));
        } else {
            answer.json().putNull("mostRequested");
        }
        return answer;
    }

    private static Answer dailyAnswer(Asked a) throws IOException {
        String visitor = a.argument("VISITOR");
        int days = a.getInt("days", 7, 1, 3660);
        TableReader counts = a.table(WebLogSchema.COOKIE_URL_COUNT);
        if (counts.table().spec().familyIndex(WebLogSchema.DAILY_COUNT) < 0) {
            throw new IllegalArgumentException(WebLogSchema.COOKIE_URL_COUNT + " has no daily family '"
                    + WebLogSchema.DAILY_COUNT + "': it was loaded with --daily off");
        }
        List<DayCount> perDay;
        try {
            perDay = daily(counts, visitor, days, a.get("to", null));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--to: " + e.getMessage(), e);
        }
        long total = perDay.stream().mapToLong(DayCount::views).sum();
        Answer answer = new Answer();
        if (perDay.isEmpty()) {
            answer.line("no daily counts for " + visitor);
        } else {
            answer.line("page views of " + visitor + " per day, " + perDay.size() + " day(s) to "
                    + perDay.get(perDay.size() - 1).day() + ": " + total + " in all");
            perDay.forEach(d -> answer.line("  " + d.day() + "  " + d.views()));
        }
        answer.json().put("visitor", visitor).put("total", total);
        var list = answer.json().putArray("days");
        perDay.forEach(d -> list.addObject().put("day", d.day()).put("views", d.views()));
        return answer;
    }
}
