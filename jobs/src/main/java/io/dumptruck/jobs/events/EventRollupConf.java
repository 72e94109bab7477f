package io.dumptruck.jobs.events;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/**
 * The configuration keys of the event-rollup job (listed by {@code dumptruck help config} through {@code JobCatalog}).
 */
public final class EventRollupConf {
    public static final ConfKey LAYOUT = new ConfKey.Key(
            "dumptruck.job.events-rollup.layout", null, "internal: the log_data layout the mappers decode");

    public static final ConfKey HOST =
            new ConfKey.Key("dumptruck.job.events-rollup.host", null, "internal: --host, when given");

    public static final ConfKey EVENT =
            new ConfKey.Key("dumptruck.job.events-rollup.event", null, "internal: --event, when given");

    public static final ConfKey SCANS =
            new ConfKey.Key("dumptruck.job.events-rollup.scans", null, "internal: the number of scans configured");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(LAYOUT, HOST, EVENT, SCANS);

    private EventRollupConf() {}
}
