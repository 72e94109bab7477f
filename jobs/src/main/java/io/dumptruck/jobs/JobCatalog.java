package io.dumptruck.jobs;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.jobs.events.EventRollupJob;
import io.dumptruck.jobs.graphstats.GraphStatsJob;
import io.dumptruck.jobs.journeys.JourneysJob;
import io.dumptruck.jobs.output.DatasetConf;
import io.dumptruck.jobs.tiles.TileDensityJob;
import io.dumptruck.jobs.toppages.TopPagesJob;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every analytics job, by command-line name, in the order the usage lists them. */
@PublicApi
public final class JobCatalog {
    private JobCatalog() {}

    public static Map<String, AnalyticsJob> all() {
        Map<String, AnalyticsJob> jobs = new LinkedHashMap<>();
        for (AnalyticsJob j : List.of(
                new JourneysJob(),
                new TopPagesJob(),
                new GraphStatsJob(),
                new TileDensityJob(),
                new EventRollupJob())) {
            jobs.put(j.name(), j);
        }
        return jobs;
    }

    /** The configuration keys of every job, and of the data sets they write. */
    public static List<ConfKey> confKeys() {
        List<ConfKey> keys = new ArrayList<>(DatasetConf.ALL);
        all().values().forEach(j -> keys.addAll(j.confKeys()));
        return keys;
    }
}
