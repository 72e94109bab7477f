package io.dumptruck.jobs.output;

import io.dumptruck.formats.ConfKey;

/** The configuration keys of {@code DatasetOutputFormat}, which every analytics job writes its data sets through. */
public enum DatasetConf implements ConfKey {
    KIND("dumptruck.job.output.kind", null, "internal: the output kind of a job's data sets (parquet, avro)"),
    SCHEMA(
            "dumptruck.job.output.schema.",
            null,
            "internal: dumptruck.job.output.schema.<i> = the Avro schema of the i-th data set");

    private final Definition definition;

    DatasetConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    DatasetConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
