package io.dumptruck.loaders.questions;

import static io.dumptruck.loaders.questions.TableFiles.JSON;
import static io.dumptruck.loaders.questions.TableFiles.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code autocomplete} against an oracle of ranked titles: {@code title_autocomp} rows written for every prefix of the
 * normalized titles (docs/tables.md), each a JSON list of the ten best, and prefixes typed in other cases, with
 * underscores, runs of white space, shorter than the shortest stored prefix and longer than the longest — the table's
 * {@code --max-prefix} read from its spec ({@code writtenBy} of the titles loader), 12 when it has none.
 */
class TitleQuestionsTest {
    static final long LOAD_TS = 1_700_000_000_000L;

    /** Title pieces: the adversarial tokens and white space of several kinds. */
    static final List<String> PIECES = new ArrayList<>(Gen.TOKENS);

    static {
        PIECES.addAll(List.of(" ", " ", "  ", "\u00a0", "\u2003", "new", "San", "york", "ab"));
    }

    /**
     * The normalized form of a title and of a typed prefix: {@code _} a space, lower case (Locale.ROOT), every run of
     * white space (Unicode White_Space, no-break spaces included, and U+001C..U+001F) one space, none at the ends. A
     * title is listed with its {@code _} as spaces: written either way, it normalizes the same.
     */
    static String normalize(String s) {
        String spaced = s.replace('_', ' ')
                .toLowerCase(Locale.ROOT)
                .replaceAll("[\\p{javaWhitespace}\\p{javaSpaceChar}\\u0085]+", " ");
        return spaced.replaceAll("^ | $", "");
    }

    record Ranked(String title, double rank) {}

    @Provide
    Arbitrary<List<String>> titles() {
        return Arbitraries.of(PIECES)
                .list()
                .ofMinSize(1)
                .ofMaxSize(8)
                .map(l -> String.join("", l))
                .filter(t -> !normalize(t).isEmpty())
                .list()
                .ofMinSize(0)
                .ofMaxSize(30);
    }

    @Provide
    Arbitrary<Long> limits() {
        return Gen.limits();
    }

    /** How the table says what wrote it: nothing, the titles loader with or without --max-prefix, another loader. */
    enum Spec {
        NONE,
        TITLES_DEFAULT,
        TITLES_MAX,
        OTHER_LOADER
    }

    @Property(tries = 40)
    void autocompleteListsTheStoredBestTitlesOfThePrefix(
            @ForAll("titles") List<String> titles, @ForAll long seed, @ForAll("limits") long limit, @ForAll Spec spec)
            throws Exception {
        Random r = new Random(seed);
        int maxPrefix = spec == Spec.TITLES_MAX ? 3 + r.nextInt(5) : 12;
        int minPrefix = spec == Spec.TITLES_MAX ? 1 + r.nextInt(3) : 3;
        // ranks tie often; a few titles are loaded twice (a title is listed once)
        List<Ranked> ranked = new ArrayList<>();
        for (String t : titles) {
            ranked.add(new Ranked(t, r.nextInt(4) * 0.5));
        }
        // the best first, ties by title (its code points, the order of its UTF-8 bytes); each prefix keeps ten
        ranked.sort(
                Comparator.comparingDouble((Ranked x) -> -x.rank()).thenComparing(Ranked::title, TableFiles.BY_UTF8));
        Map<String, List<String>> rows = new TreeMap<>();
        for (Ranked x : ranked) {
            int[] cps = normalize(x.title()).codePoints().toArray();
            for (int n = minPrefix; n <= Math.min(maxPrefix, cps.length); n++) {
                List<String> list = rows.computeIfAbsent(new String(cps, 0, n), k -> new ArrayList<>());
                if (list.size() < 10 && !list.contains(x.title())) {
                    list.add(x.title());
                }
            }
        }
        try (TableFiles files = new TableFiles()) {
            TableFiles.Table table = files.table("title_autocomp", "j");
            for (Map.Entry<String, List<String>> row : rows.entrySet()) {
                table.put(utf8(row.getKey()), "j", new byte[0], LOAD_TS, JSON.writeValueAsBytes(row.getValue()));
            }
            Map<String, String> options = new LinkedHashMap<>();
            switch (spec) {
                case TITLES_MAX -> options.put("max-prefix", String.valueOf(maxPrefix));
                case OTHER_LOADER -> options.put("max-prefix", "4");
                default -> {}
            }
            if (spec != Spec.NONE) {
                if (spec == Spec.TITLES_MAX) {
                    options.put("min-prefix", String.valueOf(minPrefix));
                }
                table.spec(JSON.writeValueAsString(Map.of(
                        "name",
                        "title_autocomp",
                        "families",
                        List.of(Map.of("name", "j")),
                        "writtenBy",
                        Map.of("loader", spec == Spec.OTHER_LOADER ? "graph" : "titles", "options", options))));
            }
            files.write();

            for (String typed : typed(titles, r)) {
                String n = normalize(typed);
                int[] cps = n.codePoints().toArray();
                String key = new String(cps, 0, Math.min(cps.length, maxPrefix));
                List<String> expected = new ArrayList<>();
                for (String t : rows.getOrDefault(key, List.of())) {
                    if (normalize(t).startsWith(n)) {
                        expected.add(t);
                    }
                }
                ObjectNode answer = JSON.createObjectNode().put("prefix", typed);
                GraphQuestionsTest.fill(answer.putArray("titles"), expected, limit);
                TableFiles.Asking a = files.ask("autocomplete", List.of(typed), limit);
                String what = "autocomplete '" + typed + "' --limit " + limit + " (max-prefix " + maxPrefix + ")";
                TableFiles.assertAnswer(answer, a.answer(), what);
                assertEquals(1, a.reads().gets(), what + ": gets");
                assertEquals(0, a.reads().scans(), what + ": scans");
            }
        }
    }

    /** Prefixes typed as people type them: of a title in other cases, with _ for spaces, spaces around; or anything. */
    static List<String> typed(List<String> titles, Random r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            if (titles.isEmpty() || r.nextInt(6) == 0) {
                out.add(PIECES.get(r.nextInt(PIECES.size())) + PIECES.get(r.nextInt(PIECES.size())));
                continue;
            }
            String t = titles.get(r.nextInt(titles.size()));
            String base = r.nextBoolean() ? t : normalize(t);
            int[] cps = base.codePoints().toArray();
            String p = new String(cps, 0, Math.min(cps.length, 1 + r.nextInt(cps.length + 2)));
            switch (r.nextInt(6)) {
                case 0 -> p = p.toUpperCase(Locale.ROOT);
                case 1 -> p = p.replace(' ', '_');
                case 2 -> p = "  " + p.replace(" ", " \u00a0 ") + " ";
                case 3 -> p = p + PIECES.get(r.nextInt(PIECES.size()));
                default -> {}
            }
            out.add(p);
        }
        return out;
    }
}
