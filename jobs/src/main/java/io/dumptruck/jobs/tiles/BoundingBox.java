package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.rowkey.QuadKey;
import java.util.Locale;

/**
 * A longitude/latitude box, {@code --bbox minLon,minLat,maxLon,maxLat} in degrees. A box across the antimeridian
 * (minLon &gt; maxLon) is not supported: give two runs, one each side.
 */
record BoundingBox(double minLon, double minLat, double maxLon, double maxLat) {
    static final String USAGE = "minLon,minLat,maxLon,maxLat in degrees (e.g. -10,35,30,60)";

    /**
     * Parses the option value.
     *
     * @throws IllegalArgumentException naming {@code --option} and what it takes
     */
    public static BoundingBox parse(String option, String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("--" + option + " takes " + USAGE + ", got '" + text + "'");
        }
        double[] v = new double[4];
        for (int i = 0; i < 4; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + option + " takes " + USAGE + ", got '" + text + "'");
            }
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException("--" + option + " takes " + USAGE + ", got '" + text + "'");
            }
        }
        if (v[0] < -180 || v[2] > 180 || v[1] < -90 || v[3] > 90) {
            throw new IllegalArgumentException(
                    "--" + option + " takes longitudes in [-180, 180] and latitudes in [-90, 90], got '" + text + "'");
        }
        if (v[0] > v[2] || v[1] > v[3]) {
            throw new IllegalArgumentException("--" + option + " takes minLon <= maxLon and minLat <= maxLat "
                    + "(a box across the antimeridian is not supported), got '" + text + "'");
        }
        return new BoundingBox(v[0], v[1], v[2], v[3]);
    }

    /**
     * The tiles at {@code zoom} meeting the box: those of its corners and every tile between them, where a point's tile
     * is found as the job finds a place's, from its level-16 tile ({@link QuadKey#tileX}, {@link QuadKey#tileY} at
     * level 16, the geo loader's rule) shifted right by {@code 16 − zoom}. That rule is monotonic in longitude and
     * latitude, so every place inside the box lies in one of these tiles.
     */
    public TileArea tiles(int zoom) {
        int shift = QuadKey.MAX_PACKED_LEVEL - zoom;
        int level = QuadKey.MAX_PACKED_LEVEL;
        return new TileArea(
                zoom,
                QuadKey.tileX(maxLat, minLon, level) >> shift,
                QuadKey.tileX(maxLat, maxLon, level) >> shift,
                QuadKey.tileY(maxLat, minLon, level) >> shift,
                QuadKey.tileY(minLat, minLon, level) >> shift);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s,%s,%s,%s", minLon, minLat, maxLon, maxLat);
    }
}
