package io.dumptruck.loaders.questions;

import static io.dumptruck.loaders.questions.TableFiles.BY_UTF8;
import static io.dumptruck.loaders.questions.TableFiles.JSON;
import static io.dumptruck.loaders.questions.TableFiles.concat;
import static io.dumptruck.loaders.questions.TableFiles.sha256;
import static io.dumptruck.loaders.questions.TableFiles.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code front-page}, {@code entries}, {@code entry} (the spec loader's blog example, {@code blogtable}) and
 * {@code user} ({@code usertable}) against an oracle of raw entries and users, written as the example's cells
 * (docs/spec-loader.md): types of two code points (one of them two UTF-16 units each, one a letter and a combining
 * mark), entries of one month and of December 9999, info columns with older versions, text edits as versions with
 * Delete and DeleteColumn markers over them, comments missing some of their fields; users whose name, password or whole
 * info family a later load deleted (as of a time before, at or after the cells).
 */
class BlogQuestionsTest {
    static final List<String> TYPES = List.of("bl", "nw", "Bl", "😀b", "e\u0301", "b😀");
    static final List<String> INFO = List.of("author", "title", "under_title");
    static final List<String> COMMENT = List.of("title", "author", "text");

    /** One entry: its info columns (each value with its versions' times), text versions, comments by time. */
    record Entry(
            String type,
            String created,
            Map<String, TreeMap<Long, String>> info,
            TreeMap<Long, String> text,
            List<Long> deletedTextVersions,
            Long textDeletedUpTo,
            TreeMap<String, Map<String, String>> comments) {}

    @Provide
    Arbitrary<Long> limits() {
        return Gen.limits();
    }

    /** A creation time: half of them in December 9999, so that a month often holds more entries than the limit. */
    static String created(Random r) {
        String[] months = {"200702", "200712", "200801", "202402", "999912"};
        String m = r.nextBoolean() ? "999912" : months[r.nextInt(months.length)];
        return m + String.format("%02d%02d%02d%02d", 1 + r.nextInt(28), r.nextInt(24), r.nextInt(60), r.nextInt(2));
    }

    static String text(Random r) {
        return r.nextInt(8) == 0 ? Gen.longText(r) : Gen.TOKENS.get(r.nextInt(Gen.TOKENS.size())) + r.nextInt(100);
    }

    @Property(tries = 30)
    void blogQuestionsAnswerAsTheEntriesSay(@ForAll long seed, @ForAll("limits") long limit) throws Exception {
        Random r = new Random(seed);
        Map<String, Entry> entries = new TreeMap<>();
        int n = r.nextInt(25);
        for (int i = 0; i < n; i++) {
            String type = r.nextBoolean() ? "😀b" : TYPES.get(r.nextInt(TYPES.size()));
            String created = created(r);
            Map<String, TreeMap<Long, String>> info = new LinkedHashMap<>();
            for (String column : INFO) {
                if (r.nextInt(5) > 0) {
                    TreeMap<Long, String> versions = new TreeMap<>();
                    versions.put(100L + r.nextInt(3), text(r));
                    if (r.nextInt(3) == 0) {
                        versions.put(99L, "older " + column);
                    }
                    info.put(column, versions);
                }
            }
            TreeMap<Long, String> texts = new TreeMap<>();
            for (int v = r.nextInt(4); v > 0; v--) {
                texts.put(200L + r.nextInt(6), text(r));
            }
            List<Long> deletedVersions = new ArrayList<>();
            Long deletedUpTo = null;
            if (!texts.isEmpty() && r.nextInt(4) == 0) {
                deletedVersions.add(texts.lastKey()); // a Delete of the newest edit: the one before shows
            }
            if (!texts.isEmpty() && r.nextInt(5) == 0) {
                deletedUpTo = texts.firstKey() + r.nextInt(3);
            }
            TreeMap<String, Map<String, String>> comments = new TreeMap<>();
            for (int c = r.nextInt(4); c > 0; c--) {
                Map<String, String> fields = new LinkedHashMap<>();
                for (String f : COMMENT) {
                    if (r.nextInt(4) > 0) {
                        fields.put(f, text(r));
                    }
                }
                if (!fields.isEmpty()) {
                    comments.put(created(r), fields);
                }
            }
            entries.put(
                    type + "\t" + created,
                    new Entry(type, created, info, texts, deletedVersions, deletedUpTo, comments));
        }
        try (TableFiles files = new TableFiles()) {
            TableFiles.Table blog =
                    files.table("blogtable", "info", "text", "comment_title", "comment_author", "comment_text");
            for (Entry e : entries.values()) {
                byte[] row = concat(utf8(e.type()), utf8(e.created()));
                e.info()
                        .forEach((column, versions) ->
                                versions.forEach((ts, v) -> blog.put(row, "info", utf8(column), ts, utf8(v))));
                e.text().forEach((ts, v) -> blog.put(row, "text", new byte[0], ts, utf8(v)));
                e.comments()
                        .forEach((at, fields) ->
                                fields.forEach((f, v) -> blog.put(row, "comment_" + f, utf8(at), 300, utf8(v))));
            }
            blog.file(); // a later load's markers
            for (Entry e : entries.values()) {
                byte[] row = concat(utf8(e.type()), utf8(e.created()));
                e.deletedTextVersions().forEach(ts -> blog.deleteVersion(row, "text", new byte[0], ts));
                if (e.textDeletedUpTo() != null) {
                    blog.deleteColumn(row, "text", new byte[0], e.textDeletedUpTo());
                }
            }
            files.write();

            List<String> types = new ArrayList<>(TYPES);
            List<String> askedTypes = Gen.sample(types, 2, r);
            askedTypes.add("😀b");
            for (String type : askedTypes) {
                List<Entry> listed = new ArrayList<>();
                for (Entry e : entries.values()) {
                    if (e.type().equals(type) && !e.info().isEmpty()) { // the scan reads the info family only
                        listed.add(e);
                    }
                }
                listed.sort(Comparator.comparing(Entry::created, BY_UTF8).reversed());
                ObjectNode expected = JSON.createObjectNode().put("type", type);
                ArrayNode list = expected.putArray("entries");
                listed.stream().limit(limit).forEach(e -> summary(e, list.addObject()));
                check(files, "front-page", List.of(type), Map.of(), limit, expected, 0, 1);

                List<String> months = Gen.sample(List.of("200712", "200801", "202402", "202403"), 1, r);
                months.add("999912");
                for (String month : months) {
                    List<Entry> ofMonth = new ArrayList<>();
                    for (Entry e : listed) {
                        if (e.created().startsWith(month)) {
                            ofMonth.add(e);
                        }
                    }
                    ofMonth.sort(Comparator.comparing(Entry::created, BY_UTF8));
                    expected = JSON.createObjectNode().put("type", type).put("month", month);
                    ArrayNode l = expected.putArray("entries");
                    ofMonth.stream().limit(limit).forEach(e -> summary(e, l.addObject()));
                    check(files, "entries", List.of(type, month), Map.of(), limit, expected, 0, 1);
                }
            }
            List<String[]> asked = new ArrayList<>();
            entries.values().forEach(e -> asked.add(new String[] {e.type(), e.created()}));
            asked.add(new String[] {"bl", "20070211100000"});
            asked.add(new String[] {"😀b", "99991231235959"});
            for (String[] q : Gen.sample(asked, 8, r)) {
                Entry e = entries.get(q[0] + "\t" + q[1]);
                ObjectNode expected = JSON.createObjectNode().put("type", q[0]).put("created", q[1]);
                String text = null; // the newest edit no marker masks
                for (Map.Entry<Long, String> v : e == null
                        ? List.<Map.Entry<Long, String>>of()
                        : e.text().descendingMap().entrySet()) {
                    boolean masked = e.deletedTextVersions().contains(v.getKey())
                            || e.textDeletedUpTo() != null && v.getKey() <= e.textDeletedUpTo();
                    if (!masked) {
                        text = v.getValue();
                        break;
                    }
                }
                // an entry is there while a cell of it is: one whose edits were all deleted and that has no info or
                // comments is not
                if (e == null
                        || e.info().isEmpty() && text == null && e.comments().isEmpty()) {
                    expected.putNull("info");
                    expected.putNull("text");
                    expected.putArray("comments");
                } else {
                    ObjectNode info = expected.putObject("info");
                    e.info()
                            .forEach((column, versions) ->
                                    info.put(column, versions.lastEntry().getValue()));
                    expected.put("text", text);
                    ArrayNode comments = expected.putArray("comments");
                    e.comments().forEach((at, fields) -> {
                        ObjectNode c = comments.addObject().put("at", at);
                        COMMENT.forEach(f -> c.put(f, fields.get(f)));
                    });
                }
                check(files, "entry", List.of(q[0], q[1]), Map.of(), limit, expected, 1, 0);
            }
            for (List<String> bad : List.of(
                    List.of("b", "20070211100000"),
                    List.of("😀", "20070211100000"),
                    List.of("bla", "20070211100000"),
                    List.of("bl", "2007021110000"),
                    List.of("bl", "2007-02-11"))) {
                assertThrows(IllegalArgumentException.class, () -> files.ask("entry", bad, limit), bad.toString());
            }
            for (String badMonth : List.of("200713", "2007-1", "20071", "")) {
                assertThrows(
                        IllegalArgumentException.class,
                        () -> files.ask("entries", List.of("bl", badMonth), limit),
                        badMonth);
            }
        }
    }

    /** An entry as front-page and entries list it: created and its info columns. */
    private static void summary(Entry e, ObjectNode o) {
        o.put("created", e.created());
        e.info()
                .forEach(
                        (column, versions) -> o.put(column, versions.lastEntry().getValue()));
    }

    /** A user: name and password (null: not loaded), and what later loads deleted. */
    record User(
            String login,
            String name,
            String password,
            long ts,
            Long nameDeleted,
            Long familyDeleted,
            boolean passwordVersionDeleted) {}

    @Provide
    Arbitrary<List<String>> words() {
        return Gen.word().list().ofMinSize(1).ofMaxSize(6);
    }

    @Property(tries = 30)
    void userFindsTheLoginAndChecksThePassword(
            @ForAll("words") List<String> base, @ForAll("words") List<String> suffixes, @ForAll long seed)
            throws Exception {
        Random r = new Random(seed);
        List<String> logins = Gen.ids(base, suffixes, r);
        Map<String, User> users = new LinkedHashMap<>();
        try (TableFiles files = new TableFiles()) {
            TableFiles.Table t = files.table("usertable", "info");
            for (String login : logins) {
                long ts = 1_000 + r.nextInt(3);
                String name = r.nextInt(5) == 0 ? null : r.nextInt(6) == 0 ? Gen.longText(r) : login + " Ö'Brien";
                String password = r.nextInt(6) == 0 ? "" : "p," + login + "\"ss" + r.nextInt(9);
                Long nameDeleted = r.nextInt(4) == 0 ? ts - 1 + r.nextInt(3) : null;
                Long familyDeleted = r.nextInt(6) == 0 ? ts - 1 + r.nextInt(3) : null;
                boolean passwordVersionDeleted = r.nextInt(6) == 0;
                users.put(
                        login, new User(login, name, password, ts, nameDeleted, familyDeleted, passwordVersionDeleted));
                byte[] row = utf8(login);
                if (name != null) {
                    t.put(row, "info", utf8("name"), ts, utf8(name));
                }
                t.put(row, "info", utf8("password"), ts, sha256(password));
            }
            t.file();
            for (User u : users.values()) {
                byte[] row = utf8(u.login());
                if (u.nameDeleted() != null) {
                    t.deleteColumn(row, "info", utf8("name"), u.nameDeleted());
                }
                if (u.familyDeleted() != null) {
                    t.deleteFamily(row, "info", u.familyDeleted());
                }
                if (u.passwordVersionDeleted()) {
                    t.deleteVersion(row, "info", utf8("password"), u.ts());
                }
            }
            files.write();

            List<String> asked = Gen.sample(logins, 6, r);
            asked.addAll(Gen.sample(Gen.near(logins, r), 3, r));
            for (String login : asked) {
                User u = users.get(login);
                boolean familyMasks = u != null && u.familyDeleted() != null && u.familyDeleted() >= u.ts();
                String name = u == null || familyMasks || u.nameDeleted() != null && u.nameDeleted() >= u.ts()
                        ? null
                        : u.name();
                String password = u == null || familyMasks || u.passwordVersionDeleted() ? null : u.password();
                boolean found = name != null || password != null;
                String given = switch (r.nextInt(4)) {
                    case 0 -> null;
                    case 1 -> u == null ? "x" : u.password();
                    case 2 -> "";
                    default -> "wrong" + login;
                };
                ObjectNode expected = JSON.createObjectNode()
                        .put("login", login)
                        .put("found", found)
                        .put("name", name);
                Map<String, String> options = new LinkedHashMap<>();
                if (given != null) {
                    options.put("password", given);
                    expected.put("passwordMatches", password != null && password.equals(given));
                }
                check(files, "user", List.of(login), options, 20, expected, 1, 0);
            }
        }
    }

    static void check(
            TableFiles files,
            String question,
            List<String> args,
            Map<String, String> options,
            long limit,
            ObjectNode expected,
            int gets,
            int scans)
            throws Exception {
        TableFiles.Asking a = files.ask(question, args, options, Set.of(), limit);
        String what = question + " " + args + " " + options.keySet() + " --limit " + limit;
        TableFiles.assertAnswer(expected, a.answer(), what);
        assertEquals(gets, a.reads().gets(), what + ": gets");
        assertEquals(scans, a.reads().scans(), what + ": scans");
    }
}
