package io.dumptruck.loaders;

import io.dumptruck.formats.ConfKey;
import org.apache.hadoop.conf.Configuration;

/** The configuration keys every loader reads (each loader's own are listed by {@code LoaderCatalog.confKeys}). */
public enum LoaderConf implements ConfKey {
    LOAD_TIMESTAMP(
            "dumptruck.load.timestamp",
            null,
            "internal: the cell timestamp of records without a time of their own (epoch ms), one per load"),
    OPTION_PREFIX(
            "dumptruck.load.option.", null, "internal: dumptruck.load.option.<name> = the loader's option --<name>"),
    DATASET(
            "dumptruck.load.dataset",
            null,
            "internal: the class of the job's LineDataset, which LineLoaderMapper runs");

    private final Definition definition;

    LoaderConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    LoaderConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }

    public static long loadTimestamp(Configuration conf) {
        long ts = conf.getLong(LOAD_TIMESTAMP.key(), -1);
        if (ts < 0) {
            throw new IllegalStateException(LOAD_TIMESTAMP.key() + " is not set; the load command sets it");
        }
        return ts;
    }

    public static String option(Configuration conf, String name, String dflt) {
        return conf.get(OPTION_PREFIX.key() + name, dflt);
    }
}
