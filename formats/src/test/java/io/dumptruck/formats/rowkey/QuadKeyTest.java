package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Expected tiles and quadkeys come from a separate Python implementation of the formulas in docs/tables.md ("Geo
 * loader"):
 *
 * <pre>
 * def tile(lat, lon, L):
 *     lat = clip(lat, -85.05112878, 85.05112878); lon = clip(lon, -180, 180)
 *     x = (lon + 180) / 360; s = math.sin(lat * math.pi / 180)
 *     y = 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)
 *     ms = 256 * 2**L
 *     return int(clip(x*ms + 0.5, 0, ms - 1)) // 256, int(clip(y*ms + 0.5, 0, ms - 1)) // 256
 * def qk(tx, ty, L):
 *     return "".join(str(((tx >> (L-1-i)) & 1) + 2*((ty >> (L-1-i)) & 1)) for i in range(L))
 * </pre>
 */
class QuadKeyTest {

    private static final double SEATTLE_LAT = 47.6097;
    private static final double SEATTLE_LON = -122.3331;

    @Test
    void bingDocumentedExample() {
        // "Bing Maps Tile System": tile X=3, Y=5 at level 3 has quadkey 213
        assertEquals("213", QuadKey.tileToQuadKey(3, 5, 3));
        assertArrayEquals(new int[] {3, 5}, QuadKey.tileXY("213"));
    }

    @Test
    void seattle() {
        assertEquals(0, QuadKey.tileX(SEATTLE_LAT, SEATTLE_LON, 1));
        assertEquals(0, QuadKey.tileY(SEATTLE_LAT, SEATTLE_LON, 1));
        assertEquals("0", QuadKey.quadKey(SEATTLE_LAT, SEATTLE_LON, 1));

        assertEquals(5, QuadKey.tileX(SEATTLE_LAT, SEATTLE_LON, 5));
        assertEquals(11, QuadKey.tileY(SEATTLE_LAT, SEATTLE_LON, 5));
        assertEquals("02123", QuadKey.quadKey(SEATTLE_LAT, SEATTLE_LON, 5));
        assertEquals(155, QuadKey.packed(SEATTLE_LAT, SEATTLE_LON, 5));

        assertEquals(10497, QuadKey.tileX(SEATTLE_LAT, SEATTLE_LON, 16));
        assertEquals(22887, QuadKey.tileY(SEATTLE_LAT, SEATTLE_LON, 16));
        assertEquals("0212300302200223", QuadKey.quadKey(SEATTLE_LAT, SEATTLE_LON, 16));
        assertEquals(0x26c3282b, QuadKey.packed(SEATTLE_LAT, SEATTLE_LON, 16));

        assertEquals("02123003022002231111202", QuadKey.quadKey(SEATTLE_LAT, SEATTLE_LON, 23));
    }

    @Test
    void packedLevel16UsesAllThirtyTwoBits() {
        // Sydney, in the south-east quadrant: qk16 = 3112301330022332 = 3603415742 >= 2^31
        int qk16 = QuadKey.packed(-33.8688, 151.2093, 16);
        assertEquals(3_603_415_742L, Integer.toUnsignedLong(qk16));
        assertEquals(0xd6c7c2be, qk16);
        assertEquals("3112301330022332", QuadKey.toQuadKey(qk16, 16));
        assertEquals(qk16, QuadKey.fromQuadKey("3112301330022332"));
    }

    @Test
    void polesAreClippedToTheMercatorSquare() {
        assertEquals("10000", QuadKey.quadKey(90, 0, 5));
        assertEquals("32222", QuadKey.quadKey(-90, 0, 5));
        assertEquals(0, QuadKey.tileY(90, 0, 16));
        assertEquals(65535, QuadKey.tileY(-90, 0, 16));
        assertEquals(0xeaaaaaaa, QuadKey.packed(-90, 0, 16));
        assertEquals("11111111111111111111111", QuadKey.quadKey(85.05112878, 180, 23));
        assertEquals("22222222222222222222222", QuadKey.quadKey(-85.05112878, -180, 23));
    }

    @Test
    void antimeridianIsClipped() {
        assertEquals(65535, QuadKey.tileX(0, 180, 16));
        assertEquals("3111111111111111", QuadKey.quadKey(0, 180, 16));
        assertEquals(0, QuadKey.tileX(0, -180, 16));
        assertEquals(0x80000000, QuadKey.packed(0, -180, 16));
        // longitude 200 is clipped to 180, not wrapped to -160
        assertEquals("13333", QuadKey.quadKey(10, 200, 5));
        assertEquals(31, QuadKey.tileX(10, 200, 5));
        assertEquals("30000", QuadKey.quadKey(0, 0, 5));
    }

    @Test
    void quadKeyAndPackedFormsRoundTrip() {
        assertEquals(39, QuadKey.fromQuadKey("213"));
        assertEquals("213", QuadKey.toQuadKey(39, 3));
        assertEquals("0003", QuadKey.toQuadKey(3, 4));
        assertEquals("0212300302200223", QuadKey.toQuadKey(0x26c3282b, 16));
        assertEquals(0xffffffff, QuadKey.fromQuadKey("3333333333333333"));
    }

    @Test
    void childRange16() {
        assertArrayEquals(new int[] {0x9c000000, 0x9fffffff}, QuadKey.childRange16(39, 3));
        assertArrayEquals(new int[] {0xc0000000, 0xffffffff}, QuadKey.childRange16(3, 1));
        assertArrayEquals(new int[] {0x00000000, 0x3fffffff}, QuadKey.childRange16(0, 1));
        assertArrayEquals(new int[] {0x26c3282b, 0x26c3282b}, QuadKey.childRange16(0x26c3282b, 16));

        int[] seattle5 = QuadKey.childRange16(QuadKey.packed(SEATTLE_LAT, SEATTLE_LON, 5), 5);
        assertArrayEquals(new int[] {0x26c00000, 0x26ffffff}, seattle5);
        int qk16 = QuadKey.packed(SEATTLE_LAT, SEATTLE_LON, 16);
        assertTrue(Integer.compareUnsigned(seattle5[0], qk16) <= 0);
        assertTrue(Integer.compareUnsigned(qk16, seattle5[1]) <= 0);
    }

    @Test
    void neighboursInTheMiddle() {
        // level 2, tile (1, 1) = "03"
        assertArrayEquals(new int[] {0, 1, 4, 2, 6, 8, 9, 12}, QuadKey.neighbours(3, 2));
    }

    @Test
    void neighboursAtTheNorthWestCornerWrapInLongitudeOnly() {
        // level 2, tile (0, 0) = "00": no row above, column 3 is west of column 0
        // (3,0)="11"=5 (1,0)="01"=1 (3,1)="13"=7 (0,1)="02"=2 (1,1)="03"=3
        assertArrayEquals(new int[] {5, 1, 7, 2, 3}, QuadKey.neighbours(0, 2));
    }

    @Test
    void neighboursAtTheSouthEdge() {
        // level 2, tile (1, 3) = "23": (0,2)="20"=8 (1,2)="21"=9 (2,2)="30"=12 (0,3)="22"=10
        // (2,3)="32"=14
        assertArrayEquals(new int[] {8, 9, 12, 10, 14}, QuadKey.neighbours(11, 2));
    }

    @Test
    void neighboursAtLevelOneAreListedOnce() {
        assertArrayEquals(new int[] {1, 3, 2}, QuadKey.neighbours(0, 1));
    }

    @Test
    void neighboursAcrossTheAntimeridianAtLevel16() {
        // tile (65535, 32768) on the equator at longitude 180; its east neighbours are in column 0
        assertArrayEquals(
                new int[] {
                    0x7ffffffe, 0x7fffffff, 0x2aaaaaaa, 0xd5555554, 0x80000000, 0xd5555556, 0xd5555557, 0x80000002
                },
                QuadKey.neighbours(0xd5555555, 16));
    }

    @Test
    void rejectsBadLevelsKeysAndCoordinates() {
        assertThrows(IllegalArgumentException.class, () -> QuadKey.quadKey(0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.quadKey(0, 0, 24));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.packed(0, 0, 17));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.packed(0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.toQuadKey(4, 1));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.childRange16(1, 17));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.neighbours(16, 2));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.fromQuadKey(""));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.fromQuadKey("0124"));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.fromQuadKey("00000000000000000"));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.tileXY("x"));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.tileToQuadKey(8, 0, 3));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.tileToQuadKey(0, -1, 3));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.quadKey(Double.NaN, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.tileX(0, Double.NaN, 5));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.tileY(Double.POSITIVE_INFINITY, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> QuadKey.packed(0, Double.NEGATIVE_INFINITY, 16));
    }
}
