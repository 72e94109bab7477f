package io.dumptruck.formats.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.internals.HBaseInternals;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * Reads table directories written by {@link io.dumptruck.formats.output.HFileTableOutputFormat} (or any
 * {@code <table>/<family>/<hfile>} tree) as {@code (ImmutableBytesWritable row, Result)} pairs — what HBase's
 * {@code TableInputFormat} gives — so an existing {@code TableMapper} runs on it unchanged. One split per region that
 * the scan touches, carrying only the files whose families, rows and cell times meet the scan (each file's range is
 * read once, at planning); a region larger than {@link FormatConf#INPUT_SPLIT_MAX_BYTES} is cut further at keys of its
 * largest file's block index. Several tables can be read by one job, each with its own scan (as HBase's
 * {@code MultiTableInputFormat}); a mapper asks {@link #tableName} which one a row comes from. What the reading cost is
 * counted in {@link ReadCounter}.
 *
 * <pre>{@code
 * HFileTableInputFormat.configure(job).table(new Path(out, "visits")).scan(ScanSpec.all().withPrefix(p)).apply();
 * HFileTableInputFormat.configure(job).table(follows).table(followedBy).apply();   // two tables, whole
 * }</pre>
 */
@PublicApi
public final class HFileTableInputFormat extends InputFormat<ImmutableBytesWritable, Result> {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static Configurator configure(Job job) {
        return new Configurator(job);
    }

    /** Collects the tables and their scans; {@link #apply} checks the tables exist and sets up the job. */
    public static final class Configurator {
        private final Job job;
        private final List<Path> tables = new ArrayList<>();
        private final List<ScanSpec> scans = new ArrayList<>();

        private Configurator(Job job) {
            this.job = job;
        }

        /** Reads this table (whole, until {@link #scan} narrows it). */
        public Configurator table(Path dir) {
            tables.add(dir);
            scans.add(ScanSpec.all());
            return this;
        }

        /** The scan of the table named last. */
        public Configurator scan(ScanSpec s) {
            if (tables.isEmpty()) {
                throw new IllegalStateException("scan before table: call table(dir) first, then scan(spec)");
            }
            scans.set(scans.size() - 1, s);
            return this;
        }

        /** Opens the table directories (failing now, not in a task, if one is missing) and sets the input format. */
        public Job apply() throws IOException {
            if (tables.isEmpty()) {
                throw new IllegalStateException("no table: call HFileTableInputFormat.configure(job).table(dir)");
            }
            ArrayNode inputs = JSON.createArrayNode();
            for (int i = 0; i < tables.size(); i++) {
                TableDir dir = TableDir.open(job.getConfiguration(), tables.get(i));
                ObjectNode input = inputs.addObject();
                input.put("dir", dir.path().toString());
                input.put("scan", scans.get(i).toJson());
                // the tasks read their files from the split and the spec from here: no listing, no spec file read per
                // task
                input.put("spec", TableSpecJson.toJson(dir.spec()));
            }
            FormatConf.INPUT_TABLES.set(job.getConfiguration(), inputs.toString());
            // on a secure cluster the tasks need tokens for the tables' file systems, whichever they are
            TokenCache.obtainTokensForNamenodes(
                    job.getCredentials(), tables.toArray(new Path[0]), job.getConfiguration());
            job.setInputFormatClass(HFileTableInputFormat.class);
            return job;
        }
    }

    /** One table a job reads: its directory, its scan and its spec (as read when the job was set up). */
    record Input(Path dir, ScanSpec scan, TableSpec spec) {}

    /** The tables a job reads, in the order they were configured. */
    static List<Input> inputs(Configuration conf) throws IOException {
        String json =
                FormatConf.INPUT_TABLES.require(conf, "Call HFileTableInputFormat.configure(job).table(dir).apply().");
        List<Input> out = new ArrayList<>();
        for (JsonNode input : JSON.readTree(json)) {
            out.add(new Input(
                    new Path(input.get("dir").asText()),
                    ScanSpec.fromJson(input.get("scan").asText()),
                    TableSpecJson.fromJson(input.get("spec").asText())));
        }
        return out;
    }

    /** The name of the table the mapper's split reads (a snapshot's table, not the snapshot). */
    public static String tableName(InputSplit split) {
        return ((HFileTableSplit) split).tableName();
    }

    @Override
    public List<InputSplit> getSplits(JobContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        List<InputSplit> splits = new ArrayList<>();
        List<Input> inputs = inputs(conf);
        Map<Path, TableDir> tables = new HashMap<>(); // several scans of one table read its file ranges once
        for (int i = 0; i < inputs.size(); i++) {
            Path dir = inputs.get(i).dir();
            TableDir table = tables.get(dir);
            if (table == null) {
                table = TableDir.open(conf, dir);
                tables.put(dir, table);
            }
            splits.addAll(splits(conf, i, table, inputs.get(i).scan()));
        }
        return splits;
    }

    private static List<InputSplit> splits(Configuration conf, int input, TableDir table, ScanSpec scan)
            throws IOException {
        long maxBytes = FormatConf.INPUT_SPLIT_MAX_BYTES.getLong(conf);
        List<byte[]> points = table.splitPoints();
        List<InputSplit> splits = new ArrayList<>();
        for (int r = 0; r <= points.size(); r++) {
            byte[] start = max(r == 0 ? new byte[0] : points.get(r - 1), scan.startRow());
            byte[] stop = RowScanner.minStop(r == points.size() ? new byte[0] : points.get(r), scan.stopRow());
            if (stop.length > 0 && Bytes.compareTo(start, stop) >= 0) {
                continue;
            }
            List<FileRange> files = table.fileRanges(scan, start, stop);
            if (files.isEmpty()) {
                continue;
            }
            long bytes = files.stream().mapToLong(FileRange::length).sum();
            FileRange largest = files.stream()
                    .max(Comparator.comparingLong(FileRange::length))
                    .get();
            String[] hosts = hosts(table, largest);
            List<byte[]> cuts = List.of();
            if (bytes > maxBytes) {
                try (StoredFile f = StoredFile.open(conf, table.fileSystem(), largest.path(), largest.family())) {
                    cuts = cuts(f, start, stop, (int) Math.min(1000, (bytes + maxBytes - 1) / maxBytes));
                }
            }
            byte[] from = start;
            for (byte[] cut : cuts) {
                splits.add(split(input, table, from, cut, files, bytes / (cuts.size() + 1), hosts));
                from = cut;
            }
            splits.add(split(input, table, from, stop, files, bytes / (cuts.size() + 1), hosts));
        }
        return splits;
    }

    private static HFileTableSplit split(
            int input,
            TableDir table,
            byte[] start,
            byte[] stop,
            List<FileRange> regionFiles,
            long length,
            String[] hosts) {
        List<FileRange> files = new ArrayList<>();
        for (FileRange f : regionFiles) {
            if (f.overlaps(start, stop)) {
                files.add(f);
            }
        }
        return new HFileTableSplit(
                input, table.path().toString(), table.spec().name(), start, stop, length, hosts, files);
    }

    /**
     * Up to {@code parts - 1} row keys strictly inside (start, stop), evenly spaced over the root level of the file's
     * data block index (the first key of every block when the index has one level).
     */
    static List<byte[]> cuts(StoredFile file, byte[] start, byte[] stop, int parts) throws IOException {
        List<byte[]> rootKeys = HBaseInternals.rootIndexRows(file.reader());
        List<byte[]> out = new ArrayList<>();
        for (int i = 1; i < parts && !rootKeys.isEmpty(); i++) {
            byte[] row = rootKeys.get((int) ((long) i * rootKeys.size() / parts));
            boolean inside = Bytes.compareTo(row, start) > 0 && (stop.length == 0 || Bytes.compareTo(row, stop) < 0);
            if (inside && (out.isEmpty() || Bytes.compareTo(out.get(out.size() - 1), row) < 0)) {
                out.add(row);
            }
        }
        return out;
    }

    /** Where the file's first block lies (a hint only: wherever the file is now, none when it is gone). */
    private static String[] hosts(TableDir table, FileRange file) throws IOException {
        FileStatus status;
        try {
            status = HBaseTableFiles.link(file.path()).getFileStatus(table.fileSystem());
        } catch (FileNotFoundException e) {
            return new String[0]; // the task's open says what happened
        }
        BlockLocation[] locations = table.fileSystem().getFileBlockLocations(status, 0, file.length());
        return locations.length == 0 ? new String[0] : locations[0].getHosts();
    }

    private static byte[] max(byte[] a, byte[] b) {
        return Bytes.compareTo(a, b) >= 0 ? a : b;
    }

    @Override
    public RecordReader<ImmutableBytesWritable, Result> createRecordReader(
            InputSplit split, TaskAttemptContext context) {
        return new HFileTableRecordReader();
    }
}
