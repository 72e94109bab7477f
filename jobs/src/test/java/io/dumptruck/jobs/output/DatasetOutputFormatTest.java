package io.dumptruck.jobs.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.JobTesting;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DatasetOutputFormatTest {
    static final Schema EDGES = SchemaBuilder.record("edges")
            .namespace("io.dumptruck.test")
            .fields()
            .requiredString("followed")
            .requiredLong("time")
            .optionalString("note")
            .endRecord();
    static final Schema ROWS = SchemaBuilder.record("rows")
            .namespace("io.dumptruck.test")
            .fields()
            .requiredInt("row_length")
            .endRecord();
    static final Schema NEVER =
            SchemaBuilder.record("never").fields().requiredInt("x").endRecord();

    @TempDir
    static File tmp;

    static Path tables;

    @BeforeAll
    static void load() throws Exception {
        tables = JobTesting.load(tmp, "graph", "graph", List.of(JobTesting.sample("graph/edges.tsv")), Map.of(), 3);
    }

    /** One edges record per follows cell and one rows record per row; notes hold the characters TSV must escape. */
    public static final class EdgeMapper extends Mapper<ImmutableBytesWritable, Result, NullWritable, GenericRecord> {
        @Override
        protected void map(ImmutableBytesWritable row, Result r, Context context)
                throws IOException, InterruptedException {
            for (var c : r.rawCells()) {
                GenericRecord e = new GenericData.Record(EDGES);
                String followed = new String(
                        c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(), StandardCharsets.UTF_8);
                e.put("followed", followed);
                e.put("time", c.getTimestamp());
                e.put("note", followed.hashCode() % 3 == 0 ? null : "a\tb\nc\\d é");
                context.write(NullWritable.get(), e);
            }
            GenericRecord rows = new GenericData.Record(ROWS);
            rows.put("row_length", row.getLength());
            context.write(NullWritable.get(), rows);
        }
    }

    /** Distinct (follower, followed) pairs of the valid edge lines. */
    private static int followsCells() throws IOException {
        java.util.Set<String> pairs = new java.util.HashSet<>();
        for (String line :
                Files.readAllLines(JobTesting.sample("graph/edges.tsv").toPath())) {
            String[] f = line.split("\t");
            boolean goodTime = f.length < 3 || f[2].matches("[0-9]+");
            if (!line.isBlank()
                    && !line.startsWith("#")
                    && f.length >= 2
                    && !f[0].isEmpty()
                    && !f[1].isEmpty()
                    && !f[0].equals(f[1])
                    && goodTime) {
                pairs.add(f[0] + "\t" + f[1]);
            }
        }
        return pairs.size();
    }

    @ParameterizedTest
    @EnumSource(OutputKind.class)
    void everyKindReadsBackTheRecordsWritten(OutputKind kind) throws Exception {
        Configuration conf = LocalJobs.localConf();
        Job job = Job.getInstance(conf, "edges");
        HFileTableInputFormat.configure(job).table(new Path(tables, "follows")).apply();
        job.setMapperClass(EdgeMapper.class);
        job.setNumReduceTasks(0);
        Path out = new Path(new File(tmp, "out-" + kind).getAbsolutePath());
        DatasetOutputFormat.configure(job, out, kind, EDGES, ROWS, NEVER);
        assertTrue(job.waitForCompletion(false));
        // the schemas are kept beside the files only by JobRunner; TSV needs them to read back
        for (Schema s : List.of(EDGES, ROWS, NEVER)) {
            Files.writeString(
                    new File(new File(out.toString(), s.getName()), DatasetReader.SCHEMA_FILE).toPath(), s.toString());
        }

        List<GenericRecord> edges = DatasetReader.read(conf, new Path(out, "edges"), 0);
        assertEquals(followsCells(), edges.size());
        assertEquals(
                job.getCounters()
                        .findCounter(DatasetOutputFormat.COUNTER_GROUP, "edges")
                        .getValue(),
                edges.size());
        List<String> notes = new ArrayList<>();
        for (GenericRecord e : edges) {
            notes.add(String.valueOf(e.get("note")));
            assertEquals(
                    e.get("followed").toString().hashCode() % 3 == 0 ? null : "a\tb\nc\\d é",
                    e.get("note") == null ? null : e.get("note").toString());
        }
        assertTrue(
                notes.contains("null") && notes.contains("a\tb\nc\\d é"),
                "both a null and an escaped note were written");
        assertEquals(
                followsCells(),
                DatasetReader.read(conf, new Path(out, "rows"), 0).size());
        assertEquals(32, (int)
                DatasetReader.read(conf, new Path(out, "rows"), 1).get(0).get("row_length"));
        // a declared data set without records is still there, empty
        assertEquals(List.of(), DatasetReader.read(conf, new Path(out, "never"), 0));
        assertEquals(1, DatasetReader.parts(conf, new Path(out, "never")).size());
        if (kind != OutputKind.TSV) {
            assertEquals(
                    EDGES.getFields().size(),
                    edges.get(0).getSchema().getFields().size());
            assertEquals(
                    Schema.Type.LONG,
                    edges.get(0).getSchema().getField("time").schema().getType());
        }
    }

    @Test
    void anExistingDataSetDirectoryIsRefused() throws Exception {
        Job job = Job.getInstance(LocalJobs.localConf(), "edges");
        Path out = new Path(new File(tmp, "exists").getAbsolutePath());
        new File(out.toString(), "edges").mkdirs();
        DatasetOutputFormat.configure(job, out, OutputKind.AVRO, EDGES);
        IOException e = assertThrows(IOException.class, () -> new DatasetOutputFormat().checkOutputSpecs(job));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
    }

    @Test
    void anUnknownFormatNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputKind.named("orc"));
        assertEquals("--format must be one of parquet, avro, tsv, got 'orc'", e.getMessage());
    }
}
