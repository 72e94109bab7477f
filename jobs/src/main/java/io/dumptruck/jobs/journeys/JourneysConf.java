package io.dumptruck.jobs.journeys;

import io.dumptruck.formats.ConfKey;

/** The configuration keys of the journeys job (listed by {@code dumptruck help config} through {@code JobCatalog}). */
public enum JourneysConf implements ConfKey {
    SESSION_GAP_MS(
            "dumptruck.job.journeys.session-gap-ms",
            null,
            "internal: the session gap of journeys (from --session-gap)"),
    TRANSITION_BUFFER(
            "dumptruck.job.journeys.transition-buffer",
            "100000",
            "distinct transitions a journeys reducer sums in memory before writing them out",
            Check.wholeNumber(1, Integer.MAX_VALUE, "transitions"));

    private final Definition definition;

    JourneysConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    JourneysConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
