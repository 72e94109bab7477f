package io.dumptruck.jobs.graphstats;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/**
 * The configuration keys of the graph-stats job (listed by {@code dumptruck help config} through {@code JobCatalog}).
 */
public final class GraphStatsConf {
    public static final ConfKey TOP =
            new ConfKey.Key("dumptruck.job.graphstats.top", null, "internal: suggestions kept per user (from --top)");

    public static final ConfKey MAX_FANOUT = new ConfKey.Key(
            "dumptruck.job.graphstats.max-fanout", null, "internal: the fan-out limit (from --max-fanout)");

    public static final ConfKey MAX_PAIRS = new ConfKey.Key(
            "dumptruck.job.graphstats.max-pairs", null, "internal: the pair budget of one account (from --max-pairs)");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(TOP, MAX_FANOUT, MAX_PAIRS);

    private GraphStatsConf() {}
}
