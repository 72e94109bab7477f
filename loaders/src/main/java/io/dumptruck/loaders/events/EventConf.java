package io.dumptruck.loaders.events;

import io.dumptruck.formats.ConfKey;

/** The configuration keys of the events loader. */
public enum EventConf implements ConfKey {
    IDS(
            "dumptruck.load.events.ids",
            null,
            "internal: the directory of the events loader's name-to-id listing (numeric layout)");

    private final Definition definition;

    EventConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    EventConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
