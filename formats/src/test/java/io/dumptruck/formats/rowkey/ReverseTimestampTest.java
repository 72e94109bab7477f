package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

// Expected from Python: struct.pack('>Q', (2**63 - 1 - t) % 2**64).hex()
class ReverseTimestampTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void goldenVectors() {
        assertEquals("7fffffffffffffff", HEX.formatHex(ReverseTimestamp.encode(0)));
        assertEquals("7ffffffffffffffe", HEX.formatHex(ReverseTimestamp.encode(1)));
        assertEquals("7ffffe74301a97ff", HEX.formatHex(ReverseTimestamp.encode(1_700_000_000_000L)));
        assertEquals("0000000000000000", HEX.formatHex(ReverseTimestamp.encode(Long.MAX_VALUE)));
        assertEquals("8000000000000000", HEX.formatHex(ReverseTimestamp.encode(-1)));
        assertEquals("ffffffffffffffff", HEX.formatHex(ReverseTimestamp.encode(Long.MIN_VALUE)));
    }

    @Test
    void decodeAtOffset() {
        byte[] b = HEX.parseHex("aabb7ffffe74301a97ff");
        assertEquals(1_700_000_000_000L, ReverseTimestamp.decode(b, 2));
        for (long t : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1_700_000_000_000L}) {
            assertEquals(t, ReverseTimestamp.decode(ReverseTimestamp.encode(t), 0));
        }
    }

    @Test
    void newerSortsFirstByteWise() {
        long[] times = {Long.MIN_VALUE, -1_000, -1, 0, 1, 1_700_000_000_000L, Long.MAX_VALUE};
        for (int i = 1; i < times.length; i++) {
            byte[] older = ReverseTimestamp.encode(times[i - 1]);
            byte[] newer = ReverseTimestamp.encode(times[i]);
            assertTrue(Bytes.compareTo(newer, older) < 0, times[i] + " should sort before " + times[i - 1]);
        }
    }
}
