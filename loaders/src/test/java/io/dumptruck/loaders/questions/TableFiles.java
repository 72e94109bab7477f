package io.dumptruck.loaders.questions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.read.Reads;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.Question;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;

/**
 * Tables written cell by cell as an outside client would: row keys and values built here from the byte layouts of
 * {@code docs/tables.md} (never with the loaders' schema code), sorted in HBase's cell order and written as real HFiles
 * with HBase's own writer into {@code <root>/<table>/<family>/<file>}, a directory {@code TableReader} reads like a
 * table HBase holds. Also the asking of a question through its public API, and the byte helpers the oracles use.
 */
final class TableFiles implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final List<BloomType> BLOOMS = List.of(BloomType.NONE, BloomType.ROW, BloomType.ROWCOL);

    /** One configuration for every table: made once, as making one reads Hadoop's default resources. */
    private static final Configuration CONF = LocalJobs.localConf();

    final Configuration conf = CONF;
    final File root;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final Map<String, TableReader> readers = new LinkedHashMap<>();
    /** Files written so far: names them, and picks each one's bloom filter (the same for the same tables). */
    private long written;

    TableFiles() {
        try {
            root = Files.createTempDirectory("questions-oracle").toFile();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The table {@code name}, created empty with these families (each family directory exists even without cells). */
    Table table(String name, String... families) {
        return tables.computeIfAbsent(name, n -> new Table(n, List.of(families)));
    }

    /** The cells of one table, by family; each {@link #file} call starts another HFile of every family. */
    final class Table {
        final String name;
        final List<String> families;
        private final Map<String, List<List<KeyValue>>> files = new LinkedHashMap<>();
        private String spec;

        Table(String name, List<String> families) {
            this.name = name;
            this.families = families;
            families.forEach(f -> files.put(f, new ArrayList<>(List.of(new ArrayList<>()))));
        }

        Table put(byte[] row, String family, byte[] qualifier, long ts, byte[] value) {
            return add(new KeyValue(row, utf8(family), qualifier, ts, KeyValue.Type.Put, value));
        }

        /** A DeleteColumn marker: every version of the column up to {@code ts}. */
        Table deleteColumn(byte[] row, String family, byte[] qualifier, long ts) {
            return add(new KeyValue(row, utf8(family), qualifier, ts, KeyValue.Type.DeleteColumn));
        }

        /** A Delete marker: the version of the column at exactly {@code ts}. */
        Table deleteVersion(byte[] row, String family, byte[] qualifier, long ts) {
            return add(new KeyValue(row, utf8(family), qualifier, ts, KeyValue.Type.Delete));
        }

        /** A DeleteFamily marker: every cell of the family in the row up to {@code ts}. */
        Table deleteFamily(byte[] row, String family, long ts) {
            return add(new KeyValue(row, utf8(family), null, ts, KeyValue.Type.DeleteFamily));
        }

        /** Cells added from now on go to a new HFile of each family (as a second bulk load would). */
        Table file() {
            files.values().forEach(l -> l.add(new ArrayList<>()));
            return this;
        }

        /** The table's {@code _spec.json}, as text. */
        Table spec(String json) {
            this.spec = json;
            return this;
        }

        private Table add(KeyValue kv) {
            String family = new String(kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyLength(), UTF8);
            List<List<KeyValue>> f = files.get(family);
            if (f == null) {
                throw new IllegalArgumentException("table " + name + " has no family " + family);
            }
            f.get(f.size() - 1).add(kv);
            return this;
        }

        void write() throws IOException {
            FileSystem fs = FileSystem.getLocal(conf);
            Path dir = new Path(root.getAbsolutePath(), name);
            for (Map.Entry<String, List<List<KeyValue>>> family : files.entrySet()) {
                fs.mkdirs(new Path(dir, family.getKey()));
                for (List<KeyValue> cells : family.getValue()) {
                    if (cells.isEmpty()) {
                        continue;
                    }
                    List<KeyValue> sorted = new ArrayList<>(cells);
                    sorted.sort(CellComparator.getInstance());
                    for (int i = 1; i < sorted.size(); i++) {
                        if (CellComparator.getInstance().compare(sorted.get(i - 1), sorted.get(i)) == 0) {
                            throw new IllegalStateException("the generator made one cell twice: " + sorted.get(i));
                        }
                    }
                    long n = ++written;
                    Path file = new Path(dir, family.getKey() + "/" + String.format("%032x", n));
                    StoreFileWriter w = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs)
                            .withFilePath(file)
                            .withFileContext(new HFileContextBuilder().build())
                            // files with and without bloom filters: a get may skip a file by its filter
                            .withBloomType(BLOOMS.get((int) (n % BLOOMS.size())))
                            .build();
                    for (KeyValue kv : sorted) {
                        w.append(kv);
                    }
                    w.close();
                }
            }
            if (spec != null) {
                Files.writeString(new File(dir.toString(), "_spec.json").toPath(), spec, UTF8);
            }
        }
    }

    /** Writes every table's files. */
    TableFiles write() throws IOException {
        for (Table t : tables.values()) {
            t.write();
        }
        return this;
    }

    /** An answer's JSON object and the reads it took. */
    record Asking(JsonNode answer, Reads reads) {}

    /**
     * Asks {@code question} as {@code dumptruck query} does: found by name in {@link LoaderCatalog#questions}, its
     * tables opened from this root by name.
     */
    Asking ask(String question, List<String> arguments, Map<String, String> options, Set<String> flags, long limit)
            throws IOException {
        Question q = LoaderCatalog.questions().get(question);
        if (q == null) {
            throw new AssertionError("no question " + question);
        }
        try (Asked asked = q.ask(arguments, options, flags, limit, this::reader)) {
            Answer answer = q.answer(asked);
            return new Asking(normal(answer.json()), asked.reads());
        }
    }

    /**
     * The table {@code name}, opened once and kept between askings as the map server keeps its readers (an asking
     * closes only its files).
     */
    private TableReader reader(String name) throws IOException {
        TableReader r = readers.get(name);
        if (r == null) {
            r = TableReader.open(conf, new Path(root.getAbsolutePath(), name));
            readers.put(name, r);
        }
        return r;
    }

    Asking ask(String question, List<String> arguments, long limit) throws IOException {
        return ask(question, arguments, Map.of(), Set.of(), limit);
    }

    @Override
    public void close() {
        for (TableReader r : readers.values()) {
            try {
                r.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        FileUtils.deleteQuietly(root);
    }

    // ---- helpers of the oracles: plain JDK, no dumptruck code ----

    static final java.nio.charset.Charset UTF8 = StandardCharsets.UTF_8;

    static byte[] utf8(String s) {
        return s.getBytes(UTF8);
    }

    static byte[] md5(String s) {
        try {
            return MessageDigest.getInstance("MD5").digest(utf8(s));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(utf8(s));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** 8 bytes, big-endian. */
    static byte[] longBytes(long v) {
        return java.nio.ByteBuffer.allocate(8).putLong(v).array();
    }

    static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** Unsigned lexicographic order of byte arrays, the order of HBase keys. */
    static final Comparator<byte[]> BYTES = java.util.Arrays::compareUnsigned;

    /** Strings by their UTF-8 bytes. */
    static final Comparator<String> BY_UTF8 = Comparator.comparing(TableFiles::utf8, BYTES);

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** A JSON tree re-read from its text: numbers compare by value, objects whatever the order of their fields. */
    static JsonNode normal(JsonNode n) {
        try {
            return JSON.readTree(JSON.writeValueAsString(n));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The whole answer as expected, every field, whatever the order of an object's fields. */
    static void assertAnswer(JsonNode expected, JsonNode actual, String what) {
        JsonNode e = normal(expected);
        if (!e.equals(normal(actual))) {
            org.junit.jupiter.api.Assertions.assertEquals(pretty(e), pretty(normal(actual)), what);
            throw new AssertionError(what + ": expected " + e + ", got " + actual);
        }
    }

    static String pretty(JsonNode n) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
