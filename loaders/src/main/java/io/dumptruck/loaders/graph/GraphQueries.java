package io.dumptruck.loaders.graph;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.Md5;
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
}
