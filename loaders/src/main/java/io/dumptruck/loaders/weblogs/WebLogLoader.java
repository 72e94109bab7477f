package io.dumptruck.loaders.weblogs;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.reduce.SumLongFold;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load weblogs}: Apache combined logs into visits, cookie_url_count and cookie_stats. */
public final class WebLogLoader implements Loader, LineDataset<WebLogRecord> {
    static final String DAILY = "daily";
    static final String DEFAULT_DAILY = String.valueOf(WebLogSchema.DEFAULT_DAILY_TTL_DAYS);

    @Override
    public List<Question> questions() {
        return WebLogQueries.QUESTIONS;
    }

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
        return Map.of(
                DAILY,
                "cookie_url_count's per-day counts (family d): keep them this many days (default "
                        + WebLogSchema.DEFAULT_DAILY_TTL_DAYS
                        + ", the family's TTL), forever, or off (no daily family)");
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        return WebLogSchema.tables(options.regions(), WebLogSchema.dailyTtlSeconds(options.get(DAILY, DEFAULT_DAILY)));
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, WebLogLoader.class);
        output.fold(WebLogSchema.COOKIE_URL_COUNT, SumLongFold.class)
                .fold(WebLogSchema.COOKIE_STATS, CookieStatsFold.class);
    }

    /** Matched to live tables, the counts and stats fold into what cookie_url_count and cookie_stats hold. */
    @Override
    public HeldState.Plan heldState(LoadOptions options) {
        Map<String, Class<? extends HeldState>> readers = new LinkedHashMap<>();
        readers.put(WebLogSchema.COOKIE_URL_COUNT, UrlCountsHeld.class);
        readers.put(WebLogSchema.COOKIE_STATS, RecentPathsHeld.class);
        return new HeldState.Plan(readers);
    }

    @Override
    public LineParser<WebLogRecord> parser(Configuration conf, RecordSource source) {
        return new WebLogParser()::parse;
    }

    @Override
    public RecordSchema<WebLogRecord> schema(Configuration conf) {
        return new WebLogSchema(WebLogSchema.dailyTtlSeconds(LoaderConf.option(conf, DAILY, DEFAULT_DAILY)) != null);
    }
}
