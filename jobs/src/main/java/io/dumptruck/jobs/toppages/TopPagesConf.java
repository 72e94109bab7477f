package io.dumptruck.jobs.toppages;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/** The configuration keys of the top-pages job (listed by {@code dumptruck help config} through {@code JobCatalog}). */
public final class TopPagesConf {
    public static final ConfKey TOP =
            new ConfKey.Key("dumptruck.job.toppages.top", null, "internal: pages kept per visitor (from --top)");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(TOP);

    private TopPagesConf() {}
}
