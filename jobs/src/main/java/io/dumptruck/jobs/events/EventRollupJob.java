package io.dumptruck.jobs.events;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.jobs.AnalyticsJob;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.TimeRange;
import io.dumptruck.jobs.output.DatasetOutputFormat;
import io.dumptruck.loaders.events.EventSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * {@code dumptruck run event-rollup}: per host, event type and UTC hour, how many events there were and the count, sum,
 * minimum and maximum of their values that are numbers, from the {@code log_data} table of {@code dumptruck load
 * events} under any of its four key layouts (inferred from the table spec; {@code log_types} beside it means the
 * numeric layout).
 *
 * <p>Values are text. A value that is a plain decimal ({@link DecimalValue}: {@code 37.5}, {@code -4}, {@code 1e6})
 * counts in {@code count} and {@code count_numeric} and goes into sum, min and max; any other value ({@code 90ms},
 * {@code alice}, empty) counts in {@code count} only. An event is one {@code log_data} row, so input lines with the
 * same key (host, time and event) count once, as the loader keeps one cell for them.
 *
 * <p>What is read depends on the layout and the options; see {@link RollupScans}. In short: a bucketed table is read
 * with one scan per bucket, each the key range of {@code [from, to)}; the other layouts hold the time after the names,
 * so a time range is the scans' cell time range (files outside it are not opened) and {@code --host}/{@code --event}
 * become key prefixes or ranges. {@code --from}/{@code --to} cut at any millisecond: an hour they cut counts only the
 * events inside.
 *
 * <p>One stage: map each row to ((host, event, hour), partial aggregate), combine partials per map task, merge them per
 * group in the reducer. Counters: {@link RollupCounter}.
 */
public final class EventRollupJob implements AnalyticsJob {
    /** internal: the layout the mappers decode. */
    static final String LAYOUT_KEY = EventRollupConf.LAYOUT.key();
    /** internal: {@code --host}, when given. */
    static final String HOST_KEY = EventRollupConf.HOST.key();
    /** internal: {@code --event}, when given. */
    static final String EVENT_KEY = EventRollupConf.EVENT.key();
    /** internal: the number of scans configured, for {@link RollupCounter#SCANS_CONFIGURED}. */
    static final String SCANS_KEY = EventRollupConf.SCANS.key();

    /** Data set {@code rollup}: one record per host, event type and hour that has events. */
    public static final Schema ROLLUP = SchemaBuilder.record("rollup")
            .namespace("io.dumptruck.jobs.events")
            .doc(
                    "Events per host, event type and UTC hour, with the count, sum, min and max of the values that are numbers")
            .fields()
            .name("host")
            .doc("the host name")
            .type()
            .stringType()
            .noDefault()
            .name("event")
            .doc("the event type")
            .type()
            .stringType()
            .noDefault()
            .name("hour")
            .doc("the start of the UTC hour, epoch milliseconds")
            .type()
            .longType()
            .noDefault()
            .name("count")
            .doc("events in the hour (within --from/--to), numbers or not")
            .type()
            .longType()
            .noDefault()
            .name("count_numeric")
            .doc("events whose value is a plain decimal number")
            .type()
            .longType()
            .noDefault()
            .name("sum")
            .doc("the sum of the numeric values; 0 when there are none")
            .type()
            .doubleType()
            .noDefault()
            .name("min")
            .doc("the smallest numeric value; null when there are none")
            .type()
            .optional()
            .doubleType()
            .name("max")
            .doc("the largest numeric value; null when there are none")
            .type()
            .optional()
            .doubleType()
            .endRecord();

    @Override
    public String name() {
        return "event-rollup";
    }

    @Override
    public List<ConfKey> confKeys() {
        return EventRollupConf.ALL;
    }

    @Override
    public String summary() {
        return "hourly count, sum, min and max of event values per host and event type (any log_data layout)";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(TimeRange.FROM, "first event time kept, epoch ms (default: all)");
        o.put(TimeRange.TO, "first event time no longer kept, epoch ms (default: all)");
        o.put(RollupOptions.HOST, "only this host (a key prefix for host-first, hashed and numeric)");
        o.put(RollupOptions.EVENT, "only this event type (a key range together with --host, except bucketed)");
        return o;
    }

    @Override
    public String loader() {
        return "events";
    }

    /**
     * {@code log_data}. The numeric layout's {@code log_types} is only consulted while planning (for the ids of
     * {@code --host}/{@code --event}), never read by a task, so it is not listed.
     */
    @Override
    public List<String> tables(JobOptions options) {
        RollupOptions.of(options);
        return List.of(EventSchema.LOG_DATA);
    }

    @Override
    public List<Job> stages(Configuration conf, JobOptions options) throws IOException {
        RollupOptions o = RollupOptions.of(options);
        RollupScans.Plan plan =
                RollupScans.plan(conf, options.table(EventSchema.LOG_DATA), options.table(EventSchema.LOG_TYPES), o);
        Job stage = JobRunner.stage(conf, this, "hourly rollup of the " + plan.layout() + " layout");
        HFileTableInputFormat.Configurator input = HFileTableInputFormat.configure(stage);
        for (ScanSpec scan : plan.scans()) {
            input.table(options.table(EventSchema.LOG_DATA)).scan(scan);
        }
        input.apply();
        Configuration c = stage.getConfiguration();
        c.set(LAYOUT_KEY, plan.layout());
        c.setInt(SCANS_KEY, plan.scans().size());
        if (o.host() != null) {
            c.set(HOST_KEY, o.host());
        }
        if (o.event() != null) {
            c.set(EVENT_KEY, o.event());
        }
        stage.setMapperClass(RollupMapper.class);
        stage.setCombinerClass(RollupCombiner.class);
        stage.setReducerClass(RollupReducer.class);
        stage.setMapOutputKeyClass(RollupKey.class);
        stage.setMapOutputValueClass(RollupPartial.class);
        stage.setSortComparatorClass(RollupKey.Comparator.class);
        if (stage.getNumReduceTasks() == 0) {
            stage.setNumReduceTasks(1); // the records are made by the reducer
        }
        DatasetOutputFormat.configure(stage, options.output(), options.format(), ROLLUP);
        return List.of(stage);
    }
}
