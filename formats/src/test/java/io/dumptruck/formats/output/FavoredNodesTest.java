package io.dumptruck.formats.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.net.InetSocketAddress;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Each reducer's files favor the server of its own table's region, and nothing when set-up named none. */
class FavoredNodesTest {
    @Test
    void aPartitionFavorsTheServerOfItsRegion() {
        TableSpec a = TableSpec.of("a", FamilySpec.named("f"))
                .withRegions(RegionSplits.explicit(Bytes.toBytes("m"), Bytes.toBytes("t")));
        TableSpec b = TableSpec.of("b", FamilySpec.named("f")).withRegions(RegionSplits.explicit(Bytes.toBytes("k")));
        Configuration conf = new Configuration(false);
        conf.set(FormatConf.OUTPUT_FAVORED_NODES.key() + "b", "localhost:16020,,");
        List<TableSpec> tables = List.of(a, b);
        for (int p = 0; p < 3; p++) {
            assertNull(HFileTableOutputFormat.favoredNodes(conf, tables, p), "table a was not matched: partition " + p);
        }
        assertArrayEquals(
                new InetSocketAddress[] {new InetSocketAddress("localhost", 16020)},
                HFileTableOutputFormat.favoredNodes(conf, tables, 3));
        assertNull(HFileTableOutputFormat.favoredNodes(conf, tables, 4), "b's second region has no server");
        conf.set(FormatConf.OUTPUT_FAVORED_NODES.key() + "b", "no-such-host.invalid:16020,localhost:1");
        assertNull(
                HFileTableOutputFormat.favoredNodes(conf, tables, 3),
                "a host that does not resolve is no favored node");
        assertArrayEquals(
                new InetSocketAddress[] {new InetSocketAddress("localhost", 1)},
                HFileTableOutputFormat.favoredNodes(conf, tables, 4));
    }
}
