package io.dumptruck.loaders.hostile;

import static io.dumptruck.loaders.hostile.Corpus.FIVE_MB;
import static io.dumptruck.loaders.hostile.Corpus.junk;
import static io.dumptruck.loaders.hostile.Corpus.repeat;
import static io.dumptruck.loaders.hostile.HostileLoad.LOAD_TS;
import static io.dumptruck.loaders.hostile.HostileLoad.cell;
import static io.dumptruck.loaders.hostile.HostileLoad.hex;
import static io.dumptruck.loaders.hostile.HostileLoad.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.ipblocks.IpBlockLoader;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The IP-block loader on one file of hostile block lines. Addresses are literals only: an IPv6 address with a zone id
 * ({@code fe80::1%eth0}) names an interface, not an address, and is BAD_ADDRESS. Overlaps are rejected in the reducer,
 * at the position of the block's own line. A line is one CSV record of at most a million characters (CsvParser), so a 5
 * MB line is BAD_CSV.
 */
class IpBlockHostileLoadTest {
    @TempDir
    File tmp;

    @Test
    void everyBlockLineIsLoadedOrRejectedWithItsReason() throws Exception {
        Corpus corpus = new Corpus("blocks.csv")
                .loads("good block", "1.2.3.0,1.2.3.255,US")
                .rejects("binary junk", "INVALID_UTF8", junk(11, 900))
                .rejects("zone id on the start", "BAD_ADDRESS", "fe80::1%eth0,fe80::2,DE")
                .rejects("zone id on the end", "BAD_ADDRESS", "fe80::1,fe80::2%eth0,DE")
                .loads("IPv6 block", "fe80::1,fe80::ffff,de")
                .rejects("NaN address", "BAD_ADDRESS", "NaN,1.2.3.4,US")
                .rejects("two columns", "WRONG_COLUMN_COUNT", "1.2.4.0,1.2.4.255")
                .rejects("unbalanced quote", "BAD_CSV", "1.2.5.0,\"1.2.5.255,US")
                .rejects("overlaps the good block", "OVERLAP", "1.2.3.128,1.2.4.10,FR")
                .rejects("IPv4 and IPv6", "MIXED_VERSIONS", "1.2.3.4,::1,US")
                .rejects("start after end", "START_AFTER_END", "1.2.9.255,1.2.9.0,US")
                .rejects("NaN country", "BAD_COUNTRY", "1.2.6.0,1.2.6.255,NaN")
                .rejects("5 MB line", "BAD_CSV", "9.9.9.0,9.9.9.255,NL," + repeat('e', FIVE_MB))
                .rejects(
                        "invalid UTF-8 in the country",
                        "INVALID_UTF8",
                        "1.2.7.0,1.2.7.255,U",
                        new byte[] {(byte) 0xFF},
                        "S")
                .loads("NUL bytes in an extra column", "8.8.8.0,8.8.8.255,us,\0\0")
                .rejects("octet 256", "BAD_ADDRESS", "256.1.1.1,256.1.1.2,US")
                .skips("blank", "")
                .rejects("more junk", "INVALID_UTF8", junk(12, 2500))
                .loads("last block, no line break after it", "255.255.255.255,255.255.255.255,ZZ")
                .noFinalLineBreak();

        HostileLoad load = HostileLoad.run(tmp, new IpBlockLoader(), List.of(corpus.write(tmp)), Map.of(), 1);
        load.assertAccountedFor(corpus);
        String overlap = load.reject(corpus, "overlaps the good block").detail();
        assertTrue(overlap.contains("010203ff"), overlap);
        String tooLong = load.reject(corpus, "5 MB line").detail();
        assertTrue(tooLong.startsWith("RECORD_TOO_LONG"), tooLong);

        TreeSet<String> expected = new TreeSet<>();
        String[][] blocks = {
            {"4", "010203ff", "01020300", "US"},
            {"6", "fe80000000000000000000000000ffff", "fe800000000000000000000000000001", "DE"},
            {"4", "080808ff", "08080800", "US"},
            {"4", "ffffffff", "ffffffff", "ZZ"}
        };
        for (String[] b : blocks) {
            String row = hex(utf8(b[0] + b[1]));
            expected.add(cell(row, "f", "s", LOAD_TS, b[2]));
            expected.add(cell(row, "f", "cc", LOAD_TS, b[3]));
        }
        assertEquals(expected, load.cells("ip_geo", HostileLoad::hex, HostileLoad::text, HostileLoad::text));
    }
}
