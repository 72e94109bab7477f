package io.dumptruck.loaders.events;

import io.dumptruck.formats.ConfKey;
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
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load events}: event logs into log_data under one of the LOG_DATA key layouts. */
public final class EventLoader implements Loader, LineDataset<Event> {
    /** The name on the command line, and in the {@code writtenBy} of the tables it writes. */
    public static final String NAME = "events";
    /** The options that choose the design, and their defaults. */
    public static final String LAYOUT = "layout";

    public static final String BUCKETS = "buckets";
    public static final String DEFAULT_LAYOUT = "bucketed";
    public static final int DEFAULT_BUCKETS = 16;
    /** internal: the directory of the name listing for the numeric layout. */
    static final String IDS_DIR = EventConf.IDS.key();

    @Override
    public List<Question> questions() {
        return EventQueries.QUESTIONS;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ConfKey> confKeys() {
        return EventConf.ALL;
    }

    @Override
    public String summary() {
        return "event logs (host TAB epoch_ms TAB event TAB value) into log_data (+ log_types for numeric ids)";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(LAYOUT, "bucketed (default), host-first, hashed or numeric");
        o.put(BUCKETS, "buckets of the bucketed layout, 1..256 (default 16; one region each)");
        return o;
    }

    static EventSchema schema(LoadOptions o) {
        return new EventSchema(o.get(LAYOUT, DEFAULT_LAYOUT), o.getInt(BUCKETS, DEFAULT_BUCKETS));
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        return schema(options).tables(options.regions());
    }

    /**
     * The numeric layout's ids: the names of the input listed by a first job and numbered — matched to a live table,
     * names its {@code log_types} holds keep their ids and new ones are numbered above its {@code i:max}; otherwise
     * 1..n per load.
     */
    @Override
    public List<String> beforeLoad(Job job, LoadOptions options, Connection live)
            throws IOException, InterruptedException {
        List<String> notes = new ArrayList<>();
        if (options.get(LAYOUT, DEFAULT_LAYOUT).equals(EventSchema.NUMERIC)) {
            Configuration conf = job.getConfiguration();
            Path ids = new Path(
                    options.output(), "_event-ids"); // inside the claimed output: this load's alone, gone with it
            IdDictionary.build(conf, options.inputs(), ids);
            if (live == null) {
                IdDictionary.assign(conf, ids, Map.of());
            } else {
                TableName types = options.live().nameOf(EventSchema.LOG_TYPES);
                IdDictionary.Assigned a = IdDictionary.assign(conf, ids, IdDictionary.liveIds(live, types));
                notes.add(String.format(
                        "%s ids: %,d name(s) kept the id %s gives them, %,d new above its i:max",
                        EventSchema.LOG_TYPES, a.kept(), types, a.added()));
            }
            conf.set(IDS_DIR, ids.toString());
        }
        return notes;
    }

    @Override
    public void afterLoad(Job job) throws IOException {
        String ids = job.getConfiguration().get(IDS_DIR);
        if (ids != null) {
            new Path(ids).getFileSystem(job.getConfiguration()).delete(new Path(ids), true);
        }
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, EventLoader.class);
    }

    @Override
    public LineParser<Event> parser(Configuration conf, RecordSource source) {
        return new EventParser()::parse;
    }

    @Override
    public RecordSchema<Event> schema(Configuration conf) {
        Map<String, Long> ids = null;
        String dir = conf.get(IDS_DIR);
        if (dir != null) {
            try {
                ids = IdDictionary.read(conf, new Path(dir));
            } catch (IOException e) {
                throw new IllegalStateException(
                        "cannot read the event id listing in " + dir + ": " + e.getMessage(), e);
            }
        }
        return new EventSchema(
                LoaderConf.option(conf, LAYOUT, DEFAULT_LAYOUT),
                Integer.parseInt(LoaderConf.option(conf, BUCKETS, String.valueOf(DEFAULT_BUCKETS))),
                ids);
    }
}
