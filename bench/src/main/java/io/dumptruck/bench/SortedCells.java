package io.dumptruck.bench;

import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.regionserver.StoreUtils;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The floor of a load: the cells it wrote, already sorted and cut at its split points, written by HBase's bare HFile
 * writer ({@link StoreFileWriter}) with each family's settings — no parsing, no shuffle, no MapReduce.
 *
 * <p>{@link #dump} (untimed) copies a load's output into plain files, one per table, family and region:
 * {@code <dump>/<table>/<family>/<region>.cells}, each cell as an int length and its KeyValue bytes, plus the table's
 * {@code _spec.json}. {@link #write} (timed) reads those files sequentially and writes one HFile per region and family.
 */
final class SortedCells {
    private SortedCells() {}

    /** Copies every table of {@code loadOutput} (directories holding a {@code _spec.json}) into {@code dump}. */
    static long dump(Configuration conf, Path loadOutput, java.nio.file.Path dump) throws IOException {
        FileSystem fs = loadOutput.getFileSystem(conf);
        long cells = 0;
        for (FileStatus table : fs.listStatus(loadOutput)) {
            Path specFile = new Path(table.getPath(), "_spec.json");
            if (!table.isDirectory() || !fs.exists(specFile)) {
                continue;
            }
            TableSpec spec = readSpec(fs, specFile);
            java.nio.file.Path tableDump = dump.resolve(spec.name());
            Files.createDirectories(tableDump);
            Files.writeString(tableDump.resolve("_spec.json"), TableSpecJson.toJson(spec));
            List<byte[]> points = spec.regions().splitPoints();
            for (FamilySpec family : spec.families()) {
                Path dir = new Path(table.getPath(), family.name());
                if (!fs.exists(dir)) {
                    continue;
                }
                java.nio.file.Path familyDump = tableDump.resolve(family.name());
                Files.createDirectories(familyDump);
                List<HFile.Reader> readers = openByFirstKey(fs, dir, conf);
                int region = -1;
                DataOutputStream out = null;
                try {
                    for (HFile.Reader r : readers) {
                        HFileScanner s = r.getScanner(conf, false, false);
                        if (!s.seekTo()) {
                            continue;
                        }
                        do {
                            KeyValue kv = KeyValueUtil.copyToNewKeyValue(s.getCell());
                            int at = CellDigest.region(CellUtil.cloneRow(kv), points);
                            if (at != region) {
                                if (out != null) {
                                    out.close();
                                }
                                region = at;
                                out = new DataOutputStream(new BufferedOutputStream(
                                        Files.newOutputStream(familyDump.resolve(String.format("%05d.cells", region))),
                                        1 << 16));
                            }
                            out.writeInt(kv.getLength());
                            out.write(kv.getBuffer(), kv.getOffset(), kv.getLength());
                            cells++;
                        } while (s.next());
                        s.close();
                    }
                } finally {
                    if (out != null) {
                        out.close();
                    }
                    for (HFile.Reader r : readers) {
                        r.close();
                    }
                }
            }
        }
        return cells;
    }

    /** Writes the dumped cells as HFiles under {@code output/<table>/<family>/}; returns the cells written. */
    static long write(Configuration conf, java.nio.file.Path dump, Path output) throws IOException {
        FileSystem fs = output.getFileSystem(conf);
        long cells = 0;
        java.nio.file.Path[] tables;
        try (var list = Files.list(dump)) {
            tables = list.filter(Files::isDirectory).sorted().toArray(java.nio.file.Path[]::new);
        }
        for (java.nio.file.Path tableDump : tables) {
            TableSpec spec =
                    TableSpecJson.fromJson(Files.readString(tableDump.resolve("_spec.json"), StandardCharsets.UTF_8));
            for (FamilySpec family : spec.families()) {
                java.nio.file.Path familyDump = tableDump.resolve(family.name());
                if (!Files.isDirectory(familyDump)) {
                    continue;
                }
                java.nio.file.Path[] regions;
                try (var list = Files.list(familyDump)) {
                    regions = list.sorted(Comparator.naturalOrder()).toArray(java.nio.file.Path[]::new);
                }
                for (java.nio.file.Path regionFile : regions) {
                    String name = regionFile.getFileName().toString().replace(".cells", "");
                    Path file = new Path(new Path(new Path(output, spec.name()), family.name()), "f" + name);
                    try (DataInputStream in =
                            new DataInputStream(new BufferedInputStream(Files.newInputStream(regionFile), 1 << 20))) {
                        cells += writeRegion(conf, fs, () -> readCell(in), file, spec.name(), family);
                    }
                }
            }
        }
        return cells;
    }

    /** Sorted cells, one at a time; null after the last. */
    interface Source {
        KeyValue next() throws IOException;
    }

    /**
     * The next cell of a file of cells as {@link #dump} writes them (an int length, the KeyValue), or null at its end.
     */
    static KeyValue readCell(DataInputStream in) throws IOException {
        byte[] kv = readCellBytes(in);
        return kv == null ? null : new KeyValue(kv, 0, kv.length);
    }

    /** The bytes of the next cell of such a file, or null at its end. */
    static byte[] readCellBytes(DataInputStream in) throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException end) {
            return null;
        }
        byte[] kv = new byte[length];
        in.readFully(kv);
        return kv;
    }

    /**
     * Writes {@code cells} (sorted) as one HFile {@code file} of {@code family}, with its settings, as a bulk load's;
     * returns the cells written.
     */
    static long writeRegion(Configuration conf, FileSystem fs, Source cells, Path file, String table, FamilySpec family)
            throws IOException {
        HFileContext context = new HFileContextBuilder()
                .withCompression(family.compression())
                .withDataBlockEncoding(family.encoding())
                .withChecksumType(StoreUtils.getChecksumType(conf))
                .withBytesPerCheckSum(StoreUtils.getBytesPerChecksum(conf))
                .withBlockSize(family.blockSize())
                .withColumnFamily(family.nameBytes())
                .withTableName(Bytes.toBytes(table))
                .withIncludesTags(true)
                .withCreateTime(System.currentTimeMillis())
                .build();
        StoreFileWriter writer = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs)
                .withFilePath(file)
                .withBloomType(family.bloom())
                .withMaxVersions(family.maxVersions())
                .withFileContext(context)
                .build();
        long written = 0;
        for (KeyValue kv = cells.next(); kv != null; kv = cells.next()) {
            writer.append(kv);
            written++;
        }
        writer.appendFileInfo(HStoreFile.BULKLOAD_TIME_KEY, Bytes.toBytes(System.currentTimeMillis()));
        writer.appendFileInfo(HStoreFile.MAJOR_COMPACTION_KEY, Bytes.toBytes(true));
        writer.appendTrackedTimestampsToMetadata();
        writer.close();
        return written;
    }

    private static TableSpec readSpec(FileSystem fs, Path specFile) throws IOException {
        try (var in = fs.open(specFile)) {
            return TableSpecJson.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Readers of the non-empty HFiles in a family directory (hidden names skipped), by first key. */
    static List<HFile.Reader> openByFirstKey(FileSystem fs, Path dir, Configuration conf) throws IOException {
        List<HFile.Reader> readers = new ArrayList<>();
        for (FileStatus f : fs.listStatus(dir)) {
            if (f.isFile()
                    && !f.getPath().getName().startsWith(".")
                    && !f.getPath().getName().startsWith("_")) {
                HFile.Reader r = HFile.createReader(fs, f.getPath(), CacheConfig.DISABLED, true, conf);
                if (r.getEntries() == 0) {
                    r.close();
                } else {
                    readers.add(r);
                }
            }
        }
        readers.sort((a, b) -> CellComparator.getInstance()
                .compare(a.getFirstKey().get(), b.getFirstKey().get()));
        return readers;
    }
}
