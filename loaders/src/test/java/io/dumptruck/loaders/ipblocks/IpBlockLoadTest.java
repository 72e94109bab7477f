package io.dumptruck.loaders.ipblocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.LoadTesting;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
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

    /** The blocks of sample-data/geolite2 as ranges, written out with Python's ipaddress module. */
    private static final List<String> GEOLITE2_SAMPLE_AS_RANGES = List.of(
            "1.0.0.0,1.0.0.255,AU",
            "1.0.1.0,1.0.1.255,CN",
            "1.0.2.0,1.0.3.255,CN",
            "1.0.4.0,1.0.7.255,AU",
            "5.1.0.0,5.1.255.255,PT",
            "8.8.8.0,8.8.8.255,US",
            "81.2.69.0,81.2.69.255,GB",
            "85.88.0.0,85.88.255.255,NL",
            "130.104.0.0,130.104.255.255,BE",
            "151.101.0.0,151.101.255.255,US",
            "185.0.0.0,185.0.255.255,DE",
            "193.136.0.0,193.137.255.255,PT",
            "217.0.0.0,217.0.255.255,IS",
            "2001:db8::,2001:db8:0:ffff:ffff:ffff:ffff:ffff,NL",
            "2001:db8:1::,2001:db8:1:ffff:ffff:ffff:ffff:ffff,PT",
            "2a00:1450::,2a00:1450:ffff:ffff:ffff:ffff:ffff:ffff,IE",
            "2606:4700::,2606:4700:ffff:ffff:ffff:ffff:ffff:ffff,US");

    /**
     * The same blocks three ways — ranges, CIDR lines {@code network,country}, and GeoLite2's own files with their
     * locations file — load the same cells; the sample's bad lines (no country for its ids, a continent, bits past the
     * prefix, a prefix past 128) are rejected with their reasons, the headers skipped.
     */
    @Test
    void cidrAndGeoLite2BlocksLoadTheSameCellsAsTheirRanges() throws Exception {
        File rangeDir = new File(tmp, "ranges");
        rangeDir.mkdirs();
        LoadTesting.Loaded ranges =
                LoadTesting.load(rangeDir, new IpBlockLoader(), GEOLITE2_SAMPLE_AS_RANGES, Map.of(), 1);
        TreeSet<String> cells = ranges.cells("ip_geo", LoadTesting::utf8, LoadTesting::utf8, 1);
        assertEquals(2 * GEOLITE2_SAMPLE_AS_RANGES.size(), cells.size(), cells.toString());

        List<String> cidr = List.of(
                "network,country",
                "1.0.0.0/24,AU",
                "1.0.1.0/24,CN",
                "1.0.2.0/23,CN",
                "1.0.4.0/22,AU",
                "5.1.0.0/16,PT",
                "8.8.8.0/24,US",
                "81.2.69.0/24,GB",
                "85.88.0.0/16,NL",
                "130.104.0.0/16,BE",
                "151.101.0.0/16,US",
                "185.0.0.0/16,DE",
                "193.136.0.0/15,PT",
                "217.0.0.0/16,IS",
                "2001:db8::/48,NL",
                "2001:db8:1::/48,PT",
                "2a00:1450::/32,IE",
                "2606:4700::/32,US",
                "1.2.3.4/24,DE", // bits past the prefix
                "1.2.3.0/33,DE", // a prefix past 32
                "1.2.3.0/024,DE", // a prefix written with a leading zero
                "1.2.3.0/24,2921044"); // a GeoLite2 id without --locations
        File cidrDir = new File(tmp, "cidr");
        cidrDir.mkdirs();
        LoadTesting.Loaded networks = LoadTesting.load(cidrDir, new IpBlockLoader(), cidr, Map.of(), 1);
        assertEquals(cells, networks.cells("ip_geo", LoadTesting::utf8, LoadTesting::utf8, 1));
        assertEquals(3L, networks.report().rejectReasons().get("BAD_NETWORK"));
        assertEquals(1L, networks.report().rejectReasons().get("BAD_COUNTRY"));
        assertTrue(
                networks.rejects().stream().anyMatch(r -> r.contains("1.2.3.0/24") && r.contains("bits set")),
                networks.rejects().toString());
        assertTrue(
                networks.rejects().stream().anyMatch(r -> r.contains("--locations")),
                networks.rejects().toString());

        File geoLite2Dir = new File(tmp, "geolite2");
        geoLite2Dir.mkdirs();
        List<String> geoLite2 = new ArrayList<>();
        for (String f : List.of("GeoLite2-Country-Blocks-IPv4.csv", "GeoLite2-Country-Blocks-IPv6.csv")) {
            geoLite2.addAll(Files.readAllLines(new File("../sample-data/geolite2/blocks/" + f).toPath()));
        }
        LoadTesting.Loaded geo = LoadTesting.load(
                geoLite2Dir,
                new IpBlockLoader(),
                geoLite2,
                Map.of(
                        "locations",
                        new File("../sample-data/geolite2/GeoLite2-Country-Locations-en.csv").getAbsolutePath()),
                1);
        assertEquals(cells, geo.cells("ip_geo", LoadTesting::utf8, LoadTesting::utf8, 1));
        assertEquals(Map.of("NO_COUNTRY", 2L, "BAD_NETWORK", 2L), geo.report().rejectReasons());
        assertEquals(geoLite2.size() - 2, geo.report().read(), "the two headers are skipped, every other line read");
    }
}
