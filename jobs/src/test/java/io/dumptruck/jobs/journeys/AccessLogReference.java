package io.dumptruck.jobs.journeys;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sessions and transitions worked out straight from access-log lines, for comparison with the job: its own reading of
 * the combined log format (regular expressions), its own referer reversal and its own sessionisation, sharing no code
 * with the job or the loader.
 */
final class AccessLogReference {
    /** One page view read from a line; {@code referer} is domain-reversed, null when none. */
    record View(String visitor, long time, String path, String referer) {}

    /** A line as the loader takes it: a record with a time, and a path when its request line was a request. */
    record Request(String line, String visitor, long time, String path, String referer) {}

    private static final String QUOTED = "\"((?:[^\"\\\\]|\\\\.)*)\"";
    /** {@code %h %l %u [%t] "%r" %>s %b ["referer" ["agent" ["cookie" [%D]]]]}, fields apart by spaces. */
    private static final Pattern LINE = Pattern.compile("(\\S+) +(\\S+) +(\\S+) +\\[([^\\]]*)\\] +" + QUOTED
            + " +(\\S+) +(\\S+)(?: +" + QUOTED + "(?: +" + QUOTED + "(?: +" + QUOTED + "(?: +(\\S+))?)?)?)?");

    private static final Pattern TIME =
            Pattern.compile("(\\d\\d)/([A-Za-z]{3})/(\\d{4}):(\\d\\d):(\\d\\d):(\\d\\d) ([+-])(\\d\\d)(\\d\\d)");
    private static final List<String> MONTHS =
            List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");
    private static final Pattern REQUEST = Pattern.compile("([!#$%&'*+.^_`|~0-9A-Za-z-]+) +(.*)");
    private static final Pattern PROTOCOL = Pattern.compile("[A-Za-z]+/[0-9][0-9.]*");
    private static final Pattern URL =
            Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*)://(?:[^/?#@]*@)?([^/?#:\\[\\]]+)(?::([0-9]*))?([^#]*)(?:#.*)?");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

    /** The path order of the job for views of the same millisecond: unsigned UTF-8 bytes, no referer first. */
    static final Comparator<View> ORDER = Comparator.comparing(View::visitor)
            .thenComparingLong(View::time)
            .thenComparing(v -> utf8(v.path()), Arrays::compareUnsigned)
            .thenComparing(
                    v -> v.referer() == null ? null : utf8(v.referer()),
                    Comparator.nullsFirst(Arrays::compareUnsigned));

    private AccessLogReference() {}

    /** The distinct lines of the files (the loader keys a request on its line, so a repeated line is one row). */
    static List<String> distinctLines(List<File> files) throws IOException {
        Set<String> lines = new LinkedHashSet<>();
        for (File f : files) {
            lines.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
        }
        return new ArrayList<>(lines);
    }

    /** The line read as the loader would, or null when the loader rejects or skips it. */
    static Request request(String line) {
        Matcher m = LINE.matcher(line.strip());
        if (!m.matches()) {
            return null;
        }
        Long time = time(m.group(4));
        if (time == null
                || !m.group(6).matches("\\d{3}")
                || !isCountOrDash(m.group(7))
                || (m.group(11) != null && !isCountOrDash(m.group(11)))) {
            return null;
        }
        String cookie = quoted(m.group(10));
        String visitor = cookie != null ? cookie : "ip:" + m.group(1);
        if (visitor.indexOf('\0') >= 0) {
            return null;
        }
        String referer = quoted(m.group(8));
        return new Request(line, visitor, time, path(quoted(m.group(5))), referer == null ? null : reverse(referer));
    }

    /** The page views among the lines (requests with a path) with {@code from <= time < to}. */
    static List<View> views(List<String> lines, long from, long to) {
        List<View> out = new ArrayList<>();
        for (String line : lines) {
            Request r = request(line);
            if (r != null && r.path() != null && r.time() >= from && r.time() < to) {
                out.add(new View(r.visitor(), r.time(), r.path(), r.referer()));
            }
        }
        out.sort(ORDER);
        return out;
    }

    /**
     * One line per session, {@code visitor␉session␉start␉end␉duration␉pages␉entry␉exit␉referer}, and the transition
     * counts by {@code from␉to}: a view more than {@code gapMillis} after the previous one of its visitor starts a
     * session.
     */
    record Journeys(List<String> sessions, Map<String, Long> transitions, long visitors) {}

    static Journeys journeys(List<View> views, long gapMillis) {
        List<String> sessions = new ArrayList<>();
        Map<String, Long> transitions = new TreeMap<>();
        Map<String, List<View>> byVisitor = new TreeMap<>();
        for (View v : views) {
            byVisitor.computeIfAbsent(v.visitor(), k -> new ArrayList<>()).add(v);
        }
        for (List<View> mine : byVisitor.values()) {
            mine.sort(ORDER);
            List<View> session = new ArrayList<>();
            int number = 0;
            for (View v : mine) {
                if (!session.isEmpty()
                        && v.time() - session.get(session.size() - 1).time() > gapMillis) {
                    sessions.add(sessionLine(session, ++number));
                    session.clear();
                }
                String from = session.isEmpty()
                        ? (v.referer() == null ? "(direct)" : v.referer())
                        : session.get(session.size() - 1).path();
                transitions.merge(from + "\t" + v.path(), 1L, Long::sum);
                session.add(v);
            }
            sessions.add(sessionLine(session, ++number));
        }
        return new Journeys(sessions, transitions, byVisitor.size());
    }

    private static String sessionLine(List<View> s, int number) {
        View first = s.get(0);
        View last = s.get(s.size() - 1);
        return String.join(
                "\t",
                first.visitor(),
                String.valueOf(number),
                String.valueOf(first.time()),
                String.valueOf(last.time()),
                String.valueOf(last.time() - first.time()),
                String.valueOf(s.size()),
                first.path(),
                last.path(),
                String.valueOf(first.referer()));
    }

    /** Epoch ms of {@code dd/MMM/yyyy:HH:mm:ss ±hhmm}, or null when it is not a valid time. */
    static Long time(String text) {
        Matcher m = TIME.matcher(text);
        if (!m.matches()) {
            return null;
        }
        int month = MONTHS.indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
        int offsetHours = Integer.parseInt(m.group(8));
        int offsetMinutes = Integer.parseInt(m.group(9));
        if (month == 0 || offsetHours > 18 || offsetMinutes > 59) {
            return null;
        }
        try {
            LocalDateTime local = LocalDateTime.of(
                    Integer.parseInt(m.group(3)),
                    month,
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(6)));
            long offsetSeconds =
                    (offsetHours * 60L + offsetMinutes) * 60L * (m.group(7).equals("-") ? -1 : 1);
            return (local.toEpochSecond(ZoneOffset.UTC) - offsetSeconds) * 1000L;
        } catch (DateTimeException invalid) {
            return null;
        }
    }

    private static boolean isCountOrDash(String s) {
        if (s.equals("-")) {
            return true;
        }
        try {
            return s.matches("\\d+") && Long.parseLong(s) >= 0;
        } catch (NumberFormatException tooLarge) {
            return false;
        }
    }

    /** A quoted field's value, unescaped; null for "-" or "". */
    private static String quoted(String raw) {
        if (raw == null || raw.isEmpty() || raw.equals("-")) {
            return null;
        }
        return raw.replaceAll("\\\\([\"\\\\])", "$1");
    }

    /** The path of a request line: the target up to its first '?'; null when the line is not a request. */
    private static String path(String requestLine) {
        if (requestLine == null) {
            return null;
        }
        Matcher m = REQUEST.matcher(requestLine);
        if (!m.matches()) {
            return null;
        }
        String rest = m.group(2).strip();
        if (rest.isEmpty()) {
            return null;
        }
        String target = rest;
        int lastSpace = rest.lastIndexOf(' ');
        if (lastSpace < 0 && PROTOCOL.matcher(rest).matches()) {
            return null;
        }
        if (lastSpace >= 0 && PROTOCOL.matcher(rest.substring(lastSpace + 1)).matches()) {
            target = rest.substring(0, lastSpace).stripTrailing();
        }
        int question = target.indexOf('?');
        return question < 0 ? target : target.substring(0, question);
    }

    /** {@code scheme://[user@]Host[:port]/path?query#frag} → {@code reversed.host[:port]/path?query}. */
    static String reverse(String url) {
        Matcher m = URL.matcher(url.strip());
        if (!m.matches()) {
            throw new AssertionError("the reference reverses only scheme://host URLs, not '" + url + "'");
        }
        String scheme = m.group(1).toLowerCase(Locale.ROOT);
        String host = m.group(2).toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        if (!IPV4.matcher(host).matches()) {
            List<String> labels = new ArrayList<>(Arrays.asList(host.split("\\.", -1)));
            Collections.reverse(labels);
            host = String.join(".", labels);
        }
        String port = m.group(3);
        boolean defaultPort = port == null
                || port.isEmpty()
                || (scheme.equals("http") && Integer.parseInt(port) == 80)
                || (scheme.equals("https") && Integer.parseInt(port) == 443);
        return host + (defaultPort ? "" : ":" + port) + m.group(4);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
