package io.dumptruck.jobs.journeys;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.jobs.AnalyticsJob;
import io.dumptruck.jobs.CountSumCombiner;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.ReduceTasks;
import io.dumptruck.jobs.WorkFiles;
import io.dumptruck.jobs.output.DatasetOutputFormat;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * {@code dumptruck run journeys}: visitors' paths through a site, from the {@code visits} table of the web-log loader.
 *
 * <h2>Rules</h2>
 *
 * <ul>
 *   <li>A <b>page view</b> is a {@code visits} row with a path ({@code p:u}); rows whose request line was not a request
 *       have none and are left out. Its time is the cell timestamp (the request time), its referer the domain-reversed
 *       {@code p:r}. Exact duplicate log lines were already merged into one row by the loader; two different lines are
 *       two views even when visitor, time and path agree.
 *   <li>A visitor's views are taken in time order; views of the same millisecond in path order (unsigned UTF-8 bytes,
 *       i.e. code point order), then by referer (none first, then bytes).
 *   <li>A view more than {@code --session-gap} minutes (default 30) after the visitor's previous view starts a new
 *       <b>session</b>; a gap of exactly that long stays in the session.
 *   <li>With {@code --from}/{@code --to} only views with {@code from <= time < to} count: sessions are made of those
 *       alone (a session cut by the range ends or starts at its edge). The range is the scan's time range, so HFiles
 *       holding no cell in it are not opened at all. Views before 1970 are never read (the scan's time range starts at
 *       0).
 * </ul>
 *
 * <h2>Data sets</h2>
 *
 * <ul>
 *   <li>{@code sessions} ({@link JourneyDatasets#SESSIONS}): visitor, session (1-based, in time order), start, end
 *       (epoch ms of the first and last view), duration_ms, pages, entry_page, exit_page, referer (the first view's,
 *       domain-reversed; null when none).
 *   <li>{@code transitions} ({@link JourneyDatasets#TRANSITIONS}): from, to, count over all sessions. Each session
 *       contributes {@code referer → entry page}, where {@code from} is the first view's domain-reversed referer (host
 *       and path, e.g. {@code com.google.www/search?q=x}) or {@value SessionReducer#DIRECT} when it had none, then
 *       {@code page_i → page_i+1} for each consecutive pair of its views. So the counts whose {@code to} is a page add
 *       up to the views of that page. A referer header that is literally {@value SessionReducer#DIRECT} reads the same
 *       as no referer.
 * </ul>
 *
 * <h2>Stages</h2>
 *
 * <ol>
 *   <li><b>sessions</b>: {@link ViewMapper} reads {@code p:u} and {@code p:r} only and emits each view as a
 *       {@link ViewKey} (visitor, time, path, referer); partitioned ({@link VisitorPartitioner}) and grouped
 *       ({@link ViewKey.VisitorComparator}) by visitor and sorted by the whole key with raw comparators, so
 *       {@link SessionReducer} streams each visitor's views in order, holding one session. It writes {@code sessions}
 *       and the per-task sums of the transitions to {@code <output>/_work/transitions} ({@link WorkFiles}). Unless
 *       {@code mapreduce.job.reduces} is set, it runs one reduce task per region of {@code visits}
 *       ({@link ReduceTasks}).
 *   <li><b>transitions</b>: sums those (with {@link CountSumCombiner}) into {@code transitions}.
 * </ol>
 */
public final class JourneysJob implements AnalyticsJob {
    /** The scratch directory the sessions stage leaves the transitions in (see {@link JobOptions#work}). */
    static final String TRANSITIONS_WORK = "transitions";

    @Override
    public String name() {
        return "journeys";
    }

    @Override
    public List<ConfKey> confKeys() {
        return JourneysConf.ALL;
    }

    @Override
    public String summary() {
        return "visitors' sessions (split on a gap) and page-to-page transition counts, from visits";
    }

    @Override
    public Map<String, String> options() {
        return JourneySettings.help();
    }

    @Override
    public String loader() {
        return "weblogs";
    }

    @Override
    public List<String> tables(JobOptions options) {
        JourneySettings.of(options);
        return List.of(WebLogSchema.VISITS);
    }

    @Override
    public List<Job> stages(Configuration conf, JobOptions options) throws IOException {
        JourneySettings settings = JourneySettings.of(options);
        return List.of(sessionsStage(conf, options, settings), transitionsStage(conf, options));
    }

    private Job sessionsStage(Configuration conf, JobOptions options, JourneySettings settings) throws IOException {
        Job stage = JobRunner.stage(conf, this, "sessions");
        Path visits = options.table(WebLogSchema.VISITS);
        HFileTableInputFormat.configure(stage)
                .table(visits)
                .scan(settings.scan())
                .apply();
        stage.setMapperClass(ViewMapper.class);
        stage.setMapOutputKeyClass(ViewKey.class);
        stage.setMapOutputValueClass(NullWritable.class);
        stage.setPartitionerClass(VisitorPartitioner.class);
        stage.setSortComparatorClass(ViewKey.Comparator.class);
        stage.setGroupingComparatorClass(ViewKey.VisitorComparator.class);
        stage.setReducerClass(SessionReducer.class);
        stage.getConfiguration().setLong(SessionReducer.GAP_MILLIS, settings.sessionGapMillis());
        ReduceTasks.onePerRegionUnlessSet(stage, visits);
        DatasetOutputFormat.configure(stage, options.output(), options.format(), JourneyDatasets.SESSIONS);
        return stage;
    }

    private Job transitionsStage(Configuration conf, JobOptions options) throws IOException {
        Job stage = JobRunner.stage(conf, this, "transitions");
        WorkFiles.readFrom(stage, options.work(TRANSITIONS_WORK));
        stage.setMapperClass(Mapper.class);
        stage.setMapOutputKeyClass(TransitionKey.class);
        stage.setMapOutputValueClass(VLongWritable.class);
        stage.setSortComparatorClass(TransitionKey.Comparator.class);
        stage.setCombinerClass(CountSumCombiner.class);
        stage.setReducerClass(TransitionRecordReducer.class);
        DatasetOutputFormat.configure(stage, options.output(), options.format(), JourneyDatasets.TRANSITIONS);
        return stage;
    }
}
