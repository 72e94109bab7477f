package io.dumptruck.loaders.ipblocks;

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
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load ipblocks}: IPv4/IPv6 blocks with their country into ip_geo. */
public final class IpBlockLoader implements Loader {
  @Override
  public String name() {
    return "ipblocks";
  }

  @Override
  public String summary() {
    return "IP blocks (start_ip,end_ip,country[,…], v4 or v6) into ip_geo; overlapping blocks are rejected";
  }

  @Override
  public Map<String, String> options() {
    return Map.of();
  }

  @Override
  public List<TableSpec> tables(Configuration conf, LoadOptions options) {
    return IpGeoSchema.tables();
  }

  @Override
  public void configure(Job job, LoadOptions options, HFileTableOutputFormat.Configurator output) {
    job.setMapperClass(IpBlockMapper.class);
    output.fold(IpGeoSchema.IP_GEO, IpOverlapFold.class);
  }

  /** Parser → schema for each block line. */
  public static final class IpBlockMapper extends LineLoaderMapper<IpRange> {
    private final IpRangeParser parser = new IpRangeParser();
    private final IpGeoSchema schema = new IpGeoSchema();

    @Override
    protected void setup(CellSink sink, Context context) {
      schema.resolve(sink);
    }

    @Override
    protected Parsed<IpRange> parse(String line) {
      return parser.parse(line);
    }

    @Override
    protected void emit(IpRange range, CellSink sink) throws IOException, InterruptedException {
      schema.emit(range, position(), line(), loadTimestamp(), sink);
    }
  }
}
