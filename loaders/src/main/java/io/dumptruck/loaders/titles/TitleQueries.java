package io.dumptruck.loaders.titles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.table.WrittenBy;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Result;

/** Autocomplete from {@code title_autocomp}: one get of the normalized prefix. */
public final class TitleQueries {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TitleQueries() {}

    /**
     * The top titles for what the user typed. A prefix longer than the longest stored one is looked up by its first
     * {@code maxPrefix} code points and the titles are filtered by the whole prefix; one shorter than {@code minPrefix}
     * has no row.
     */
    public static List<String> complete(TableReader table, String typed, int maxPrefix) throws IOException {
        String normalized = TitleParser.normalize(typed);
        int[] cps = normalized.codePoints().toArray();
        String key = new String(cps, 0, Math.min(cps.length, maxPrefix));
        Optional<Result> row = table.get(key.getBytes(StandardCharsets.UTF_8), ScanSpec.all());
        List<String> out = new ArrayList<>();
        if (row.isPresent()) {
            JsonNode titles = JSON.readTree(row.get().value());
            for (JsonNode t : titles) {
                if (TitleParser.normalize(t.asText()).startsWith(normalized)) {
                    out.add(t.asText());
                }
            }
        }
        return out;
    }

    /**
     * The longest prefix the table stores: the {@code --max-prefix} its load was given, as its spec records it; the
     * default for a table whose spec does not say (one HBase holds).
     */
    static int longestPrefix(TableReader table) {
        WrittenBy by = table.table().spec().writtenBy();
        if (by == null || !by.loader().equals(TitleLoader.NAME)) {
            return TitlePrefixes.DEFAULT_MAX;
        }
        return Integer.parseInt(by.option(TitleLoader.MAX, String.valueOf(TitlePrefixes.DEFAULT_MAX)));
    }

    /** The question of the titles load: the top titles for a typed prefix. */
    public static final List<Question> QUESTIONS = List.of(new Question(
            "autocomplete",
            "PREFIX",
            "the top titles for a typed prefix (one get)",
            List.of(TitleSchema.TITLE_AUTOCOMP),
            List.of(),
            new Question.Listing("titles", "best first: rank descending, ties by title (the stored list's order)"),
            a -> {
                String prefix = a.argument("PREFIX");
                TableReader table = a.table(TitleSchema.TITLE_AUTOCOMP);
                List<String> titles = complete(table, prefix, longestPrefix(table)).stream()
                        .limit(a.limit())
                        .toList();
                Answer answer =
                        new Answer().line("'" + prefix + "' → (" + titles.size() + "): " + String.join(", ", titles));
                answer.json().put("prefix", prefix);
                titles.forEach(answer.json().putArray("titles")::add);
                return answer;
            }));
}
