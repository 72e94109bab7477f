package io.dumptruck.loaders.titles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
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

    /** The question of the titles load: the top titles for a typed prefix. */
    public static final List<Question> QUESTIONS = List.of(new Question(
            "autocomplete",
            "PREFIX",
            "the top titles for a typed prefix (one get)",
            List.of(TitleSchema.TITLE_AUTOCOMP),
            List.of(),
            a -> {
                String prefix = a.argument("PREFIX");
                List<String> titles = complete(a.table(TitleSchema.TITLE_AUTOCOMP), prefix, TitlePrefixes.DEFAULT_MAX);
                Answer answer =
                        new Answer().line("'" + prefix + "' → (" + titles.size() + "): " + String.join(", ", titles));
                answer.json().put("prefix", prefix);
                titles.forEach(answer.json().putArray("titles")::add);
                return answer;
            }));
}
