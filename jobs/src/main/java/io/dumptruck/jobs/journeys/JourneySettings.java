package io.dumptruck.jobs.journeys;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.loaders.NamedOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checked options of a {@code journeys} run.
 *
 * @param sessionGapMinutes a session ends when the next page view comes more than this many minutes
 *     after the last one; a gap of exactly this long stays in the session
 * @param from only page views at or after this time count (epoch ms, inclusive)
 * @param to only page views before this time count (epoch ms, exclusive)
 */
record JourneySettings(long sessionGapMinutes, long from, long to) {
  static final String SESSION_GAP = "session-gap";
  static final String FROM = "from";
  static final String TO = "to";
  static final long DEFAULT_SESSION_GAP_MINUTES = 30;
  private static final long MILLIS_PER_MINUTE = 60_000L;

  /** The options with one line of help each, in the order the usage lists them. */
  static Map<String, String> help() {
    Map<String, String> help = new LinkedHashMap<>();
    help.put(SESSION_GAP, "MINUTES: a gap longer than this between two page views of a visitor starts a new session"
        + " (default " + DEFAULT_SESSION_GAP_MINUTES + "; a gap of exactly this long stays in the session)");
    help.put(FROM, "EPOCH_MS: count only page views at or after this time (default: from the first)");
    help.put(TO, "EPOCH_MS: count only page views before this time (default: to the last)");
    return help;
  }

  /** Reads and checks the options; a bad value is an IllegalArgumentException naming the option. */
  static JourneySettings of(NamedOptions options) {
    long gap = options.getLong(SESSION_GAP, DEFAULT_SESSION_GAP_MINUTES);
    if (gap < 1 || gap > Long.MAX_VALUE / MILLIS_PER_MINUTE) {
      throw new IllegalArgumentException("--" + SESSION_GAP + " takes a whole number of minutes from 1 to "
          + Long.MAX_VALUE / MILLIS_PER_MINUTE + ", got '" + options.get(SESSION_GAP, "") + "'");
    }
    long from = options.getLong(FROM, 0);
    if (from < 0) {
      throw new IllegalArgumentException("--" + FROM + " takes epoch milliseconds >= 0, got '" + options.get(FROM, "") + "'");
    }
    long to = options.getLong(TO, Long.MAX_VALUE);
    if (to <= from) {
      throw new IllegalArgumentException("--" + TO + " takes epoch milliseconds after --" + FROM + " (" + from
          + "), got '" + options.get(TO, "") + "'");
    }
    return new JourneySettings(gap, from, to);
  }

  long sessionGapMillis() {
    return sessionGapMinutes * MILLIS_PER_MINUTE;
  }

  /**
   * The scan of {@code visits}: only {@code p:u} (path) and {@code p:r} (reversed referer), only cells
   * in {@code [from, to)}, so the files whose time range misses it are not opened at all.
   */
  ScanSpec scan() {
    return ScanSpec.all()
        .withColumns(List.of(ViewMapper.PATH_COLUMN, ViewMapper.REFERER_COLUMN))
        .withTimeRange(from, to);
  }
}
