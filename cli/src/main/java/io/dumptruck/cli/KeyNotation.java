package io.dumptruck.cli;

import io.dumptruck.formats.text.ShellBytes;
import java.util.HexFormat;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * How keys and values are written on the command line: HBase shell notation by default ({@link ShellBytes}: printable
 * ASCII as is, other bytes as {@code \xNN}; typed non-ASCII text is UTF-8), or plain hex with {@code --hex}.
 */
enum KeyNotation {
    SHELL,
    HEX;

    static KeyNotation of(boolean hex) {
        return hex ? HEX : SHELL;
    }

    byte[] parse(String text, String what) {
        if (this == HEX) {
            try {
                return HexFormat.of().parseHex(text.toLowerCase());
            } catch (IllegalArgumentException e) {
                throw new UsageException(what + " '" + text + "' is not hex (an even number of 0-9a-f digits)");
            }
        }
        try {
            return ShellBytes.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(what + " " + e.getMessage());
        }
    }

    String format(byte[] b, int off, int len) {
        return this == HEX ? HexFormat.of().formatHex(b, off, off + len) : Bytes.toStringBinary(b, off, len);
    }
}
