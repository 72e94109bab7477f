package io.dumptruck.loaders.events;

import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.loaders.Parsed;
import java.nio.charset.StandardCharsets;

/**
 * Parses {@code hostname TAB epoch_ms TAB event_type TAB value}. Blank and {@code #} lines are skipped. Times must lie
 * in [1970, 2500): HBase refuses negative timestamps, and a time centuries ahead is a unit mistake (seconds vs
 * microseconds), not an event. Host and event names must not hold a zero byte (the key separator), and together must
 * fit an HBase row key in every layout (at most {@link #MAX_NAME_BYTES} UTF-8 bytes), so that a file loads the same
 * records whatever the layout and the numeric layout's name listing, which runs this parser too, lists only names that
 * load.
 */
public final class EventParser {
    /** Why an event line is rejected. */
    public enum Reject {
        WRONG_FIELD_COUNT,
        EMPTY_NAME,
        BAD_NAME,
        BAD_TIME
    }

    /** 2500-01-01T00:00:00Z. */
    public static final long MAX_TIME = 16_725_225_600_000L;

    /**
     * Most UTF-8 bytes of host and event name together: the longest keys around them (bucketed {@code byte ‖ long ‖
     * host ‖ 0x00 ‖ event}, host-first {@code host ‖ 0x00 ‖ event ‖ 0x00 ‖ revts}) add 10 bytes, and an HBase row key
     * holds at most {@link CellKey#MAX_ROW_LENGTH}.
     */
    public static final int MAX_NAME_BYTES = CellKey.MAX_ROW_LENGTH - 10;

    public Parsed<Event> parse(String line) {
        if (line.isBlank() || line.startsWith("#")) {
            return Parsed.skip();
        }
        String[] f = line.split("\t", -1);
        if (f.length != 4) {
            return Parsed.reject(
                    Reject.WRONG_FIELD_COUNT,
                    "expected host<TAB>epoch_ms<TAB>event<TAB>value, found " + f.length + " field(s)");
        }
        if (f[0].isEmpty() || f[2].isEmpty()) {
            return Parsed.reject(Reject.EMPTY_NAME, "the host or the event type is empty");
        }
        if (f[0].indexOf('\0') >= 0 || f[2].indexOf('\0') >= 0) {
            return Parsed.reject(Reject.BAD_NAME, "a zero byte in the host or event type");
        }
        if ((long) f[0].length() + f[2].length() > MAX_NAME_BYTES / 3
                && f[0].getBytes(StandardCharsets.UTF_8).length + f[2].getBytes(StandardCharsets.UTF_8).length
                        > MAX_NAME_BYTES) {
            return Parsed.reject(
                    Reject.BAD_NAME,
                    "host and event type together are longer than " + MAX_NAME_BYTES
                            + " UTF-8 bytes, too long for a row key");
        }
        long t;
        try {
            t = Long.parseLong(f[1].trim());
        } catch (NumberFormatException e) {
            return Parsed.reject(Reject.BAD_TIME, "time '" + f[1] + "' is not epoch milliseconds");
        }
        if (t < 0 || t >= MAX_TIME) {
            return Parsed.reject(Reject.BAD_TIME, "time " + t + " is outside 1970..2500 (epoch milliseconds expected)");
        }
        return Parsed.of(new Event(f[0], t, f[2], f[3]));
    }
}
