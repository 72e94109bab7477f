package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.rowkey.QuadKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A rectangle of tiles at one zoom, columns {@code minX..maxX} and rows {@code minY..maxY} (inclusive, tile (0, 0) in
 * the north-west), and the {@code qk16} key ranges of {@code tile_places} that hold its places.
 */
record TileArea(int zoom, int minX, int maxX, int minY, int maxY) {
    /** Tiles enumerated at most per level when looking for key ranges; a larger level is skipped for a coarser one. */
    private static final long MAX_ENUMERATED = 1 << 14;

    public TileArea {
        int size = 1 << zoom;
        if (zoom < 1
                || zoom > QuadKey.MAX_PACKED_LEVEL
                || minX < 0
                || maxX >= size
                || minY < 0
                || maxY >= size
                || minX > maxX
                || minY > maxY) {
            throw new IllegalArgumentException(
                    "not a tile rectangle at zoom " + zoom + ": x " + minX + ".." + maxX + ", y " + minY + ".." + maxY);
        }
    }

    /** True when the tile of this packed quadkey at {@link #zoom} lies in the rectangle. */
    public boolean contains(int packedTile) {
        int[] xy = QuadKey.tileXY(QuadKey.toQuadKey(packedTile, zoom));
        return xy[0] >= minX && xy[0] <= maxX && xy[1] >= minY && xy[1] <= maxY;
    }

    /**
     * At most {@code maxRanges} (≥ 4) inclusive ranges {@code {lo, hi}} of unsigned {@code qk16} values, in order,
     * whose rows hold every place of the rectangle. They are the tiles covering the rectangle at the deepest level (≤
     * {@link #zoom}) where these, merged when their keys are consecutive, make no more than {@code maxRanges} ranges:
     * exact when that level is the zoom itself, a little wider otherwise (the mapper then drops the places outside). At
     * level 1 there are at most 4 tiles.
     */
    public List<long[]> keyRanges(int maxRanges) {
        if (maxRanges < 4) {
            throw new IllegalArgumentException("at least 4 key ranges are needed to cover any area, got " + maxRanges);
        }
        for (int level = zoom; level >= 1; level--) {
            int shift = zoom - level;
            long width = (maxX >> shift) - (minX >> shift) + 1L;
            long height = (maxY >> shift) - (minY >> shift) + 1L;
            if (width * height > MAX_ENUMERATED) {
                continue;
            }
            List<long[]> ranges = ranges(level, minX >> shift, maxX >> shift, minY >> shift, maxY >> shift);
            if (ranges.size() <= maxRanges) {
                return ranges;
            }
        }
        throw new IllegalStateException("level 1 has at most 4 tiles");
    }

    /** The qk16 ranges of the tiles of a rectangle at {@code level}, merged where consecutive. */
    private static List<long[]> ranges(int level, int x0, int x1, int y0, int y1) {
        long[] keys = new long[(x1 - x0 + 1) * (y1 - y0 + 1)];
        int n = 0;
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                keys[n++] = Integer.toUnsignedLong(QuadKey.fromQuadKey(QuadKey.tileToQuadKey(x, y, level)));
            }
        }
        Arrays.sort(keys);
        int shift = 2 * (QuadKey.MAX_PACKED_LEVEL - level);
        List<long[]> out = new ArrayList<>();
        long start = keys[0];
        for (int i = 1; i <= keys.length; i++) {
            if (i == keys.length || keys[i] != keys[i - 1] + 1) {
                out.add(new long[] {start << shift, ((keys[i - 1] + 1) << shift) - 1});
                if (i < keys.length) {
                    start = keys[i];
                }
            }
        }
        return out;
    }

    /** The form kept in a job's configuration: {@code zoom,minX,maxX,minY,maxY}. */
    public String encode() {
        return zoom + "," + minX + "," + maxX + "," + minY + "," + maxY;
    }

    public static TileArea decode(String text) {
        String[] f = text.split(",");
        return new TileArea(
                Integer.parseInt(f[0]),
                Integer.parseInt(f[1]),
                Integer.parseInt(f[2]),
                Integer.parseInt(f[3]),
                Integer.parseInt(f[4]));
    }
}
