package io.dumptruck.loaders.ipblocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.LoadTesting;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ip_geo end to end: keys and starts written out by hand, overlaps rejected in the reducer. */
class IpBlockLoadTest {
    @TempDir
    File tmp;

    @Test
    void blocksAreKeyedByEndAndOverlapsRejected() throws Exception {
        List<String> lines = List.of(
                "1.0.0.0,1.0.0.255,AU",
                "1.0.1.0,1.0.3.255,CN",
                "1.0.2.0,1.0.2.10,XX", // inside 1.0.1.0-1.0.3.255 but ends first: kept, the wide one is rejected
                "8.8.8.8,8.8.8.8,US",
                "2001:db8::,2001:db8::ffff,NL",
                "2001:db8::8000,2001:db8::ffff,DE", // same end as the NL block, starts later: rejected
                "10.0.0.1,10.0.0.0,ZZ", // start after end
                "fe80::1%eth0,fe80::2,ZZ", // zone id
                "1.2.3.4,2001:db8::1,ZZ"); // mixed versions
        LoadTesting.Loaded loaded = LoadTesting.load(tmp, new IpBlockLoader(), lines, Map.of(), 1);
        assertEquals(9, loaded.report().read());
        assertEquals(4, loaded.report().loaded());
        assertEquals(5, loaded.report().rejected());
        assertEquals(2L, loaded.report().rejectReasons().get("OVERLAP"));
        TreeSet<String> expected = new TreeSet<>();
        long ts = LoadTesting.LOAD_TS;
        // hex of the addresses (python's ipaddress module): 1.0.0.255 = 010000ff, 1.0.2.10 = 0100020a, ...
        for (String[] b : new String[][] {
            {"4010000ff", "01000000", "AU"},
            {"40100020a", "01000200", "XX"},
            {"408080808", "08080808", "US"},
            {"620010db800000000000000000000ffff", "20010db8000000000000000000000000", "NL"}
        }) {
            String row = b[0];
            expected.add(row + " f:cc @" + ts + " = " + b[2]);
            expected.add(row + " f:s @" + ts + " = " + b[1]);
        }
        assertEquals(expected, loaded.cells("ip_geo", LoadTesting::utf8, LoadTesting::utf8, 1));
        List<String> rejects = loaded.rejects();
        assertEquals(5, rejects.size(), rejects.toString());
        assertTrue(
                rejects.stream().anyMatch(r -> r.contains("\tOVERLAP\t") && r.endsWith("\t1.0.1.0,1.0.3.255,CN")),
                rejects.toString());
        assertTrue(
                rejects.stream()
                        .anyMatch(r -> r.contains("\tOVERLAP\t") && r.endsWith("\t2001:db8::8000,2001:db8::ffff,DE")),
                rejects.toString());
    }
}
