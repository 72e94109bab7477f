package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SaltTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    // Expected from Python: hashlib.md5(key).digest()[0] % buckets
    //   md5("alice")[0] = 0x63 = 99, md5("bob")[0] = 0x9f = 159,
    //   md5("row-1")[0] = 101,        md5("")[0] = 0xd4 = 212
    @Test
    void saltIsFirstDigestByteModBuckets() {
        assertEquals(3, Salt.of(utf8("alice"), 16));
        assertEquals(99, Salt.of(utf8("alice"), 256));
        assertEquals(9, Salt.of(utf8("bob"), 10));
        assertEquals(3, Salt.of(utf8("row-1"), 7));
        assertEquals(212, Salt.of(new byte[0], 256));
        assertEquals(0, Salt.of(utf8("alice"), 1));
    }

    @Test
    void saltIsStableAcrossCalls() {
        byte[] key = utf8("some/row/key");
        int first = Salt.of(key, 32);
        for (int i = 0; i < 100; i++) {
            assertEquals(first, Salt.of(key.clone(), 32));
        }
    }

    @Test
    void bucketCountOutOfRangeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Salt.of(utf8("a"), 0));
        assertThrows(IllegalArgumentException.class, () -> Salt.of(utf8("a"), 257));
        assertThrows(IllegalArgumentException.class, () -> Salt.splitPoints(0));
        assertThrows(IllegalArgumentException.class, () -> Salt.splitPoints(300));
    }

    @Test
    void splitPointsAreOneBytePerBucketBoundary() {
        assertArrayEquals(new byte[][] {{1}, {2}, {3}}, Salt.splitPoints(4));
        assertEquals(0, Salt.splitPoints(1).length);
        byte[][] all = Salt.splitPoints(256);
        assertEquals(255, all.length);
        assertArrayEquals(new byte[] {(byte) 0xff}, all[254]);
    }
}
