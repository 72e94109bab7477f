package io.dumptruck.jobs.graphstats;

/** What a {@code graph-stats} run counted, beside the records of its data sets. */
enum GraphStatsCounter {
    /** Accounts written to {@code degrees}: every account that follows or is followed. */
    USERS,
    /**
     * Accounts with more followers than {@code --max-fanout}: not used as the middle of a suggestion (their followers
     * are neither held nor paired with whom they follow).
     */
    MIDDLES_OVER_FANOUT,
    /**
     * Accounts within {@code --max-fanout} whose followers × followees is more than {@code --max-pairs}: not used as
     * the middle of a suggestion either (an account that follows millions would make millions of pairs per follower).
     */
    MIDDLES_OVER_PAIR_BUDGET,
    /** Two-hop paths a → b → c (c ≠ a) through middles within both limits, before summing per (a, c). */
    TWO_HOP_PATHS,
    /**
     * Accounts whose name is in no qualifier of either table, so they cannot be written: impossible for tables of one
     * graph load (each edge names both ends), possible when the two tables come from different loads.
     */
    USERS_WITHOUT_NAME,
    /** Rows whose key is not the 32 bytes md5 ‖ md5 of the graph tables; skipped. */
    MALFORMED_ROWS
}
