package io.dumptruck.formats.text;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Bytes written as text the way the HBase shell prints them: {@link #format} is {@code Bytes.toStringBinary} (printable
 * ASCII as is, every other byte as {@code \xNN}), and {@link #parse} is its exact inverse that also takes what people
 * type: {@code \xNN} in either case, and any other character as its UTF-8 bytes ({@code Zürich} is the 7 UTF-8 bytes of
 * that word). A backslash that does not start a {@code \xNN} escape is an error, never silently dropped.
 */
public final class ShellBytes {
    private ShellBytes() {}

    public static String format(byte[] b) {
        return Bytes.toStringBinary(b);
    }

    public static String format(byte[] b, int off, int len) {
        return Bytes.toStringBinary(b, off, len);
    }

    /** The bytes of {@code text}; IllegalArgumentException naming the position of a bad escape. */
    public static byte[] parse(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                if (i + 3 >= text.length()
                        || (text.charAt(i + 1) != 'x' && text.charAt(i + 1) != 'X')
                        || Character.digit(text.charAt(i + 2), 16) < 0
                        || Character.digit(text.charAt(i + 3), 16) < 0) {
                    throw new IllegalArgumentException("'" + text + "' has a backslash at position " + i
                            + " that is not a \\xNN escape (write a backslash itself as \\x5C)");
                }
                out.write(Character.digit(text.charAt(i + 2), 16) * 16 + Character.digit(text.charAt(i + 3), 16));
                i += 4;
            } else {
                int cp = text.codePointAt(i);
                byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
                i += Character.charCount(cp);
            }
        }
        return out.toByteArray();
    }
}
