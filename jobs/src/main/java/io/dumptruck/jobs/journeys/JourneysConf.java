package io.dumptruck.jobs.journeys;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/** The configuration keys of the journeys job (listed by {@code dumptruck help config} through {@code JobCatalog}). */
public final class JourneysConf {
    public static final ConfKey SESSION_GAP_MS = new ConfKey.Key(
            "dumptruck.job.journeys.session-gap-ms",
            null,
            "internal: the session gap of journeys (from --session-gap)");

    public static final ConfKey TRANSITION_BUFFER = new ConfKey.Key(
            "dumptruck.job.journeys.transition-buffer",
            "100000",
            "distinct transitions a journeys reducer sums in memory before writing them out",
            ConfKey.Check.wholeNumber(1, Integer.MAX_VALUE, "transitions"));

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(SESSION_GAP_MS, TRANSITION_BUFFER);

    private JourneysConf() {}
}
