package io.dumptruck.loaders.graph;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderConf;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load graph}: follower edges into the graph tables of {@link GraphSchema}. */
public final class GraphLoader implements Loader, LineDataset<Edge> {
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
  public void configure(Job job, LoadOptions options, HFileTableJob output) {
    LineLoaderMapper.use(job, GraphLoader.class);
    if (GraphSchema.parseLayouts(options.get(LAYOUTS, "edges")).contains("adjacency-ro")) {
      output.fold(GraphSchema.ADJACENCY_RO, AdjacencyListFold.class);
    }
  }

  @Override
  public LineParser<Edge> parser(Configuration conf, RecordSource source) {
    return new GraphParser()::parse;
  }

  @Override
  public RecordSchema<Edge> schema(Configuration conf) {
    return new GraphSchema(GraphSchema.parseLayouts(LoaderConf.option(conf, LAYOUTS, "edges")));
  }
}
