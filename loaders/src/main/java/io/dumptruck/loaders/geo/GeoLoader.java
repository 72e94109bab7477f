package io.dumptruck.loaders.geo;

import io.dumptruck.formats.output.CellSink;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.Parsed;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load geo}: a GeoNames dump into geonames_info and tile_places. */
public final class GeoLoader implements Loader {
  @Override
  public String name() {
    return "geo";
  }

  @Override
  public String summary() {
    return "GeoNames dumps (19-column TSV, e.g. cities1000.txt) into geonames_info and tile_places";
  }

  @Override
  public Map<String, String> options() {
    return Map.of();
  }

  @Override
  public List<TableSpec> tables(LoadOptions options) {
    return GeoSchema.tables(options.regions());
  }

  @Override
  public void configure(Job job, LoadOptions options, HFileTableOutputFormat.Configurator output) {
    job.setMapperClass(GeoMapper.class);
  }

  /** Parser → schema for each GeoNames line. */
  public static final class GeoMapper extends LineLoaderMapper<GeoNamesRecord> {
    private final GeoNamesParser parser = new GeoNamesParser();
    private final GeoSchema schema = new GeoSchema();

    @Override
    protected void setup(CellSink sink, Context context) {
      schema.resolve(sink);
    }

    @Override
    protected Parsed<GeoNamesRecord> parse(String line) {
      return parser.parse(line);
    }

    @Override
    protected void emit(GeoNamesRecord record, CellSink sink) throws IOException, InterruptedException {
      schema.emit(record, loadTimestamp(), sink);
    }
  }
}
