package io.dumptruck.loaders;

/**
 * What happened to the input of a load: {@code RECORDS_READ = RECORDS_LOADED + RECORDS_REJECTED},
 * always. Blank and comment lines are not records ({@code LINES_SKIPPED}). Each reject reason is also
 * counted on its own in {@link #REASON_GROUP}, named {@code <Reason>}.
 */
public enum LoadCounter {
  RECORDS_READ,
  RECORDS_LOADED,
  RECORDS_REJECTED,
  LINES_SKIPPED;

  public static final String REASON_GROUP = "dumptruck reject reasons";
}
