package io.dumptruck.loaders.live;

import io.dumptruck.formats.ConfKey;
import org.apache.hadoop.conf.Configuration;

/**
 * The configuration keys of loads matched to live tables ({@code --live}): folding, pinned snapshots, HBase retries at
 * set-up.
 */
public enum LiveConf implements ConfKey {
    /**
     * {@code <prefix><table>} = the name of a snapshot of the live table to fold from, instead of one the load takes.
     */
    HELD_SNAPSHOT(
            "dumptruck.load.snapshot.",
            null,
            "dumptruck.load.snapshot.<table>=NAME: a load folding into the live tables reads this snapshot of <table> instead of "
                    + "taking one at set-up (a scheduler pins it; it is not deleted afterwards)"),
    FOLD(
            "dumptruck.load.fold",
            "true",
            "false: a load matched to live tables (--live) does not fold into what they hold: its "
                    + "folded tables get the input's cells alone, which replace the held ones once bulk-loaded (no snapshot is taken)",
            Check.TRUE_OR_FALSE),
    /**
     * internal: per live table a folding load reads, the {@code HeldState} class that re-emits its cells (same order as
     * {@link #HELD_DIRS}).
     */
    HELD_READERS(
            "dumptruck.load.held.readers", "", "internal: the classes that turn the snapshots' cells into held cells"),
    /** internal: the directories of the snapshots a folding load reads (same order as {@link #HELD_READERS}). */
    HELD_DIRS(
            "dumptruck.load.held.dirs",
            "",
            "internal: the snapshots of the live tables the reducers read held rows from"),
    RETRIES(
            "dumptruck.load.live.retries",
            "3",
            "how often a load matched to live tables retries reaching HBase at set-up before it fails",
            Check.wholeNumber(0, 100, "retries"));

    private final Definition definition;

    LiveConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    LiveConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }

    /**
     * Whether a load matched to live tables folds into them ({@link #FOLD}); an IllegalArgumentException unless true or
     * false.
     */
    public static boolean folds(Configuration conf) {
        FOLD.requireValid(conf);
        return Boolean.parseBoolean(FOLD.get(conf).trim());
    }
}
