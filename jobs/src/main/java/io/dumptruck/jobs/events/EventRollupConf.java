package io.dumptruck.jobs.events;

import io.dumptruck.formats.ConfKey;

/**
 * The configuration keys of the event-rollup job (listed by {@code dumptruck help config} through {@code JobCatalog}).
 */
public enum EventRollupConf implements ConfKey {
    LAYOUT("dumptruck.job.events-rollup.layout", null, "internal: the log_data layout the mappers decode"),
    HOST("dumptruck.job.events-rollup.host", null, "internal: --host, when given"),
    EVENT("dumptruck.job.events-rollup.event", null, "internal: --event, when given"),
    SCANS("dumptruck.job.events-rollup.scans", null, "internal: the number of scans configured");

    private final Definition definition;

    EventRollupConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    EventRollupConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
