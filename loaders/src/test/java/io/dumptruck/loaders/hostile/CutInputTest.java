package io.dumptruck.loaders.hostile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.runtime.JobFailure;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.graph.GraphLoader;
import io.dumptruck.loaders.jsonspec.SpecLoader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input files that know their own end (gzip and bzip2 trailers and block checksums, Avro's sync markers, Parquet's
 * footer), cut short or damaged: the load fails naming the file and writes nothing, where the formats' own readers
 * would take the cut as the end and load the first part.
 */
class CutInputTest {
    private static final int EDGES = 200_000;

    @TempDir
    File tmp;

    private static byte[] edges() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < EDGES; i++) {
            s.append("user")
                    .append(i % 997)
                    .append('\t')
                    .append("user")
                    .append(i)
                    .append('\t')
                    .append(1_600_000_000_000L + i)
                    .append('\n');
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Loads {@code file} (written as given) and asserts the load failed naming it and left no output. */
    private void assertRefused(Loader loader, File file, Map<String, String> options) throws Exception {
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out-" + file.getName());
        LoadOptions o = new LoadOptions(List.of(new Path(file.getAbsolutePath())), out, 1, 1L, 1.0, options);
        PreparedLoad load = LoadJob.prepare(conf, loader, o);
        Job job = load.job();
        assertFalse(job.waitForCompletion(false), file + " loaded as if whole");
        String reason = JobFailure.reason(job);
        assertNotNull(reason);
        assertTrue(reason.contains(file.getName()) && reason.contains("truncated or damaged"), reason);
        LoadReport report = load.finish();
        assertTrue(report.failed() && report.failure().contains("nothing was written"), report.failure());
        assertFalse(new File(out.toString()).exists(), "output left behind");
    }

    private static byte[] cut(byte[] whole, double fraction) {
        return Arrays.copyOf(whole, (int) (whole.length * fraction));
    }

    @Test
    void gzipCutShort() throws Exception {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(gz)) {
            o.write(edges());
        }
        File f = new File(tmp, "edges.tsv.gz");
        Files.write(f.toPath(), cut(gz.toByteArray(), 0.6));
        assertRefused(new GraphLoader(), f, Map.of());
    }

    private static byte[] bzip2(byte[] data) throws Exception {
        BZip2Codec codec = new BZip2Codec();
        codec.setConf(new Configuration(false));
        ByteArrayOutputStream bz = new ByteArrayOutputStream();
        try (OutputStream o = codec.createOutputStream(bz)) {
            o.write(data);
        }
        return bz.toByteArray();
    }

    @Test
    void bzip2CutShort() throws Exception {
        File f = new File(tmp, "edges.tsv.bz2");
        Files.write(f.toPath(), cut(bzip2(edges()), 0.5));
        assertRefused(new GraphLoader(), f, Map.of());
    }

    @Test
    void bzip2WithAFlippedByte() throws Exception {
        byte[] bz = bzip2(edges());
        bz[bz.length / 3] ^= 0x55;
        File f = new File(tmp, "edges.tsv.bz2");
        Files.write(f.toPath(), bz);
        assertRefused(new GraphLoader(), f, Map.of());
    }

    private static final Schema EDGE = new Schema.Parser()
            .parse("{\"type\": \"record\", \"name\": \"Edge\", \"fields\": ["
                    + "{\"name\": \"from\", \"type\": \"string\"}, {\"name\": \"to\", \"type\": \"string\"}]}");

    private Map<String, String> spec(String format) throws Exception {
        File spec = new File(tmp, format + "-spec.json");
        Files.writeString(
                spec.toPath(),
                "{\"input\": {\"format\": \"" + format + "\"}, \"tables\": [{\"name\": \"edges\","
                        + " \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"from\"}], \"cells\": [{\"column\": \"f:to\", \"field\": \"to\"}]}]}");
        return Map.of("spec", spec.getAbsolutePath());
    }

    private static List<GenericRecord> records(int n) {
        return java.util.stream.IntStream.range(0, n)
                .mapToObj(i -> {
                    GenericRecord r = new GenericData.Record(EDGE);
                    r.put("from", "user" + i);
                    r.put("to", "user" + (i * 7));
                    return (GenericRecord) r;
                })
                .toList();
    }

    @Test
    void avroCutInsideABlock() throws Exception {
        ByteArrayOutputStream avro = new ByteArrayOutputStream();
        try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(EDGE))) {
            w.setSyncInterval(4096); // many blocks: Avro's reader would return the whole ones before the cut
            w.create(EDGE, avro);
            for (GenericRecord r : records(50_000)) {
                w.append(r);
            }
        }
        File f = new File(tmp, "edges.avro");
        Files.write(f.toPath(), cut(avro.toByteArray(), 0.7));
        assertRefused(new SpecLoader(), f, spec("avro"));
    }

    @Test
    void parquetWithoutItsFooter() throws Exception {
        File whole = new File(tmp, "whole.parquet");
        try (ParquetWriter<GenericRecord> w = AvroParquetWriter.<GenericRecord>builder(
                        HadoopOutputFile.fromPath(new Path(whole.getAbsolutePath()), LocalJobs.localConf()))
                .withSchema(EDGE)
                .build()) {
            for (GenericRecord r : records(50_000)) {
                w.write(r);
            }
        }
        File f = new File(tmp, "edges.parquet");
        Files.write(f.toPath(), cut(Files.readAllBytes(whole.toPath()), 0.8));
        assertRefused(new SpecLoader(), f, spec("parquet"));
    }

    /** Plain text named as a compressed file would decompress to nothing and load as empty: it fails, naming it. */
    @Test
    void plainTextNamedSnappyIsNotReadAsEmpty() throws Exception {
        File f = new File(tmp, "edges.tsv.snappy");
        Files.write(f.toPath(), edges());
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out-snappy");
        LoadOptions o = new LoadOptions(List.of(new Path(f.getAbsolutePath())), out, 1, 1L, 1.0, Map.of());
        PreparedLoad load = LoadJob.prepare(conf, new GraphLoader(), o);
        Job job = load.job();
        assertFalse(job.waitForCompletion(false), "read as an empty file");
        String reason = JobFailure.reason(job);
        assertTrue(reason != null && reason.contains("edges.tsv.snappy"), reason);
    }

    /** A codec this installation lacks (lz4-java is not shipped; native zstd rarely is) is refused before any task. */
    @Test
    void aCodecThatCannotBeReadHereIsRefusedBeforeTheJob() throws Exception {
        File f = new File(tmp, "edges.tsv.lz4");
        Files.write(f.toPath(), edges());
        try {
            new org.apache.hadoop.io.compress.Lz4Codec()
                    .createInputStream(new java.io.ByteArrayInputStream(new byte[0]))
                    .close();
            org.junit.jupiter.api.Assumptions.abort("lz4 is readable here");
        } catch (LinkageError | RuntimeException | java.io.IOException absent) {
            // as expected: the codec's library is missing
        }
        LoadOptions o = new LoadOptions(
                List.of(new Path(f.getAbsolutePath())),
                new Path(tmp.getAbsolutePath(), "out-lz4"),
                1,
                1L,
                1.0,
                Map.of());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> LoadJob.prepare(LocalJobs.localConf(), new GraphLoader(), o));
        assertTrue(
                e.getMessage().contains("edges.tsv.lz4") && e.getMessage().contains("decompress it first"),
                e.getMessage());
        assertFalse(new File(tmp, "out-lz4").exists());
    }
}
