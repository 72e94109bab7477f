package io.dumptruck.formats.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ShellBytesTest {
    @Test
    void parseInvertsFormatForEveryByteString() {
        Random rnd = new Random(5);
        for (int i = 0; i < 2000; i++) {
            byte[] b = new byte[rnd.nextInt(20)];
            rnd.nextBytes(b);
            assertArrayEquals(b, ShellBytes.parse(ShellBytes.format(b)));
        }
    }

    @Test
    void escapesInEitherCase() {
        assertArrayEquals(new byte[] {'a', (byte) 0xFF, 0x00, 'z'}, ShellBytes.parse("a\\xff\\x00z"));
        assertArrayEquals(new byte[] {(byte) 0xAB}, ShellBytes.parse("\\XaB"));
        assertEquals("a\\xFF\\x00z", ShellBytes.format(new byte[] {'a', (byte) 0xFF, 0x00, 'z'}));
    }

    @Test
    void typedTextIsUtf8() {
        // "Zürich" and "東京" as their UTF-8 bytes, written out by hand
        assertArrayEquals(new byte[] {'Z', (byte) 0xC3, (byte) 0xBC, 'r', 'i', 'c', 'h'}, ShellBytes.parse("Zürich"));
        assertArrayEquals(
                new byte[] {(byte) 0xE6, (byte) 0x9D, (byte) 0xB1, (byte) 0xE4, (byte) 0xBA, (byte) 0xAC},
                ShellBytes.parse("東京"));
        assertArrayEquals(
                new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x9A, (byte) 0x9A}, ShellBytes.parse("\uD83D\uDE9A"));
    }

    @Test
    void aBackslashMustStartAnEscape() {
        for (String bad : new String[] {"ab\\x", "ab\\x4", "\\q00", "a\\", "\\xG1", "\\x 1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShellBytes.parse(bad), bad);
            assertTrue(e.getMessage().contains("not a \\xNN escape"), e.getMessage());
        }
        assertArrayEquals(new byte[] {'\\'}, ShellBytes.parse("\\x5C"));
    }
}
