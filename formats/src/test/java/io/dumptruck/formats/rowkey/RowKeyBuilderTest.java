package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Row keys of docs/tables.md built part by part. Expected bytes come from Python: hashlib.md5, struct.pack('>q', …),
 * and for revts struct.pack('>q', 2**63 - 1 - t).
 */
class RowKeyBuilderTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final long TIME = 1_700_000_000_000L;

    private static String hex(RowKeyBuilder b) {
        return HEX.formatHex(b.build());
    }

    @Test
    void followsKeyIsTwoDigests() {
        RowKeyBuilder b = new RowKeyBuilder().md5("alice").md5("bob");
        assertEquals(32, b.length());
        assertEquals("6384e2b2184bcbf58eccf10ca7a6563c" + "9f9d51bc70ef21ca5c14f307980a29d8", hex(b));
        assertEquals(
                hex(b),
                hex(new RowKeyBuilder()
                        .md5("alice".getBytes(StandardCharsets.UTF_8))
                        .md5("bob".getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void visitsKey() {
        // UTF-8(visitor) ‖ 0x00 ‖ revts(t) ‖ md5(raw line)[0..4); md5("x") = 9dd4e461…
        byte[] lineDigest = Md5.digest("x");
        RowKeyBuilder b = new RowKeyBuilder()
                .utf8("alice")
                .separator()
                .reverseTimestamp(TIME)
                .bytes(lineDigest, 0, 4);
        assertEquals("616c696365" + "00" + "7ffffe74301a97ff" + "9dd4e461", hex(b));
    }

    @Test
    void bucketedEventKey() {
        // byte(t mod 16) ‖ long(t) ‖ UTF-8(host) ‖ 0x00 ‖ UTF-8(event)
        RowKeyBuilder b = new RowKeyBuilder()
                .oneByte(TimeBucket.of(TIME, 16))
                .longBE(TIME)
                .utf8("web1")
                .separator()
                .utf8("login");
        assertEquals("00" + "0000018bcfe56800" + "77656231" + "00" + "6c6f67696e", hex(b));
    }

    @Test
    void hostFirstAndNumericEventKeys() {
        assertEquals(
                "77656231" + "00" + "6c6f67696e" + "00" + "7ffffe74301a97ff",
                hex(new RowKeyBuilder()
                        .utf8("web1")
                        .separator()
                        .utf8("login")
                        .separator()
                        .reverseTimestamp(TIME)));
        assertEquals(
                "0000000000000003" + "0000000000000007" + "0000018bcfe56800",
                hex(new RowKeyBuilder().longBE(3).longBE(7).longBE(TIME)));
    }

    @Test
    void smallParts() {
        RowKeyBuilder b = new RowKeyBuilder()
                .oneByte('P')
                .intBE(-2)
                .oneByte(0x1ff)
                .salt(3)
                .zeroPadded(42, 5)
                .bytes(new byte[] {9});
        assertEquals("50" + "fffffffe" + "ff" + "03" + "3030303432" + "09", hex(b));
        assertThrows(IllegalArgumentException.class, () -> new RowKeyBuilder().salt(256));
        assertThrows(IllegalArgumentException.class, () -> new RowKeyBuilder().salt(-1));
        assertThrows(IllegalArgumentException.class, () -> new RowKeyBuilder().zeroPadded(123, 2));
    }

    @Test
    void reversedDomainIsUtf8OfTheReversedUrl() {
        assertEquals(
                "636f6d2e6578616d706c652e7777773a383038302f613f623d31", // com.example.www:8080/a?b=1
                hex(new RowKeyBuilder().reversedDomain("http://www.Example.com:8080/a?b=1")));
    }

    @Test
    void growsPastInitialCapacityAndCanBeReused() {
        RowKeyBuilder b = new RowKeyBuilder(1);
        for (int i = 0; i < 100; i++) {
            b.longBE(i);
        }
        assertEquals(800, b.length());
        byte[] first = b.build();
        assertEquals(99, Bytes.toLong(first, 792));
        b.clear().utf8("a");
        assertArrayEquals(new byte[] {'a'}, b.build());
        assertEquals(800, first.length);
    }

    // Header bytes are the constants of HBase's OrderedBytes (FIXED_INT64 = 0x2c,
    // FIXED_FLOAT64 = 0x31, TEXT = 0x34, TERM = 0x00); the value bytes follow its documented
    // fixed-width format: big-endian with the sign bit inverted (int64), and for float64 the IEEE
    // bits with the sign bit inverted if positive or all bits inverted if negative.
    // (The header table in the OrderedBytes class Javadoc lists older values; the constants govern.)
    @Test
    void orderedGoldenVectors() {
        assertEquals("2c8000000000000000", hex(new RowKeyBuilder().orderedInt64(0)));
        assertEquals("2c8000000000000001", hex(new RowKeyBuilder().orderedInt64(1)));
        assertEquals("2c7fffffffffffffff", hex(new RowKeyBuilder().orderedInt64(-1)));
        assertEquals("31bff0000000000000", hex(new RowKeyBuilder().orderedFloat64(1.0)));
        assertEquals("31400fffffffffffff", hex(new RowKeyBuilder().orderedFloat64(-1.0)));
        assertEquals("318000000000000000", hex(new RowKeyBuilder().orderedFloat64(0.0)));
        assertEquals("3461626300", hex(new RowKeyBuilder().orderedString("abc")));
        assertEquals("34c3a900", hex(new RowKeyBuilder().orderedString("é")));
        assertEquals(
                "34610000" + "2c8000000000000001",
                hex(new RowKeyBuilder().orderedString("a").separator().orderedInt64(1)));
        assertThrows(IllegalArgumentException.class, () -> new RowKeyBuilder().orderedString("a\0b"));
    }

    @Test
    void orderedInt64SortsNumerically() {
        assertSortsLike(
                List.of(Long.MIN_VALUE, -1_000_000L, -256L, -1L, 0L, 1L, 255L, 256L, TIME, Long.MAX_VALUE),
                v -> new RowKeyBuilder().orderedInt64(v).build());
    }

    @Test
    void orderedFloat64SortsNumerically() {
        assertSortsLike(
                List.of(
                        Double.NEGATIVE_INFINITY,
                        -Double.MAX_VALUE,
                        -1e10,
                        -1.5,
                        -1.0,
                        -Double.MIN_VALUE,
                        -0.0,
                        0.0,
                        Double.MIN_VALUE,
                        0.5,
                        1.0,
                        1.5,
                        1e300,
                        Double.MAX_VALUE,
                        Double.POSITIVE_INFINITY),
                v -> new RowKeyBuilder().orderedFloat64(v).build());
    }

    @Test
    void orderedStringSortsBeforeItsExtensionsEvenWithMorePartsFollowing() {
        assertSortsLike(
                List.of("", "a", "ab", "b", "é"),
                s -> new RowKeyBuilder()
                        .orderedString(s)
                        .orderedInt64(Long.MAX_VALUE)
                        .build());
    }

    /** Encodes {@code ascending} (already in order), shuffles, sorts byte-wise, expects the order. */
    private static <T> void assertSortsLike(List<T> ascending, Function<T, byte[]> encode) {
        List<byte[]> keys = new ArrayList<>();
        for (T v : ascending) {
            keys.add(encode.apply(v));
        }
        List<byte[]> sorted = new ArrayList<>(keys);
        Collections.shuffle(sorted, new Random(42));
        sorted.sort(Bytes.BYTES_COMPARATOR);
        for (int i = 0; i < keys.size(); i++) {
            assertArrayEquals(keys.get(i), sorted.get(i), "position " + i + ": " + ascending.get(i));
        }
        for (int i = 1; i < keys.size(); i++) {
            assertTrue(Bytes.compareTo(keys.get(i - 1), keys.get(i)) < 0);
        }
    }
}
