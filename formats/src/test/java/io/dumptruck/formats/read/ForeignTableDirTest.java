package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Table directories written by something else: no {@code _spec.json}, or cells that are not Puts. */
class ForeignTableDirTest {
    @TempDir
    File tmp;

    final Configuration conf = LocalJobs.localConf();

    private void write(Path file, KeyValue... cells) throws IOException {
        write(file, new HFileContextBuilder().build(), cells);
    }

    private void write(Path file, HFileContext context, KeyValue... cells) throws IOException {
        FileSystem fs = FileSystem.getLocal(conf);
        StoreFileWriter w = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs)
                .withFilePath(file)
                .withFileContext(context)
                .build();
        for (KeyValue kv : cells) {
            w.append(kv);
        }
        w.close();
    }

    private static KeyValue put(String row, long ts) {
        return new KeyValue(
                Bytes.toBytes(row),
                Bytes.toBytes("f"),
                Bytes.toBytes("q"),
                ts,
                KeyValue.Type.Put,
                Bytes.toBytes("v" + ts));
    }

    @Test
    void withoutASpecEveryVersionIsKept() throws Exception {
        Path table = new Path(tmp.getAbsolutePath(), "t");
        write(new Path(table, "f/0a"), put("r", 3), put("r", 2), put("r", 1));
        try (TableReader reader = TableReader.open(conf, table)) {
            assertEquals(
                    3,
                    reader.get(Bytes.toBytes("r"), ScanSpec.all().withMaxVersions(10))
                            .get()
                            .rawCells()
                            .length);
            assertEquals(
                    1,
                    reader.get(Bytes.toBytes("r"), ScanSpec.all()).get().rawCells().length,
                    "a scan's default is 1 version");
        }
        // the input format's tasks get the spec inferred when the job was set up
        List<org.apache.hadoop.hbase.client.Result> rows =
                LocalJobs.readAll(conf, table, ScanSpec.all().withMaxVersions(10));
        assertEquals(1, rows.size());
        assertEquals(3, rows.get(0).rawCells().length);
    }

    @Test
    void deleteMarkersMaskCellsOfOtherFilesAndAreNeverReturned() throws Exception {
        Path table = new Path(tmp.getAbsolutePath(), "d");
        write(new Path(table, "f/0a"), put("a", 1), put("b", 7), put("b", 3));
        write(
                new Path(table, "f/0b"),
                new KeyValue(
                        Bytes.toBytes("b"), Bytes.toBytes("f"), Bytes.toBytes("q"), 5, KeyValue.Type.DeleteColumn));
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner rows = reader.scan(ScanSpec.all().withMaxVersions(10))) {
            assertEquals("a", Bytes.toString(rows.next().getRow()));
            org.apache.hadoop.hbase.client.Result b = rows.next();
            assertEquals(1, b.rawCells().length, "b@3 is masked by the DeleteColumn at 5, b@7 is newer than it");
            assertEquals(7, b.rawCells()[0].getTimestamp());
            assertEquals(null, rows.next());
        }
    }

    private static KeyValue tagged(String row, byte tagType, String tagValue) {
        return new KeyValue(
                Bytes.toBytes(row),
                Bytes.toBytes("f"),
                Bytes.toBytes("q"),
                1,
                KeyValue.Type.Put,
                Bytes.toBytes("v-" + row),
                List.<Tag>of(new ArrayBackedTag(tagType, Bytes.toBytes(tagValue))));
    }

    /**
     * Cells with tags (a TTL tag, say) are read as they are; a MOB reference is an error naming the file, never its
     * pointer as a value.
     */
    @ParameterizedTest
    @EnumSource(
            value = DataBlockEncoding.class,
            names = {"NONE", "FAST_DIFF", "PREFIX"})
    void taggedCellsAreReadAndAMobReferenceIsAnErrorNamingTheFile(DataBlockEncoding encoding) throws Exception {
        HFileContext context = new HFileContextBuilder()
                .withIncludesTags(true)
                .withDataBlockEncoding(encoding)
                .build();
        Path table = new Path(tmp.getAbsolutePath(), "tags-" + encoding);
        write(
                new Path(table, "f/0a"),
                context,
                tagged("a", TagType.TTL_TAG_TYPE, "x"),
                put("b", 1),
                tagged("c", TagType.TTL_TAG_TYPE, "y"));
        write(new Path(table, "f/0b"), put("d", 1));
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner rows = reader.scan(ScanSpec.all().withRange(new byte[0], Bytes.toBytes("d")))) {
            List<String> read = new java.util.ArrayList<>();
            for (org.apache.hadoop.hbase.client.Result r = rows.next(); r != null; r = rows.next()) {
                read.add(Bytes.toString(r.getValue(Bytes.toBytes("f"), Bytes.toBytes("q"))));
            }
            assertEquals(List.of("v-a", "v1", "v-c"), read);
        }
        write(new Path(table, "f/0c"), context, tagged("m", TagType.MOB_REFERENCE_TAG_TYPE, "mobtable"));
        try (TableReader reader = TableReader.open(conf, table)) {
            IOException e = assertThrows(IOException.class, () -> {
                try (RowScanner rows = reader.scan(ScanSpec.all())) {
                    while (rows.next() != null) {
                        // read to the end
                    }
                }
            });
            assertTrue(
                    e.getMessage().contains("is a MOB reference")
                            && e.getMessage().contains("f/0c"),
                    e.getMessage());
        }
    }

    @Test
    void aTruncatedHFileIsNamedInTheError() throws Exception {
        Path table = new Path(tmp.getAbsolutePath(), "x");
        Path file = new Path(table, "f/0c");
        write(file, put("a", 1));
        File f = new File(file.toString());
        byte[] bytes = java.nio.file.Files.readAllBytes(f.toPath());
        java.nio.file.Files.write(f.toPath(), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        IOException e = assertThrows(IOException.class, () -> TableReader.open(conf, table));
        assertTrue(
                e.getMessage().startsWith("cannot read HFile ")
                        && e.getMessage().contains("0c"),
                e.getMessage());
    }
}
