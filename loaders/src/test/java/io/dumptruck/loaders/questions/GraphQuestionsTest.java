package io.dumptruck.loaders.questions;

import static io.dumptruck.loaders.questions.TableFiles.BYTES;
import static io.dumptruck.loaders.questions.TableFiles.BY_UTF8;
import static io.dumptruck.loaders.questions.TableFiles.JSON;
import static io.dumptruck.loaders.questions.TableFiles.concat;
import static io.dumptruck.loaders.questions.TableFiles.md5;
import static io.dumptruck.loaders.questions.TableFiles.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code follows} (with and without OTHER), {@code followers}, {@code adjacency} and {@code adjacency-ro} against an
 * oracle of the raw edges: follow and unfollow records with times that tie, written as the tables' documented cells (an
 * unfollow as a DeleteColumn marker at its time, masking every version up to it), asked through the questions' public
 * API and compared as whole JSON answers.
 */
class GraphQuestionsTest {
    static final long LOAD_TS = 1_700_000_000_000L;

    /** A follow or unfollow line: follower, followed, time. */
    record Edge(String from, String to, long time) {}

    @Provide
    Arbitrary<List<String>> words() {
        return Gen.word().list().ofMinSize(1).ofMaxSize(7);
    }

    @Provide
    Arbitrary<Long> limits() {
        return Gen.limits();
    }

    @Property(tries = 15)
    void everyGraphQuestionAnswersAsTheEdgesSay(
            @ForAll("words") List<String> base,
            @ForAll("words") List<String> suffixes,
            @ForAll long seed,
            @ForAll("limits") long limit,
            @ForAll boolean deletesInTheirOwnFile)
            throws Exception {
        Random r = new Random(seed);
        List<String> users = Gen.ids(base, suffixes, r);
        List<Edge> follows = new ArrayList<>();
        List<Edge> unfollows = new ArrayList<>();
        long[] times = {1_000, 1_001, 2_000, LOAD_TS};
        String celebrity = users.get(0);
        int edges = r.nextInt(4 * users.size() + 1);
        for (int i = 0; i < edges; i++) {
            String a = users.get(r.nextInt(users.size()));
            String b = r.nextInt(3) == 0 ? celebrity : users.get(r.nextInt(users.size()));
            follows.add(new Edge(a, b, times[r.nextInt(times.length)]));
        }
        for (String u : users) { // more followers of one user, and more followed by it, than most limits
            if (r.nextBoolean()) {
                follows.add(new Edge(u, celebrity, times[r.nextInt(times.length)]));
                follows.add(new Edge(celebrity, u, times[r.nextInt(times.length)]));
            }
        }
        for (Edge e : List.copyOf(follows)) {
            if (r.nextInt(4) == 0) { // unfollowed at, before or after the follow's time
                unfollows.add(new Edge(e.from(), e.to(), times[r.nextInt(times.length)]));
            }
        }
        // the same edge followed twice at one time is one cell; deleted twice at one time one marker
        Set<Edge> followCells = new LinkedHashSet<>(follows);
        Set<Edge> deleteCells = new LinkedHashSet<>(unfollows);

        // the oracle: an edge stands when its newest follow is newer than its newest unfollow
        Map<List<String>, Long> newestFollow = new HashMap<>();
        Map<List<String>, Long> newestUnfollow = new HashMap<>();
        followCells.forEach(e -> newestFollow.merge(List.of(e.from(), e.to()), e.time(), Math::max));
        deleteCells.forEach(e -> newestUnfollow.merge(List.of(e.from(), e.to()), e.time(), Math::max));
        Set<List<String>> standing = new LinkedHashSet<>();
        newestFollow.forEach((edge, t) -> {
            if (t > newestUnfollow.getOrDefault(edge, Long.MIN_VALUE)) {
                standing.add(edge);
            }
        });

        try (TableFiles files = new TableFiles()) {
            TableFiles.Table followsT = files.table("follows", "f");
            TableFiles.Table followedBy = files.table("followed_by", "f");
            TableFiles.Table adjacency = files.table("adjacency", "l");
            TableFiles.Table adjacencyRo = files.table("adjacency_ro", "l");
            for (Edge e : followCells) {
                followsT.put(concat(md5(e.from()), md5(e.to())), "f", utf8(e.to()), e.time(), new byte[0]);
                followedBy.put(concat(md5(e.to()), md5(e.from())), "f", utf8(e.from()), e.time(), new byte[0]);
                adjacency.put(utf8(e.from()), "l", utf8(e.to()), e.time(), new byte[0]);
            }
            if (deletesInTheirOwnFile) {
                followsT.file();
                followedBy.file();
                adjacency.file();
            }
            for (Edge e : deleteCells) {
                followsT.deleteColumn(concat(md5(e.from()), md5(e.to())), "f", utf8(e.to()), e.time());
                followedBy.deleteColumn(concat(md5(e.to()), md5(e.from())), "f", utf8(e.from()), e.time());
                adjacency.deleteColumn(utf8(e.from()), "l", utf8(e.to()), e.time());
            }
            // adjacency_ro: one JSON list per user at the load's time, sorted by UTF-8 bytes; an older list under it;
            // a list emptied by a later load is a DeleteColumn of l: over the list it held
            for (String u : users) {
                List<String> list = followedBy(standing, u);
                boolean newer = !list.isEmpty() || r.nextBoolean();
                if (newer && r.nextInt(3) == 0) {
                    adjacencyRo.put(utf8(u), "l", new byte[0], LOAD_TS - 7, jsonList(List.of("stale", u)));
                }
                if (!list.isEmpty()) {
                    adjacencyRo.put(utf8(u), "l", new byte[0], LOAD_TS, jsonList(list));
                } else if (newer) {
                    adjacencyRo.put(utf8(u), "l", new byte[0], LOAD_TS - 3, jsonList(List.of(celebrity)));
                    adjacencyRo.deleteColumn(utf8(u), "l", new byte[0], LOAD_TS);
                }
            }
            files.write();

            List<String> asked = Gen.sample(users, 5, r);
            asked.add(celebrity);
            asked.addAll(Gen.sample(Gen.near(users, r), 3, r));
            for (String u : asked) {
                List<String> byMd5 = followedBy(standing, u);
                byMd5.sort(Comparator.comparing(TableFiles::md5, BYTES));
                ObjectNode expected = JSON.createObjectNode().put("user", u);
                fill(expected.putArray("follows"), byMd5, limit);
                check(files, "follows", List.of(u), limit, expected, 0, 1);

                List<String> followers = new ArrayList<>();
                standing.forEach(e -> {
                    if (e.get(1).equals(u)) {
                        followers.add(e.get(0));
                    }
                });
                followers.sort(Comparator.comparing(TableFiles::md5, BYTES));
                expected = JSON.createObjectNode().put("user", u);
                fill(expected.putArray("followers"), followers, limit);
                check(files, "followers", List.of(u), limit, expected, 0, 1);

                List<String> byBytes = followedBy(standing, u);
                byBytes.sort(BY_UTF8);
                expected = JSON.createObjectNode().put("user", u).put("count", byBytes.size());
                fill(expected.putArray("follows"), byBytes, limit);
                check(files, "adjacency", List.of(u), limit, expected, 1, 0);
                check(files, "adjacency-ro", List.of(u), limit, expected, 1, 0);

                for (int i = 0; i < 2; i++) {
                    String other = i == 0 && !byBytes.isEmpty()
                            ? byBytes.get(r.nextInt(byBytes.size()))
                            : asked.get(r.nextInt(asked.size()));
                    expected = JSON.createObjectNode()
                            .put("user", u)
                            .put("other", other)
                            .put("follows", standing.contains(List.of(u, other)));
                    check(files, "follows", List.of(u, other), limit, expected, 1, 0);
                }
            }
        }
    }

    /**
     * A user whose md5 ends in 0xFF bytes: the prefix scan's stop row is not the prefix with its last byte one more,
     * and the rows of the users whose md5 comes next must stay out.
     */
    @Example
    void aPrefixEndingInFfScansOnlyItsUser() throws Exception {
        String user = null;
        for (int i = 0; user == null; i++) {
            byte[] d = md5("u" + i);
            if (d[15] == (byte) 0xFF && d[14] == (byte) 0xFF) {
                user = "u" + i;
            }
        }
        List<String> followed = new ArrayList<>();
        try (TableFiles files = new TableFiles()) {
            TableFiles.Table follows = files.table("follows", "f");
            for (int i = 0; i < 40; i++) {
                String from = i % 2 == 0 ? user : "v" + i;
                String to = "w" + i;
                follows.put(concat(md5(from), md5(to)), "f", utf8(to), 1, new byte[0]);
                if (from.equals(user)) {
                    followed.add(to);
                }
            }
            files.write();
            followed.sort(Comparator.comparing(TableFiles::md5, BYTES));
            ObjectNode expected = JSON.createObjectNode().put("user", user);
            fill(expected.putArray("follows"), followed, 100);
            check(files, "follows", List.of(user), 100, expected, 0, 1);
        }
    }

    /** Whom {@code u} follows, in no particular order. */
    private static List<String> followedBy(Set<List<String>> standing, String u) {
        List<String> out = new ArrayList<>();
        standing.forEach(e -> {
            if (e.get(0).equals(u)) {
                out.add(e.get(1));
            }
        });
        return out;
    }

    private static byte[] jsonList(List<String> ids) throws Exception {
        List<String> sorted = new ArrayList<>(new TreeSet<>(BY_UTF8) {
            {
                addAll(ids);
            }
        });
        return JSON.writeValueAsBytes(sorted);
    }

    static void fill(ArrayNode list, List<String> items, long limit) {
        items.stream().limit(limit).forEach(list::add);
    }

    static void check(
            TableFiles files, String question, List<String> args, long limit, ObjectNode expected, int gets, int scans)
            throws Exception {
        TableFiles.Asking a = files.ask(question, args, limit);
        String what = question + " " + args + " --limit " + limit;
        TableFiles.assertAnswer(expected, a.answer(), what);
        assertEquals(gets, a.reads().gets(), what + ": gets");
        assertEquals(scans, a.reads().scans(), what + ": scans");
    }
}
