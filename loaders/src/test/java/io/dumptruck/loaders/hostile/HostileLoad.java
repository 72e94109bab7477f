package io.dumptruck.loaders.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.RejectSink;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.mapreduce.Job;

/**
 * A load of hostile input in local mode with a reject ratio of 1.0, and the checks every loader must pass on it: the
 * job (so every task) succeeds, read = loaded + rejected, and each record of the corpus is loaded, or rejected at its
 * own position with its expected reason — nothing else.
 */
final class HostileLoad {
    static final long LOAD_TS = 1_800_000_000_000L;

    /** One line of {@code <out>/_rejects/part-*}. */
    record Reject(String position, String reason, String detail, String raw) {}

    final Path output;
    final LoadReport report;
    final Configuration conf;
    /** The reject lines by position. */
    final Map<String, Reject> rejects = new TreeMap<>();

    private HostileLoad(Path output, LoadReport report, Configuration conf) {
        this.output = output;
        this.report = report;
        this.conf = conf;
    }

    static HostileLoad run(File tmp, Loader loader, List<File> inputs, Map<String, String> options, int regions)
            throws Exception {
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out-" + loader.name());
        List<Path> in = inputs.stream().map(f -> new Path(f.getAbsolutePath())).toList();
        LoadOptions o = new LoadOptions(in, out, regions, LOAD_TS, 1.0, options);
        PreparedLoad prepared = LoadJob.prepare(conf, loader, o);
        Job job = prepared.job();
        boolean completed = job.waitForCompletion(false);
        assertTrue(
                completed,
                "a task of the " + loader.name() + " load failed: "
                        + job.getStatus().getFailureInfo());
        LoadReport report = prepared.finish();
        assertFalse(report.failed(), report.failure());
        assertEquals(report.read(), report.loaded() + report.rejected(), "read = loaded + rejected: " + report);
        HostileLoad load = new HostileLoad(out, report, conf);
        File dir = new File(out.toString(), RejectSink.DIRECTORY);
        File[] parts = dir.listFiles(f -> f.getName().startsWith("part-"));
        for (File part : parts == null ? new File[0] : parts) {
            // a reject is one line: read with \n only, so a stray \r inside a line shows as a broken line
            for (String line :
                    Files.readString(part.toPath(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isEmpty()) {
                    continue;
                }
                assertFalse(line.contains("\r"), "a reject line holds a carriage return: " + clip(line));
                String[] f = line.split("\t", 4);
                assertEquals(4, f.length, "a reject line is position, reason, detail, raw: " + clip(line));
                assertFalse(f[2].isBlank(), "a reject without a detail: " + clip(line));
                Reject previous = load.rejects.put(f[0], new Reject(f[0], f[1], f[2], f[3]));
                assertEquals(null, previous, "two rejects at " + f[0]);
            }
        }
        assertEquals(report.rejected(), load.rejects.size(), "one reject line per rejected record");
        return load;
    }

    /**
     * Every record of the corpora is accounted for: the counts, the reasons (counter by counter) and each reject at its
     * record's position with its expected reason.
     */
    void assertAccountedFor(Corpus... corpora) {
        long loaded = 0;
        long rejected = 0;
        long skipped = 0;
        Map<String, String> expectedRejects = new TreeMap<>();
        Map<String, Long> reasons = new TreeMap<>();
        for (Corpus c : corpora) {
            loaded += c.count(Corpus.Outcome.LOADED);
            rejected += c.count(Corpus.Outcome.REJECTED);
            skipped += c.count(Corpus.Outcome.SKIPPED);
            expectedRejects.putAll(c.expectedRejects());
        }
        expectedRejects.values().forEach(r -> reasons.merge(r, 1L, Long::sum));
        Map<String, String> actualRejects = new TreeMap<>();
        rejects.forEach((position, r) -> actualRejects.put(position, r.reason()));
        assertEquals(describe(expectedRejects, corpora), describe(actualRejects, corpora), "rejects by position");
        assertEquals(reasons, new TreeMap<>(report.rejectReasons()), "reject reason counters");
        List<String> unfaithful = new java.util.ArrayList<>();
        for (Corpus c : corpora) {
            for (Corpus.Case r : c.cases()) {
                Reject actual = rejects.get(c.position(r));
                if (r.outcome() == Corpus.Outcome.REJECTED
                        && actual != null
                        && !java.util.Arrays.equals(unescape(actual.raw()), r.bytes())
                        && !java.util.Arrays.equals(
                                unescape(actual.raw() + "\\r"), r.bytes())) { // a line's CR LF ends it
                    unfaithful.add(r.label() + ": " + clip(actual.raw()));
                }
            }
        }
        assertEquals(List.of(), unfaithful, "rejects whose record is not the input's bytes");
        assertEquals(loaded + rejected, report.read(), "records read");
        assertEquals(loaded, report.loaded(), "records loaded");
        assertEquals(rejected, report.rejected(), "records rejected");
        assertEquals(skipped, report.skipped(), "lines skipped");
    }

    /** The bytes a reject line's record field stands for ({@code RejectSink}'s escapes undone). */
    static byte[] unescape(String raw) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '\\') {
                int cp = raw.codePointAt(i);
                out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
                i += Character.charCount(cp) - 1;
                continue;
            }
            char e = raw.charAt(++i);
            switch (e) {
                case 't' -> out.write('\t');
                case 'n' -> out.write('\n');
                case 'r' -> out.write('\r');
                case '\\' -> out.write('\\');
                case 'x' -> {
                    out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                default -> throw new AssertionError("unknown escape \\" + e + " in " + raw);
            }
        }
        return out.toByteArray();
    }

    /** Position → reason, with the corpus label of each position, for readable failures. */
    private static String describe(Map<String, String> rejects, Corpus... corpora) {
        StringBuilder out = new StringBuilder();
        rejects.forEach((position, reason) -> {
            String label = "?";
            for (Corpus c : corpora) {
                for (Corpus.Case k : c.cases()) {
                    if (c.position(k).equals(position)) {
                        label = k.label();
                    }
                }
            }
            out.append(position)
                    .append(" [")
                    .append(label)
                    .append("] ")
                    .append(reason)
                    .append('\n');
        });
        return out.toString();
    }

    Reject reject(Corpus corpus, String label) {
        Reject r = rejects.get(corpus.position(corpus.find(label)));
        assertTrue(r != null, "no reject for " + label);
        return r;
    }

    /**
     * The cells of a table as "row family:qualifier @ts = value", each part rendered by the given function, every
     * version.
     */
    TreeSet<String> cells(
            String table,
            Function<byte[], String> row,
            Function<byte[], String> qualifier,
            Function<byte[], String> value)
            throws Exception {
        TreeSet<String> out = new TreeSet<>();
        try (TableReader reader = TableReader.open(conf, new Path(output, table));
                RowScanner rows = reader.scan(ScanSpec.all().withMaxVersions(Integer.MAX_VALUE))) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                for (Cell c : r.rawCells()) {
                    out.add(cell(
                            row.apply(CellUtil.cloneRow(c)),
                            text(CellUtil.cloneFamily(c)),
                            qualifier.apply(CellUtil.cloneQualifier(c)),
                            c.getTimestamp(),
                            value.apply(CellUtil.cloneValue(c))));
                }
            }
        }
        return out;
    }

    static String cell(String row, String family, String qualifier, long ts, String value) {
        return row + " " + family + ":" + qualifier + " @" + ts + " = " + value;
    }

    /** UTF-8 text, or for more than 200 bytes its length and the start of its md5, to keep failures readable. */
    static String text(byte[] b) {
        if (b.length <= 200) {
            return new String(b, StandardCharsets.UTF_8);
        }
        return "<" + b.length + " bytes, md5 " + hex(md5(b)).substring(0, 12) + ">";
    }

    static String text(String s) {
        return text(s.getBytes(StandardCharsets.UTF_8));
    }

    static String hex(byte[] b) {
        return b.length <= 200 ? HexFormat.of().formatHex(b) : text(b);
    }

    static byte[] md5(byte[] b) {
        try {
            return MessageDigest.getInstance("MD5").digest(b);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] md5(String s) {
        return md5(s.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String clip(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "…";
    }
}
