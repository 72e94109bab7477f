package io.dumptruck.bench;

import io.dumptruck.formats.output.CellSink;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.spec.RegionSplits;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * The weblogs loader cut down to its {@code visits} table: the same parser, table spec (sampled
 * split points, GZ, FAST_DIFF) and output format, so that it writes exactly the cells ImportTsv and
 * the textbook job are asked to write. Option {@code splits}: the split points, as HBase's jobs
 * read them from the pre-split table (no sampling).
 */
public final class VisitsLoader implements Loader {
  @Override
  public String name() {
    return "visits";
  }

  @Override
  public String summary() {
    return "Apache combined logs into the visits table only";
  }

  @Override
  public Map<String, String> options() {
    return Map.of("splits", "split points, hex, comma-separated (default: sampled)");
  }

  @Override
  public List<TableSpec> tables(Configuration conf, LoadOptions options) {
    TableSpec visits = visitsSpec(options.regions());
    String splits = options.extra().get("splits");
    if (splits == null) {
      return List.of(visits);
    }
    List<byte[]> points = Arrays.stream(splits.split(",")).map(HexFormat.of()::parseHex).toList();
    return List.of(visits.withRegions(RegionSplits.explicit(points)));
  }

  static TableSpec visitsSpec(int regions) {
    return WebLogSchema.tables(regions).stream().filter(t -> t.name().equals(WebLogSchema.VISITS)).findFirst().orElseThrow();
  }

  @Override
  public void configure(Job job, LoadOptions options, HFileTableOutputFormat.Configurator output) {
    job.setMapperClass(VisitsMapper.class);
  }

  /** Parser → the visit's cells. */
  public static final class VisitsMapper extends LineLoaderMapper<WebLogRecord> {
    private final WebLogParser parser = new WebLogParser();
    private final RowKeyBuilder key = new RowKeyBuilder(64);
    private CellSink.FamilyRef visits;

    @Override
    protected void setup(CellSink sink, Context context) {
      visits = sink.family(WebLogSchema.VISITS, "p");
    }

    @Override
    protected Parsed<WebLogRecord> parse(String line) {
      return parser.parse(line);
    }

    @Override
    protected void emit(WebLogRecord record, CellSink sink) throws IOException, InterruptedException {
      VisitCells cells = VisitCells.of(record, line(), key);
      for (int i = 0; i < VisitCells.QUALIFIERS.length; i++) {
        if (cells.values()[i] != null) {
          sink.put(visits, cells.row(), VisitCells.QUALIFIERS[i], cells.timestamp(), cells.values()[i]);
        }
      }
    }
  }
}
