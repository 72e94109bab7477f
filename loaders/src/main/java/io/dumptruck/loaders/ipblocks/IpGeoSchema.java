package io.dumptruck.loaders.ipblocks;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * Table {@code ip_geo} of docs/tables.md: row = {@code '4' ‖ hex8(end)} or {@code '6' ‖ hex32(end)} (ASCII, lower-case
 * hex) → {@code f:s} start in the same hex form, {@code f:cc} country. Looking an address up is one scan from
 * {@code '4' ‖ hex8(ip)} for one row — the first block ending at or after the address — which is a hit only if its
 * start is ≤ the address: one seek, whatever the table size. That only answers right if no two blocks share an address,
 * so overlapping blocks are rejected ({@link IpOverlapFold}); the table has one region per IP version so that one
 * reducer sees every block of a version in order.
 */
public final class IpGeoSchema implements RecordSchema<IpRange> {
    public static final String IP_GEO = "ip_geo";
    /** The family of {@code ip_geo}, and its qualifiers: the block's start (hex) and its country code. */
    public static final String FAMILY = "f";

    public static final String START = "s";
    public static final String COUNTRY = "cc";

    private FamilyRef f;

    public static List<TableSpec> tables() {
        return List.of(TableSpec.of(IP_GEO, FamilySpec.named(FAMILY).withBloom(BloomType.NONE))
                .withRegions(RegionSplits.explicit("6".getBytes(StandardCharsets.US_ASCII))));
    }

    public static byte[] rowKey(int version, String endHex) {
        return (version + endHex).getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void resolve(CellSink sink) {
        f = sink.family(IP_GEO, FAMILY);
    }

    /**
     * Emits one staging cell per block — qualifier = start hex, value = country TAB position TAB raw line — that
     * {@link IpOverlapFold} turns into {@code f:cc} and {@code f:s}, or into a reject.
     */
    @Override
    public void emit(IpRange r, RecordSource source, CellSink sink) throws IOException, InterruptedException {
        sink.put(
                f,
                rowKey(r.version(), r.endHex()),
                r.startHex().getBytes(StandardCharsets.US_ASCII),
                source.loadTimestamp(),
                (r.country() + '\t' + source.position() + '\t' + source.line()).getBytes(StandardCharsets.UTF_8));
    }
}
