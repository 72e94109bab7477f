package io.dumptruck.loaders.jsonspec;

import io.dumptruck.formats.ConfKey;

/** The configuration keys of the spec loader. */
public enum SpecConf implements ConfKey {
    SPEC("dumptruck.load.spec.json", null, "internal: the spec loader's spec, as JSON"),
    CSV_DELIMITER(
            "dumptruck.load.csv.delimiter",
            ",",
            "the field delimiter of CsvRecordInputFormat, one character (the spec loader sets it from the spec)",
            v -> v.length() == 1 ? null : "give one character");

    private final Definition definition;

    SpecConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    SpecConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
