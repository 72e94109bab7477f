package io.dumptruck.bench;

import io.dumptruck.formats.output.FamilyFileWriter;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.graph.Edge;
import io.dumptruck.loaders.graph.GraphParser;
import io.dumptruck.loaders.graph.GraphSchema;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Inputs of the JMH benchmarks, from the project's generator: generated lines, the cells the loaders make of them, and
 * table directories written with dumptruck's own {@link FamilyFileWriter} (one file per region, {@code _spec.json} next
 * to them) — what a load leaves behind.
 */
final class BenchTables {
    private BenchTables() {}

    /** {@code count} generated lines of {@code kind} (weblogs, graph). */
    static List<String> lines(String kind, int count, long seed) throws IOException {
        java.nio.file.Path dir = Files.createTempDirectory("bench-lines");
        try {
            DataGenerator.generate(kind, count, seed, dir, 1);
            return Files.readAllLines(dir.resolve("part-00000.txt"), StandardCharsets.UTF_8);
        } finally {
            WebLogInput.deleteTree(dir);
        }
    }

    /** The visits cells of generated web-log lines, sorted in HBase's order, duplicates removed. */
    static List<KeyValue> visitCells(int lines, long seed) throws IOException {
        WebLogParser parser = new WebLogParser();
        RowKeyBuilder key = new RowKeyBuilder(64);
        List<KeyValue> cells = new ArrayList<>();
        for (String line : lines(DataGenerator.WEBLOGS, lines, seed)) {
            Parsed<WebLogRecord> p = parser.parse(line);
            if (!p.isRecord()) {
                continue;
            }
            VisitCells v = VisitCells.of(p.record(), line, key);
            for (int i = 0; i < VisitCells.QUALIFIERS.length; i++) {
                if (v.values()[i] != null) {
                    cells.add(new KeyValue(
                            v.row(), VisitCells.FAMILY, VisitCells.QUALIFIERS[i], v.timestamp(), v.values()[i]));
                }
            }
        }
        return sortedDistinct(cells);
    }

    /** The {@code follows} cells of generated edges (row md5(from) ‖ md5(into), f:into → empty), sorted. */
    static List<KeyValue> followsCells(int edges, long seed, long loadTimestamp) throws IOException {
        GraphParser parser = new GraphParser();
        byte[] f = Bytes.toBytes("f");
        List<KeyValue> cells = new ArrayList<>();
        for (String line : lines(DataGenerator.GRAPH, edges, seed)) {
            Parsed<Edge> p = parser.parse(line);
            if (!p.isRecord()) {
                continue;
            }
            Edge e = p.record();
            byte[] into = Bytes.toBytes(e.into());
            cells.add(new KeyValue(
                    Bytes.add(Md5.digest(e.from()), Md5.digest(e.into())),
                    f,
                    into,
                    e.time() != null ? e.time() : loadTimestamp,
                    new byte[0]));
        }
        return sortedDistinct(cells);
    }

    private static List<KeyValue> sortedDistinct(List<KeyValue> cells) {
        cells.sort(CellComparator.getInstance());
        List<KeyValue> out = new ArrayList<>(cells.size());
        for (KeyValue kv : cells) {
            if (out.isEmpty() || CellComparator.getInstance().compare(out.get(out.size() - 1), kv) != 0) {
                out.add(kv);
            }
        }
        return out;
    }

    /** The graph loader's {@code follows} spec (family f, ROW bloom) with {@code regions} uniform regions. */
    static TableSpec followsSpec(int regions) {
        return new GraphSchema(Set.of("edges")).tables(regions).get(0);
    }

    /**
     * Writes {@code cells} (sorted, one family of {@code spec}) as the table directory {@code dir}: one HFile per
     * region of the spec's split points, and {@code _spec.json}.
     */
    static Path write(Configuration conf, Path dir, TableSpec spec, List<KeyValue> cells) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        TableSpec resolved = spec.withRegions(spec.regions().resolved());
        FamilySpec family = resolved.families().get(0);
        List<byte[]> points = resolved.regions().splitPoints();
        FamilyFileWriter writer = null;
        int region = -1;
        for (KeyValue kv : cells) {
            int at = CellDigest.region(CellUtil.cloneRow(kv), points);
            if (at != region) {
                if (writer != null) {
                    writer.finish();
                }
                region = at;
                writer = new FamilyFileWriter(
                        conf,
                        fs,
                        new Path(dir, family.name()),
                        resolved.name(),
                        family,
                        String.format("%06x", region),
                        Long.MAX_VALUE,
                        1,
                        "bench");
            }
            writer.append(kv);
        }
        if (writer != null) {
            writer.finish();
        }
        try (FSDataOutputStream out = fs.create(new Path(dir, TableSpecJson.FILE_NAME), true)) {
            out.write(TableSpecJson.toJson(resolved).getBytes(StandardCharsets.UTF_8));
        }
        return dir;
    }
}
