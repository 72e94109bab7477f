package io.dumptruck.loaders.hostile;

import static io.dumptruck.loaders.hostile.Corpus.FIVE_MB;
import static io.dumptruck.loaders.hostile.Corpus.TRUNCATED;
import static io.dumptruck.loaders.hostile.Corpus.junk;
import static io.dumptruck.loaders.hostile.Corpus.repeat;
import static io.dumptruck.loaders.hostile.HostileLoad.cell;
import static io.dumptruck.loaders.hostile.HostileLoad.hex;
import static io.dumptruck.loaders.hostile.HostileLoad.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.jsonspec.SpecLoader;
import io.dumptruck.loaders.jsonspec.TimeRef;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The declarative loader on hostile CSV, TSV and JSON-lines files, all into one table:
 *
 * <pre>
 *   things  row = id ‖ 0x00 ‖ int(n)    d:name (required) · d:score (double)    ts = "when" (yyyy-MM-dd, UTC)
 * </pre>
 *
 * A time before 1970 reads, but HBase refuses it as a cell timestamp (SCHEMA); the year 3000 is an ordinary time; a
 * year that overflows epoch milliseconds is SCHEMA. NaN and ±Infinity are not doubles (SCHEMA), a number beyond an int
 * is not an int (SCHEMA). For CSV and TSV, a quote that breaks RFC 4180 costs its own record only: the records after it
 * load. A spec whose table or family name could escape the output directory is refused before any task.
 */
class SpecHostileLoadTest {
    @TempDir
    File tmp;

    static final String TABLE = """
      "tables": [{"name": "things", "families": [{"name": "d"}],
        "rowKey": [{"field": "id"}, {"literal": "\\\\x00"}, {"int": "n"}],
        "timestamp": {"field": "when", "pattern": "yyyy-MM-dd"},
        "cells": [{"column": "d:name", "field": "name", "required": true},
                  {"column": "d:score", "field": "score", "encoding": "double"}]}]""";

    /** A loaded record: id, when, name, score (null for none), n. */
    record Thing(String id, String when, String name, Double score, int n) {}

    @ParameterizedTest
    @ValueSource(strings = {"csv", "tsv"})
    void delimitedRecordsAreLoadedOrRejectedWithTheirReason(String format) throws Exception {
        String d = format.equals("csv") ? "," : "\t";
        Corpus corpus = new Corpus("things." + format)
                .skips("header", String.join(d, "id", "when", "name", "score", "n"))
                .loads("good record", row(d, "a1", "2020-01-01", "Alice", "1.5", "1"))
                .rejects("binary junk", "INVALID_UTF8", junk(13, 1000))
                .rejects("before 1970", "SCHEMA", row(d, "a2", "1969-07-20", "Moon", "2", "2"))
                .loads("year 3000", row(d, "a3", "3000-01-01", "Future", "3", "3"))
                .rejects("NaN double", "SCHEMA", row(d, "a4", "2020-01-02", "NotANumber", "NaN", "4"))
                .rejects("Infinity double", "SCHEMA", row(d, "a5", "2020-01-03", "Inf", "Infinity", "5"))
                .rejects("four fields", "WRONG_FIELD_COUNT", row(d, "a6", "2020-01-04", "Few", "6"))
                .rejects("six fields", "WRONG_FIELD_COUNT", row(d, "a7", "2020-01-05", "Many", "7", "7", "extra"))
                .loads(
                        "quoted field over two lines",
                        row(d, "a8", "2020-01-06", "\"multi\nline" + d + " \"\"quoted\"\"\"", "8", "8"))
                .rejects("quote inside an unquoted field", "STRAY_QUOTE", row(d, "a9", "2020-01-07", "ab\"c", "9", "9"))
                .loads("after the stray quote", row(d, "b1", "2020-01-08", "AfterStray", "1", "10"))
                .rejects(
                        "quote never closed, mid-file",
                        "UNBALANCED_QUOTE",
                        row(d, "b2", "2020-01-09", "\"unclosed", "2", "11"))
                .loads("after the unclosed quote", row(d, "b3", "2020-01-10", "AfterUnbalanced", "3", "12"))
                .rejects(
                        "text after a closing quote",
                        "TEXT_AFTER_QUOTE",
                        row(d, "b4", "2020-01-11", "\"quoted\"x", "4", "13"))
                .loads("IPv6 zone id as text", row(d, "b5", "2020-01-12", "fe80::1%eth0", "5", "14"))
                .rejects(
                        "cut-off UTF-8",
                        "INVALID_UTF8",
                        row(d, "b6", "2020-01-13", "Caf"),
                        TRUNCATED,
                        d + "6" + d + "15")
                .rejects("5 MB record", "RECORD_TOO_LONG", row(d, "b7", "2020-01-14", repeat('x', FIVE_MB), "7", "16"))
                .rejects("int key part overflows", "SCHEMA", row(d, "b8", "2020-01-15", "Big", "8", "99999999999"))
                .rejects("time overflows a long", "SCHEMA", row(d, "b9", "+999999999-01-01", "Far", "9", "17"))
                .rejects("carriage return inside a number", "SCHEMA", row(d, "c1", "2020-01-16", "CR", "1", "1\r2"))
                .loads("NUL inside a value", row(d, "c2", "2020-01-17", "Nul\0Name", "2", "18"))
                .rejects("empty key field", "SCHEMA", row(d, "", "2020-01-18", "NoId", "3", "19"))
                .rejects(
                        "quote never closed, another one mid-file",
                        "UNBALANCED_QUOTE",
                        row(d, "c5", "2020-01-21", "\"open", "6", "22"))
                .rejects(
                        "quoted field with a stray quote later",
                        "TEXT_AFTER_QUOTE",
                        row(d, "c6", "2020-01-22", "\"a\"b\"c", "7", "23"))
                .rejects(
                        "quote never closed before more than 1 MB of records",
                        "UNBALANCED_QUOTE",
                        row(d, "m0", "2020-02-01", "\"never closed", "1", "30"));
        for (int i = 1; i <= 11; i++) {
            corpus.loads(
                    "100 KB record " + i + " after the unclosed quote",
                    row(d, "m" + i, "2020-02-01", repeat('f', 100_000), "1", String.valueOf(30 + i)));
        }
        corpus.loads(
                        "CRLF record with a line break in quotes, last field quoted",
                        row(d, "a0", "2020-01-05", "\"crlf\r\ninside\"", "8", "\"7\"") + "\r")
                .loads("last good record", row(d, "c3", "2020-01-19", "Last", "4", "20"))
                .rejects(
                        "quote never closed at the end of the file",
                        "UNBALANCED_QUOTE",
                        row(d, "c4", "2020-01-20", "\"never closed at EOF", "5", "21"))
                .noFinalLineBreak();
        String spec = "{\"input\": {\"format\": \"" + format + "\", \"header\": true}," + TABLE + "}";

        HostileLoad load = loadSpec(spec, corpus);
        load.assertAccountedFor(corpus);
        String cr = load.reject(corpus, "carriage return inside a number").detail();
        assertTrue(cr.contains("'1 2' is not a whole number"), cr);
        assertTrue(
                load.reject(corpus, "before 1970").detail().contains("timestamp -14"),
                load.reject(corpus, "before 1970").detail());
        assertTrue(
                load.reject(corpus, "time overflows a long")
                        .detail()
                        .contains("out of the range of epoch milliseconds"),
                load.reject(corpus, "time overflows a long").detail());
        assertTrue(
                load.reject(corpus, "int key part overflows").detail().contains("does not fit an int"),
                load.reject(corpus, "int key part overflows").detail());
        TreeSet<String> cells = load.cells("things", HostileLoad::hex, HostileLoad::text, HostileLoad::hex);
        TreeSet<String> fillerCells = new TreeSet<>(
                cells.stream().filter(c -> c.startsWith(hex(utf8("m")))).toList());
        cells.removeAll(fillerCells);
        assertEquals(
                expectedCells(List.of(
                        new Thing("a1", "2020-01-01", "Alice", 1.5, 1),
                        new Thing("a3", "3000-01-01", "Future", 3.0, 3),
                        new Thing("a8", "2020-01-06", "multi\nline" + d + " \"quoted\"", 8.0, 8),
                        new Thing("b1", "2020-01-08", "AfterStray", 1.0, 10),
                        new Thing("b3", "2020-01-10", "AfterUnbalanced", 3.0, 12),
                        new Thing("b5", "2020-01-12", "fe80::1%eth0", 5.0, 14),
                        new Thing("c2", "2020-01-17", "Nul\0Name", 2.0, 18),
                        new Thing("c3", "2020-01-19", "Last", 4.0, 20),
                        new Thing("a0", "2020-01-05", "crlf\r\ninside", 8.0, 7))),
                cells);
        List<Thing> fillers = new java.util.ArrayList<>();
        for (int i = 1; i <= 11; i++) {
            fillers.add(new Thing("m" + i, "2020-02-01", repeat('f', 100_000), 1.0, 30 + i));
        }
        assertEquals(expectedCells(fillers), fillerCells, "the records after the unclosed quote (ids m1…m11)");
    }

    @Test
    void jsonLinesAreLoadedOrRejectedWithTheirReason() throws Exception {
        String deep = "[".repeat(100_000);
        String tooDeep = "[".repeat(600) + "1" + "]".repeat(600);
        String deepEnough = "[".repeat(400) + "1" + "]".repeat(400);
        String huge = repeat('y', FIVE_MB);
        Corpus corpus = new Corpus("things.jsonl")
                .loads(
                        "good object",
                        "{\"id\":\"j1\",\"when\":\"2020-01-01\",\"name\":\"Alice\",\"score\":1.5,\"n\":1}")
                .rejects("binary junk", "INVALID_UTF8", junk(14, 1000))
                .rejects("before 1970", "SCHEMA", "{\"id\":\"j2\",\"when\":\"1969-07-20\",\"name\":\"Moon\",\"n\":2}")
                .loads("year 3000", "{\"id\":\"j3\",\"when\":\"3000-01-01\",\"name\":\"Future\",\"n\":3}")
                .rejects(
                        "NaN double as text",
                        "SCHEMA",
                        "{\"id\":\"j4\",\"when\":\"2020-01-02\",\"name\":\"N\",\"score\":\"NaN\",\"n\":4}")
                .rejects(
                        "number rounding to infinity",
                        "SCHEMA",
                        "{\"id\":\"j5\",\"when\":\"2020-01-03\",\"name\":\"I\",\"score\":1e400,\"n\":5}")
                .rejects(
                        "bare NaN is not JSON",
                        "BAD_JSON",
                        "{\"id\":\"j6\",\"when\":\"2020-01-04\",\"name\":\"bare\",\"score\":NaN,\"n\":6}")
                .rejects(
                        "two objects on one line",
                        "BAD_JSON",
                        "{\"id\":\"j7\",\"when\":\"2020-01-05\",\"name\":\"first\",\"n\":7}"
                                + "{\"id\":\"j8\",\"when\":\"2020-01-05\",\"name\":\"second\",\"n\":8}")
                .rejects("an array, not an object", "BAD_JSON", "[1,2,3]")
                .rejects("100,000 open brackets", "BAD_JSON", deep)
                .rejects(
                        "600 levels deep",
                        "BAD_JSON",
                        "{\"id\":\"d1\",\"when\":\"2020-01-06\",\"name\":\"deep\",\"n\":9,\"x\":" + tooDeep + "}")
                .loads(
                        "IPv6 zone id as text",
                        "{\"id\":\"j9\",\"when\":\"2020-01-06\",\"name\":\"fe80::1%eth0\",\"n\":9}")
                .loads("5 MB value", "{\"id\":\"k1\",\"when\":\"2020-01-07\",\"name\":\"" + huge + "\",\"n\":10}")
                .rejects(
                        "cut-off UTF-8",
                        "INVALID_UTF8",
                        "{\"id\":\"k2\",\"when\":\"2020-01-08\",\"name\":\"Caf",
                        TRUNCATED,
                        "\",\"n\":11}")
                .rejects(
                        "int key part overflows",
                        "SCHEMA",
                        "{\"id\":\"k3\",\"when\":\"2020-01-09\",\"name\":\"Big\",\"n\":99999999999}")
                .rejects(
                        "time overflows a long",
                        "SCHEMA",
                        "{\"id\":\"k4\",\"when\":\"+999999999-01-01\",\"name\":\"Far\",\"n\":12}")
                .rejects("required field missing", "SCHEMA", "{\"id\":\"k5\",\"when\":\"2020-01-10\",\"n\":13}")
                .loads(
                        "fields the spec does not name",
                        "{\"id\":\"k6\",\"when\":\"2020-01-11\",\"name\":\"extra\",\"n\":14,\"zzz\":[1,{\"a\":2}]}")
                .loads("escaped NUL", "{\"id\":\"k7\",\"when\":\"2020-01-12\",\"name\":\"nul\\u0000\",\"n\":15}")
                .loads(
                        "400 levels deep",
                        "{\"id\":\"k8\",\"when\":\"2020-01-13\",\"name\":\"shallow\",\"n\":16,\"x\":" + deepEnough
                                + "}")
                .skips("blank", "  ")
                .loads("last good object", "{\"id\":\"k9\",\"when\":\"2020-01-14\",\"name\":\"last\",\"n\":17}");
        String spec = "{\"input\": {\"format\": \"jsonl\"}," + TABLE + "}";

        HostileLoad load = loadSpec(spec, corpus);
        load.assertAccountedFor(corpus);
        assertTrue(
                load.reject(corpus, "100,000 open brackets").detail().contains("nested deeper than"),
                load.reject(corpus, "100,000 open brackets").detail());
        assertTrue(
                load.reject(corpus, "time overflows a long")
                        .detail()
                        .contains("out of the range of epoch milliseconds"),
                load.reject(corpus, "time overflows a long").detail());
        assertEquals(
                expectedCells(List.of(
                        new Thing("j1", "2020-01-01", "Alice", 1.5, 1),
                        new Thing("j3", "3000-01-01", "Future", null, 3),
                        new Thing("j9", "2020-01-06", "fe80::1%eth0", null, 9),
                        new Thing("k1", "2020-01-07", huge, null, 10),
                        new Thing("k6", "2020-01-11", "extra", null, 14),
                        new Thing("k7", "2020-01-12", "nul\0", null, 15),
                        new Thing("k8", "2020-01-13", "shallow", null, 16),
                        new Thing("k9", "2020-01-14", "last", null, 17))),
                load.cells("things", HostileLoad::hex, HostileLoad::text, HostileLoad::hex));
    }

    @Test
    void aZonedTimeBeyondEpochMillisecondsIsRefusedNotWrappedAround() {
        TimeRef zoned = new TimeRef("when", "yyyy-MM-dd'T'HH:mm:ssXXX", false);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> zoned.read(Map.of("when", "+999999999-01-01T00:00:00Z")::get));
        assertTrue(e.getMessage().contains("out of the range of epoch milliseconds"), e.getMessage());
        assertEquals(
                -1000L,
                zoned.read(Map.of("when", "1969-12-31T23:59:59Z")::get),
                "before 1970 reads; only a cell refuses it");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"name\": \"../x\", \"families\": [{\"name\": \"d\"}]   | ../x",
                "{\"name\": \"a/b\", \"families\": [{\"name\": \"d\"}]    | a/b",
                "{\"name\": \"things\", \"families\": [{\"name\": \"a:b\"}] | a:b",
                "{\"name\": \"things\", \"families\": [{\"name\": \"..\"}]  | .."
            })
    void aSpecWhoseNamesCouldEscapeTheOutputIsRefusedBeforeAnyTask(String table, String badName) throws Exception {
        File specFile = new File(tmp, "bad-spec.json");
        String family = table.contains("\"d\"") ? "d" : badName;
        Files.writeString(
                specFile.toPath(),
                "{\"input\": {\"format\": \"jsonl\"}, \"tables\": [" + table + ", "
                        + "\"rowKey\": [{\"field\": \"id\"}], \"cells\": [{\"family\": \"" + family
                        + "\", \"qualifier\": [{\"literal\": \"q\"}], "
                        + "\"field\": \"v\"}]}]}");
        File input = new File(tmp, "in.jsonl");
        Files.writeString(input.toPath(), "{\"id\":\"1\",\"v\":\"x\"}\n");
        File out = new File(tmp, "work/never"); // "../x" beside it is work/x: inside this test's own directory
        LoadOptions o = new LoadOptions(
                List.of(new Path(input.getAbsolutePath())),
                new Path(out.getAbsolutePath()),
                1,
                HostileLoad.LOAD_TS,
                1.0,
                Map.of("spec", specFile.getAbsolutePath()));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> LoadJob.prepare(LocalJobs.localConf(), new SpecLoader(), o));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(
                e.getMessage().contains("'" + badName + "'") && e.getMessage().contains("not allowed"), e.getMessage());
        assertFalse(out.exists(), "nothing written");
        assertFalse(
                new File(tmp, "work/x").exists() || new File(tmp, "x").exists(), "nothing written beside the output");
    }

    private HostileLoad loadSpec(String spec, Corpus corpus) throws Exception {
        File specFile = new File(tmp, "spec.json");
        Files.writeString(specFile.toPath(), spec);
        return HostileLoad.run(
                tmp, new SpecLoader(), List.of(corpus.write(tmp)), Map.of("spec", specFile.getAbsolutePath()), 1);
    }

    private static String row(String delimiter, String... fields) {
        return String.join(delimiter, fields);
    }

    /** The cells of {@code things}: row id ‖ 0x00 ‖ int(n), ts = midnight UTC of "when". */
    private static TreeSet<String> expectedCells(List<Thing> things) {
        TreeSet<String> out = new TreeSet<>();
        for (Thing t : things) {
            byte[] id = utf8(t.id());
            String row = hex(ByteBuffer.allocate(id.length + 5)
                    .put(id)
                    .put((byte) 0)
                    .putInt(t.n())
                    .array());
            long ts = LocalDate.parse(t.when())
                    .atStartOfDay()
                    .toInstant(ZoneOffset.UTC)
                    .toEpochMilli();
            out.add(cell(row, "d", "name", ts, hex(utf8(t.name()))));
            if (t.score() != null) {
                out.add(cell(
                        row,
                        "d",
                        "score",
                        ts,
                        hex(ByteBuffer.allocate(8).putDouble(t.score()).array())));
            }
        }
        return out;
    }
}
