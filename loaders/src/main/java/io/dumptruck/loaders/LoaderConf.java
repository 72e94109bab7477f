package io.dumptruck.loaders;

import io.dumptruck.formats.ConfKey;
import org.apache.hadoop.conf.Configuration;

/** Every configuration key the loaders read, with its default and meaning, in one place (the shape of {@link ConfKey}). */
public enum LoaderConf implements ConfKey {
  LOAD_TIMESTAMP("dumptruck.load.timestamp", null, "internal: the cell timestamp of records without a time of their own (epoch ms), one per load"),
  OPTION_PREFIX("dumptruck.load.option.", null, "internal: dumptruck.load.option.<name> = the loader's option --<name>"),
  DATASET("dumptruck.load.dataset", null, "internal: the class of the job's LineDataset, which LineLoaderMapper runs"),
  SPEC_JSON("dumptruck.load.spec.json", null, "internal: the spec loader's spec, as JSON"),
  CSV_DELIMITER("dumptruck.load.csv.delimiter", ",", "the field delimiter of CsvRecordInputFormat, one character (the spec loader sets it from the spec)",
      v -> v.length() == 1 ? null : "give one character"),
  /** {@code <prefix><table>} = the name of a snapshot of the live table to fold from, instead of one the load takes. */
  HELD_SNAPSHOT("dumptruck.load.snapshot.", null,
      "dumptruck.load.snapshot.<table>=NAME: a load folding into the live tables reads this snapshot of <table> instead of "
      + "taking one at set-up (a scheduler pins it; it is not deleted afterwards)"),
  FOLD("dumptruck.load.fold", "true", "false: a load matched to live tables (--live) does not fold into what they hold: its "
      + "folded tables get the input's cells alone, which replace the held ones once bulk-loaded (no snapshot is taken)",
      Check.TRUE_OR_FALSE),
  /** internal: per live table a folding load reads, the {@code HeldState} class that re-emits its cells (same order as {@link #HELD_DIRS}). */
  HELD_READERS("dumptruck.load.held.readers", "", "internal: the classes that turn the snapshots' cells into held cells"),
  /** internal: the directories of the snapshots a folding load reads (same order as {@link #HELD_READERS}). */
  HELD_DIRS("dumptruck.load.held.dirs", "", "internal: the snapshots of the live tables the reducers read held rows from"),
  LIVE_RETRIES("dumptruck.load.live.retries", "3", "how often a load matched to live tables retries reaching HBase at set-up before it fails",
      Check.wholeNumber(0, 100, "retries")),
  EVENT_IDS("dumptruck.load.events.ids", null, "internal: the directory of the events loader's name-to-id listing (numeric layout)");

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

  /** Whether a load matched to live tables folds into them ({@link #FOLD}); an IllegalArgumentException unless true or false. */
  public static boolean folds(Configuration conf) {
    FOLD.requireValid(conf);
    return Boolean.parseBoolean(FOLD.get(conf).trim());
  }

  public static String option(Configuration conf, String name, String dflt) {
    return conf.get(OPTION_PREFIX.key() + name, dflt);
  }
}
