package io.dumptruck.loaders.titles;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.loaders.LoadTesting;
import io.dumptruck.loaders.live.JsonListHeld;
import java.io.File;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** title_autocomp end to end; prefixes and top-10 lists computed here with plain collections. */
class TitleLoadTest {
    @TempDir
    File tmp;

    @Test
    void everyPrefixListsItsTopTenTitles() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            lines.add("New_York_" + i + "\t" + (i % 7));
        }
        lines.addAll(List.of(
                "New_York\t1000",
                "new  york   city\t999",
                "Newark\t5",
                "Zürich\t50",
                "Zürichsee\t50",
                "Ab\t1",
                "\uD83D\uDE9A_Truck_Stop\t3",
                "bad\tNaN",
                "\t4",
                "No_rank"));
        LoadTesting.Loaded loaded = LoadTesting.load(tmp, new TitleLoader(), lines, Map.of(), 2);
        assertEquals(3, loaded.report().rejected());

        Map<String, List<String[]>> byPrefix = new TreeMap<>();
        for (String line : lines.subList(0, lines.size() - 3)) {
            String[] f = line.split("\t");
            String shown = f[0].replace('_', ' ');
            String normalized =
                    String.join(" ", shown.toLowerCase(Locale.ROOT).trim().split("\\s+"));
            int[] cps = normalized.codePoints().toArray();
            for (int n = 3; n <= Math.min(12, cps.length); n++) {
                byPrefix.computeIfAbsent(new String(cps, 0, n), k -> new ArrayList<>())
                        .add(new String[] {shown, f[1]});
            }
        }
        TreeSet<String> expected = new TreeSet<>();
        Map<String, List<String>> ranks = new TreeMap<>();
        byPrefix.forEach((prefix, titles) -> {
            titles.sort(Comparator.<String[]>comparingDouble(t -> -Double.parseDouble(t[1]))
                    .thenComparing(t -> t[0], (a, b) -> Integer.compare(0, 0) + compareCodePoints(a, b)));
            List<String[]> top =
                    titles.stream().filter(distinctTitles()).limit(10).toList();
            expected.add(prefix + " j: @" + LoadTesting.LOAD_TS + " = [\""
                    + String.join("\",\"", top.stream().map(t -> t[0]).toList()) + "\"]");
            ranks.put(
                    prefix,
                    top.stream()
                            .map(t -> Bytes.toHex(TitleSchema.descending(Double.parseDouble(t[1]))))
                            .toList());
        });
        assertEquals(expected, loaded.cells("title_autocomp", LoadTesting::utf8, LoadTesting::utf8, 1));

        // each cell carries its titles' ranks as a tag, in list order, for a later load that folds into it
        Map<String, List<String>> tagged = new TreeMap<>();
        try (TableReader reader = TableReader.open(loaded.conf(), new Path(loaded.output(), "title_autocomp"));
                RowScanner rows = reader.scan(ScanSpec.all())) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                Cell c = r.rawCells()[0];
                int listed = JsonListHeld.jsonStrings(c, "row").size();
                tagged.put(
                        Bytes.toString(r.getRow()),
                        TitleRanks.of(c, listed).stream().map(Bytes::toHex).toList());
            }
        }
        assertEquals(ranks, tagged);
    }

    /** Keeps the first of each title (its best rank, as the table lists it). */
    private static java.util.function.Predicate<String[]> distinctTitles() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        return t -> seen.add(t[0]);
    }

    static int compareCodePoints(String a, String b) {
        return java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
    }
}
