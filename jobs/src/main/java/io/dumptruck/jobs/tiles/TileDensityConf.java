package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/**
 * The configuration keys of the tile-density job (listed by {@code dumptruck help config} through {@code JobCatalog}).
 */
public final class TileDensityConf {
    public static final ConfKey ZOOM =
            new ConfKey.Key("dumptruck.job.tiles.zoom", null, "internal: the zoom of the tiles counted (from --zoom)");

    public static final ConfKey AREA = new ConfKey.Key(
            "dumptruck.job.tiles.area", null, "internal: the tiles counted (from --bbox); absent for every tile");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(ZOOM, AREA);

    private TileDensityConf() {}
}
