package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

// Expected from Python: struct.pack('>i', v).hex() and struct.pack('>q', v).hex()
class FixedWidthTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void int32IsBigEndianTwosComplement() {
        assertEquals("00000000", HEX.formatHex(FixedWidth.int32(0)));
        assertEquals("00000001", HEX.formatHex(FixedWidth.int32(1)));
        assertEquals("12345678", HEX.formatHex(FixedWidth.int32(0x12345678)));
        assertEquals("ffffffff", HEX.formatHex(FixedWidth.int32(-1)));
        assertEquals("fffffffe", HEX.formatHex(FixedWidth.int32(-2)));
        assertEquals("80000000", HEX.formatHex(FixedWidth.int32(Integer.MIN_VALUE)));
        assertEquals("7fffffff", HEX.formatHex(FixedWidth.int32(Integer.MAX_VALUE)));
    }

    @Test
    void int64IsBigEndianTwosComplement() {
        assertEquals("0000000000000001", HEX.formatHex(FixedWidth.int64(1)));
        assertEquals("0000018bcfe56800", HEX.formatHex(FixedWidth.int64(1_700_000_000_000L)));
        assertEquals("ffffffffffffffff", HEX.formatHex(FixedWidth.int64(-1)));
        assertEquals("fffffffffffffffe", HEX.formatHex(FixedWidth.int64(-2)));
        assertEquals("8000000000000000", HEX.formatHex(FixedWidth.int64(Long.MIN_VALUE)));
        assertEquals("7fffffffffffffff", HEX.formatHex(FixedWidth.int64(Long.MAX_VALUE)));
    }

    @Test
    void readsAtOffset() {
        byte[] b = HEX.parseHex("00fffffffe0000018bcfe56800");
        assertEquals(-2, FixedWidth.readInt32(b, 1));
        assertEquals(1_700_000_000_000L, FixedWidth.readInt64(b, 5));
    }

    @Test
    void zeroPadded() {
        assertEquals("00042", FixedWidth.zeroPadded(42, 5));
        assertEquals("00000", FixedWidth.zeroPadded(0, 5));
        assertEquals("99999", FixedWidth.zeroPadded(99_999, 5));
        assertEquals("7", FixedWidth.zeroPadded(7, 1));
        assertEquals("9223372036854775807", FixedWidth.zeroPadded(Long.MAX_VALUE, 19));
    }

    @Test
    void zeroPaddedRejectsOverflowNegativesAndBadWidths() {
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.zeroPadded(100_000, 5));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.zeroPadded(10, 1));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.zeroPadded(-1, 5));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.zeroPadded(1, 0));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.zeroPadded(1, 20));
    }

    @Test
    void parseZeroPadded() {
        assertEquals(42, FixedWidth.parseZeroPadded("00042"));
        assertEquals(0, FixedWidth.parseZeroPadded("0000"));
        assertEquals(Long.MAX_VALUE, FixedWidth.parseZeroPadded("9223372036854775807"));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.parseZeroPadded(""));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.parseZeroPadded("-0042"));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.parseZeroPadded("00 42"));
        assertThrows(IllegalArgumentException.class, () -> FixedWidth.parseZeroPadded("9223372036854775808"));
    }
}
