package io.dumptruck.loaders.geo;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The GeoNames tables of docs/tables.md.
 *
 * <pre>
 *   geonames_info  row feature class (1 ASCII byte) ‖ int(geonameid)   i: → the record as JSON
 *   tile_places    row int(qk16) ‖ int(geonameid)   family h (population ≥ 100,000) · m (≥ 10,000) · l (else)
 *                  n name · k class.code (e.g. P.PPLA) · c country code (absent values have no cell)
 * </pre>
 *
 * {@code qk16} is the level-16 Bing quadkey packed into 32 bits, so the places of any tile at level ≤ 16 are one
 * contiguous key range (the tile's quadkey followed by every possible suffix) and a map client reads a tile with one
 * range scan; prominence families let a zoomed-out map read only {@code h}. The geonameid is written as a 4-byte
 * unsigned int; ids beyond 2^32 - 1 are rejected. Cell timestamp: the load timestamp.
 */
public final class GeoSchema implements RecordSchema<GeoNamesRecord> {
    public static final String GEONAMES_INFO = "geonames_info";
    public static final String TILE_PLACES = "tile_places";
    private static final byte[] EMPTY = new byte[0];
    /** The family of {@code geonames_info}. */
    public static final String INFO = "i";
    /** The families of {@code tile_places} by prominence: population ≥ 100,000, ≥ 10,000, the rest. */
    public static final String HIGH = "h";

    public static final String MEDIUM = "m";
    public static final String LOW = "l";
    public static final List<String> PROMINENCE = List.of(HIGH, MEDIUM, LOW);
    /** The qualifiers of a place in {@code tile_places}: name, kind (class.code), country. */
    public static final String NAME = "n";

    public static final String KIND = "k";
    public static final String COUNTRY = "c";
    private static final byte[] N = Bytes.toBytes(NAME);
    private static final byte[] K = Bytes.toBytes(KIND);
    private static final byte[] C = Bytes.toBytes(COUNTRY);

    private final RowKeyBuilder key = new RowKeyBuilder(8);
    private FamilyRef info;
    private FamilyRef high;
    private FamilyRef medium;
    private FamilyRef low;

    public static List<TableSpec> tables(int regions) {
        FamilySpec places = FamilySpec.named(HIGH).withBloom(BloomType.NONE).withEncoding(DataBlockEncoding.FAST_DIFF);
        return List.of(
                TableSpec.of(GEONAMES_INFO, FamilySpec.named(INFO).withCompression(Compression.Algorithm.GZ))
                        .withRegions(RegionSplits.sampled(regions)),
                TableSpec.of(
                                TILE_PLACES,
                                places,
                                places.withName(MEDIUM),
                                places.withName(LOW).withCompression(Compression.Algorithm.GZ))
                        .withRegions(RegionSplits.sampled(regions)));
    }

    @Override
    public void resolve(CellSink sink) {
        info = sink.family(GEONAMES_INFO, INFO);
        high = sink.family(TILE_PLACES, HIGH);
        medium = sink.family(TILE_PLACES, MEDIUM);
        low = sink.family(TILE_PLACES, LOW);
    }

    @Override
    public void emit(GeoNamesRecord r, RecordSource source, CellSink sink) throws IOException, InterruptedException {
        long loadTimestamp = source.loadTimestamp();
        if (r.geonameId() > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("geonameid " + r.geonameId() + " does not fit the 4-byte key");
        }
        int id = (int) r.geonameId();
        sink.put(
                info,
                key.clear().oneByte(r.featureClass()).intBE(id).build(),
                EMPTY,
                loadTimestamp,
                r.toJson().getBytes(StandardCharsets.UTF_8));
        byte[] tile = key.clear()
                .intBE(QuadKey.packed(r.latitude(), r.longitude(), 16))
                .intBE(id)
                .build();
        FamilyRef family = switch (r.prominence()) {
            case 'h' -> high;
            case 'm' -> medium;
            default -> low;
        };
        put(sink, family, tile, N, r.name(), loadTimestamp);
        put(
                sink,
                family,
                tile,
                K,
                r.featureClass() + "." + (r.featureCode() == null ? "" : r.featureCode()),
                loadTimestamp);
        put(sink, family, tile, C, r.countryCode(), loadTimestamp);
    }

    private static void put(CellSink sink, FamilyRef f, byte[] row, byte[] qualifier, String value, long ts)
            throws IOException, InterruptedException {
        if (value != null && !value.isEmpty()) {
            sink.put(f, row, qualifier, ts, value.getBytes(StandardCharsets.UTF_8));
        }
    }
}
