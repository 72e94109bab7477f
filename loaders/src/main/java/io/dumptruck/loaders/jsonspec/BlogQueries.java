package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The questions of the spec loader's worked example, the blog of HBase's schema design text
 * ({@code sample-data/spec/blog-spec.json}, {@code users-spec.json}): {@code blogtable} rows are the entry's type (2
 * characters) ‖ its creation time ({@code yyyyMMddHHmmss}), so the entries of a type are one key range in date order;
 * {@code usertable} rows are logins, the password kept as its SHA-256.
 */
public final class BlogQueries {
    static final String BLOG = "blogtable";
    static final String USERS = "usertable";
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("uuuuMM");
    private static final List<String> COMMENT_FAMILIES = List.of("comment_title", "comment_author", "comment_text");

    private BlogQueries() {}

    public static final List<Question> QUESTIONS = List.of(
            new Question(
                    "front-page",
                    "TYPE",
                    "the newest entries of a type, newest first: their info family (one scan)",
                    List.of(BLOG),
                    List.of(),
                    new Question.Listing("entries", "newest first (by creation time, descending)"),
                    BlogQueries::frontPage),
            new Question(
                    "entry",
                    "TYPE CREATED",
                    "one entry (CREATED yyyyMMddHHmmss): its info, newest text and comments in date order (one get)",
                    List.of(BLOG),
                    List.of(),
                    BlogQueries::entry),
            new Question(
                    "entries",
                    "TYPE MONTH",
                    "the entries of a type created in a month (yyyyMM), oldest first (one start/stop scan)",
                    List.of(BLOG),
                    List.of(),
                    new Question.Listing("entries", "oldest first (by creation time)"),
                    BlogQueries::entries),
            new Question(
                    "user",
                    "LOGIN",
                    "a user by login; with --password: does it match the stored SHA-256 (one get)",
                    List.of(USERS),
                    List.of(new Question.Option("password", "P", "check this password", true)),
                    BlogQueries::user));

    private static byte[] type(Asked a) {
        String type = a.argument("TYPE");
        if (type.codePointCount(0, type.length()) != 2) {
            throw new IllegalArgumentException("TYPE is the entry type's 2 characters (e.g. bl), got '" + type + "'");
        }
        return Bytes.toBytes(type);
    }

    private static Answer frontPage(Asked a) throws IOException {
        byte[] type = type(a);
        Deque<Result> newest = new ArrayDeque<>();
        try (RowScanner rows =
                a.table(BLOG).scan(ScanSpec.all().withPrefix(type).withFamilies(List.of("info")))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                newest.addFirst(r);
                if (newest.size() > a.limit()) {
                    newest.removeLast();
                }
            }
        }
        Answer answer =
                new Answer().line(newest.size() + " newest " + Bytes.toString(type) + entries(newest.size()) + ":");
        answer.json().put("type", Bytes.toString(type));
        ArrayNode list = answer.json().putArray("entries");
        newest.forEach(r -> describe(r, answer, list.addObject()));
        return answer;
    }

    private static Answer entries(Asked a) throws IOException {
        byte[] type = type(a);
        YearMonth month;
        try {
            month = YearMonth.parse(a.argument("MONTH"), MONTH);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("MONTH is yyyyMM, got '" + a.argument("MONTH") + "'", e);
        }
        // the rows starting TYPE ‖ yyyyMM: from it to TYPE ‖ the next month — and past December 9999 too, whose next
        // month has no yyyyMM (a prefix scan stops at TYPE ‖ yyyyMM with its last byte one more)
        byte[] prefix = Bytes.add(type, Bytes.toBytes(month.format(MONTH)));
        Answer answer = new Answer();
        answer.json().put("type", Bytes.toString(type)).put("month", month.format(MONTH));
        ArrayNode list = answer.json().putArray("entries");
        List<Result> found = new ArrayList<>();
        try (RowScanner rows = a.table(BLOG)
                .scan(ScanSpec.all()
                        .withPrefix(prefix)
                        .withFamilies(List.of("info"))
                        .withLimit(a.limit()))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                found.add(r);
            }
        }
        answer.line(found.size() + " " + Bytes.toString(type) + entries(found.size()) + " created in "
                + month.format(MONTH) + ":");
        found.forEach(r -> describe(r, answer, list.addObject()));
        return answer;
    }

    private static String entries(int n) {
        return n == 1 ? " entry" : " entries";
    }

    /** An entry's key and info family, a line and a JSON object. */
    private static void describe(Result r, Answer answer, ObjectNode json) {
        String key = Bytes.toString(r.getRow());
        String created = key.substring(key.offsetByCodePoints(0, 2));
        json.put("created", created);
        StringBuilder line = new StringBuilder("  " + created);
        for (Cell c : r.rawCells()) {
            String q = Bytes.toString(CellUtil.cloneQualifier(c));
            String v = Bytes.toString(CellUtil.cloneValue(c));
            json.put(q, v);
            line.append("  ").append(q).append(": ").append(v);
        }
        answer.line(line.toString());
    }

    private static Answer entry(Asked a) throws IOException {
        byte[] type = type(a);
        String created = a.argument("CREATED");
        if (!created.matches("\\d{14}")) {
            throw new IllegalArgumentException("CREATED is yyyyMMddHHmmss, got '" + created + "'");
        }
        Optional<Result> row = a.table(BLOG).get(Bytes.add(type, Bytes.toBytes(created)), ScanSpec.all());
        Answer answer = new Answer();
        ObjectNode json = answer.json().put("type", Bytes.toString(type)).put("created", created);
        if (row.isEmpty()) {
            answer.line("no " + Bytes.toString(type) + " entry created " + created);
            json.putNull("info");
            json.putNull("text");
            json.putArray("comments");
            return answer;
        }
        Result r = row.get();
        ObjectNode info = json.putObject("info");
        answer.line(Bytes.toString(type) + " entry created " + created + ":");
        Map<String, Map<String, String>> comments = new TreeMap<>(); // by comment time, in date order
        for (Cell c : r.rawCells()) {
            String family = Bytes.toString(CellUtil.cloneFamily(c));
            String q = Bytes.toString(CellUtil.cloneQualifier(c));
            String v = Bytes.toString(CellUtil.cloneValue(c));
            if (family.equals("info")) {
                info.put(q, v);
                answer.line("  " + q + ": " + v);
            } else if (COMMENT_FAMILIES.contains(family)) {
                comments.computeIfAbsent(q, k -> new TreeMap<>()).put(family.substring("comment_".length()), v);
            }
        }
        byte[] text = r.getValue(Bytes.toBytes("text"), new byte[0]); // the newest version
        json.put("text", text == null ? null : new String(text, StandardCharsets.UTF_8));
        if (text != null) {
            answer.line("  text: " + new String(text, StandardCharsets.UTF_8));
        }
        ArrayNode list = json.putArray("comments");
        comments.forEach((at, c) -> {
            ObjectNode o = list.addObject().put("at", at);
            for (String family : COMMENT_FAMILIES) { // a field the comment lacks is null
                String field = family.substring("comment_".length());
                o.put(field, c.get(field));
            }
            answer.line("  comment " + at + " by " + c.get("author") + ": " + c.get("title") + " — " + c.get("text"));
        });
        return answer;
    }

    private static Answer user(Asked a) throws IOException {
        String login = a.argument("LOGIN");
        Optional<Result> row = a.table(USERS).get(Bytes.toBytes(login), ScanSpec.all());
        Answer answer = new Answer();
        ObjectNode json = answer.json().put("login", login).put("found", row.isPresent());
        String password = a.get("password", null);
        if (row.isEmpty()) {
            answer.line("no user " + login);
            json.putNull("name");
            if (password != null) {
                json.put("passwordMatches", false);
            }
            return answer;
        }
        byte[] name = row.get().getValue(Bytes.toBytes("info"), Bytes.toBytes("name"));
        json.put("name", name == null ? null : Bytes.toString(name));
        answer.line(login + ": " + (name == null ? "(no name)" : Bytes.toString(name)));
        if (password != null) {
            byte[] stored = row.get().getValue(Bytes.toBytes("info"), Bytes.toBytes("password"));
            boolean matches = stored != null && MessageDigest.isEqual(stored, sha256(password));
            json.put("passwordMatches", matches);
            answer.line("password " + (matches ? "matches" : "does not match"));
        }
        return answer;
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
