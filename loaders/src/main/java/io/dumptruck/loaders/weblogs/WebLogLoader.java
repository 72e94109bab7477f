package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.output.CellSink;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.output.SumLongFold;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.Parsed;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load weblogs}: Apache combined logs into visits, cookie_url_count and cookie_stats. */
public final class WebLogLoader implements Loader {
  @Override
  public String name() {
    return "weblogs";
  }

  @Override
  public String summary() {
    return "Apache combined logs (+ \"cookie\" duration_us) into visits, cookie_url_count, cookie_stats";
  }

  @Override
  public Map<String, String> options() {
    return Map.of();
  }

  @Override
  public List<TableSpec> tables(Configuration conf, LoadOptions options) {
    return WebLogSchema.tables(options.regions());
  }

  @Override
  public void configure(Job job, LoadOptions options, HFileTableOutputFormat.Configurator output) {
    job.setMapperClass(WebLogMapper.class);
    output.fold(WebLogSchema.COOKIE_URL_COUNT, SumLongFold.class).fold(WebLogSchema.COOKIE_STATS, CookieStatsFold.class);
  }

  /** Parser → schema for each log line (the schema also needs the raw line, for the visit key). */
  public static final class WebLogMapper extends LineLoaderMapper<WebLogRecord> {
    private final WebLogParser parser = new WebLogParser();
    private final WebLogSchema schema = new WebLogSchema();

    @Override
    protected void setup(CellSink sink, Context context) {
      schema.resolve(sink);
    }

    @Override
    protected Parsed<WebLogRecord> parse(String line) {
      return parser.parse(line);
    }

    @Override
    protected void emit(WebLogRecord record, CellSink sink) throws IOException, InterruptedException {
      schema.emit(record, line(), loadTimestamp(), sink);
    }
  }
}
