package io.dumptruck.jobs.graphstats;

import io.dumptruck.formats.runtime.NamedOptions;
import io.dumptruck.jobs.TopK;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The checked options of a {@code graph-stats} run.
 *
 * @param top suggestions kept per user, 1 to {@link TopK#MAX_K}
 * @param maxFanout a middle account with more followers than this is left out of the suggestions
 * @param maxPairs a middle account whose followers × followees is more than this is left out of the suggestions
 */
record GraphStatsSettings(int top, int maxFanout, long maxPairs) {
    static final String TOP = "top";
    static final String MAX_FANOUT = "max-fanout";
    static final String MAX_PAIRS = "max-pairs";
    static final int DEFAULT_TOP = 5;
    static final int DEFAULT_MAX_FANOUT = 10_000;
    static final long DEFAULT_MAX_PAIRS = 100_000_000L;

    /** The options with one line of help each, in the order the usage lists them. */
    static Map<String, String> help() {
        Map<String, String> help = new LinkedHashMap<>();
        help.put(
                TOP,
                "K: friend-of-friend suggestions kept per user, most shared follows first (1 to " + TopK.MAX_K
                        + "; default " + DEFAULT_TOP + ")");
        help.put(
                MAX_FANOUT,
                "N: accounts with more than N followers are not used as the middle of a suggestion;"
                        + " their followers would be held in memory (default " + DEFAULT_MAX_FANOUT + ")");
        help.put(
                MAX_PAIRS,
                "P: accounts whose followers x followees is more than P are not used as the middle of a"
                        + " suggestion; each would make that many candidate pairs (default " + DEFAULT_MAX_PAIRS + ")");
        return help;
    }

    /** Reads and checks the options; a bad value is an IllegalArgumentException naming the option. */
    static GraphStatsSettings of(NamedOptions options) {
        int top = TopK.option(options, TOP, DEFAULT_TOP);
        int maxFanout = options.getInt(MAX_FANOUT, DEFAULT_MAX_FANOUT, 1, Integer.MAX_VALUE);
        long maxPairs = options.getLong(MAX_PAIRS, DEFAULT_MAX_PAIRS, 1, Long.MAX_VALUE);
        return new GraphStatsSettings(top, maxFanout, maxPairs);
    }
}
