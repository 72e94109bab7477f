package io.dumptruck.jobs;

import io.dumptruck.formats.ConfKey;

/** Every configuration key the analytics jobs read, with its default and meaning, in one place (the shape of {@link ConfKey}). */
public enum JobConf implements ConfKey {
  JOURNEYS_SESSION_GAP_MS("dumptruck.job.journeys.session-gap-ms", null, "internal: the session gap of journeys (from --session-gap)"),
  JOURNEYS_TRANSITION_BUFFER("dumptruck.job.journeys.transition-buffer", "100000",
      "distinct transitions a journeys reducer sums in memory before writing them out",
      Check.wholeNumber(1, Integer.MAX_VALUE, "transitions")),
  GRAPHSTATS_TOP("dumptruck.job.graphstats.top", null, "internal: suggestions kept per user (from --top)"),
  GRAPHSTATS_MAX_FANOUT("dumptruck.job.graphstats.max-fanout", null, "internal: the fan-out limit (from --max-fanout)"),
  GRAPHSTATS_MAX_PAIRS("dumptruck.job.graphstats.max-pairs", null, "internal: the pair budget of one account (from --max-pairs)"),
  TOPPAGES_TOP("dumptruck.job.toppages.top", null, "internal: pages kept per visitor (from --top)"),
  EVENTS_ROLLUP_LAYOUT("dumptruck.job.events-rollup.layout", null, "internal: the log_data layout the mappers decode"),
  EVENTS_ROLLUP_HOST("dumptruck.job.events-rollup.host", null, "internal: --host, when given"),
  EVENTS_ROLLUP_EVENT("dumptruck.job.events-rollup.event", null, "internal: --event, when given"),
  EVENTS_ROLLUP_SCANS("dumptruck.job.events-rollup.scans", null, "internal: the number of scans configured"),
  TILES_ZOOM("dumptruck.job.tiles.zoom", null, "internal: the zoom of the tiles counted (from --zoom)"),
  TILES_AREA("dumptruck.job.tiles.area", null, "internal: the tiles counted (from --bbox); absent for every tile"),
  OUTPUT_KIND("dumptruck.job.output.kind", null, "internal: the output kind of a job's data sets (parquet, avro)"),
  OUTPUT_SCHEMA("dumptruck.job.output.schema.", null, "internal: dumptruck.job.output.schema.<i> = the Avro schema of the i-th data set");

  private final Definition definition;

  JobConf(String key, String defaultValue, String meaning) {
    this(key, defaultValue, meaning, null);
  }

  JobConf(String key, String defaultValue, String meaning, Check check) {
    this.definition = new Definition(key, defaultValue, meaning, check);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
