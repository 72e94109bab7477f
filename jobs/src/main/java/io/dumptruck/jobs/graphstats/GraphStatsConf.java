package io.dumptruck.jobs.graphstats;

import io.dumptruck.formats.ConfKey;

/**
 * The configuration keys of the graph-stats job (listed by {@code dumptruck help config} through {@code JobCatalog}).
 */
public enum GraphStatsConf implements ConfKey {
    TOP("dumptruck.job.graphstats.top", null, "internal: suggestions kept per user (from --top)"),
    MAX_FANOUT("dumptruck.job.graphstats.max-fanout", null, "internal: the fan-out limit (from --max-fanout)"),
    MAX_PAIRS(
            "dumptruck.job.graphstats.max-pairs", null, "internal: the pair budget of one account (from --max-pairs)");

    private final Definition definition;

    GraphStatsConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    GraphStatsConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
