package io.dumptruck.jobs.toppages;

/** What the per-visitor stage of {@link TopPagesJob} counts. */
enum TopPagesCounter {
    /** Visitors found in {@code cookie_url_count}, {@code cookie_stats} or both: each one is checked. */
    VISITORS_CHECKED,
    /**
     * Visitors whose {@code cookie_stats} {@code c:} cell disagrees with their counts: one {@code stats_check} record
     * each.
     */
    STATS_MISMATCHES
}
