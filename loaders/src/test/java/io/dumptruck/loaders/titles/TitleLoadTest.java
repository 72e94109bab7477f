package io.dumptruck.loaders.titles;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dumptruck.loaders.LoadTesting;
import java.io.File;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** title_autocomp end to end; prefixes and top-10 lists computed here with plain collections. */
class TitleLoadTest {
  @TempDir File tmp;

  @Test
  void everyPrefixListsItsTopTenTitles() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      lines.add("New_York_" + i + "\t" + (i % 7));
    }
    lines.addAll(List.of("New_York\t1000", "new  york   city\t999", "Newark\t5", "Zürich\t50", "Zürichsee\t50",
        "Ab\t1", "\uD83D\uDE9A_Truck_Stop\t3", "bad\tNaN", "\t4", "No_rank"));
    LoadTesting.Loaded loaded = LoadTesting.load(tmp, new TitleLoader(), lines, Map.of(), 2);
    assertEquals(3, loaded.report().rejected());

    Map<String, List<String[]>> byPrefix = new TreeMap<>();
    for (String line : lines.subList(0, lines.size() - 3)) {
      String[] f = line.split("\t");
      String shown = f[0].replace('_', ' ');
      String normalized = String.join(" ", shown.toLowerCase(Locale.ROOT).trim().split("\\s+"));
      int[] cps = normalized.codePoints().toArray();
      for (int n = 3; n <= Math.min(12, cps.length); n++) {
        byPrefix.computeIfAbsent(new String(cps, 0, n), k -> new ArrayList<>()).add(new String[] {shown, f[1]});
      }
    }
    TreeSet<String> expected = new TreeSet<>();
    byPrefix.forEach((prefix, titles) -> {
      titles.sort(Comparator.<String[]>comparingDouble(t -> -Double.parseDouble(t[1]))
          .thenComparing(t -> t[0], (a, b) -> Integer.compare(0, 0) + compareCodePoints(a, b)));
      List<String> top = titles.stream().map(t -> t[0]).distinct().limit(10).toList();
      expected.add(prefix + " j: @" + LoadTesting.LOAD_TS + " = [\"" + String.join("\",\"", top) + "\"]");
    });
    assertEquals(expected, loaded.cells("title_autocomp", LoadTesting::utf8, LoadTesting::utf8, 1));
  }

  static int compareCodePoints(String a, String b) {
    return java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }
}
