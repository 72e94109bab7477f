package io.dumptruck.jobs.toppages;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Requests per visitor and path, counted straight from raw access-log lines with a regular expression — independent of
 * the loader's parser, mirroring the rules that decide whether a line counts: the shape of the combined format (+
 * cookie and duration), a real date, a three-digit status, numeric bytes and duration, and a request line with a method
 * token and a target. Every valid line counts, exact duplicates included (the counters count every line).
 */
final class RawVisitorCounts {
    private static final String QUOTED = "\"((?:[^\"\\\\]|\\\\.)*)\"";
    private static final Pattern LINE = Pattern.compile("(\\S+) +(\\S+) +(\\S+) +\\[([^\\]]*)\\] +" + QUOTED
            + " +(\\S+) +(\\S+)(?: +" + QUOTED + "(?: +" + QUOTED + "(?: +" + QUOTED + "(?: +(\\S+))?)?)?)?");
    private static final Pattern METHOD = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern PROTOCOL = Pattern.compile("[A-Za-z]+/[0-9][0-9.]*");
    private static final Pattern NUMBER_OR_DASH = Pattern.compile("-|[0-9]{1,18}");
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("dd/MMM/uuuu:HH:mm:ss Z")
            .toFormatter(Locale.ENGLISH)
            .withResolverStyle(ResolverStyle.STRICT);

    /** A page and its views (and distinct visitors, for the global ranking). */
    record Page(String path, long views, long visitors) {}

    /** More views first, then path bytes ascending. */
    static final Comparator<Page> RANKING = Comparator.comparingLong(Page::views)
            .reversed()
            .thenComparing((a, b) -> Arrays.compareUnsigned(
                    a.path.getBytes(StandardCharsets.UTF_8), b.path.getBytes(StandardCharsets.UTF_8)));

    /** visitor → path → requests. */
    final Map<String, Map<String, Long>> byVisitor = new TreeMap<>();

    long validLines;
    long lines;

    static RawVisitorCounts of(List<File> logs) throws IOException {
        RawVisitorCounts c = new RawVisitorCounts();
        for (File log : logs) {
            for (String line : Files.readAllLines(log.toPath(), StandardCharsets.UTF_8)) {
                c.add(line);
            }
        }
        return c;
    }

    private void add(String raw) {
        String line = raw.strip();
        if (line.isEmpty()) {
            return;
        }
        lines++;
        Matcher m = LINE.matcher(line);
        if (!m.matches()
                || !validTime(m.group(4))
                || !m.group(6).matches("[0-9]{3}")
                || !NUMBER_OR_DASH.matcher(m.group(7)).matches()
                || (m.group(11) != null && !NUMBER_OR_DASH.matcher(m.group(11)).matches())) {
            return;
        }
        validLines++;
        String path = path(unescape(m.group(5)));
        if (path == null) {
            return;
        }
        String cookie = m.group(10) == null ? null : unescape(m.group(10));
        String visitor = cookie == null || cookie.isEmpty() || cookie.equals("-") ? "ip:" + m.group(1) : cookie;
        byVisitor.computeIfAbsent(visitor, v -> new TreeMap<>()).merge(path, 1L, Long::sum);
    }

    private static boolean validTime(String t) {
        try {
            OffsetDateTime.parse(t, TIME);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** The path of a request line: method SP target [SP protocol], target up to its first '?'; null if no request. */
    private static String path(String request) {
        int space = request.indexOf(' ');
        if (space <= 0 || !METHOD.matcher(request.substring(0, space)).matches()) {
            return null;
        }
        String rest = request.substring(space + 1).replaceAll("^ +| +$", "");
        if (rest.isEmpty()) {
            return null;
        }
        int last = rest.lastIndexOf(' ');
        String target = rest;
        if (last >= 0 && PROTOCOL.matcher(rest.substring(last + 1)).matches()) {
            target = rest.substring(0, last).replaceAll(" +$", "");
        } else if (last < 0 && PROTOCOL.matcher(rest).matches()) {
            return null;
        }
        int q = target.indexOf('?');
        return q >= 0 ? target.substring(0, q) : target;
    }

    private static String unescape(String s) {
        return s.replace("\\\\", "\u0000").replace("\\\"", "\"").replace("\u0000", "\\");
    }

    /** The visitor's best {@code k} pages, ranked. */
    List<Page> visitorTop(String visitor, int k) {
        List<Page> pages = new ArrayList<>();
        byVisitor.getOrDefault(visitor, Map.of()).forEach((path, n) -> pages.add(new Page(path, n, 1)));
        pages.sort(RANKING);
        return pages.subList(0, Math.min(k, pages.size()));
    }

    /** The best {@code k} pages over all visitors, with their distinct visitors. */
    List<Page> globalTop(int k) {
        Map<String, long[]> tally = new TreeMap<>();
        byVisitor
                .values()
                .forEach(paths -> paths.forEach((path, n) -> {
                    long[] t = tally.computeIfAbsent(path, p -> new long[2]);
                    t[0] += n;
                    t[1]++;
                }));
        List<Page> pages = new ArrayList<>();
        tally.forEach((path, t) -> pages.add(new Page(path, t[0], t[1])));
        pages.sort(RANKING);
        return pages.subList(0, Math.min(k, pages.size()));
    }

    /** The visitor's most requested page (ties: smallest path bytes), or null. */
    Page mostRequested(String visitor) {
        List<Page> top = visitorTop(visitor, 1);
        return top.isEmpty() ? null : top.get(0);
    }

    int distinctPaths() {
        return (int) byVisitor.values().stream()
                .flatMap(m -> m.keySet().stream())
                .distinct()
                .count();
    }
}
