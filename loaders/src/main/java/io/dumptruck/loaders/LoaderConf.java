package io.dumptruck.loaders;

import org.apache.hadoop.conf.Configuration;

/** The configuration keys every loader reads, with defaults, in one place. */
public enum LoaderConf {
  /** The cell timestamp of records without a time of their own (epoch ms); set once per load. */
  LOAD_TIMESTAMP("dumptruck.load.timestamp"),
  /** Loader-specific options, as {@code <prefix><option>}; see each loader. */
  OPTION_PREFIX("dumptruck.load.option."),
  /** internal: the class of the job's {@link LineDataset}, which {@link LineLoaderMapper} runs. */
  DATASET("dumptruck.load.dataset"),
  /** What the load reads, for its summary: the number of input files, and the hidden files skipped (count and examples). */
  INPUT_FILES("dumptruck.load.input.files"),
  INPUT_SKIPPED("dumptruck.load.input.skipped");

  private final String key;

  LoaderConf(String key) {
    this.key = key;
  }

  public String key() {
    return key;
  }

  public static long loadTimestamp(Configuration conf) {
    long ts = conf.getLong(LOAD_TIMESTAMP.key, -1);
    if (ts < 0) {
      throw new IllegalStateException(LOAD_TIMESTAMP.key + " is not set; the load command sets it");
    }
    return ts;
  }

  public static String option(Configuration conf, String name, String dflt) {
    return conf.get(OPTION_PREFIX.key + name, dflt);
  }
}
