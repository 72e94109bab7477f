package io.dumptruck.formats.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.formats.testing.CellModel;
import io.dumptruck.formats.testing.CellTextMapper;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.RandomTables;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes random tables through {@link HFileTableOutputFormat} in a local-mode job, then reads them back through
 * {@link HFileTableInputFormat} and {@link TableReader} and compares every answer with a {@link CellModel}. Tiny blocks
 * and a tiny roll size make every region span many blocks and files.
 */
class HFileTableRoundTripTest {
    @TempDir
    static File tmp;

    static RandomTables data;
    static Path out;
    static Configuration conf;
    static Job job;

    @BeforeAll
    static void load() throws Exception {
        data = new RandomTables(42, 20_000);
        data.writeInput(tmp.toPath().resolve("in"), 3);
        conf = LocalJobs.localConf();
        out = new Path(tmp.getAbsolutePath(), "out");
        job = LocalJobs.cellTextJob(conf, "round trip", new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(job)
                .tables(data.specs)
                .output(out)
                .maxFileBytes(8 * 1024)
                .apply();
        assertTrue(job.waitForCompletion(false), "load job failed");
    }

    @Test
    void countersAddUp() throws Exception {
        long lines =
                job.getCounters().findCounter(CellTextMapper.Counter.LINES_READ).getValue();
        assertEquals(data.lines.size(), lines);
        assertEquals(
                0,
                job.getCounters()
                        .findCounter(CellTextMapper.Counter.REJECTED_LINES)
                        .getValue());
        long written = job.getCounters().findCounter(CellCounter.CELLS_WRITTEN).getValue();
        long dups = job.getCounters()
                .findCounter(CellCounter.DUPLICATE_CELLS_DROPPED)
                .getValue();
        long old =
                job.getCounters().findCounter(CellCounter.OLD_VERSIONS_DROPPED).getValue();
        assertEquals(lines, written + dups + old);
        assertTrue(dups > 0, "the input has exact duplicates");
        assertTrue(old > 0, "family b keeps one version, so older ones are dropped");
    }

    @Test
    void layoutIsWhatBulkLoadTakes() throws Exception {
        for (TableSpec t : data.specs) {
            File tableDir = new File(out.toString(), t.name());
            assertTrue(new File(tableDir, TableSpecJson.FILE_NAME).isFile());
            TableSpec stored =
                    TableSpecJson.fromJson(Files.readString(new File(tableDir, TableSpecJson.FILE_NAME).toPath()));
            assertEquals(
                    t.regions().splitPoints().size(),
                    stored.regions().splitPoints().size());
            for (FamilySpec f : t.families()) {
                File[] files =
                        new File(tableDir, f.name()).listFiles(x -> !x.getName().startsWith("."));
                assertTrue(
                        files != null && files.length > t.regions().count(),
                        t.name() + ":" + f.name() + " should have rolled into several files per region");
                for (File hfile : files) {
                    assertTrue(hfile.getName().matches("[0-9a-f]+"), "HBase only loads hex file names: " + hfile);
                    assertSortedHFile(hfile, f);
                }
            }
        }
        assertFalse(new File(out.toString(), "_temporary").exists());
    }

    private static HFile.Reader open(File hfile) throws Exception {
        return HFile.createReader(
                org.apache.hadoop.fs.FileSystem.getLocal(conf),
                new Path(hfile.getPath()),
                CacheConfig.DISABLED,
                true,
                conf);
    }

    private static void assertSortedHFile(File file, FamilySpec family) throws Exception {
        try (HFile.Reader r = open(file)) {
            assertEquals(3, r.getTrailer().getMajorVersion());
            assertEquals(family.compression(), r.getTrailer().getCompressionCodec());
            assertEquals(family.encoding(), r.getDataBlockEncoding());
            HFileScanner s = r.getScanner(conf, false, false);
            assertTrue(s.seekTo());
            Cell prev = null;
            do {
                Cell c = s.getCell();
                if (prev != null) {
                    assertTrue(CellComparator.getInstance().compare(prev, c) < 0, "out of order in " + file);
                }
                prev = org.apache.hadoop.hbase.KeyValueUtil.copyToNewKeyValue(c);
            } while (s.next());
        }
    }

    @Test
    void inputFormatReadsWhatTheModelHolds() throws Exception {
        for (TableSpec t : data.specs) {
            Path table = new Path(out, t.name());
            for (ScanSpec scan : data.scans(new Random(7), t)) {
                if (scan.limit() > 0) {
                    continue; // a limit holds per split, see limitHoldsPerSplit
                }
                CellModel.assertSameRows(
                        data.model.scan(t.name(), scan),
                        CellModel.lines(LocalJobs.readAll(conf, table, scan)),
                        t.name() + " " + scan.toJson());
            }
        }
    }

    @Test
    void limitHoldsPerSplit() throws Exception {
        Path table = new Path(out, RandomTables.WIDE);
        List<Result> all = LocalJobs.readAll(conf, table, ScanSpec.all());
        List<Result> limited = LocalJobs.readAll(conf, table, ScanSpec.all().withLimit(2));
        int regions = data.specs.get(0).regions().count();
        assertEquals(2 * regions, limited.size(), "two rows from each of the " + regions + " regions");
        for (Result r : limited) {
            assertTrue(all.stream().anyMatch(a -> Bytes.equals(a.getRow(), r.getRow())));
        }
    }

    @Test
    void tableReaderScansAndGets() throws Exception {
        for (TableSpec t : data.specs) {
            try (TableReader reader = TableReader.open(conf, new Path(out, t.name()))) {
                for (ScanSpec scan : data.scans(new Random(11), t)) {
                    List<Result> got = new ArrayList<>();
                    try (RowScanner rows = reader.scan(scan)) {
                        for (Result r = rows.next(); r != null; r = rows.next()) {
                            got.add(r);
                        }
                    }
                    CellModel.assertSameRows(
                            data.model.scan(t.name(), scan), CellModel.lines(got), t.name() + " " + scan.toJson());
                }
                Random rnd = new Random(3);
                List<byte[]> rows = data.model.rows(t.name());
                for (int i = 0; i < 300; i++) {
                    byte[] row = rows.get(rnd.nextInt(rows.size()));
                    ScanSpec columns = ScanSpec.all().withMaxVersions(1 + rnd.nextInt(4));
                    Optional<Result> r = reader.get(row, columns);
                    assertTrue(r.isPresent(), "row " + Bytes.toStringBinary(row));
                    assertEquals(
                            data.model
                                    .scan(t.name(), ScanSpec.row(row).withMaxVersions(columns.maxVersions()))
                                    .get(0),
                            CellModel.lines(r.get()));
                }
                for (int i = 0; i < 300; i++) {
                    byte[] absent = Bytes.toBytes("absent-" + i);
                    assertTrue(reader.get(absent, ScanSpec.all()).isEmpty());
                }
            }
        }
    }

    @Test
    void bloomFilterAnswersAbsentRowsWithoutReadingData() throws Exception {
        try (TableReader reader = TableReader.open(conf, new Path(out, RandomTables.SALTED))) {
            for (int i = 0; i < 200; i++) {
                byte[] absent = {(byte) (i % 4), 'n', 'o', (byte) i};
                assertTrue(reader.get(absent, ScanSpec.all()).isEmpty());
            }
            assertTrue(
                    reader.bloomNegatives() > 150,
                    "ROW blooms should rule out most absent rows, got " + reader.bloomNegatives());
        }
    }

    @Test
    void existingOutputIsRefusedBeforeAnyTask() throws Exception {
        Job again = Job.getInstance(conf);
        FileAlreadyExistsException e = assertThrows(
                FileAlreadyExistsException.class,
                () -> HFileTableJob.configure(again)
                        .tables(data.specs)
                        .output(out)
                        .apply());
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
    }

    @Test
    void aMapBufferSizeThatIsNoNumberOfMegabytesIsRefusedBeforeAnyTask() throws Exception {
        for (String bad : new String[] {"lots", "-1", "2048", "1.5"}) {
            Job again = Job.getInstance(conf);
            again.getConfiguration().set(FormatConf.OUTPUT_MAP_BUFFER_MB.key(), bad);
            SpecException e = assertThrows(
                    SpecException.class,
                    () -> HFileTableJob.configure(again)
                            .tables(data.specs)
                            .output(new Path(out.getParent(), "never"))
                            .apply());
            assertEquals(
                    "dumptruck.output.map.buffer.mb is '" + bad + "': give a whole number of MB, from 0 to 2047",
                    e.getMessage());
        }
    }

    @Test
    void wideRowsComeInBatches() throws Exception {
        ScanSpec whole = ScanSpec.all().withMaxVersions(5);
        List<List<String>> expected = data.model.scan(RandomTables.WIDE, whole);
        try (TableReader reader = TableReader.open(conf, new Path(out, RandomTables.WIDE));
                RowScanner rows = reader.scan(whole.withBatch(3))) {
            List<String> cells = new ArrayList<>();
            int results = 0;
            for (Result r = rows.next(); r != null; r = rows.next()) {
                assertTrue(r.rawCells().length <= 3);
                cells.addAll(CellModel.lines(r));
                results++;
            }
            assertEquals(expected.stream().flatMap(List::stream).toList(), cells);
            assertTrue(results > expected.size(), "rows wider than 3 cells come in several Results");
        }
        List<Result> limited = LocalJobs.readAll(
                conf, new Path(out, RandomTables.WIDE), whole.withBatch(2).withLimit(1));
        int regions = data.specs.get(0).regions().count();
        long distinctRows = limited.stream()
                .map(r -> Bytes.toStringBinary(r.getRow()))
                .distinct()
                .count();
        assertEquals(regions, distinctRows, "the limit counts rows, not batches: one row per split");
    }

    @Test
    void neverMoreThan32FilesPerFamilyPerRegion() throws Exception {
        Path rolled = new Path(tmp.getAbsolutePath(), "rolled");
        Job j = LocalJobs.cellTextJob(conf, "roll at every row", new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(j)
                .tables(data.specs)
                .output(rolled)
                .maxFileBytes(1)
                .apply();
        assertTrue(j.waitForCompletion(false));
        java.util.Map<String, Integer> perRegionFamily = new java.util.TreeMap<>();
        for (TableSpec t : data.specs) {
            for (String family : t.familyNames()) {
                for (File f : new File(new File(rolled.toString(), t.name()), family)
                        .listFiles(x -> !x.getName().startsWith("."))) {
                    perRegionFamily.merge(
                            t.name() + "/" + family + "/region " + f.getName().substring(0, 6), 1, Integer::sum);
                }
            }
        }
        assertTrue(perRegionFamily.values().stream().allMatch(n -> n <= 32), perRegionFamily.toString());
        assertTrue(
                perRegionFamily.containsValue(32),
                "rolling at every row must hit the cap somewhere: " + perRegionFamily);
        CellModel.assertSameRows(
                data.model.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(5)),
                CellModel.lines(LocalJobs.readAll(
                        conf,
                        new Path(rolled, RandomTables.WIDE),
                        ScanSpec.all().withMaxVersions(5))),
                "rolled at every row");
    }

    /**
     * Fewer reducers than regions (a reducer per third of the input: 3 for 4 + 4 regions, so one reducer takes the last
     * region of one table and the first two of the other): the same cells, and every file within one region, named by
     * that region's partition.
     */
    @Test
    void fewerReducersThanRegionsWriteTheSameCellsWithEveryFileInOneRegion() throws Exception {
        long inputBytes = 0;
        for (File f : new File(tmp, "in").listFiles()) {
            inputBytes += f.length();
        }
        Configuration grouped = new Configuration(conf);
        FormatConf.OUTPUT_REDUCER_INPUT_BYTES.setLong(grouped, (inputBytes + 2) / 3);
        Path groupedOut = new Path(tmp.getAbsolutePath(), "grouped");
        Job j = LocalJobs.cellTextJob(grouped, "grouped", new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(j)
                .tables(data.specs)
                .output(groupedOut)
                .maxFileBytes(8 * 1024)
                .apply();
        assertEquals(3, j.getNumReduceTasks());
        assertTrue(j.waitForCompletion(false));
        assertEquals(
                job.getCounters().findCounter(CellCounter.CELLS_WRITTEN).getValue(),
                j.getCounters().findCounter(CellCounter.CELLS_WRITTEN).getValue());
        int firstPartition = 0;
        for (TableSpec t : JobTables.of(j.getConfiguration())) {
            List<byte[]> points = t.regions().splitPoints();
            java.util.Set<Integer> regionsWithFiles = new java.util.TreeSet<>();
            for (FamilySpec f : t.families()) {
                for (File hfile : new File(new File(groupedOut.toString(), t.name()), f.name())
                        .listFiles(x -> !x.getName().startsWith("."))) {
                    int region = Integer.parseInt(hfile.getName().substring(0, 6), 16) - firstPartition;
                    regionsWithFiles.add(region);
                    try (HFile.Reader r = open(hfile)) {
                        for (byte[] row : List.of(
                                r.getFirstRowKey().orElseThrow(),
                                r.getLastRowKey().orElseThrow())) {
                            assertEquals(
                                    region,
                                    io.dumptruck.formats.table.RegionSplits.regionOf(points, row, 0, row.length),
                                    hfile + " holds row " + Bytes.toStringBinary(row) + " of another region");
                        }
                    }
                }
            }
            assertEquals(t.regions().count(), regionsWithFiles.size(), t.name() + ": " + regionsWithFiles);
            firstPartition += t.regions().count();
            CellModel.assertSameRows(
                    data.model.scan(t.name(), ScanSpec.all().withMaxVersions(5)),
                    CellModel.lines(LocalJobs.readAll(
                            conf, new Path(groupedOut, t.name()), ScanSpec.all().withMaxVersions(5))),
                    "grouped " + t.name());
        }
    }

    @Test
    void successMarkerComesLastAndTheSpecIsThere() {
        File success = new File(out.toString(), "_SUCCESS");
        assertTrue(success.isFile());
        for (TableSpec t : data.specs) {
            File spec = new File(new File(out.toString(), t.name()), TableSpecJson.FILE_NAME);
            assertTrue(spec.lastModified() <= success.lastModified(), "the spec is written before _SUCCESS");
        }
    }

    @Test
    void missingCodecIsRefusedBeforeAnyTask() throws Exception {
        TableSpec lzo = TableSpec.of(
                "t",
                FamilySpec.named("z").withCompression(org.apache.hadoop.hbase.io.compress.Compression.Algorithm.LZO));
        Path target = new Path(tmp.getAbsolutePath(), "lzo");
        io.dumptruck.formats.SpecException e = assertThrows(
                io.dumptruck.formats.SpecException.class,
                () -> HFileTableJob.configure(Job.getInstance(conf))
                        .tables(lzo)
                        .output(target)
                        .apply());
        assertTrue(
                e.getMessage().contains("family 'z'")
                        && e.getMessage().contains("LZO")
                        && e.getMessage().contains("not available"),
                e.getMessage());
        assertFalse(new File(target.toString()).exists());
    }

    /** A mapper that fails after emitting some cells. */
    public static class FailingMapper extends CellTextMapper {
        private int n;

        @Override
        protected void map(LongWritable offset, Text line, Context context)
                throws java.io.IOException, InterruptedException {
            super.map(offset, line, context);
            if (++n == 100) {
                throw new IllegalStateException("boom");
            }
        }
    }

    @Test
    void failedJobLeavesNothingBehind() throws Exception {
        Path failed = new Path(tmp.getAbsolutePath(), "failed");
        Job bad = LocalJobs.cellTextJob(conf, "failing", new Path(tmp.getAbsolutePath(), "in"), FailingMapper.class);
        HFileTableJob.configure(bad).tables(data.specs).output(failed).apply();
        assertFalse(bad.waitForCompletion(false));
        assertFalse(new File(failed.toString()).exists(), "a failed job must leave no output directory");
    }

    @Test
    void abortAfterCommitKeepsTheOutput() throws Exception {
        // Hadoop 3.4's application master calls abortJob(KILLED) from its shutdown hook after every job,
        // a successful one too; the committed tables must survive it.
        Path committed = new Path(tmp.getAbsolutePath(), "committed");
        Job j = LocalJobs.cellTextJob(conf, "committed", new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(j).tables(data.specs).output(committed).apply();
        assertTrue(j.waitForCompletion(false));
        List<List<String>> before =
                CellModel.lines(LocalJobs.readAll(conf, new Path(committed, RandomTables.WIDE), ScanSpec.all()));
        TaskAttemptContext context =
                new TaskAttemptContextImpl(j.getConfiguration(), new TaskAttemptID("abort", 1, TaskType.MAP, 0, 0));
        new HFileTableCommitter(committed, context).abortJob(context, JobStatus.State.KILLED);
        assertTrue(new File(committed.toString(), "_SUCCESS").isFile());
        assertEquals(
                before,
                CellModel.lines(LocalJobs.readAll(conf, new Path(committed, RandomTables.WIDE), ScanSpec.all())));
        assertFalse(before.isEmpty());
    }

    @Test
    void sampledSplitPointsComeFromTheMapOutput() throws Exception {
        TableSpec sampled = data.specs.get(0).withRegions(io.dumptruck.formats.table.RegionSplits.sampled(4));
        TableSpec salted = data.specs.get(1);
        Job j = LocalJobs.cellTextJob(conf, "sampled", new Path(tmp.getAbsolutePath(), "in"));
        Path sampledOut = new Path(tmp.getAbsolutePath(), "sampled");
        HFileTableJob.configure(j).tables(sampled, salted).output(sampledOut).apply();
        List<TableSpec> resolved = JobTables.of(j.getConfiguration());
        List<byte[]> points = resolved.get(0).regions().splitPoints();
        assertEquals(3, points.size());
        assertEquals(4 + 4, j.getNumReduceTasks());
        // each region gets a fair share of rows: no region holds more than half of them
        List<byte[]> rows = data.model.rows(RandomTables.WIDE);
        int[] perRegion = new int[4];
        rows.forEach(r -> perRegion[io.dumptruck.formats.table.RegionSplits.regionOf(points, r, 0, r.length)]++);
        for (int n : perRegion) {
            assertTrue(
                    n > 0 && n < rows.size() / 2,
                    "unbalanced sampled regions: " + java.util.Arrays.toString(perRegion));
        }
        assertTrue(j.waitForCompletion(false));
        CellModel.assertSameRows(
                data.model.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(5)),
                CellModel.lines(LocalJobs.readAll(
                        conf,
                        new Path(sampledOut, RandomTables.WIDE),
                        ScanSpec.all().withMaxVersions(5))),
                "sampled");
    }

    @Test
    void sampledSplitPointsAreTheSameWhateverTheJobsSplitsAndTheBlockSize() throws Exception {
        List<byte[]> usual = sampledSplitPoints(conf, "usual");
        Configuration smallBlocks = new Configuration(conf);
        smallBlocks.setBoolean("fs.file.impl.disable.cache", true); // a file system that sees the block size below
        smallBlocks.setLong("fs.local.block.size", 64 * 1024);
        smallBlocks.setLong(FileInputFormat.SPLIT_MAXSIZE, 64 * 1024);
        Configuration bigSplits = new Configuration(conf);
        bigSplits.setLong(FileInputFormat.SPLIT_MINSIZE, 256L << 20);
        for (var other :
                List.of(sampledSplitPoints(smallBlocks, "small-blocks"), sampledSplitPoints(bigSplits, "big-splits"))) {
            assertEquals(usual.size(), other.size());
            for (int i = 0; i < usual.size(); i++) {
                assertArrayEquals(usual.get(i), other.get(i), "split point " + i);
            }
        }
    }

    private static List<byte[]> sampledSplitPoints(Configuration c, String name) throws Exception {
        Job j = LocalJobs.cellTextJob(c, name, new Path(tmp.getAbsolutePath(), "in"));
        HFileTableJob.configure(j)
                .tables(data.specs.get(0).withRegions(io.dumptruck.formats.table.RegionSplits.sampled(4)))
                .output(new Path(tmp.getAbsolutePath(), "sampled-" + name))
                .apply();
        List<byte[]> points =
                JobTables.of(j.getConfiguration()).get(0).regions().splitPoints();
        assertEquals(3, points.size());
        return points;
    }
}
