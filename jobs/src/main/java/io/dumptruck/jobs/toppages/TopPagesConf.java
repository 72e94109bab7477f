package io.dumptruck.jobs.toppages;

import io.dumptruck.formats.ConfKey;

/** The configuration keys of the top-pages job (listed by {@code dumptruck help config} through {@code JobCatalog}). */
public enum TopPagesConf implements ConfKey {
    TOP("dumptruck.job.toppages.top", null, "internal: pages kept per visitor (from --top)");

    private final Definition definition;

    TopPagesConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    TopPagesConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
