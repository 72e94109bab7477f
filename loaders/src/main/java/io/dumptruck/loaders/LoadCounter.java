package io.dumptruck.loaders;

/**
 * What happened to the input of a load: {@code RECORDS_READ = RECORDS_LOADED + RECORDS_REJECTED}, always. Blank and
 * comment lines are not records ({@code LINES_SKIPPED}), nor are the rows a folding load reads from its live tables
 * ({@code HELD_ROWS_*}). Each reject reason is also counted on its own in {@link #REASON_GROUP}, named
 * {@code <Reason>}.
 */
public enum LoadCounter {
    RECORDS_READ,
    RECORDS_LOADED,
    RECORDS_REJECTED,
    LINES_SKIPPED,
    /**
     * Rows read from the snapshots of the live tables a load folds into (where only some columns are read, rows holding
     * one of them).
     */
    HELD_ROWS_READ,
    /**
     * Rows of those snapshots whose cells could not be read as the table's schema says: not folded, a touched one is
     * rewritten from the day's input.
     */
    HELD_ROWS_UNREADABLE;

    public static final String REASON_GROUP = "dumptruck reject reasons";
}
