package io.dumptruck.loaders.hostile;

import static io.dumptruck.loaders.hostile.Corpus.FIVE_MB;
import static io.dumptruck.loaders.hostile.Corpus.SURROGATE;
import static io.dumptruck.loaders.hostile.Corpus.TRUNCATED;
import static io.dumptruck.loaders.hostile.Corpus.junk;
import static io.dumptruck.loaders.hostile.Corpus.repeat;
import static io.dumptruck.loaders.hostile.HostileLoad.LOAD_TS;
import static io.dumptruck.loaders.hostile.HostileLoad.cell;
import static io.dumptruck.loaders.hostile.HostileLoad.hex;
import static io.dumptruck.loaders.hostile.HostileLoad.text;
import static io.dumptruck.loaders.hostile.HostileLoad.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dumptruck.loaders.titles.TitleLoader;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The title loader on one file of hostile title lines. The rank is a finite decimal: NaN, ±Infinity and a number that
 * rounds to infinity are BAD_RANK. A 5 MB title is a title: its prefixes list it. Titles have no time of their own
 * (cells carry the load timestamp).
 */
class TitleHostileLoadTest {
    @TempDir
    File tmp;

    @Test
    void everyTitleLineIsLoadedOrRejectedWithItsReason() throws Exception {
        String huge = "Huge" + repeat('q', FIVE_MB);
        Corpus corpus = new Corpus("titles.tsv")
                .loads("good title", "New_York\t100")
                .rejects("binary junk", "INVALID_UTF8", junk(9, 800))
                .rejects("NaN rank", "BAD_RANK", "Nan_Town\tNaN")
                .rejects("Infinity rank", "BAD_RANK", "Inf_Town\tInfinity")
                .rejects("-Infinity rank", "BAD_RANK", "Inf_Town\t-Infinity")
                .rejects("rank rounding to infinity", "BAD_RANK", "Inf_Town\t1e400")
                .rejects("hexadecimal rank", "BAD_RANK", "Hex_Town\t0x10")
                .loads("second title of the same prefix", "New_Delhi\t250.5")
                .rejects("no tab", "WRONG_COLUMN_COUNT", "just a title")
                .rejects("two tabs", "WRONG_COLUMN_COUNT", "Two\t1\t2")
                .rejects("underscores only", "EMPTY_TITLE", "___\t5")
                .rejects("cut-off UTF-8", "INVALID_UTF8", "Caf", TRUNCATED, "\t3")
                .rejects("UTF-8 surrogate", "INVALID_UTF8", "S", SURROGATE, "\t3")
                .loads("5 MB title", huge + "\t1")
                .loads("NUL inside a title", "Nul\0Title\t2")
                .loads("rank underflowing to zero", "Tiny_Town\t1e-400")
                .skips("blank", "")
                .rejects("more junk", "INVALID_UTF8", junk(10, 5000));

        HostileLoad load = HostileLoad.run(tmp, new TitleLoader(), List.of(corpus.write(tmp)), Map.of(), 1);
        load.assertAccountedFor(corpus);

        // title as written (_ → space), rank; prefixes of 3..12 code points of the lower-cased title
        Object[][] titles = {
            {"New York", 100.0}, {"New Delhi", 250.5}, {huge, 1.0}, {"Nul\0Title", 2.0}, {"Tiny Town", 0.0}
        };
        Map<String, TreeMap<Double, List<String>>> byPrefix = new TreeMap<>();
        for (Object[] t : titles) {
            String normalized = ((String) t[0]).toLowerCase(java.util.Locale.ROOT);
            for (int n = 3; n <= Math.min(12, normalized.length()); n++) {
                byPrefix.computeIfAbsent(
                                normalized.substring(0, n), k -> new TreeMap<>(java.util.Comparator.reverseOrder()))
                        .computeIfAbsent((Double) t[1], k -> new java.util.ArrayList<>())
                        .add((String) t[0]);
            }
        }
        TreeSet<String> expected = new TreeSet<>();
        byPrefix.forEach((prefix, ranked) -> {
            StringBuilder json = new StringBuilder("[");
            ranked.values()
                    .forEach(list -> list.stream()
                            .sorted()
                            .forEach(title -> json.append(json.length() > 1 ? "," : "")
                                    .append('"')
                                    .append(title.replace("\0", "\\u0000"))
                                    .append('"')));
            expected.add(cell(
                    hex(utf8(prefix)), "j", "", LOAD_TS, text(json.append(']').toString())));
        });
        assertEquals(expected, load.cells("title_autocomp", HostileLoad::hex, HostileLoad::text, HostileLoad::text));
    }
}
