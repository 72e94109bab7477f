package io.dumptruck.jobs.graphstats;

import io.dumptruck.loaders.NamedOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The checked options of a {@code graph-stats} run.
 *
 * @param top suggestions kept per user
 * @param maxFanout a middle account with more followers than this is left out of the suggestions
 */
record GraphStatsSettings(int top, int maxFanout) {
  static final String TOP = "top";
  static final String MAX_FANOUT = "max-fanout";
  static final int DEFAULT_TOP = 5;
  static final int DEFAULT_MAX_FANOUT = 10_000;

  /** The options with one line of help each, in the order the usage lists them. */
  static Map<String, String> help() {
    Map<String, String> help = new LinkedHashMap<>();
    help.put(TOP, "K: friend-of-friend suggestions kept per user, most shared follows first (default " + DEFAULT_TOP + ")");
    help.put(MAX_FANOUT, "N: accounts with more than N followers are not used as the middle of a suggestion;"
        + " each one costs followers x followees candidate pairs (default " + DEFAULT_MAX_FANOUT + ")");
    return help;
  }

  /** Reads and checks the options; a bad value is an IllegalArgumentException naming the option. */
  static GraphStatsSettings of(NamedOptions options) {
    return new GraphStatsSettings(atLeastOne(options, TOP, DEFAULT_TOP), atLeastOne(options, MAX_FANOUT, DEFAULT_MAX_FANOUT));
  }

  private static int atLeastOne(NamedOptions options, String name, int dflt) {
    int value = options.getInt(name, dflt);
    if (value < 1) {
      throw new IllegalArgumentException("--" + name + " takes a whole number, at least 1, got '" + options.get(name, "") + "'");
    }
    return value;
  }
}
