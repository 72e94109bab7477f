package io.dumptruck.loaders;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.mapreduce.Job;

/** Runs a loader in local mode on lines written to a file, and lists the cells of its tables, for tests. */
public final class LoadTesting {
    public static final long LOAD_TS = 1_800_000_000_000L;

    private LoadTesting() {}

    /** The output directory of a finished load (asserting it succeeded) and its report. */
    public record Loaded(Path output, LoadReport report, Configuration conf) {
        /**
         * Cells of {@code table} as "row family:qualifier @ts = value", rows and values rendered by the given
         * functions.
         */
        public TreeSet<String> cells(
                String table, Function<byte[], String> row, Function<byte[], String> value, int versions)
                throws Exception {
            TreeSet<String> out = new TreeSet<>();
            try (TableReader reader = TableReader.open(conf, new Path(output, table));
                    RowScanner rows = reader.scan(ScanSpec.all().withMaxVersions(versions))) {
                for (Result r = rows.next(); r != null; r = rows.next()) {
                    for (Cell c : r.rawCells()) {
                        out.add(row.apply(CellUtil.cloneRow(c)) + " " + utf8(CellUtil.cloneFamily(c)) + ":"
                                + utf8(CellUtil.cloneQualifier(c)) + " @" + c.getTimestamp() + " = "
                                + value.apply(CellUtil.cloneValue(c)));
                    }
                }
            }
            return out;
        }

        /** Lines of the rejects side output. */
        public List<String> rejects() throws Exception {
            List<String> out = new ArrayList<>();
            File dir = new File(output.toString(), RejectSink.DIRECTORY);
            File[] parts = dir.listFiles(f -> f.getName().startsWith("part-"));
            for (File f : parts == null ? new File[0] : parts) {
                out.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
            }
            return out;
        }
    }

    public static Loaded load(File tmp, Loader loader, List<String> lines, Map<String, String> options, int regions)
            throws Exception {
        File in = new File(tmp, "input.txt");
        Files.write(in.toPath(), lines, StandardCharsets.UTF_8);
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out");
        LoadOptions o = new LoadOptions(List.of(new Path(in.getPath())), out, regions, LOAD_TS, 1.0, options);
        PreparedLoad load = LoadJob.prepare(conf, loader, o);
        Job job = load.job();
        if (!job.waitForCompletion(false)) {
            throw new AssertionError("load failed");
        }
        LoadReport report = load.finish();
        if (report.failed() || report.read() != report.loaded() + report.rejected()) {
            throw new AssertionError("bad report " + report);
        }
        return new Loaded(out, report, conf);
    }

    public static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    public static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
