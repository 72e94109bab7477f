package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;
import java.util.Arrays;

/**
 * Quadkeys of the Bing Maps tile system (docs/tables.md, geo loader).
 *
 * <p>A point maps to a tile at level L (1..23) by
 *
 * <pre>
 *   lat clipped to ±85.05112878, lon clipped to ±180
 *   x = (lon + 180) / 360
 *   s = sin(lat·π/180),  y = 0.5 − ln((1 + s) / (1 − s)) / (4π)
 *   mapSize = 256·2^L
 *   pixelX = clip(x·mapSize + 0.5, 0, mapSize − 1), likewise pixelY;  tile = pixel / 256
 *   quadkey digit i (most significant first) = bit of tileX + 2·bit of tileY
 * </pre>
 *
 * <p>Tile (0, 0) is the north-west corner; the quadkey of a tile is a prefix of the quadkeys of all the tiles inside
 * it. The <em>packed</em> form of a quadkey of level L ≤ 16 is {@code Σ digit_i · 4^(L−1−i)}, right-aligned in an
 * {@code int}; at level 16 it is {@code qk16}, which uses all 32 bits and is to be read as unsigned (e.g. with
 * {@link Integer#toUnsignedLong(int)}). Written big-endian, packed level-16 keys sort like the quadkey strings, so the
 * points of a tile are one contiguous range ({@link #childRange16}).
 */
@PublicApi
public final class QuadKey {

    /** Latitude limit of the Web Mercator square. */
    public static final double MAX_LATITUDE = 85.05112878;

    /** Deepest level of the string form. */
    public static final int MAX_LEVEL = 23;

    /** Deepest level of the packed {@code int} form. */
    public static final int MAX_PACKED_LEVEL = 16;

    private QuadKey() {}

    /**
     * Tile column of a point at {@code level} (1..23), 0 at longitude −180.
     *
     * @throws IllegalArgumentException for a NaN or infinite coordinate or a bad level
     */
    public static int tileX(double lat, double lon, int level) {
        checkPoint(lat, lon);
        checkLevel(level, MAX_LEVEL);
        return tile((clip(lon, -180, 180) + 180) / 360, level);
    }

    /**
     * Tile row of a point at {@code level} (1..23), 0 at the north edge.
     *
     * @throws IllegalArgumentException for a NaN or infinite coordinate or a bad level
     */
    public static int tileY(double lat, double lon, int level) {
        checkPoint(lat, lon);
        checkLevel(level, MAX_LEVEL);
        double s = Math.sin(clip(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI / 180);
        return tile(0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI), level);
    }

    /**
     * Quadkey of a point: {@code level} digits {@code '0'..'3'}, most significant first.
     *
     * @throws IllegalArgumentException for a NaN or infinite coordinate or a level outside 1..23
     */
    public static String quadKey(double lat, double lon, int level) {
        return tileToQuadKey(tileX(lat, lon, level), tileY(lat, lon, level), level);
    }

    /**
     * Quadkey of the tile ({@code tileX}, {@code tileY}) at {@code level}: Bing's own example is tile (3, 5) at level 3
     * → {@code "213"}.
     *
     * @throws IllegalArgumentException if the level is outside 1..23 or the tile outside the level
     */
    public static String tileToQuadKey(int tileX, int tileY, int level) {
        checkLevel(level, MAX_LEVEL);
        checkTile(tileX, tileY, level);
        char[] digits = new char[level];
        for (int i = 0; i < level; i++) {
            int bit = level - 1 - i;
            digits[i] = (char) ('0' + ((tileX >>> bit) & 1) + 2 * ((tileY >>> bit) & 1));
        }
        return new String(digits);
    }

    /**
     * The tile of a quadkey string of 1..23 digits, as {@code {tileX, tileY}}.
     *
     * @throws IllegalArgumentException for an empty or over-long key or a digit outside '0'..'3'
     */
    public static int[] tileXY(String quadKey) {
        checkLevel(quadKey.length(), MAX_LEVEL);
        int x = 0;
        int y = 0;
        for (int i = 0; i < quadKey.length(); i++) {
            int d = digit(quadKey, i);
            x = (x << 1) | (d & 1);
            y = (y << 1) | (d >> 1);
        }
        return new int[] {x, y};
    }

    /**
     * Packed quadkey of a point at {@code level} (1..16): {@code Σ digit_i · 4^(level−1−i)}, i.e. the bits of tileY and
     * tileX interleaved (tileY bit above tileX bit), right-aligned. At level 16 this is {@code qk16}; read it as
     * unsigned.
     *
     * <pre>
     *   bit 2k+1 = bit k of tileY,  bit 2k = bit k of tileX,  bits ≥ 2·level are 0
     * </pre>
     *
     * @throws IllegalArgumentException for a NaN or infinite coordinate or a level outside 1..16
     */
    public static int packed(double lat, double lon, int level) {
        checkLevel(level, MAX_PACKED_LEVEL);
        return interleave(tileX(lat, lon, level), tileY(lat, lon, level), level);
    }

    /**
     * The quadkey string of a packed quadkey of {@code level} (1..16) digits.
     *
     * @throws IllegalArgumentException if the level is outside 1..16 or {@code packed} has bits above {@code 2·level}
     */
    public static String toQuadKey(int packed, int level) {
        checkPacked(packed, level);
        char[] digits = new char[level];
        for (int i = 0; i < level; i++) {
            digits[i] = (char) ('0' + ((packed >>> (2 * (level - 1 - i))) & 3));
        }
        return new String(digits);
    }

    /**
     * Packs a quadkey string of 1..16 digits; its level is its length.
     *
     * @throws IllegalArgumentException for an empty or over-long key or a digit outside '0'..'3'
     */
    public static int fromQuadKey(String quadKey) {
        checkLevel(quadKey.length(), MAX_PACKED_LEVEL);
        int packed = 0;
        for (int i = 0; i < quadKey.length(); i++) {
            packed = (packed << 2) | digit(quadKey, i);
        }
        return packed;
    }

    /**
     * The inclusive {@code qk16} range {@code {lo, hi}} of all level-16 tiles inside a tile: the tile's packed key
     * followed by {@code 16 − level} digits of 0 (lo) or 3 (hi). Compare the bounds as unsigned; a scan from
     * {@code int(lo)} to {@code int(hi)} (inclusive) on {@code tile_places} returns the points in the tile.
     *
     * @throws IllegalArgumentException if the level is outside 1..16 or {@code packed} does not fit
     */
    public static int[] childRange16(int packed, int level) {
        checkPacked(packed, level);
        int shift = 2 * (MAX_PACKED_LEVEL - level);
        int lo = packed << shift;
        int hi = lo | ((1 << shift) - 1);
        return new int[] {lo, hi};
    }

    /**
     * The packed keys of the tiles around a tile at the same level: up to 8, in rows from north to south, west to east.
     * Columns wrap around the antimeridian; rows stop at the poles (a tile in the top or bottom row has 5 neighbours).
     * A tile is never its own neighbour and none is listed twice (at level 1 east and west are the same tile).
     *
     * @throws IllegalArgumentException if the level is outside 1..16 or {@code packed} does not fit
     */
    public static int[] neighbours(int packed, int level) {
        checkPacked(packed, level);
        int x = 0;
        int y = 0;
        for (int bit = level - 1; bit >= 0; bit--) {
            x = (x << 1) | ((packed >>> (2 * bit)) & 1);
            y = (y << 1) | ((packed >>> (2 * bit + 1)) & 1);
        }
        int size = 1 << level;
        int[] out = new int[8];
        int n = 0;
        for (int dy = -1; dy <= 1; dy++) {
            int ny = y + dy;
            if (ny < 0 || ny >= size) {
                continue;
            }
            for (int dx = -1; dx <= 1; dx++) {
                int nx = Math.floorMod(x + dx, size);
                int key = interleave(nx, ny, level);
                if (key != packed && !contains(out, n, key)) {
                    out[n++] = key;
                }
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static int tile(double fraction, int level) {
        long mapSize = 256L << level;
        long pixel = (long) clip(fraction * mapSize + 0.5, 0, mapSize - 1);
        return (int) (pixel / 256);
    }

    private static int interleave(int tileX, int tileY, int level) {
        int packed = 0;
        for (int bit = level - 1; bit >= 0; bit--) {
            packed = (packed << 2) | (((tileY >>> bit) & 1) << 1) | ((tileX >>> bit) & 1);
        }
        return packed;
    }

    private static int digit(String quadKey, int i) {
        char c = quadKey.charAt(i);
        if (c < '0' || c > '3') {
            throw new IllegalArgumentException("quadkey digit must be 0..3: \"" + quadKey + "\"");
        }
        return c - '0';
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    private static double clip(double v, double min, double max) {
        return Math.min(Math.max(v, min), max);
    }

    private static void checkPoint(double lat, double lon) {
        if (!Double.isFinite(lat) || !Double.isFinite(lon)) {
            throw new IllegalArgumentException("coordinates must be finite: " + lat + ", " + lon);
        }
    }

    private static void checkLevel(int level, int max) {
        if (level < 1 || level > max) {
            throw new IllegalArgumentException("level must be 1.." + max + ", got " + level);
        }
    }

    private static void checkTile(int tileX, int tileY, int level) {
        int size = 1 << level;
        if (tileX < 0 || tileX >= size || tileY < 0 || tileY >= size) {
            throw new IllegalArgumentException("tile (" + tileX + ", " + tileY + ") is outside level " + level);
        }
    }

    private static void checkPacked(int packed, int level) {
        checkLevel(level, MAX_PACKED_LEVEL);
        if (level < MAX_PACKED_LEVEL && (packed >>> (2 * level)) != 0) {
            throw new IllegalArgumentException(
                    "packed quadkey 0x" + Integer.toHexString(packed) + " has more than " + level + " digits");
        }
    }
}
