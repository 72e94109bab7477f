package io.dumptruck.loaders.titles;

import io.dumptruck.formats.output.CellSink;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderConf;
import io.dumptruck.loaders.Parsed;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load titles}: ranked titles into the title_autocomp table. */
public final class TitleLoader implements Loader {
  static final String MIN = "min-prefix";
  static final String MAX = "max-prefix";

  @Override
  public String name() {
    return "titles";
  }

  @Override
  public String summary() {
    return "ranked titles (title TAB rank) into title_autocomp: prefix → top 10 titles";
  }

  @Override
  public Map<String, String> options() {
    Map<String, String> o = new LinkedHashMap<>();
    o.put(MIN, "shortest prefix in code points (default 3)");
    o.put(MAX, "longest prefix in code points (default 12)");
    return o;
  }

  @Override
  public List<TableSpec> tables(Configuration conf, LoadOptions options) {
    new TitleSchema(options.getInt(MIN, TitlePrefixes.DEFAULT_MIN), options.getInt(MAX, TitlePrefixes.DEFAULT_MAX));
    return TitleSchema.tables(options.regions());
  }

  @Override
  public void configure(Job job, LoadOptions options, HFileTableOutputFormat.Configurator output) {
    job.setMapperClass(TitleMapper.class);
    output.fold(TitleSchema.TITLE_AUTOCOMP, TopTitlesFold.class);
  }

  /** Parser → schema for each title line. */
  public static final class TitleMapper extends LineLoaderMapper<TitleRecord> {
    private final TitleParser parser = new TitleParser();
    private TitleSchema schema;

    @Override
    protected void setup(CellSink sink, Context context) {
      Configuration conf = context.getConfiguration();
      schema = new TitleSchema(Integer.parseInt(LoaderConf.option(conf, MIN, String.valueOf(TitlePrefixes.DEFAULT_MIN))),
          Integer.parseInt(LoaderConf.option(conf, MAX, String.valueOf(TitlePrefixes.DEFAULT_MAX))));
      schema.resolve(sink);
    }

    @Override
    protected Parsed<TitleRecord> parse(String line) {
      return parser.parse(line);
    }

    @Override
    protected void emit(TitleRecord record, CellSink sink) throws IOException, InterruptedException {
      schema.emit(record, loadTimestamp(), sink);
    }
  }
}
