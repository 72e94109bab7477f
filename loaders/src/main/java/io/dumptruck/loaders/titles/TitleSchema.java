package io.dumptruck.loaders.titles;

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
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Table {@code title_autocomp} of docs/tables.md: row = UTF-8(prefix) for every prefix of {@code min..max} code points
 * (3..12 by default) of the normalized title; {@code j:} (empty qualifier) → JSON array of at most 10 titles (as
 * written, {@code _} → space), rank descending, ties by title ascending. One get answers an autocomplete request — no
 * scan, no sort at query time.
 *
 * <p>How the top 10 are found without holding a prefix's titles: the mapper emits one cell per (prefix, title) whose
 * qualifier sorts exactly in answer order —
 *
 * <pre>
 *   qualifier = ~orderable(rank) (8 bytes, so higher ranks sort first) ‖ UTF-8(title)
 * </pre>
 *
 * — and {@link TopTitlesFold} keeps the first ten of each row as they stream past.
 */
public final class TitleSchema implements RecordSchema<TitleRecord> {
    public static final String TITLE_AUTOCOMP = "title_autocomp";
    /** The family of {@code title_autocomp}. */
    public static final String TITLES = "j";

    private static final byte[] EMPTY = new byte[0];

    private final int min;
    private final int max;
    private FamilyRef j;

    public TitleSchema(int min, int max) {
        if (min < 1 || max < min || max > 100) {
            throw new IllegalArgumentException(
                    "--min-prefix/--max-prefix must satisfy 1 <= min <= max <= 100, got " + min + ".." + max);
        }
        this.min = min;
        this.max = max;
    }

    public static List<TableSpec> tables(int regions) {
        return List.of(TableSpec.of(
                        TITLE_AUTOCOMP,
                        FamilySpec.named(TITLES).withBloom(BloomType.ROW).withCompression(Compression.Algorithm.GZ))
                .withRegions(RegionSplits.sampled(regions)));
    }

    @Override
    public void resolve(CellSink sink) {
        j = sink.family(TITLE_AUTOCOMP, TITLES);
    }

    @Override
    public void emit(TitleRecord t, RecordSource source, CellSink sink) throws IOException, InterruptedException {
        long loadTimestamp = source.loadTimestamp();
        byte[] qualifier = Bytes.add(descending(t.rank()), t.title().getBytes(StandardCharsets.UTF_8));
        for (String prefix : TitlePrefixes.of(t.normalized(), min, max)) {
            sink.put(j, prefix.getBytes(StandardCharsets.UTF_8), qualifier, loadTimestamp, EMPTY);
        }
    }

    /** 8 bytes that sort (unsigned) in descending order of {@code rank}; -0.0 and 0.0 alike. */
    static byte[] descending(double rank) {
        long bits = Double.doubleToLongBits(rank == 0.0 ? 0.0 : rank);
        long ascending = bits < 0 ? ~bits : bits | Long.MIN_VALUE; // IEEE 754 → unsigned order
        return Bytes.toBytes(~ascending);
    }
}
