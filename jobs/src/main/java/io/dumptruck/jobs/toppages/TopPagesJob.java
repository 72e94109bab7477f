package io.dumptruck.jobs.toppages;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.jobs.AnalyticsJob;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.ReduceTasks;
import io.dumptruck.jobs.TopK;
import io.dumptruck.jobs.WorkFiles;
import io.dumptruck.jobs.output.DatasetOutputFormat;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

/**
 * {@code dumptruck run top-pages}: the most viewed pages over all visitors and per visitor, from the web-log loader's
 * {@code cookie_url_count}, and a check of {@code cookie_stats} against it.
 *
 * <h2>Data sets</h2>
 *
 * <ul>
 *   <li>{@code top_pages}: rank, path, views (summed over visitors), visitors (distinct visitors who requested the
 *       path) — the best {@code --top} paths.
 *   <li>{@code visitor_top_pages}: visitor, rank, path, views — each visitor's best {@code --top}.
 *   <li>{@code stats_check}: one record per visitor whose {@code cookie_stats c:} cell (path, count in the timestamp)
 *       is not the most requested path and count of its {@code cookie_url_count} row, or who is in one table only.
 *       Empty on a correct load; counted in {@link TopPagesCounter}.
 * </ul>
 *
 * Ranking: more views first, equal views by path bytes ascending; ranks are 1, 2, 3 … without ties.
 *
 * <h2>Stages</h2>
 *
 * <ol>
 *   <li><b>Per visitor.</b> One job reads both tables ({@code cookie_url_count} family {@code u} in batches of
 *       {@value #BATCH} cells, {@code cookie_stats} column {@code c:} only — the {@code r} family's files are never
 *       opened), shuffles their cells by visitor, and per visitor streams them through a K-sized heap: it writes
 *       {@code visitor_top_pages} and {@code stats_check}, and one partial {@code (path → views, 1 visitor)} per path
 *       into {@code _work/}{@value #PARTIALS}.
 *   <li><b>Per path.</b> The partials are summed per path (with a combiner); each reducer keeps its best K paths and
 *       writes them to {@code _work/}{@value #CANDIDATES}.
 *   <li><b>Merge.</b> One reducer ranks the at most reducers × K candidates into {@code top_pages}. Every page of the
 *       global top K is in the top K of the reducer that summed it, so nothing is lost, and the per-path summing still
 *       spreads over several reducers instead of funnelling every path through one.
 * </ol>
 *
 * Stages 1 and 2 run one reduce task per region of {@code cookie_url_count} unless {@code mapreduce.job.reduces} is set
 * ({@link ReduceTasks}); the merge runs one.
 */
public final class TopPagesJob implements AnalyticsJob {
    public static final String NAME = "top-pages";
    public static final String TOP_OPTION = "top";
    public static final int DEFAULT_TOP = 10;
    /** Cells of a {@code cookie_url_count} row per mapper call. */
    static final int BATCH = 1000;

    /** Work directory of stage 1's partials. */
    static final String PARTIALS = "page_partials";
    /** Work directory of stage 2's per-reducer candidates. */
    static final String CANDIDATES = "page_candidates";

    private static final String TOP_KEY = TopPagesConf.TOP.key();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ConfKey> confKeys() {
        return TopPagesConf.ALL;
    }

    @Override
    public String summary() {
        return "most viewed pages overall and per visitor; checks cookie_stats against cookie_url_count";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(
                TOP_OPTION,
                "pages per ranking, overall and per visitor (1 to " + TopK.MAX_K + "; default " + DEFAULT_TOP + ")");
        return o;
    }

    @Override
    public String loader() {
        return "weblogs";
    }

    @Override
    public List<String> tables(JobOptions options) {
        top(options);
        return List.of(WebLogSchema.COOKIE_URL_COUNT, WebLogSchema.COOKIE_STATS);
    }

    /**
     * The {@code --top} value; anything but a whole number from 1 to {@link TopK#MAX_K} is an IllegalArgumentException.
     */
    static int top(JobOptions options) {
        return TopK.option(options, TOP_OPTION, DEFAULT_TOP);
    }

    /** The K the tasks use, as set by {@link #stages}. */
    static int top(Configuration conf) {
        return conf.getInt(TOP_KEY, DEFAULT_TOP);
    }

    @Override
    public List<Job> stages(Configuration conf, JobOptions options) throws IOException {
        Configuration c = new Configuration(conf);
        c.setInt(TOP_KEY, top(options));
        return List.of(perVisitor(c, options), perPath(c, options), merge(c, options));
    }

    private Job perVisitor(Configuration conf, JobOptions options) throws IOException {
        Job stage = JobRunner.stage(conf, this, "visitor pages and stats check");
        HFileTableInputFormat.configure(stage)
                .table(options.table(WebLogSchema.COOKIE_URL_COUNT))
                .scan(ScanSpec.all()
                        .withFamilies(List.of(WebLogSchema.URL_COUNT))
                        .withBatch(BATCH))
                .table(options.table(WebLogSchema.COOKIE_STATS))
                .scan(ScanSpec.all().withColumns(List.of(new ScanSpec.Column(WebLogSchema.TOP_PATH, new byte[0]))))
                .apply();
        stage.setMapperClass(VisitorCellMapper.class);
        stage.setMapOutputKeyClass(Text.class);
        stage.setMapOutputValueClass(VisitorCell.class);
        stage.setReducerClass(VisitorPagesReducer.class);
        ReduceTasks.onePerRegionUnlessSet(stage, options.table(WebLogSchema.COOKIE_URL_COUNT));
        DatasetOutputFormat.configure(
                stage,
                options.output(),
                options.format(),
                TopPagesDatasets.VISITOR_TOP_PAGES,
                TopPagesDatasets.STATS_CHECK);
        return stage;
    }

    private Job perPath(Configuration conf, JobOptions options) throws IOException {
        Job stage = JobRunner.stage(conf, this, "views per path");
        WorkFiles.readFrom(stage, options.work(PARTIALS));
        stage.setMapperClass(Mapper.class);
        stage.setCombinerClass(TopPagesReducers.SumTallies.class);
        stage.setReducerClass(TopPagesReducers.LocalTop.class);
        ReduceTasks.onePerRegionUnlessSet(stage, options.table(WebLogSchema.COOKIE_URL_COUNT));
        stage.setMapOutputKeyClass(Text.class);
        stage.setMapOutputValueClass(PageTally.class);
        stage.setOutputFormatClass(SequenceFileOutputFormat.class);
        stage.setOutputKeyClass(Text.class);
        stage.setOutputValueClass(PageTally.class);
        FileOutputFormat.setOutputPath(stage, options.work(CANDIDATES));
        return stage;
    }

    private Job merge(Configuration conf, JobOptions options) throws IOException {
        Job stage = JobRunner.stage(conf, this, "global top pages");
        WorkFiles.readFrom(stage, options.work(CANDIDATES));
        stage.setMapperClass(Mapper.class);
        stage.setReducerClass(TopPagesReducers.GlobalTop.class);
        stage.setNumReduceTasks(1);
        stage.setMapOutputKeyClass(Text.class);
        stage.setMapOutputValueClass(PageTally.class);
        DatasetOutputFormat.configure(stage, options.output(), options.format(), TopPagesDatasets.TOP_PAGES);
        return stage;
    }
}
