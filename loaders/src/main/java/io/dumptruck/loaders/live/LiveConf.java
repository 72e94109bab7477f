package io.dumptruck.loaders.live;

import io.dumptruck.formats.ConfKey;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The configuration keys of loads matched to live tables ({@code --live}): folding, pinned snapshots, HBase retries at
 * set-up.
 */
public final class LiveConf {
    /**
     * {@code <prefix><table>} = the name of a snapshot of the live table to fold from, instead of one the load takes.
     */
    public static final ConfKey HELD_SNAPSHOT = new ConfKey.Key(
            "dumptruck.load.snapshot.",
            null,
            "dumptruck.load.snapshot.<table>=NAME: a load folding into the live tables reads this snapshot of <table> instead of "
                    + "taking one at set-up (a scheduler pins it; it is not deleted afterwards)");

    public static final ConfKey FOLD = new ConfKey.Key(
            "dumptruck.load.fold",
            "true",
            "false: a load matched to live tables (--live) does not fold into what they hold: its "
                    + "folded tables get the input's cells alone, which replace the held ones once bulk-loaded (no snapshot is taken)",
            ConfKey.Check.TRUE_OR_FALSE);

    /**
     * internal: per live table a folding load reads, the {@code HeldState} class that re-emits its cells (same order as
     * {@link #HELD_DIRS}).
     */
    public static final ConfKey HELD_READERS = new ConfKey.Key(
            "dumptruck.load.held.readers", "", "internal: the classes that turn the snapshots' cells into held cells");

    /** internal: the directories of the snapshots a folding load reads (same order as {@link #HELD_READERS}). */
    public static final ConfKey HELD_DIRS = new ConfKey.Key(
            "dumptruck.load.held.dirs",
            "",
            "internal: the snapshots of the live tables the reducers read held rows from");

    public static final ConfKey RETRIES = new ConfKey.Key(
            "dumptruck.load.live.retries",
            "3",
            "how often a load matched to live tables retries reaching HBase at set-up before it fails",
            ConfKey.Check.wholeNumber(0, 100, "retries"));

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(HELD_SNAPSHOT, FOLD, HELD_READERS, HELD_DIRS, RETRIES);

    private LiveConf() {}

    /**
     * Whether a load matched to live tables folds into them ({@link #FOLD}); an IllegalArgumentException unless true or
     * false.
     */
    public static boolean folds(Configuration conf) {
        FOLD.requireValid(conf);
        return Boolean.parseBoolean(FOLD.get(conf).trim());
    }
}
