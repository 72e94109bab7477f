package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.ConfKey;

/**
 * The configuration keys of the tile-density job (listed by {@code dumptruck help config} through {@code JobCatalog}).
 */
public enum TileDensityConf implements ConfKey {
    ZOOM("dumptruck.job.tiles.zoom", null, "internal: the zoom of the tiles counted (from --zoom)"),
    AREA("dumptruck.job.tiles.area", null, "internal: the tiles counted (from --bbox); absent for every tile");

    private final Definition definition;

    TileDensityConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    TileDensityConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
