package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.testing.CellModel;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.RandomTables;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The InputFormat beyond one file per region: two loads merged into one table directory (files with overlapping rows,
 * as after two bulk loads), regions sub-split on the block index, and an HBase {@link TableMapper} running on our
 * tables unchanged.
 */
class HFileTableInputFormatTest {
    @TempDir
    static File tmp;

    static RandomTables first;
    static RandomTables second;
    static CellModel merged;
    static Configuration conf;
    static Path table;

    @BeforeAll
    static void loadTwiceIntoOneTable() throws Exception {
        conf = LocalJobs.localConf();
        first = new RandomTables(1, 6_000);
        second = new RandomTables(2, 6_000); // same tables; timestamps collide only by chance, filtered below
        merged = new CellModel(first.specs);
        Path a = load(first, "a");
        List<String> secondLines = new ArrayList<>();
        for (String line : second.lines) {
            String[] f = line.split("\t", -1);
            long ts = Long.parseLong(f[3]) + 1_000; // a later load: disjoint timestamps
            secondLines.add(f[0] + '\t' + f[1] + '\t' + f[2] + '\t' + ts + '\t' + f[4]);
        }
        second.lines.clear();
        second.lines.addAll(secondLines);
        Path b = load(second, "b");
        for (RandomTables data : List.of(first, second)) {
            for (String line : data.lines) {
                String[] f = line.split("\t", -1);
                int colon = f[2].indexOf(':');
                merged.put(
                        f[0],
                        Bytes.toBytesBinary(f[1]),
                        f[2].substring(0, colon),
                        Bytes.toBytesBinary(f[2].substring(colon + 1)),
                        Long.parseLong(f[3]),
                        Bytes.toBytesBinary(f[4]));
            }
        }
        table = new Path(a, RandomTables.WIDE);
        for (TableSpec t : first.specs) {
            for (String family : t.familyNames()) {
                File from = new File(new Path(new Path(b, t.name()), family).toString());
                File to = new File(new Path(new Path(a, t.name()), family).toString());
                for (File hfile : from.listFiles(f -> !f.getName().startsWith("."))) {
                    Files.copy(hfile.toPath(), new File(to, "ff" + hfile.getName()).toPath());
                }
            }
        }
    }

    private static Path load(RandomTables data, String name) throws Exception {
        File in = new File(tmp, name + "-in");
        data.writeInput(in.toPath(), 2);
        Path out = new Path(tmp.getAbsolutePath(), name);
        Job job = LocalJobs.cellTextJob(conf, name, new Path(in.getPath()));
        HFileTableJob.configure(job)
                .tables(data.specs)
                .output(out)
                .maxFileBytes(16 * 1024)
                .apply();
        assertTrue(job.waitForCompletion(false));
        return out;
    }

    @Test
    void filesOfTwoLoadsMergeNewestFirst() throws Exception {
        for (ScanSpec scan : List.of(
                ScanSpec.all(),
                ScanSpec.all().withMaxVersions(5),
                ScanSpec.all().withFamilies(List.of("c")).withMaxVersions(5))) {
            CellModel.assertSameRows(
                    merged.scan(RandomTables.WIDE, scan),
                    CellModel.lines(LocalJobs.readAll(conf, table, scan)),
                    scan.toJson());
        }
    }

    @Test
    void largeRegionsAreSubSplitOnTheBlockIndex() throws Exception {
        Configuration small = new Configuration(conf);
        FormatConf.INPUT_SPLIT_MAX_BYTES.setLong(small, 8 * 1024);
        Job job = Job.getInstance(small);
        HFileTableInputFormat.configure(job)
                .table(table)
                .scan(ScanSpec.all().withMaxVersions(5))
                .apply();
        List<InputSplit> splits = new HFileTableInputFormat().getSplits(job);
        int regions = first.specs.get(0).regions().count();
        assertTrue(
                splits.size() > 2 * regions,
                "expected sub-splits, got " + splits.size() + " splits for " + regions + " regions");
        byte[] previousStop = new byte[0];
        for (InputSplit s : splits) {
            HFileTableSplit split = (HFileTableSplit) s;
            assertTrue(Bytes.equals(previousStop, split.start()), "splits must tile the key space: " + split);
            previousStop = split.stop();
        }
        assertEquals(0, previousStop.length, "the last split is unbounded");
        CellModel.assertSameRows(
                merged.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(5)),
                CellModel.lines(LocalJobs.readAll(small, table, ScanSpec.all().withMaxVersions(5))),
                "sub-split read");
    }

    /**
     * An ordinary HBase TableMapper: counts cells per family. Like many, it takes the key's whole array as the row
     * ({@code row.get()}), which holds with HBase's TableRecordReader; it counts rows where that would be wrong.
     */
    public static class FamilyCellCounter extends TableMapper<Text, LongWritable> {
        @Override
        protected void map(ImmutableBytesWritable row, Result value, Context context)
                throws IOException, InterruptedException {
            context.getCounter("keys", "rows").increment(1);
            if (!java.util.Arrays.equals(row.get(), value.getRow())) {
                context.getCounter("keys", "row.get() is not the row").increment(1);
            }
            for (Cell c : value.rawCells()) {
                context.write(new Text(Bytes.toString(CellUtil.cloneFamily(c))), new LongWritable(1));
            }
        }
    }

    @Test
    void anHBaseTableMapperRunsUnchanged() throws Exception {
        Job job = Job.getInstance(conf, "table mapper");
        HFileTableInputFormat.configure(job)
                .table(table)
                .scan(ScanSpec.all().withMaxVersions(10))
                .apply();
        job.setMapperClass(FamilyCellCounter.class);
        job.setReducerClass(LongSumReducer.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        job.setOutputFormatClass(TextOutputFormat.class);
        Path out = new Path(tmp.getAbsolutePath(), "counts");
        FileOutputFormat.setOutputPath(job, out);
        assertTrue(job.waitForCompletion(false));
        assertEquals(
                merged.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(10))
                        .size(),
                job.getCounters().findCounter("keys", "rows").getValue());
        assertEquals(
                0,
                job.getCounters()
                        .findCounter("keys", "row.get() is not the row")
                        .getValue());
        Map<String, Long> expected = new TreeMap<>();
        for (List<String> row : merged.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(10))) {
            for (String cell : row) {
                String family = cell.substring(cell.indexOf('/') + 1, cell.indexOf(':', cell.indexOf('/')));
                expected.merge(family, 1L, Long::sum);
            }
        }
        Map<String, Long> got = new TreeMap<>();
        for (String line :
                Files.readAllLines(new File(out.toString(), "part-r-00000").toPath(), StandardCharsets.UTF_8)) {
            String[] kv = line.split("\t", -1);
            got.put(kv[0], Long.parseLong(kv[1]));
        }
        assertEquals(expected, got);
    }

    /** Counts the rows it is given per table, under the group "rows by table". */
    public static class RowsByTable
            extends org.apache.hadoop.mapreduce.Mapper<ImmutableBytesWritable, Result, Text, LongWritable> {
        @Override
        protected void map(ImmutableBytesWritable row, Result value, Context context) {
            context.getCounter("rows by table", HFileTableInputFormat.tableName(context.getInputSplit()))
                    .increment(1);
        }
    }

    /** Runs a map-only job reading the given tables, each with its scan; returns its counters. */
    private static org.apache.hadoop.mapreduce.Counters read(Map<Path, ScanSpec> tables) throws Exception {
        Job job = Job.getInstance(conf, "read cost");
        HFileTableInputFormat.Configurator input = HFileTableInputFormat.configure(job);
        tables.forEach((t, scan) -> input.table(t).scan(scan));
        input.apply();
        job.setMapperClass(RowsByTable.class);
        job.setNumReduceTasks(0);
        job.setOutputFormatClass(org.apache.hadoop.mapreduce.lib.output.NullOutputFormat.class);
        assertTrue(job.waitForCompletion(false));
        return job.getCounters();
    }

    private static long counter(org.apache.hadoop.mapreduce.Counters c, ReadCounter r) {
        return c.findCounter(ReadCounter.GROUP, r.name()).getValue();
    }

    /**
     * The HFiles of a family directory that hold cells, with their first/last rows and time ranges read by HBase's own
     * reader.
     */
    private static List<org.apache.hadoop.hbase.io.hfile.HFile.Reader> readers(String family) throws IOException {
        List<org.apache.hadoop.hbase.io.hfile.HFile.Reader> out = new ArrayList<>();
        File dir = new File(new Path(table, family).toString());
        for (File f :
                dir.listFiles(f -> !f.getName().startsWith(".") && !f.getName().startsWith("_"))) {
            var r = org.apache.hadoop.hbase.io.hfile.HFile.createReader(
                    org.apache.hadoop.fs.FileSystem.getLocal(conf), new Path(f.getAbsolutePath()), conf);
            if (r.getEntries() > 0) {
                out.add(r);
            } else {
                r.close();
            }
        }
        return out;
    }

    private static long fileBytes(String family) {
        long n = 0;
        for (File f : new File(new Path(table, family).toString())
                .listFiles(f -> !f.getName().startsWith("."))) {
            n += f.length();
        }
        return n;
    }

    @Test
    void aFamilyScanOpensOnlyThatFamilysFilesAndReadsAboutTheirBytes() throws Exception {
        var all = read(Map.of(table, ScanSpec.all().withMaxVersions(5)));
        var onlyC = read(Map.of(table, ScanSpec.all().withFamilies(List.of("c")).withMaxVersions(5)));
        int cFiles = readers("c").size();
        int allFiles = readers("a").size() + readers("b").size() + cFiles;
        assertEquals(allFiles, counter(all, ReadCounter.FILE_OPENS));
        assertEquals(cFiles, counter(onlyC, ReadCounter.FILE_OPENS));
        long tableBytes = TableDir.open(conf, table).bytes();
        assertEquals(fileBytes("a") + fileBytes("b") + fileBytes("c"), tableBytes);
        // every byte of a whole-table scan is read once, plus the next block's header read with each block
        assertTrue(
                counter(all, ReadCounter.BYTES_READ) >= tableBytes * 9 / 10,
                counter(all, ReadCounter.BYTES_READ) + " of " + tableBytes);
        assertTrue(
                counter(all, ReadCounter.BYTES_READ) <= tableBytes * 13 / 10,
                counter(all, ReadCounter.BYTES_READ) + " of " + tableBytes);
        long cBytes = counter(onlyC, ReadCounter.BYTES_READ);
        assertTrue(
                cBytes >= fileBytes("c") * 9 / 10 && cBytes <= fileBytes("c") * 13 / 10,
                cBytes + " read, family c has " + fileBytes("c"));
        assertEquals(
                merged.scan(
                                RandomTables.WIDE,
                                ScanSpec.all().withFamilies(List.of("c")).withMaxVersions(5))
                        .size(),
                counter(onlyC, ReadCounter.RESULTS));
    }

    @Test
    void aKeyRangeOpensOnlyTheFilesAroundItAndReadsFewBlocks() throws Exception {
        byte[] start = Bytes.toBytes("h");
        byte[] stop = Bytes.toBytes("i");
        ScanSpec narrow = ScanSpec.all().withRange(start, stop).withMaxVersions(5);
        int expectedFiles = 0;
        for (String family : List.of("a", "b", "c")) {
            for (var r : readers(family)) {
                byte[] first = r.getFirstRowKey().get();
                byte[] last = r.getLastRowKey().get();
                if (Bytes.compareTo(last, start) >= 0 && Bytes.compareTo(first, stop) < 0) {
                    expectedFiles++;
                }
                r.close();
            }
        }
        var cost = read(Map.of(table, narrow));
        var full = read(Map.of(table, ScanSpec.all().withMaxVersions(5)));
        assertEquals(expectedFiles, counter(cost, ReadCounter.FILE_OPENS));
        assertTrue(expectedFiles < counter(full, ReadCounter.FILE_OPENS), "the range lies in one region of four");
        assertTrue(
                counter(cost, ReadCounter.DATA_BLOCKS_READ) * 4 < counter(full, ReadCounter.DATA_BLOCKS_READ),
                counter(cost, ReadCounter.DATA_BLOCKS_READ) + " blocks vs "
                        + counter(full, ReadCounter.DATA_BLOCKS_READ));
        assertTrue(counter(cost, ReadCounter.BYTES_READ) * 4 < counter(full, ReadCounter.BYTES_READ));
        assertEquals(merged.scan(RandomTables.WIDE, narrow).size(), counter(cost, ReadCounter.RESULTS));
    }

    @Test
    void aTimeRangeOpensOnlyTheFilesWhoseCellsMayFallInIt() throws Exception {
        // the second load's cells are 1000 ms later than the first's: its files alone meet this range
        ScanSpec later = ScanSpec.all().withMaxVersions(5).withTimeRange(second.minTs + 1_000, second.maxTs + 1_000);
        int secondLoadFiles = 0;
        for (String family : List.of("a", "b", "c")) {
            for (var r : readers(family)) {
                if (r.getPath().getName().startsWith("ff")) {
                    secondLoadFiles++;
                }
                r.close();
            }
        }
        var cost = read(Map.of(table, later));
        assertEquals(secondLoadFiles, counter(cost, ReadCounter.FILE_OPENS));
        CellModel.assertSameRows(
                merged.scan(RandomTables.WIDE, later),
                CellModel.lines(LocalJobs.readAll(conf, table, later)),
                later.toJson());
        var none = read(Map.of(table, ScanSpec.all().withTimeRange(0, first.minTs)));
        assertEquals(0, counter(none, ReadCounter.FILE_OPENS), "no file holds cells that old");
    }

    @Test
    void oneJobReadsSeveralTablesEachWithItsOwnScan() throws Exception {
        Path salted = new Path(table.getParent(), RandomTables.SALTED);
        ScanSpec wideScan = ScanSpec.all().withFamilies(List.of("a"));
        var counters = read(new java.util.LinkedHashMap<>(Map.of(table, wideScan, salted, ScanSpec.all())));
        assertEquals(
                merged.scan(RandomTables.WIDE, wideScan).size(),
                counters.findCounter("rows by table", RandomTables.WIDE).getValue());
        assertEquals(
                merged.scan(RandomTables.SALTED, ScanSpec.all()).size(),
                counters.findCounter("rows by table", RandomTables.SALTED).getValue());
    }
}
