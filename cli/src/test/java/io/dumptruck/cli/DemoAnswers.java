package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.loaders.events.EventQueries;
import io.dumptruck.loaders.geo.GeoQueries;
import io.dumptruck.loaders.graph.GraphQueries;
import io.dumptruck.loaders.ipblocks.IpAddressText;
import io.dumptruck.loaders.ipblocks.IpQueries;
import io.dumptruck.loaders.titles.TitleQueries;
import io.dumptruck.loaders.weblogs.WebLogQueries;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The demo's questions on the sample data, asked of a table bulk-loaded into HBase through the HBase client and of the
 * same load's files through dumptruck's queries: each check asserts both answer alike (and that the answer is not
 * empty). Shared by the ITs that bulk-load the demo's tables.
 */
final class DemoAnswers {
    private DemoAnswers() {}

    /** One of the checks below: an HBase table and the files of the same load. */
    interface Check {
        void run(Table viaHBase, TableReader files) throws IOException;
    }

    static List<Result> scan(Table t, Scan s) throws IOException {
        List<Result> out = new ArrayList<>();
        try (ResultScanner rs = t.getScanner(s)) {
            rs.forEach(out::add);
        }
        return out;
    }

    /** Who alice follows (graph, {@code follows}). */
    static void aliceFollows(Table follows, TableReader files) throws IOException {
        List<String> viaHBase = new ArrayList<>();
        for (Result r : scan(follows, new Scan().setRowPrefixFilter(Md5.digest("alice")))) {
            viaHBase.add(Bytes.toString(CellUtil.cloneQualifier(r.rawCells()[0])));
        }
        assertEquals(GraphQueries.neighbours(files, "alice", 100), viaHBase);
        assertTrue(viaHBase.contains("celebrity"), viaHBase.toString());
    }

    /** The completions of "san" ({@code title_autocomp}). */
    static void sanCompletions(Table titles, TableReader files) throws IOException {
        String json = Bytes.toString(titles.get(new Get(Bytes.toBytes("san"))).value());
        List<String> fromFiles = TitleQueries.complete(files, "san", 12);
        assertFalse(fromFiles.isEmpty());
        assertEquals(fromFiles, List.of(new ObjectMapper().readValue(json, String[].class)));
    }

    /** The country of a few addresses, IPv4 and IPv6, inside and outside the blocks ({@code ip_geo}). */
    static void ipCountries(Table ipGeo, TableReader files) throws IOException {
        for (String address : List.of("8.8.8.8", "2a00:1450::200e", "203.0.113.9", "1.0.2.9")) {
            byte[] ip = IpAddressText.parse(address).get();
            String hex = IpAddressText.toHex(ip);
            char version = ip.length == 4 ? '4' : '6';
            List<Result> rows = scan(
                    ipGeo,
                    new Scan()
                            .withStartRow(Bytes.toBytes(version + hex))
                            .withStopRow(new byte[] {(byte) (version + 1)})
                            .setLimit(1));
            String viaHBase = rows.isEmpty()
                            || Bytes.toString(rows.get(0).getValue(Bytes.toBytes("f"), Bytes.toBytes("s")))
                                            .compareTo(hex)
                                    > 0
                    ? null
                    : Bytes.toString(rows.get(0).getValue(Bytes.toBytes("f"), Bytes.toBytes("cc")));
            assertEquals(IpQueries.country(files, address).orElse(null), viaHBase, address);
        }
    }

    /** The places in Lisbon's zoom-10 tile ({@code tile_places}). */
    static void placesInLisbonTile(Table places, TableReader files) throws IOException {
        int tile = QuadKey.packed(38.7223, -9.1393, 10);
        int[] range = QuadKey.childRange16(tile, 10);
        List<String> names = new ArrayList<>();
        for (Result r : scan(
                places, new Scan().withStartRow(Bytes.toBytes(range[0])).withStopRow(Bytes.toBytes(range[1] + 1)))) {
            for (Cell c : r.rawCells()) {
                if (Bytes.toString(CellUtil.cloneQualifier(c)).equals("n")) {
                    names.add(Bytes.toString(CellUtil.cloneValue(c)));
                }
            }
        }
        assertEquals(
                GeoQueries.inTile(files, tile, 10).stream()
                        .map(GeoQueries.Place::name)
                        .toList(),
                names);
        assertTrue(names.contains("Lisbon"), names.toString());
    }

    /** Visitor c-7f3a's page views, newest first ({@code visits}). */
    static void visitsOfC7f3a(Table visits, TableReader files) throws IOException {
        List<Long> times = new ArrayList<>();
        for (Result r :
                scan(visits, new Scan().setRowPrefixFilter(Bytes.add(Bytes.toBytes("c-7f3a"), new byte[] {0})))) {
            times.add(r.rawCells()[0].getTimestamp());
        }
        assertFalse(times.isEmpty());
        assertEquals(
                WebLogQueries.views(files, "c-7f3a", 100).stream()
                        .map(WebLogQueries.View::time)
                        .toList(),
                times);
    }

    /** web-01's cpu events over two hours, in the hashed layout ({@code log_data}). */
    static void cpuEventsOfWeb01(Table logData, TableReader files) throws IOException {
        byte[] prefix = Bytes.add(Md5.digest("web-01"), Md5.digest("cpu"));
        List<Long> times = new ArrayList<>();
        for (Result r : scan(
                logData,
                new Scan()
                        .withStartRow(Bytes.add(prefix, Bytes.toBytes(1763712000000L)))
                        .withStopRow(Bytes.add(prefix, Bytes.toBytes(1763719200000L))))) {
            times.add(Bytes.toLong(r.getRow(), 32));
        }
        assertEquals(5, times.size(), times.toString());
        assertEquals(
                EventQueries.events(files, null, "hashed", 1, "web-01", "cpu", 1763712000000L, 1763719200000L)
                        .events()
                        .stream()
                        .map(EventQueries.Found::time)
                        .toList(),
                times);
    }
}
