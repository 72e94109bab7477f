package io.dumptruck.loaders.graph;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderConf;
import io.dumptruck.loaders.Question;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import io.dumptruck.loaders.live.HeldState;
import io.dumptruck.loaders.live.LiveConf;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load graph}: follower edges into the graph tables of {@link GraphSchema}. */
public final class GraphLoader implements Loader, LineDataset<Edge> {
    static final String LAYOUTS = "layouts";
    static final String EDGES = "edges";

    @Override
    public List<Question> questions() {
        return GraphQueries.QUESTIONS;
    }

    @Override
    public String name() {
        return "graph";
    }

    @Override
    public String summary() {
        return "follower edges (follower TAB followed [TAB epoch_ms]) into follows/followed_by or adjacency tables; "
                + "--edges unfollows removes them";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(LAYOUTS, "edges (follows + followed_by, the default), adjacency, adjacency-ro; comma-separated");
        o.put(
                EDGES,
                "follows (the default): each line adds an edge; unfollows: each line removes one, as delete markers "
                        + "(DeleteColumn at the line's time, else the load timestamp) in follows, followed_by and adjacency; "
                        + "out of adjacency-ro's lists with --live");
        return o;
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        GraphSchema schema = schema(options);
        if (schema.unfollows()
                && schema.layouts().contains("adjacency-ro")
                && (options.live() == null || !LiveConf.folds(conf))) {
            throw new IllegalArgumentException(
                    "--edges unfollows changes adjacency-ro, whose one cell per user lists all of the "
                            + "user's ids, only by folding into the live table's lists: add --live (folding on), or leave adjacency-ro out of --layouts");
        }
        return schema.tables(options.regions());
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, GraphLoader.class);
        GraphSchema schema = schema(options);
        if (schema.layouts().contains("adjacency-ro")) {
            output.fold(GraphSchema.ADJACENCY_RO, AdjacencyListFold.class).markers(GraphSchema.ADJACENCY_RO);
        }
        if (schema.unfollows()) {
            schema.tables(1).stream()
                    .filter(t -> !t.name().equals(GraphSchema.ADJACENCY_RO))
                    .forEach(t -> output.markers(t.name()));
        }
    }

    /** Matched to the live tables, each user's adjacency_ro list is folded with the list the table holds. */
    @Override
    public HeldState.Plan heldState(LoadOptions options) {
        if (!schema(options).layouts().contains("adjacency-ro")) {
            return null;
        }
        return new HeldState.Plan(Map.of(GraphSchema.ADJACENCY_RO, AdjacencyListHeld.class));
    }

    private static GraphSchema schema(LoadOptions options) {
        return schema(options.get(LAYOUTS, "edges"), options.get(EDGES, "follows"));
    }

    /** The schema of these option values; an IllegalArgumentException names a bad one. */
    private static GraphSchema schema(String layouts, String edges) {
        if (!edges.equals("follows") && !edges.equals("unfollows")) {
            throw new IllegalArgumentException("--edges: '" + edges + "' is neither follows nor unfollows");
        }
        return new GraphSchema(GraphSchema.parseLayouts(layouts), edges.equals("unfollows"));
    }

    @Override
    public LineParser<Edge> parser(Configuration conf, RecordSource source) {
        return new GraphParser()::parse;
    }

    @Override
    public RecordSchema<Edge> schema(Configuration conf) {
        return schema(LoaderConf.option(conf, LAYOUTS, "edges"), LoaderConf.option(conf, EDGES, "follows"));
    }
}
