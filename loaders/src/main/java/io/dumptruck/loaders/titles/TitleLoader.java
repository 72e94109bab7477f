package io.dumptruck.loaders.titles;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load titles}: ranked titles into the title_autocomp table. */
public final class TitleLoader implements Loader, LineDataset<TitleRecord> {
    public static final String NAME = "titles";
    static final String MIN = "min-prefix";
    static final String MAX = "max-prefix";

    @Override
    public List<Question> questions() {
        return TitleQueries.QUESTIONS;
    }

    @Override
    public String name() {
        return NAME;
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
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, TitleLoader.class);
        output.fold(TitleSchema.TITLE_AUTOCOMP, TopTitlesFold.class).tagged(TitleSchema.TITLE_AUTOCOMP);
    }

    /** Matched to the live table, each prefix's top 10 is folded with the titles the table lists now. */
    @Override
    public HeldState.Plan heldState(LoadOptions options) {
        return new HeldState.Plan(Map.of(TitleSchema.TITLE_AUTOCOMP, TopTitlesHeld.class));
    }

    @Override
    public LineParser<TitleRecord> parser(Configuration conf, RecordSource source) {
        return new TitleParser()::parse;
    }

    @Override
    public RecordSchema<TitleRecord> schema(Configuration conf) {
        return new TitleSchema(
                Integer.parseInt(LoaderConf.option(conf, MIN, String.valueOf(TitlePrefixes.DEFAULT_MIN))),
                Integer.parseInt(LoaderConf.option(conf, MAX, String.valueOf(TitlePrefixes.DEFAULT_MAX))));
    }
}
