package io.dumptruck.loaders.hostile;

import static io.dumptruck.loaders.hostile.Corpus.FIVE_MB;
import static io.dumptruck.loaders.hostile.Corpus.OVERLONG;
import static io.dumptruck.loaders.hostile.Corpus.SURROGATE;
import static io.dumptruck.loaders.hostile.Corpus.TRUNCATED;
import static io.dumptruck.loaders.hostile.Corpus.junk;
import static io.dumptruck.loaders.hostile.Corpus.repeat;
import static io.dumptruck.loaders.hostile.HostileLoad.LOAD_TS;
import static io.dumptruck.loaders.hostile.HostileLoad.cell;
import static io.dumptruck.loaders.hostile.HostileLoad.hex;
import static io.dumptruck.loaders.hostile.HostileLoad.md5;
import static io.dumptruck.loaders.hostile.HostileLoad.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.graph.GraphLoader;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph loader (every layout at once) on one file of hostile edge lines. Times are epoch milliseconds from 1970 on:
 * a negative time is a reject, the year 3000 is an ordinary long and loads as the cell timestamp. Ids are any UTF-8
 * text (NUL included); only the adjacency layout keys on an id itself, so an id too long for an HBase row rejects the
 * whole edge (SCHEMA).
 */
class GraphHostileLoadTest {
    static final long YEAR_3000 = 32_503_680_000_000L;

    @TempDir
    File tmp;

    @Test
    void everyEdgeLineIsLoadedOrRejectedWithItsReason() throws Exception {
        String huge = repeat('f', FIVE_MB);
        Corpus corpus = new Corpus("edges.tsv")
                .loads("first good edge", "alice\tbob")
                .rejects("binary junk", "INVALID_UTF8", junk(1, 400))
                .loads("year 3000", "bob\tcarol\t" + YEAR_3000)
                .rejects("before 1970", "BAD_TIME", "carol\tdave\t-1")
                .rejects("NaN time", "BAD_TIME", "carol\tdave\tNaN")
                .rejects("Infinity time", "BAD_TIME", "carol\tdave\tInfinity")
                .rejects("one column", "WRONG_FIELD_COUNT", "lonely")
                .rejects("four columns", "WRONG_FIELD_COUNT", "a\tb\t1\tmore")
                .rejects("cut-off UTF-8", "INVALID_UTF8", "dave\tcaf", TRUNCATED)
                .rejects("overlong UTF-8", "INVALID_UTF8", "dave\t", OVERLONG, "x")
                .rejects("UTF-8 surrogate", "INVALID_UTF8", "dave\t", SURROGATE)
                .loads("U+FFFD written as such", "ruth\tre\uFFFDplaced")
                .rejects("invalid bytes beside a U+FFFD", "INVALID_UTF8", "ruth\t\uFFFD", TRUNCATED)
                .loads("5 MB id", "erin\t" + huge)
                .rejects("id too long for a row key", "SCHEMA", repeat('g', 40_000) + "\tx")
                .loads("NUL inside an id", "nul\0id\tzed")
                .rejects("empty id", "EMPTY_ID", "\tbob")
                .rejects("self edge", "SELF_EDGE", "x\tx")
                .skips("comment", "# not an edge")
                .skips("blank", "   ")
                .rejects("more junk", "INVALID_UTF8", junk(2, 3000))
                .loads("last good edge", "zed\talice\t0");

        HostileLoad load = HostileLoad.run(
                tmp,
                new GraphLoader(),
                List.of(corpus.write(tmp)),
                Map.of("layouts", "edges,adjacency,adjacency-ro"),
                2);
        load.assertAccountedFor(corpus);
        assertTrue(
                load.reject(corpus, "id too long for a row key").detail().contains("longer than HBase's limit"),
                load.reject(corpus, "id too long for a row key").detail());
        assertTrue(
                load.reject(corpus, "before 1970").detail().contains("before 1970"),
                load.reject(corpus, "before 1970").detail());

        // expected cells of the loaded edges, built here from the ids
        String[][] edges = {
            {"alice", "bob", null},
            {"bob", "carol", String.valueOf(YEAR_3000)},
            {"erin", huge, null},
            {"nul\0id", "zed", null},
            {"ruth", "re\uFFFDplaced", null},
            {"zed", "alice", "0"}
        };
        TreeSet<String> follows = new TreeSet<>();
        TreeSet<String> followedBy = new TreeSet<>();
        TreeSet<String> adjacency = new TreeSet<>();
        Map<String, TreeSet<String>> lists = new TreeMap<>();
        for (String[] e : edges) {
            long ts = e[2] == null ? LOAD_TS : Long.parseLong(e[2]);
            follows.add(cell(hex(key(e[0], e[1])), "f", text(e[1]), ts, ""));
            followedBy.add(cell(hex(key(e[1], e[0])), "f", text(e[0]), ts, ""));
            adjacency.add(cell(text(e[0]), "l", text(e[1]), ts, ""));
            lists.computeIfAbsent(e[0], k -> new TreeSet<>()).add(e[1]);
        }
        TreeSet<String> adjacencyRo = new TreeSet<>();
        lists.forEach((from, intos) ->
                adjacencyRo.add(cell(text(from), "l", "", LOAD_TS, text("[\"" + String.join("\",\"", intos) + "\"]"))));

        assertEquals(follows, load.cells("follows", HostileLoad::hex, HostileLoad::text, HostileLoad::text));
        assertEquals(followedBy, load.cells("followed_by", HostileLoad::hex, HostileLoad::text, HostileLoad::text));
        assertEquals(adjacency, load.cells("adjacency", HostileLoad::text, HostileLoad::text, HostileLoad::text));
        assertEquals(adjacencyRo, load.cells("adjacency_ro", HostileLoad::text, HostileLoad::text, HostileLoad::text));
    }

    private static byte[] key(String a, String b) {
        return ByteBuffer.allocate(32).put(md5(a)).put(md5(b)).array();
    }
}
