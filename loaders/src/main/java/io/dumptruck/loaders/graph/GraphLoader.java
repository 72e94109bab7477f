package io.dumptruck.loaders.graph;

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

/** {@code dumptruck load graph}: follower edges into the graph tables of {@link GraphSchema}. */
public final class GraphLoader implements Loader {
  static final String LAYOUTS = "layouts";

  @Override
  public String name() {
    return "graph";
  }

  @Override
  public String summary() {
    return "follower edges (follower TAB followed [TAB epoch_ms]) into follows/followed_by or adjacency tables";
  }

  @Override
  public Map<String, String> options() {
    Map<String, String> o = new LinkedHashMap<>();
    o.put(LAYOUTS, "edges (follows + followed_by, the default), adjacency, adjacency-ro; comma-separated");
    return o;
  }

  @Override
  public List<TableSpec> tables(Configuration conf, LoadOptions options) {
    return new GraphSchema(GraphSchema.parseLayouts(options.get(LAYOUTS, "edges"))).tables(options.regions());
  }

  @Override
  public void configure(Job job, LoadOptions options, HFileTableOutputFormat.Configurator output) {
    job.setMapperClass(GraphMapper.class);
    if (GraphSchema.parseLayouts(options.get(LAYOUTS, "edges")).contains("adjacency-ro")) {
      output.fold(GraphSchema.ADJACENCY_RO, AdjacencyListFold.class);
    }
  }

  /** Parser → schema for each edge line. */
  public static final class GraphMapper extends LineLoaderMapper<Edge> {
    private final GraphParser parser = new GraphParser();
    private GraphSchema schema;

    @Override
    protected void setup(CellSink sink, Context context) {
      schema = new GraphSchema(GraphSchema.parseLayouts(LoaderConf.option(context.getConfiguration(), LAYOUTS, "edges")));
      schema.resolve(sink);
    }

    @Override
    protected Parsed<Edge> parse(String line) {
      return parser.parse(line);
    }

    @Override
    protected void emit(Edge edge, CellSink sink) throws IOException, InterruptedException {
      schema.emit(edge, loadTimestamp(), sink);
    }
  }
}
