package io.dumptruck.loaders.graph;

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
                    GraphQueries::followsAnswer),
            new Question(
                    "followers",
                    "USER",
                    "who follows USER (one scan)",
                    List.of(GraphSchema.FOLLOWED_BY),
                    List.of(),
                    a -> neighboursAnswer(a, GraphSchema.FOLLOWED_BY, "followers of ", "followers")));

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
