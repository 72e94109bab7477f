package io.dumptruck.loaders.jsonspec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.LoadTesting;
import io.dumptruck.loaders.PreparedLoad;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The declarative loader on the shipped blog/users examples and on JSON lines; expected cells written out here. */
class SpecLoadTest {
    @TempDir
    File tmp;

    private LoadTesting.Loaded load(String specFile, String inputDir) throws Exception {
        return load(specFile, inputDir, LocalJobs.localConf(), "out");
    }

    /** The number of map tasks of the last {@link #load}: its input format's splits. */
    private int lastSplits;

    private LoadTesting.Loaded load(String specFile, String inputDir, Configuration conf, String outName)
            throws Exception {
        Path out = new Path(tmp.getAbsolutePath(), outName);
        LoadOptions o = new LoadOptions(
                List.of(new Path(new File(inputDir).getAbsolutePath())),
                out,
                1,
                LoadTesting.LOAD_TS,
                1.0,
                Map.of("spec", new File(specFile).getAbsolutePath()));
        SpecLoader loader = new SpecLoader();
        PreparedLoad load = LoadJob.prepare(conf, loader, o);
        Job job = load.job();
        lastSplits = ReflectionUtils.newInstance(job.getInputFormatClass(), job.getConfiguration())
                .getSplits(job)
                .size();
        assertTrue(job.waitForCompletion(false));
        LoadReport report = load.finish();
        assertEquals(report.read(), report.loaded() + report.rejected());
        return new LoadTesting.Loaded(out, report, LocalJobs.localConf());
    }

    @Test
    void blogExample() throws Exception {
        LoadTesting.Loaded l = load("../sample-data/spec/blog-spec.json", "../sample-data/spec/blog");
        assertEquals(9, l.report().read());
        assertEquals(3, l.report().rejected());
        long edited1 = 1171188000000L; // 2007-02-11T10:00:00Z
        long edited2 = 1171269000000L; // 2007-02-12T08:30:00Z
        long edited3 = 1171358100000L; // 2007-02-13T09:15:00Z
        long news = 1172773205000L; // 2007-03-01T18:20:05Z
        String bl = "bl20070211100000";
        String nw = "nw20070301182005";
        TreeSet<String> expected = new TreeSet<>(List.of(
                bl + " info:author @" + edited3 + " = jim",
                bl + " info:title @" + edited3 + " = HBase, a first look",
                bl + " info:under_title @" + edited3 + " = The data model",
                bl + " text: @" + edited3 + " = Final text; it says \"sorted map of maps\".",
                bl + " text: @" + edited2 + " = Second draft, with a table:\nrow | family:qualifier | value",
                bl + " text: @" + edited1 + " = First draft of the post.",
                bl + " comment_title:20070213110203 @" + edited3 + " = Nice",
                bl + " comment_author:20070213110203 @" + edited3 + " = ann",
                bl + " comment_text:20070213110203 @" + edited3 + " = Clear, thanks.",
                bl + " comment_title:20070214074500 @" + edited3 + " = Question",
                bl + " comment_author:20070214074500 @" + edited3 + " = bob",
                bl + " comment_text:20070214074500 @" + edited3 + " = What about versions?",
                nw + " info:author @" + news + " = ann",
                nw + " info:title @" + news + " = Release notes",
                nw + " info:under_title @" + news + " = Zürich meetup",
                nw + " text: @" + news + " = Notes from the meetup."));
        assertEquals(expected, l.cells("blogtable", LoadTesting::utf8, LoadTesting::utf8, 3));
    }

    @Test
    void usersStoreAPasswordHashNeverThePassword() throws Exception {
        LoadTesting.Loaded l = load("../sample-data/spec/users-spec.json", "../sample-data/spec/users");
        assertEquals(1, l.report().rejected(), "bob has no password and it is required");
        String jim = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256")
                        .digest("correct horse battery staple".getBytes(StandardCharsets.UTF_8)));
        TreeSet<String> cells = l.cells("usertable", LoadTesting::utf8, HexFormat.of()::formatHex, 1);
        assertTrue(cells.contains("jim info:password @" + LoadTesting.LOAD_TS + " = " + jim), cells.toString());
        assertTrue(cells.stream()
                .noneMatch(
                        c -> c.contains(HexFormat.of().formatHex("correct horse".getBytes(StandardCharsets.UTF_8)))));
    }

    @Test
    void jsonLinesWithEveryKeyPart() throws Exception {
        String spec = """
        {"input": {"format": "jsonl"},
         "tables": [{"name": "t", "families": [{"name": "d", "maxVersions": 1}], "regions": {"kind": "salted", "count": 4},
           "rowKey": [{"salt": 4}, {"md5": "user.id"}, {"literal": "\\\\x00"}, {"reverseTimestamp": "ts"}, {"zeroPadded": "n", "width": 6},
                      {"long": "n"}, {"bucket": 8, "time": "ts"}, {"reversedDomain": "url"}],
           "cells": [{"column": "d:n", "field": "n", "encoding": "long"}, {"column": "d:x", "field": "x", "encoding": "double"},
                     {"column": "d:tags", "field": "tags"}]}]}""";
        File specFile = new File(tmp, "spec.json");
        Files.writeString(specFile.toPath(), spec);
        File in = new File(tmp, "in");
        in.mkdirs();
        Files.write(
                new File(in, "r.jsonl").toPath(),
                List.of(
                        "{\"user\": {\"id\": \"u1\"}, \"ts\": 1000, \"n\": 42, \"x\": 1.5, \"url\": \"http://www.Example.com/a\", \"tags\": [\"a\",\"b\"]}",
                        "{\"user\": {\"id\": \"u2\"}, \"ts\": 1000, \"n\": \"NaN\", \"x\": 1.5, \"url\": \"http://x.com/\"}",
                        "[1, 2]",
                        "{not json",
                        ""),
                StandardCharsets.UTF_8);
        LoadTesting.Loaded l = load(specFile.getPath(), in.getPath());
        assertEquals(4, l.report().read());
        assertEquals(1, l.report().loaded());
        byte[] md5 = MessageDigest.getInstance("MD5").digest("u1".getBytes(StandardCharsets.UTF_8));
        ByteBuffer rest = ByteBuffer.allocate(16 + 1 + 8 + 6 + 8 + 1 + 17)
                .put(md5)
                .put((byte) 0)
                .putLong(Long.MAX_VALUE - 1000)
                .put("000042".getBytes(StandardCharsets.US_ASCII))
                .putLong(42)
                .put((byte) (1000 % 8))
                .put("com.example.www/a".getBytes(StandardCharsets.US_ASCII)); // the reversed host, then the path
        byte[] restBytes = rest.array();
        int salt = (MessageDigest.getInstance("MD5").digest(restBytes)[0] & 0xFF) % 4;
        String row = String.format("%02x", salt) + HexFormat.of().formatHex(restBytes);
        TreeSet<String> cells = l.cells("t", HexFormat.of()::formatHex, HexFormat.of()::formatHex, 1);
        assertEquals(
                new TreeSet<>(List.of(
                        row + " d:n @" + LoadTesting.LOAD_TS + " = "
                                + HexFormat.of()
                                        .formatHex(ByteBuffer.allocate(8)
                                                .putLong(42)
                                                .array()),
                        row + " d:x @" + LoadTesting.LOAD_TS + " = "
                                + HexFormat.of()
                                        .formatHex(ByteBuffer.allocate(8)
                                                .putDouble(1.5)
                                                .array()),
                        row + " d:tags @" + LoadTesting.LOAD_TS + " = "
                                + HexFormat.of().formatHex("[\"a\",\"b\"]".getBytes(StandardCharsets.UTF_8)))),
                cells);
    }

    /**
     * A table with an operation field: put writes the cells, delete / deleteColumn / deleteFamily write the markers of
     * their kind (raw cells of the table), an unknown word rejects the record, and the figures count the markers.
     */
    @Test
    void anOperationFieldWritesDeleteMarkersOfEachKind() throws Exception {
        String spec = """
        {"input": {"format": "csv", "header": true},
         "tables": [{"name": "usertable", "families": [{"name": "info", "maxVersions": 3}, {"name": "x"}],
           "rowKey": [{"field": "login"}], "timestamp": "at", "operation": {"field": "op"},
           "cells": [{"column": "info:name", "field": "name"}, {"column": "x:mail", "field": "mail"}]}]}""";
        File specFile = new File(tmp, "ops.json");
        Files.writeString(specFile.toPath(), spec);
        File in = new File(tmp, "ops");
        in.mkdirs();
        Files.write(
                new File(in, "ops.csv").toPath(),
                List.of(
                        "login,op,name,mail,at",
                        "ann,put,Ann,a@x,10",
                        "bob,delete,,,20",
                        "cat,deleteColumn,,,30",
                        "dan,deleteFamily,,,40",
                        "eve,erase,,,50"),
                StandardCharsets.UTF_8);
        LoadTesting.Loaded l = load(specFile.getPath(), in.getPath());
        assertEquals(5, l.report().read());
        assertEquals(1, l.report().rejected(), "the operation 'erase' is none of the four");
        TreeSet<String> raw = new TreeSet<>();
        try (io.dumptruck.formats.read.TableReader reader =
                        io.dumptruck.formats.read.TableReader.open(l.conf(), new Path(l.output(), "usertable"));
                io.dumptruck.formats.read.RowScanner rows = reader.scan(
                        io.dumptruck.formats.read.ScanSpec.all().withRaw(true).withMaxVersions(5))) {
            for (org.apache.hadoop.hbase.client.Result r = rows.next(); r != null; r = rows.next()) {
                for (org.apache.hadoop.hbase.Cell c : r.rawCells()) {
                    raw.add(LoadTesting.utf8(org.apache.hadoop.hbase.CellUtil.cloneRow(c)) + " "
                            + LoadTesting.utf8(org.apache.hadoop.hbase.CellUtil.cloneFamily(c)) + ":"
                            + LoadTesting.utf8(org.apache.hadoop.hbase.CellUtil.cloneQualifier(c)) + " " + c.getType()
                            + " @" + c.getTimestamp());
                }
            }
        }
        assertEquals(
                new TreeSet<>(List.of(
                        "ann info:name Put @10",
                        "ann x:mail Put @10",
                        "bob info:name Delete @20",
                        "bob x:mail Delete @20",
                        "cat info:name DeleteColumn @30",
                        "cat x:mail DeleteColumn @30",
                        "dan info: DeleteFamily @40",
                        "dan x: DeleteFamily @40")),
                raw);
        assertEquals(6, l.report().tables().values().iterator().next().markers());
        assertEquals(8, l.report().tables().values().iterator().next().cells());
    }

    static final String AVRO_SCHEMA = "{\"type\": \"record\", \"name\": \"Visit\", \"fields\": ["
            + "{\"name\": \"user\", \"type\": {\"type\": \"record\", \"name\": \"User\", \"fields\": [{\"name\": \"id\", \"type\": \"string\"}]}},"
            + "{\"name\": \"ts\", \"type\": \"long\"}, {\"name\": \"page\", \"type\": [\"null\", \"string\"]}]}";

    private static String visitSpec(String format) {
        return "{\"input\": {\"format\": \"" + format
                + "\"}, \"tables\": [{\"name\": \"visits\", \"families\": [{\"name\": \"p\"}],"
                + " \"rowKey\": [{\"field\": \"user.id\"}, {\"literal\": \"\\\\x00\"}, {\"reverseTimestamp\": \"ts\"}],"
                + " \"timestamp\": \"ts\", \"cells\": [{\"column\": \"p:u\", \"field\": \"page\", \"required\": true}]}]}";
    }

    private static List<org.apache.avro.generic.GenericRecord> visits() {
        return visits(new org.apache.avro.Schema.Parser().parse(AVRO_SCHEMA));
    }

    private static List<org.apache.avro.generic.GenericRecord> visits(org.apache.avro.Schema schema) {
        List<org.apache.avro.generic.GenericRecord> out = new java.util.ArrayList<>();
        String[][] rows = {{"u1", "1000", "/a"}, {"u1", "2000", "/b"}, {"u2", "1500", null}};
        for (String[] r : rows) {
            org.apache.avro.generic.GenericRecord user = new org.apache.avro.generic.GenericData.Record(
                    schema.getField("user").schema());
            user.put("id", r[0]);
            org.apache.avro.generic.GenericRecord v = new org.apache.avro.generic.GenericData.Record(schema);
            v.put("user", user);
            v.put("ts", Long.parseLong(r[1]));
            v.put("page", r[2]);
            out.add(v);
        }
        return out;
    }

    private void assertVisits(LoadTesting.Loaded l) throws Exception {
        assertEquals(3, l.report().read());
        assertEquals(1, l.report().rejected(), "the record without the required page");
        TreeSet<String> expected = new TreeSet<>();
        for (Object[] v : new Object[][] {{"u1", 1000L, "/a"}, {"u1", 2000L, "/b"}}) {
            byte[] row = ByteBuffer.allocate(11)
                    .put(((String) v[0]).getBytes(StandardCharsets.UTF_8))
                    .put((byte) 0)
                    .putLong(Long.MAX_VALUE - (long) v[1])
                    .array();
            expected.add(HexFormat.of().formatHex(row) + " p:u @" + v[1] + " = " + v[2]);
        }
        assertEquals(expected, l.cells("visits", HexFormat.of()::formatHex, LoadTesting::utf8, 1));
    }

    @Test
    void avroFiles() throws Exception {
        File spec = new File(tmp, "avro-spec.json");
        Files.writeString(spec.toPath(), visitSpec("avro"));
        File in = new File(tmp, "avro");
        in.mkdirs();
        org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(AVRO_SCHEMA);
        try (org.apache.avro.file.DataFileWriter<org.apache.avro.generic.GenericRecord> w =
                new org.apache.avro.file.DataFileWriter<>(new org.apache.avro.generic.GenericDatumWriter<>(schema))) {
            w.create(schema, new File(in, "visits.avro"));
            for (org.apache.avro.generic.GenericRecord r : visits()) {
                w.append(r);
            }
        }
        assertVisits(load(spec.getPath(), in.getPath()));
    }

    @Test
    void parquetFiles() throws Exception {
        File spec = new File(tmp, "parquet-spec.json");
        Files.writeString(spec.toPath(), visitSpec("parquet"));
        File in = new File(tmp, "parquet");
        in.mkdirs();
        org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(AVRO_SCHEMA);
        try (org.apache.parquet.hadoop.ParquetWriter<org.apache.avro.generic.GenericRecord> w =
                org.apache.parquet.avro.AvroParquetWriter.<org.apache.avro.generic.GenericRecord>builder(
                                org.apache.parquet.hadoop.util.HadoopOutputFile.fromPath(
                                        new Path(new File(in, "visits.parquet").getPath()), LocalJobs.localConf()))
                        .withSchema(schema)
                        .build()) {
            for (org.apache.avro.generic.GenericRecord r : visits()) {
                w.write(r);
            }
        }
        assertVisits(load(spec.getPath(), in.getPath()));
    }

    /**
     * A schema that names Java classes: the records' own names, {@code java-class} on strings (one of them a class Avro
     * trusts), {@code avro.java.string}. Read with Avro's reflect or specific model, or Parquet's default, a file could
     * make the reader load and instantiate classes of its choosing (CVE-2025-46762); read with the generic model, as
     * dumptruck reads every user file, its values are plain strings and no class it names is touched.
     */
    static final String CLASS_NAMING_SCHEMA = "{\"type\": \"record\", \"name\": \"SchemaTrap\","
            + " \"namespace\": \"io.dumptruck.loaders.jsonspec\", \"fields\": ["
            + "{\"name\": \"user\", \"type\": {\"type\": \"record\", \"name\": \"SchemaTrap.User\", \"fields\": "
            + "[{\"name\": \"id\", \"type\": {\"type\": \"string\", \"java-class\": \"java.math.BigDecimal\"}}]}},"
            + "{\"name\": \"ts\", \"type\": \"long\"}, {\"name\": \"page\", \"type\": [\"null\", {\"type\": \"string\","
            + " \"java-class\": \"io.dumptruck.loaders.jsonspec.SchemaTrap\", \"avro.java.string\": \"String\"}]}]}";

    @Test
    void filesWhoseSchemaNamesJavaClassesLoadAsPlainValuesAndTouchNoClass() throws Exception {
        org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(CLASS_NAMING_SCHEMA);
        File avroIn = new File(tmp, "avro-classes");
        avroIn.mkdirs();
        try (org.apache.avro.file.DataFileWriter<org.apache.avro.generic.GenericRecord> w =
                new org.apache.avro.file.DataFileWriter<>(new org.apache.avro.generic.GenericDatumWriter<>(schema))) {
            w.create(schema, new File(avroIn, "visits.avro"));
            for (org.apache.avro.generic.GenericRecord r : visits(schema)) {
                w.append(r);
            }
        }
        File parquetIn = new File(tmp, "parquet-classes");
        parquetIn.mkdirs();
        try (org.apache.parquet.hadoop.ParquetWriter<org.apache.avro.generic.GenericRecord> w =
                org.apache.parquet.avro.AvroParquetWriter.<org.apache.avro.generic.GenericRecord>builder(
                                org.apache.parquet.hadoop.util.HadoopOutputFile.fromPath(
                                        new Path(new File(parquetIn, "visits.parquet").getPath()),
                                        LocalJobs.localConf()))
                        .withSchema(schema)
                        .withDataModel(org.apache.avro.generic.GenericData.get())
                        .build()) {
            for (org.apache.avro.generic.GenericRecord r : visits(schema)) {
                w.write(r);
            }
        }
        for (String format : List.of("avro", "parquet")) {
            File spec = new File(tmp, format + "-classes-spec.json");
            Files.writeString(spec.toPath(), visitSpec(format));
            assertVisits(load(spec.getPath(), new File(tmp, format + "-classes").getPath()));
            org.apache.hadoop.fs.FileUtil.fullyDelete(new File(tmp, "out"));
        }
        assertEquals(null, System.getProperty(SchemaTrap.TOUCHED), "a class the file's schema names was initialized");
    }

    @Test
    void aSpecSavedWithAByteOrderMarkReadsAsWithout() {
        String spec =
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], "
                        + "\"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}";
        LoadSpec withMark = LoadSpec.fromJson("\uFEFF" + spec);
        assertEquals(
                LoadSpec.fromJson(spec).tables().get(0).table(),
                withMark.tables().get(0).table());
        assertEquals("jsonl", withMark.format());
    }

    @Test
    void badSpecsFailBeforeAnyTask() {
        for (String[] bad : new String[][] {
            {"{\"tables\": []}", "\"input\" is required"},
            {"{\"input\": {\"format\": \"xml\"}, \"tables\": []}", "format 'xml'"},
            {"{\"input\": {\"format\": \"csv\"}, \"tables\": []}", "either \"header\": true or \"fields\""},
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"../x\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "'../x' is not allowed"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"_temporary\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "'_temporary' is not allowed"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"_report.json\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "'_report.json' is not allowed"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"_rejects\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "'_rejects' is not allowed"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"a:b\"}], \"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "'a:b' is not allowed"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"sha1\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "unknown key part"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"g:a\", \"field\": \"a\"}]}]}",
                "no family 'g'"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"a\"}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}, {\"column\": \"f:a\", \"field\": \"b\"}]}]}",
                "is also cells[0]"
            },
            {
                "{\"input\": {\"format\": \"csv\", \"header\": true, \"delimiter\": \"\\\"\"}, \"tables\": []}",
                "other than the quote"
            },
            {
                "{\"input\": {\"format\": \"csv\", \"header\": true, \"delimiter\": \"\\n\"}, \"tables\": []}",
                "other than the quote"
            },
            {
                "{\"input\": {\"format\": \"csv\", \"header\": true, \"delimiter\": \"||\"}, \"tables\": []}",
                "got 2 characters"
            },
            {"{\"input\": {\"format\": \"jsonl\", \"delimiter\": \";\"}, \"tables\": []}", "csv and tsv input only"},
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"zeroPadded\": \"a\", \"width\": 1000000000}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "width must be 1..19 digits, got 1000000000"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"field\": \"a\", \"width\": -3}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "width must be at least 1, got -3"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"reverseTimestamp\": {\"field\": \"a\", \"unit\": \"fortnight\"}}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "unit 'fortnight' is not ms"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"reverseTimestamp\": {\"field\": \"a\", \"pattern\": \"HH:mm\"}}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "date pattern 'HH:mm' gives no date and time to read"
            },
            {
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [{\"name\": \"t\", \"families\": [{\"name\": \"f\"}], \"rowKey\": [{\"reverseTimestamp\": {\"field\": \"a\", \"pattern\": \"yyyy-MM-dd\", \"unit\": \"s\"}}], \"cells\": [{\"column\": \"f:a\", \"field\": \"a\"}]}]}",
                "a pattern or a unit, not both"
            },
            {"{\"input\": {\"format\": \"csv\", \"fields\": [\"a\", \"a\"]}, \"tables\": []}", "names a field twice"},
            {"{\"input\": " + "[".repeat(5000) + "]".repeat(5000) + "}", "nests deeper than 64"}
        }) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> LoadSpec.fromJson(bad[0]), bad[0]);
            assertTrue(e.getMessage().contains(bad[1]), e.getMessage());
        }
    }

    /**
     * Records that make one cell (row, column, timestamp) with different values: the greatest value is kept whichever
     * file (map task) and order they come in, the others are counted and listed with the kept one; exact copies are
     * counted apart.
     */
    @Test
    void twoRecordsOneCellKeepTheGreatestValueAndListTheOthers() throws Exception {
        File specFile = new File(tmp, "spec.json");
        Files.writeString(specFile.toPath(), """
        {"input": {"format": "jsonl"}, "tables": [{"name": "t", "families": [{"name": "f", "maxVersions": 3}], "rowKey": [{"field": "k"}],
          "timestamp": "ts", "cells": [{"column": "f:v", "field": "v"}]}]}""");
        for (boolean reversed : new boolean[] {false, true}) {
            File in = new File(tmp, "in-" + reversed);
            in.mkdirs();
            List<String> first = List.of(
                    "{\"k\": \"a\", \"ts\": 5, \"v\": \"x\"}",
                    "{\"k\": \"b\", \"ts\": 5, \"v\": \"same\"}",
                    "{\"k\": \"a\", \"ts\": 5, \"v\": \"tab\\there\"}");
            List<String> second = List.of(
                    "{\"k\": \"a\", \"ts\": 5, \"v\": \"y\"}",
                    "{\"k\": \"a\", \"ts\": 5, \"v\": \"x\"}",
                    "{\"k\": \"b\", \"ts\": 5, \"v\": \"same\"}",
                    "{\"k\": \"a\", \"ts\": 6, \"v\": \"x\"}");
            Files.write(new File(in, "1.jsonl").toPath(), reversed ? second : first, StandardCharsets.UTF_8);
            Files.write(new File(in, "2.jsonl").toPath(), reversed ? first : second, StandardCharsets.UTF_8);
            new File(tmp, "out").renameTo(new File(tmp, "out-before-" + reversed));
            LoadTesting.Loaded l = load(specFile.getPath(), in.getPath());
            assertEquals(7, l.report().loaded());
            assertEquals(
                    new TreeSet<>(List.of("a f:v @5 = y", "a f:v @6 = x", "b f:v @5 = same")),
                    l.cells("t", LoadTesting::utf8, LoadTesting::utf8, 3),
                    "reversed " + reversed);
            assertEquals(1, l.report().dropped().duplicates());
            assertEquals(3, l.report().dropped().conflicting());
            TreeSet<String> listed = new TreeSet<>();
            for (File f : new File(l.report().dropped().conflicts().toString())
                    .listFiles(f -> f.getName().startsWith("cells-"))) {
                listed.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
            }
            assertEquals(new TreeSet<>(List.of("t\ta\tf:v\t5\ty\tx\t2", "t\ta\tf:v\t5\ty\ttab\\x09here\t1")), listed);
        }
    }

    /**
     * JSON numbers keep the text they were written as (Jackson's tree would pass them through a double or an int),
     * nested too; a lone surrogate is INVALID_UTF8 and a key given twice BAD_JSON, not a '?' or a silently chosen
     * value.
     */
    @Test
    void jsonNumbersKeepTheirTextAndLoneSurrogatesAreRejected() throws Exception {
        File specFile = new File(tmp, "spec.json");
        Files.writeString(specFile.toPath(), """
        {"input": {"format": "jsonl"}, "tables": [{"name": "t", "families": [{"name": "f"}], "rowKey": [{"field": "k"}],
          "cells": [{"column": "f:v", "field": "v"}]}]}""");
        File in = new File(tmp, "in");
        in.mkdirs();
        Files.write(
                new File(in, "r.jsonl").toPath(),
                List.of(
                        "{\"k\": \"a\", \"v\": 1.10}",
                        "{\"k\": \"b\", \"v\": 1E2}",
                        "{\"k\": \"c\", \"v\": -0}",
                        "{\"k\": \"d\", \"v\": 12345678901234567.5}",
                        "{\"k\": \"e\", \"v\": {\"x\": [1.10, -0.0, 7e-3]}}",
                        "{\"k\": \"f\", \"v\": \"caf\u00e9 \\ud83d\\ude00\"}",
                        "{\"k\": \"g\", \"v\": \"\\ud800x\"}",
                        "{\"k\": \"h\", \"v\": 1, \"v\": 2}"),
                StandardCharsets.UTF_8);
        LoadTesting.Loaded l = load(specFile.getPath(), in.getPath());
        long ts = LoadTesting.LOAD_TS;
        assertEquals(
                new TreeSet<>(List.of(
                        "a f:v @" + ts + " = 1.10",
                        "b f:v @" + ts + " = 1E2",
                        "c f:v @" + ts + " = -0",
                        "d f:v @" + ts + " = 12345678901234567.5",
                        "e f:v @" + ts + " = {\"x\":[1.10,-0.0,7e-3]}",
                        "f f:v @" + ts + " = caf\u00e9 \ud83d\ude00")),
                l.cells("t", LoadTesting::utf8, LoadTesting::utf8, 1));
        assertEquals(Map.of("INVALID_UTF8", 1L, "BAD_JSON", 1L), l.report().rejectReasons());
    }

    /**
     * Cells older than their family's TTL at load time would be hidden by every reader: their records are rejected,
     * saying why.
     */
    @Test
    void cellsThatExpireOnArrivalAreRejected() throws Exception {
        File specFile = new File(tmp, "spec.json");
        Files.writeString(specFile.toPath(), """
        {"input": {"format": "jsonl"}, "tables": [{"name": "t", "families": [{"name": "f", "ttlSeconds": 3600}, {"name": "g"}],
          "rowKey": [{"field": "k"}], "timestamp": "ts", "cells": [{"column": "f:v", "field": "v"}, {"column": "g:v", "field": "v"}]}]}""");
        File in = new File(tmp, "in");
        in.mkdirs();
        long now = System.currentTimeMillis();
        Files.write(
                new File(in, "r.jsonl").toPath(),
                List.of(
                        "{\"k\": \"fresh\", \"ts\": " + (now - 60_000) + ", \"v\": \"x\"}",
                        "{\"k\": \"stale\", \"ts\": " + (now - 7_200_000) + ", \"v\": \"y\"}"),
                StandardCharsets.UTF_8);
        LoadTesting.Loaded l = load(specFile.getPath(), in.getPath());
        assertEquals(1, l.report().loaded());
        assertEquals(Map.of("EXPIRED_BY_TTL", 1L), l.report().rejectReasons());
        assertEquals(
                2,
                l.cells("t", LoadTesting::utf8, LoadTesting::utf8, 1).size(),
                "the fresh record's two cells, none of the stale one's");
        assertTrue(
                l.rejects().get(0).contains("EXPIRED_BY_TTL")
                        && l.rejects().get(0).contains("TTL of 3600 s"),
                l.rejects().toString());
    }

    /**
     * ImportTsv's rules ({@code "quoting": "none"}): quotes and backslashes are plain characters, a record is a line; a
     * large file is split across map tasks, every record read once whatever line a split point falls in — the same
     * cells as one task reading the whole file, and as the lines say. Each split past the first reads the header from
     * the file's first line.
     */
    @Test
    void unquotedTextSplitsAcrossMapTasksAndReadsEveryRecordOnce() throws Exception {
        File specFile = new File(tmp, "plain.json");
        Files.writeString(specFile.toPath(), """
                {"input": {"format": "tsv", "header": true, "quoting": "none"},
                 "tables": [{"name": "t", "families": [{"name": "d"}], "rowKey": [{"field": "id"}],
                   "cells": [{"column": "d:a", "field": "a"}, {"column": "d:b", "field": "b"}]}]}""");
        File in = new File(tmp, "plain");
        in.mkdirs();
        StringBuilder text = new StringBuilder("\uFEFFb\tid\ta\n"); // a byte order mark, fields in another order
        TreeSet<String> expected = new TreeSet<>();
        java.util.Random random = new java.util.Random(37);
        int records = 0;
        int bad = 0;
        for (int i = 0; i < 20_000; i++) {
            String id = "r" + i;
            String a = "\"q" + "x".repeat(random.nextInt(200)) + "\\" + (i % 7 == 0 ? "\"" : "");
            String b = i % 5 == 0 ? "" : "b" + i + "'\"";
            String end = i % 3 == 0 ? "\r\n" : "\n";
            records++;
            if (i % 1000 == 999) {
                text.append(id).append('\t').append(a).append(end); // a field short: rejected
                bad++;
                continue;
            }
            text.append(b).append('\t').append(id).append('\t').append(a).append(end);
            expected.add(id + " d:a @" + LoadTesting.LOAD_TS + " = " + a);
            if (!b.isEmpty()) {
                expected.add(id + " d:b @" + LoadTesting.LOAD_TS + " = " + b);
            }
        }
        Files.writeString(new File(in, "big.tsv").toPath(), text.toString(), StandardCharsets.UTF_8);

        Configuration split = LocalJobs.localConf();
        split.setLong(FileInputFormat.SPLIT_MAXSIZE, 64 << 10);
        LoadTesting.Loaded pieces = load(specFile.getPath(), in.getPath(), split, "pieces");
        int splits = lastSplits;
        Configuration whole = LocalJobs.localConf();
        whole.setLong(FileInputFormat.SPLIT_MINSIZE, Long.MAX_VALUE);
        LoadTesting.Loaded one = load(specFile.getPath(), in.getPath(), whole, "whole");
        assertTrue(splits > 20, splits + " splits");
        assertEquals(1, lastSplits);
        for (LoadTesting.Loaded l : List.of(pieces, one)) {
            assertEquals(records, l.report().read());
            assertEquals(bad, l.report().rejected());
            assertEquals(expected, l.cells("t", LoadTesting::utf8, LoadTesting::utf8, 1));
        }
    }

    /**
     * A UTF-8 byte order mark before the header (as spreadsheet programs write it) is not part of the first field's
     * name.
     */
    @Test
    void aByteOrderMarkBeforeTheHeaderIsDropped() throws Exception {
        File in = new File(tmp, "bom");
        in.mkdirs();
        byte[] csv = Files.readAllBytes(new File("../sample-data/spec/users/users.csv").toPath());
        byte[] withBom = new byte[csv.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(csv, 0, withBom, 3, csv.length);
        Files.write(new File(in, "users.csv").toPath(), withBom);
        LoadTesting.Loaded l = load("../sample-data/spec/users-spec.json", in.getPath());
        assertEquals(1, l.report().rejected(), "bob has no password, as without the mark");
        assertTrue(l.cells("usertable", LoadTesting::utf8, LoadTesting::utf8, 1)
                .contains("jim info:name @" + LoadTesting.LOAD_TS + " = Jim Kellerman"));
    }
}

/** A class a hostile file's schema names; initializing or constructing it leaves a mark a test can see. */
final class SchemaTrap {
    static final String TOUCHED = "dumptruck.test.schema-trap";

    static {
        System.setProperty(TOUCHED, "initialized");
    }

    SchemaTrap(String value) {
        System.setProperty(TOUCHED, "constructed from " + value);
    }
}
