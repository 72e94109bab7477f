package io.dumptruck.loaders.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/** The access patterns the graph tables were designed for, answered from {@code follows}/{@code followed_by}. */
public final class GraphQueries {
    private GraphQueries() {}

    /**
     * Whom {@code user} follows (on {@code follows}) or who follows {@code user} (on {@code followed_by}): one prefix
     * scan of md5(user).
     */
    public static List<String> neighbours(TableReader table, String user, long limit) throws IOException {
        List<String> out = new ArrayList<>();
        try (RowScanner rows =
                table.scan(ScanSpec.all().withPrefix(Md5.digest(user)).withLimit(limit))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                for (Cell c : r.rawCells()) {
                    out.add(new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }

    /** Does {@code a} follow {@code b}: one get of md5(a) ‖ md5(b) on {@code follows}. */
    public static boolean follows(TableReader follows, String a, String b) throws IOException {
        return follows.get(Bytes.add(Md5.digest(a), Md5.digest(b)), ScanSpec.all())
                .isPresent();
    }

    /** The questions of the graph load: whom a user follows, who follows a user. */
    public static final List<Question> QUESTIONS = List.of(
            new Question(
                    "follows",
                    "USER [OTHER]",
                    "whom USER follows; with OTHER: does USER follow OTHER (one scan, or one get)",
                    List.of(GraphSchema.FOLLOWS),
                    List.of(),
                    new Question.Listing("follows", "by md5 of the followed id (the row keys' order)"),
                    GraphQueries::followsAnswer),
            new Question(
                    "followers",
                    "USER",
                    "who follows USER (one scan)",
                    List.of(GraphSchema.FOLLOWED_BY),
                    List.of(),
                    new Question.Listing("followers", "by md5 of the follower's id (the row keys' order)"),
                    a -> neighboursAnswer(a, GraphSchema.FOLLOWED_BY, "followers of ", "followers")),
            new Question(
                    "adjacency",
                    "USER",
                    "whom USER follows, from the one-row layout: the qualifiers of USER's row (one get)",
                    List.of(GraphSchema.ADJACENCY),
                    List.of(),
                    new Question.Listing("follows", "by the ids' UTF-8 bytes (the qualifiers' order)"),
                    a -> listAnswer(a, GraphSchema.ADJACENCY)),
            new Question(
                    "adjacency-ro",
                    "USER",
                    "whom USER follows, from the read-only layout: the one JSON list of USER's row (one get)",
                    List.of(GraphSchema.ADJACENCY_RO),
                    List.of(),
                    new Question.Listing("follows", "the stored list's order: by the ids' UTF-8 bytes"),
                    a -> listAnswer(a, GraphSchema.ADJACENCY_RO)));

    /**
     * Whom {@code user} follows in a one-row layout: the {@code l:} + id cells of {@code adjacency}, or the one
     * {@code l:} JSON list of {@code adjacency_ro} ({@code oneList}).
     */
    public static List<String> followedIn(TableReader table, String user, boolean oneList) throws IOException {
        Optional<Result> row = table.get(Bytes.toBytes(user), ScanSpec.all());
        List<String> out = new ArrayList<>();
        if (row.isEmpty()) {
            return out;
        }
        if (oneList) {
            for (JsonNode id : LIST_JSON.readTree(row.get().value())) {
                out.add(id.asText());
            }
        } else {
            for (Cell c : row.get().rawCells()) {
                out.add(new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static final ObjectMapper LIST_JSON = new ObjectMapper();

    private static Answer listAnswer(Asked a, String table) throws IOException {
        String user = a.argument("USER");
        List<String> ids = followedIn(a.table(table), user, table.equals(GraphSchema.ADJACENCY_RO));
        List<String> listed = ids.stream().limit(a.limit()).toList();
        Answer answer = new Answer()
                .line(user + " follows (" + ids.size() + ", from " + table + "): " + String.join(", ", listed));
        answer.json().put("user", user).put("count", ids.size());
        listed.forEach(answer.json().putArray("follows")::add);
        return answer;
    }

    private static Answer followsAnswer(Asked a) throws IOException {
        String other = a.argument("OTHER");
        if (other == null) {
            return neighboursAnswer(a, GraphSchema.FOLLOWS, null, "follows");
        }
        String user = a.argument("USER");
        boolean yes = follows(a.table(GraphSchema.FOLLOWS), user, other);
        Answer answer = new Answer().line(user + (yes ? " follows " : " does not follow ") + other);
        answer.json().put("user", user).put("other", other).put("follows", yes);
        return answer;
    }

    private static Answer neighboursAnswer(Asked a, String table, String title, String field) throws IOException {
        String user = a.argument("USER");
        List<String> ids = neighbours(a.table(table), user, a.limit());
        Answer answer = new Answer()
                .line((title == null ? user + " follows" : title + user) + " (" + ids.size() + "): "
                        + String.join(", ", ids));
        answer.json().put("user", user);
        ids.forEach(answer.json().putArray(field)::add);
        return answer;
    }
}
