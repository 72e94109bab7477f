package io.dumptruck.loaders;

import io.dumptruck.formats.ConfKey;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** The configuration keys every loader reads (each loader's own are listed by {@code LoaderCatalog.confKeys}). */
public final class LoaderConf {
    public static final ConfKey LOAD_TIMESTAMP = new ConfKey.Key(
            "dumptruck.load.timestamp",
            null,
            "internal: the cell timestamp of records without a time of their own (epoch ms), one per load");

    public static final ConfKey OPTION_PREFIX = new ConfKey.Key(
            "dumptruck.load.option.", null, "internal: dumptruck.load.option.<name> = the loader's option --<name>");

    public static final ConfKey DATASET = new ConfKey.Key(
            "dumptruck.load.dataset",
            null,
            "internal: the class of the job's LineDataset, which LineLoaderMapper runs");

    public static final ConfKey CONTENT_ONLY = new ConfKey.Key(
            "dumptruck.load.content.only",
            null,
            "internal: true in the map-only pass that adds up a batch's content (records parsed, nothing written)");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(LOAD_TIMESTAMP, OPTION_PREFIX, DATASET, CONTENT_ONLY);

    private LoaderConf() {}

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
