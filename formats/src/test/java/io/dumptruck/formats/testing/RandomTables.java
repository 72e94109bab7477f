package io.dumptruck.formats.testing;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Random tables for round trips: two tables, several families with different settings (tiny blocks, codecs, encodings,
 * blooms, many versions), binary keys, salted and explicit regions. The cells go to text files for
 * {@link CellTextMapper} and into a {@link CellModel}.
 */
public final class RandomTables {
    public static final String WIDE = "wide";
    public static final String SALTED = "salted";

    public final List<TableSpec> specs;
    public final CellModel model;
    public final List<String> lines = new ArrayList<>();
    public final long minTs;
    public final long maxTs;

    public RandomTables(long seed, int cells) {
        Random rnd = new Random(seed);
        TableSpec wide = new TableSpec(
                WIDE,
                List.of(
                        FamilySpec.named("a")
                                .withMaxVersions(3)
                                .withBlockSize(1024)
                                .withEncoding(DataBlockEncoding.FAST_DIFF),
                        FamilySpec.named("b")
                                .withBloom(BloomType.ROWCOL)
                                .withCompression(Compression.Algorithm.GZ)
                                .withBlockSize(1024)
                                .withEncoding(DataBlockEncoding.PREFIX),
                        FamilySpec.named("c")
                                .withMaxVersions(5)
                                .withBloom(BloomType.NONE)
                                .withBlockSize(2048)),
                RegionSplits.explicit(new byte[] {'g'}, new byte[] {'p', 0}, new byte[] {(byte) 0xC0}),
                null);
        TableSpec salted = new TableSpec(
                SALTED,
                List.of(FamilySpec.named("d")
                        .withCompression(Compression.Algorithm.GZ)
                        .withEncoding(DataBlockEncoding.DIFF)
                        .withBlockSize(1024)),
                RegionSplits.salted(4),
                "disabled");
        specs = List.of(wide, salted);
        model = new CellModel(specs);
        minTs = 1_000_000L;
        maxTs = minTs + 50;
        List<byte[]> rows = new ArrayList<>();
        for (int i = 0; i < cells / 8; i++) {
            rows.add(randomBytes(rnd, 1 + rnd.nextInt(6), "abgpqz\u0000\u00ff\u00c0"));
        }
        int written = 0;
        while (written < cells) {
            boolean isWide = rnd.nextInt(4) != 0;
            byte[] row = rows.get(rnd.nextInt(rows.size()));
            String table;
            String family;
            if (isWide) {
                table = WIDE;
                family = new String[] {"a", "b", "c"}[rnd.nextInt(3)];
            } else {
                table = SALTED;
                family = "d";
                row = row.clone();
                row[0] = (byte) rnd.nextInt(4);
            }
            byte[] qualifier = randomBytes(rnd, rnd.nextInt(4), "xyz:\u0000\t\\");
            long ts = minTs + rnd.nextInt((int) (maxTs - minTs));
            byte[] value = randomBytes(rnd, rnd.nextInt(40), "value\t\n\\\u0000\u00e9");
            if (model.put(table, row, family, qualifier, ts, value)) {
                lines.add(CellTextMapper.line(table, row, family, qualifier, ts, value));
                written++;
                if (rnd.nextInt(50) == 0) {
                    lines.add(CellTextMapper.line(table, row, family, qualifier, ts, value)); // exact duplicate
                }
            }
        }
        java.util.Collections.shuffle(lines, rnd);
    }

    /** Scans of every kind: all, versions, ranges, prefixes, time ranges, families, columns, limits, mixes. */
    public List<ScanSpec> scans(Random rnd, TableSpec t) {
        List<byte[]> rows = model.rows(t.name());
        List<ScanSpec> out = new ArrayList<>();
        out.add(ScanSpec.all());
        out.add(ScanSpec.all().withMaxVersions(10));
        out.add(ScanSpec.all().withLimit(7));
        for (int i = 0; i < 10; i++) {
            byte[] a = rows.get(rnd.nextInt(rows.size()));
            byte[] b = rows.get(rnd.nextInt(rows.size()));
            if (Bytes.compareTo(a, b) > 0) {
                byte[] x = a;
                a = b;
                b = x;
            }
            out.add(ScanSpec.all().withRange(a, b).withMaxVersions(1 + rnd.nextInt(6)));
            out.add(ScanSpec.all().withPrefix(Bytes.head(a, 1)));
            out.add(ScanSpec.all()
                    .withPrefix(Bytes.head(b, Math.min(2, b.length)))
                    .withMaxVersions(3));
            out.add(ScanSpec.all().withPrefix(a).withLimit(1));
            out.add(ScanSpec.all().withRange(a, new byte[0]).withLimit(1 + rnd.nextInt(20)));
            long from = minTs + rnd.nextInt(45);
            out.add(ScanSpec.all().withTimeRange(from, from + 10).withMaxVersions(2));
            String family = t.families().get(rnd.nextInt(t.families().size())).name();
            out.add(ScanSpec.all().withFamilies(List.of(family)).withMaxVersions(5));
            out.add(ScanSpec.all()
                    .withRange(a, b)
                    .withFamilies(List.of(family))
                    .withTimeRange(from, from + 20)
                    .withMaxVersions(1 + rnd.nextInt(4))
                    .withLimit(rnd.nextInt(3) == 0 ? 5 : 0));
        }
        for (FamilySpec f : t.families()) {
            out.add(ScanSpec.all().withFamilies(List.of(f.name())).withMaxVersions(5));
        }
        out.add(ScanSpec.all()
                .withColumns(List.of(
                        ScanSpec.parseColumn(t.families().get(0).name() + ":x"),
                        ScanSpec.parseColumn(t.families().get(0).name() + ":")))
                .withMaxVersions(3));
        String last = t.families().get(t.families().size() - 1).name();
        out.add(ScanSpec.all()
                .withFamilies(List.of(last))
                .withColumns(List.of(ScanSpec.parseColumn(t.families().get(0).name() + ":y"))));
        return out;
    }

    private static byte[] randomBytes(Random rnd, int n, String alphabet) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) alphabet.charAt(rnd.nextInt(alphabet.length()));
        }
        return b;
    }

    /** Writes the lines to {@code files} text files under {@code dir}. */
    public void writeInput(Path dir, int files) throws IOException {
        Files.createDirectories(dir);
        List<List<String>> parts = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            parts.add(new ArrayList<>());
        }
        for (int i = 0; i < lines.size(); i++) {
            parts.get(i % files).add(lines.get(i));
        }
        for (int i = 0; i < files; i++) {
            Files.write(dir.resolve("cells-" + i + ".txt"), parts.get(i), StandardCharsets.UTF_8);
        }
    }
}
