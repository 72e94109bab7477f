package io.dumptruck.formats.testing;

import org.apache.hadoop.hbase.util.Bytes;

/** Short byte-array literals for tests: {@code b(0x00, 0xFF)}, {@code s("abc")}. */
public final class TestBytes {
    private TestBytes() {}

    public static byte[] b(int... v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) v[i];
        }
        return out;
    }

    public static byte[] s(String text) {
        return Bytes.toBytes(text);
    }
}
