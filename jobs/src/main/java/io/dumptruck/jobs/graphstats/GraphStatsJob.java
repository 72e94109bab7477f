package io.dumptruck.jobs.graphstats;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.jobs.AnalyticsJob;
import io.dumptruck.jobs.CountSumCombiner;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.ReduceTasks;
import io.dumptruck.jobs.WorkFiles;
import io.dumptruck.jobs.output.DatasetOutputFormat;
import io.dumptruck.loaders.graph.GraphSchema;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * {@code dumptruck run graph-stats}: degrees, mutual follows and friend-of-friend suggestions, from the {@code follows}
 * and {@code followed_by} tables of the graph loader.
 *
 * <h2>Reading names</h2>
 *
 * A row key holds only md5s ({@code md5(owner) ‖ md5(other)}); the one name in a row is its qualifier, the
 * <em>other</em> account's. So an account's name comes from the rows of the accounts around it: the qualifiers of
 * {@code follows} name every account that is followed, those of {@code followed_by} every account that follows, and
 * each account is one or the other. {@link NeighbourMapper} sends each qualifier's name to the md5 of the account it
 * names; the combiner folds the repeats.
 *
 * <h2>Data sets</h2>
 *
 * <ul>
 *   <li>{@code degrees} ({@link GraphStatsDatasets#DEGREES}): user, out_degree (accounts followed), in_degree
 *       (followers); one record per account that follows or is followed.
 *   <li>{@code reciprocal_pairs} ({@link GraphStatsDatasets#RECIPROCAL_PAIRS}): user_a, user_b, each pair that follow
 *       each other once, user_a before user_b in UTF-8 byte order.
 *   <li>{@code degree_distribution} ({@link GraphStatsDatasets#DEGREE_DISTRIBUTION}): direction
 *       ({@code in}/{@code out}), degree, users with that degree; degree 0 counts the accounts seen only on the other
 *       side (nobody follows them, or they follow nobody).
 *   <li>{@code suggestions} ({@link GraphStatsDatasets#SUGGESTIONS}): user, rank, suggested, via. A suggestion for
 *       {@code a} is an account {@code c} with {@code a → b → c} for some middle {@code b} (an account within both
 *       limits below), {@code c ≠ a}, {@code a} not following {@code c}; via = the number of such middles. The
 *       {@code --top} (default 5) with most via are kept, ties by {@code c} in UTF-8 byte order; ranks 1, 2, ….
 * </ul>
 *
 * <h2>Stages</h2>
 *
 * <ol>
 *   <li><b>neighbourhoods</b>: both tables, whole, in one pass. {@link NeighbourMapper} emits {@link NeighbourKey}s
 *       (account md5, kind, name), grouped and partitioned by the md5 and sorted so that {@link NeighbourhoodReducer}
 *       sees an account's name, then how many accounts it follows (counted by the mappers, summed by
 *       {@link NeighbourCombiner}), then its followers, then the accounts it follows. It writes {@code degrees}, and to
 *       {@code <output>/_work} ({@link WorkFiles}): every edge by name under both its ends, the friend-of-friend join
 *       at each middle account, and the task's degree counts. Unless {@code mapreduce.job.reduces} is set it runs one
 *       reduce task per region of {@code follows} ({@link ReduceTasks}), as the pairs stage does.
 *   <li><b>pairs</b>: sums the join's counts per (user, suggestion) with a combiner, groups by user and sorts by the
 *       other account ({@link PairKey}), so {@link UserPairsReducer} settles one pair at a time:
 *       {@code reciprocal_pairs} and the top-K {@code suggestions}.
 *   <li><b>degree distribution</b>: adds up the tasks' degree counts ({@link DistributionReducer}).
 * </ol>
 *
 * <h2>Cost of the suggestions</h2>
 *
 * The join at a middle {@code b} makes in(b) × out(b) pairs, so one big account makes it quadratic: an account with a
 * million followers that follows a thousand would alone make a billion, and so would one with a thousand followers that
 * follows a million. An account is therefore used as a middle only when
 *
 * <ul>
 *   <li>in(b) ≤ N, {@code --max-fanout} (default 10,000), since its followers are held in memory (else counted in
 *       {@link GraphStatsCounter#MIDDLES_OVER_FANOUT}), and
 *   <li>in(b) × out(b) ≤ P, {@code --max-pairs} (default 10^8), the pairs one middle may make (else counted in
 *       {@link GraphStatsCounter#MIDDLES_OVER_PAIR_BUDGET}).
 * </ul>
 *
 * The pairs stage then gets the sum of in(b) × out(b) over the middles, less the paths that lead back to their start
 * (counted in {@link GraphStatsCounter#TWO_HOP_PATHS}), before the combiner, plus two records per edge. Memory stays
 * bounded however popular an account is: a neighbourhood task holds at most N follower names (never the accounts one
 * follows, which are streamed past them) and a tally of the distinct degrees; a pairs task the facts about one pair and
 * K suggestions. Lowering N or P trades suggestions through big accounts for time and shuffle volume.
 */
public final class GraphStatsJob implements AnalyticsJob {
    /** The work directory of the neighbourhood stage's {@link PairKey} facts, for the pairs stage. */
    static final String PAIRS_WORK = "pairs";
    /**
     * The work directory of the neighbourhood stage's per-task {@link DegreeBucket} counts, for the distribution stage.
     */
    static final String DEGREE_COUNTS_WORK = "degree_counts";

    @Override
    public String name() {
        return "graph-stats";
    }

    @Override
    public List<ConfKey> confKeys() {
        return GraphStatsConf.ALL;
    }

    @Override
    public String summary() {
        return "degrees, degree distribution, mutual follows and friend-of-friend suggestions, from follows/followed_by";
    }

    @Override
    public Map<String, String> options() {
        return GraphStatsSettings.help();
    }

    @Override
    public String loader() {
        return "graph";
    }

    @Override
    public List<String> tables(JobOptions options) {
        GraphStatsSettings.of(options);
        return List.of(GraphSchema.FOLLOWS, GraphSchema.FOLLOWED_BY);
    }

    @Override
    public List<Job> stages(Configuration conf, JobOptions options) throws IOException {
        GraphStatsSettings settings = GraphStatsSettings.of(options);
        Job neighbourhoods = neighbourhoodsStage(conf, options, settings);
        return List.of(
                neighbourhoods,
                pairsStage(conf, options, settings, neighbourhoods.getNumReduceTasks()),
                distributionStage(conf, options));
    }

    private Job neighbourhoodsStage(Configuration conf, JobOptions options, GraphStatsSettings settings)
            throws IOException {
        Job stage = JobRunner.stage(conf, this, "neighbourhoods");
        HFileTableInputFormat.configure(stage)
                .table(options.table(GraphSchema.FOLLOWS))
                .table(options.table(GraphSchema.FOLLOWED_BY))
                .apply();
        stage.setMapperClass(NeighbourMapper.class);
        stage.setMapOutputKeyClass(NeighbourKey.class);
        stage.setMapOutputValueClass(VLongWritable.class);
        stage.setCombinerClass(NeighbourCombiner.class);
        stage.setPartitionerClass(NeighbourKey.AccountPartitioner.class);
        stage.setSortComparatorClass(NeighbourKey.Comparator.class);
        stage.setGroupingComparatorClass(NeighbourKey.AccountComparator.class);
        stage.setReducerClass(NeighbourhoodReducer.class);
        stage.getConfiguration().setInt(NeighbourhoodReducer.MAX_FANOUT, settings.maxFanout());
        stage.getConfiguration().setLong(NeighbourhoodReducer.MAX_PAIRS, settings.maxPairs());
        ReduceTasks.onePerRegionUnlessSet(stage, options.table(GraphSchema.FOLLOWS));
        DatasetOutputFormat.configure(stage, options.output(), options.format(), GraphStatsDatasets.DEGREES);
        return stage;
    }

    private Job pairsStage(Configuration conf, JobOptions options, GraphStatsSettings settings, int reduceTasks)
            throws IOException {
        Job stage = JobRunner.stage(conf, this, "pairs");
        WorkFiles.readFrom(stage, options.work(PAIRS_WORK));
        stage.setMapperClass(Mapper.class);
        stage.setMapOutputKeyClass(PairKey.class);
        stage.setMapOutputValueClass(VLongWritable.class);
        stage.setCombinerClass(CountSumCombiner.class);
        stage.setPartitionerClass(PairKey.UserPartitioner.class);
        stage.setSortComparatorClass(PairKey.Comparator.class);
        stage.setGroupingComparatorClass(PairKey.UserComparator.class);
        stage.setReducerClass(UserPairsReducer.class);
        stage.getConfiguration().setInt(UserPairsReducer.TOP, settings.top());
        stage.setNumReduceTasks(reduceTasks);
        DatasetOutputFormat.configure(
                stage,
                options.output(),
                options.format(),
                GraphStatsDatasets.RECIPROCAL_PAIRS,
                GraphStatsDatasets.SUGGESTIONS);
        return stage;
    }

    private Job distributionStage(Configuration conf, JobOptions options) throws IOException {
        Job stage = JobRunner.stage(conf, this, "degree distribution");
        WorkFiles.readFrom(stage, options.work(DEGREE_COUNTS_WORK));
        stage.setMapperClass(Mapper.class);
        stage.setMapOutputKeyClass(DegreeBucket.class);
        stage.setMapOutputValueClass(VLongWritable.class);
        stage.setCombinerClass(CountSumCombiner.class);
        stage.setReducerClass(DistributionReducer.class);
        stage.setNumReduceTasks(1);
        DatasetOutputFormat.configure(
                stage, options.output(), options.format(), GraphStatsDatasets.DEGREE_DISTRIBUTION);
        return stage;
    }
}
