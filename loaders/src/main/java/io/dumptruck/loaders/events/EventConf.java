package io.dumptruck.loaders.events;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/** The configuration keys of the events loader. */
public final class EventConf {
    public static final ConfKey IDS = new ConfKey.Key(
            "dumptruck.load.events.ids",
            null,
            "internal: the directory of the events loader's name-to-id listing (numeric layout)");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(IDS);

    private EventConf() {}
}
