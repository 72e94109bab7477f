package io.dumptruck.jobs.events;

/** What an {@code event-rollup} run read and kept (group: this enum's class name). */
enum RollupCounter {
    /** Scans of {@code log_data} the run configured (bucketed: one per bucket); counted once, by reduce task 0. */
    SCANS_CONFIGURED,
    /** Rows of {@code log_data} handed to the mappers. */
    ROWS_READ,
    /**
     * Rows read but left out because their host or event is not the one asked for ({@code --host}, {@code --event}).
     */
    ROWS_NOT_SELECTED,
    /** Values counted in {@code count} only, because they are not decimal numbers (see {@link DecimalValue}). */
    VALUES_NOT_NUMBERS
}
