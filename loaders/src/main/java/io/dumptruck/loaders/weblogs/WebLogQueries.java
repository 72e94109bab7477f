package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/** A visitor's page views (from {@code visits}) and most requested page (from {@code cookie_stats}). */
public final class WebLogQueries {
  private WebLogQueries() {}

  /** One page view: time, method, path, status. */
  public record View(long time, String method, String path, String status) {}

  /** Page views newest first: one prefix scan of UTF-8(visitor) ‖ 0x00, as many rows as asked. */
  public static List<View> views(TableReader visits, String visitor, long limit) throws IOException {
    List<View> out = new ArrayList<>();
    byte[] prefix = Bytes.add(Bytes.toBytes(visitor), new byte[] {0});
    try (RowScanner rows = visits.scan(ScanSpec.all().withPrefix(prefix).withLimit(limit))) {
      for (Result r = rows.next(); r != null; r = rows.next()) {
        Cell any = r.rawCells()[0];
        out.add(new View(any.getTimestamp(), text(r, WebLogSchema.METHOD), text(r, WebLogSchema.PATH), text(r, WebLogSchema.STATUS)));
      }
    }
    return out;
  }

  /** The most requested path and how often: the {@code c:} cell, whose timestamp is the count. */
  public static Optional<String[]> mostFrequent(TableReader stats, String visitor) throws IOException {
    Optional<Result> r = stats.get(Bytes.toBytes(visitor), ScanSpec.all().withFamilies(List.of(WebLogSchema.TOP_PATH)));
    return r.map(res -> new String[] {new String(res.value(), StandardCharsets.UTF_8),
        String.valueOf(res.rawCells()[0].getTimestamp())});
  }

  private static String text(Result r, String qualifier) {
    byte[] v = r.getValue(Bytes.toBytes(WebLogSchema.VISIT), Bytes.toBytes(qualifier));
    return v == null ? null : new String(v, StandardCharsets.UTF_8);
  }
}
