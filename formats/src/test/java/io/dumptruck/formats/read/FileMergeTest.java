package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.formats.testing.CellModel;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same cells read from one file per family and from several overlapping files per family (the same keys in several
 * files, the newest file's value winning): both tables must give the rows of an independent model, through
 * {@link TableReader} and through {@link HFileTableInputFormat}, whether a scan reads one file (no merging at all) or
 * several. The files are written directly with HBase's writer, so their layout is known exactly.
 */
class FileMergeTest {
    @TempDir
    static File tmp;

    static Configuration conf;
    static TableSpec spec;
    static CellModel model;
    static Path oneFile;
    static Path severalFiles;
    /** Cells in the several-files table, duplicates across files included. */
    static long severalFilesCells;

    static final long MIN_TS = 1_000_000L;

    @BeforeAll
    static void writeTables() throws IOException {
        conf = LocalJobs.localConf();
        spec = new TableSpec(
                "t",
                List.of(
                        FamilySpec.named("a")
                                .withMaxVersions(3)
                                .withBlockSize(1024)
                                .withEncoding(DataBlockEncoding.FAST_DIFF),
                        FamilySpec.named("b")
                                .withBlockSize(1024)
                                .withCompression(Compression.Algorithm.GZ)
                                .withEncoding(DataBlockEncoding.DIFF),
                        FamilySpec.named("c").withMaxVersions(5).withBlockSize(1024)),
                RegionSplits.explicit(new byte[] {'g'}, new byte[] {'p', 0}),
                null);
        model = new CellModel(List.of(spec));
        Random rnd = new Random(42);
        List<byte[]> rows = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            rows.add(bytes(rnd, 1 + rnd.nextInt(5), "abgpqz\u0000\u00ff"));
        }
        int files = 3;
        // family -> file -> cells; a key put twice keeps, in the model, the value of the later file
        TreeMap<String, List<List<KeyValue>>> several = new TreeMap<>();
        for (FamilySpec f : spec.families()) {
            List<List<KeyValue>> perFile = new ArrayList<>();
            for (int i = 0; i < files; i++) {
                perFile.add(new ArrayList<>());
            }
            several.put(f.name(), perFile);
        }
        for (int i = 0; i < 8_000; i++) {
            String family = spec.families().get(rnd.nextInt(3)).name();
            KeyValue kv = new KeyValue(
                    rows.get(rnd.nextInt(rows.size())),
                    Bytes.toBytes(family),
                    bytes(rnd, rnd.nextInt(3), "xyz\u0000"),
                    MIN_TS + rnd.nextInt(40),
                    KeyValue.Type.Put,
                    bytes(rnd, rnd.nextInt(20), "value\u0000\u00e9"));
            int file = rnd.nextInt(files);
            several.get(family).get(file).add(kv);
            if (rnd.nextInt(10) == 0) { // the same key in another file, with the same or another value
                int other = (file + 1 + rnd.nextInt(files - 1)) % files;
                byte[] value = rnd.nextBoolean() ? CellUtil.cloneValue(kv) : bytes(rnd, 5, "new");
                several.get(family)
                        .get(other)
                        .add(new KeyValue(
                                CellUtil.cloneRow(kv),
                                CellUtil.cloneFamily(kv),
                                CellUtil.cloneQualifier(kv),
                                kv.getTimestamp(),
                                KeyValue.Type.Put,
                                value));
            }
        }
        // memstore timestamps that decide nothing: older files' cells carry the larger ones, yet the newest
        // file wins a key, and a key in several files is one version (HBase resets a bulk-loaded file's)
        for (List<List<KeyValue>> perFile : several.values()) {
            for (int file = 0; file < files; file++) {
                for (KeyValue kv : perFile.get(file)) {
                    kv.setSequenceId(files - file);
                }
            }
        }
        oneFile = new Path(tmp.getAbsolutePath(), "one/t");
        severalFiles = new Path(tmp.getAbsolutePath(), "several/t");
        for (var e : several.entrySet()) {
            FamilySpec family = spec.family(e.getKey());
            List<List<KeyValue>> perFile = e.getValue();
            for (int file = files - 1; file >= 0; file--) { // newest file first: the model keeps the first value put
                for (KeyValue kv : perFile.get(file)) {
                    model.put(
                            "t",
                            CellUtil.cloneRow(kv),
                            e.getKey(),
                            CellUtil.cloneQualifier(kv),
                            kv.getTimestamp(),
                            CellUtil.cloneValue(kv));
                }
            }
            // as dumptruck's writer, the files hold only the family's VERSIONS newest cells of a column
            // (beyond them, a time range could show versions a compacted HBase table no longer has)
            Set<String> kept = new HashSet<>();
            for (List<String> row : model.scan(
                    "t", ScanSpec.all().withFamilies(List.of(e.getKey())).withMaxVersions(Integer.MAX_VALUE))) {
                row.forEach(line -> kept.add(line.substring(0, line.indexOf('='))));
            }
            for (List<KeyValue> cells : perFile) {
                cells.removeIf(kv -> !kept.contains(key(kv)));
            }
            for (int file = 0; file < files; file++) {
                severalFilesCells +=
                        write(new Path(severalFiles, e.getKey() + "/000" + file), family, perFile.get(file));
            }
            // one file with every key once, the newest file's value (write keeps the first given)
            List<KeyValue> all = new ArrayList<>();
            for (int file = files - 1; file >= 0; file--) {
                all.addAll(perFile.get(file));
            }
            write(new Path(oneFile, e.getKey() + "/0000"), family, all);
        }
        for (Path table : List.of(oneFile, severalFiles)) {
            try (FSDataOutputStream out = FileSystem.getLocal(conf).create(new Path(table, TableSpecJson.FILE_NAME))) {
                out.write(TableSpecJson.toJson(spec).getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * Writes the cells sorted, each key once (the first given wins), with the family's settings and HBase's time range
     * metadata; returns the number of cells written.
     */
    private static long write(Path file, FamilySpec family, List<KeyValue> cells) throws IOException {
        List<KeyValue> sorted = new ArrayList<>(cells);
        Comparator<Cell> keys = (x, y) -> CellComparator.getInstance().compare(x, y, true);
        sorted.sort(keys); // stable: of equal keys, the first given comes first
        StoreFileWriter w = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, FileSystem.getLocal(conf))
                .withFilePath(file)
                .withFileContext(new HFileContextBuilder()
                        .withBlockSize(family.blockSize())
                        .withCompression(family.compression())
                        .withDataBlockEncoding(family.encoding())
                        .build())
                .build();
        long n = 0;
        Cell previous = null;
        for (KeyValue kv : sorted) {
            if (previous == null || keys.compare(previous, kv) != 0) {
                w.append(kv);
                n++;
            }
            previous = kv;
        }
        w.appendTrackedTimestampsToMetadata();
        w.close();
        return n;
    }

    /** The key part of {@link CellModel#line} (rows and qualifiers here hold no '='). */
    private static String key(KeyValue kv) {
        String line = CellModel.line(
                CellUtil.cloneRow(kv),
                Bytes.toString(CellUtil.cloneFamily(kv)),
                CellUtil.cloneQualifier(kv),
                kv.getTimestamp(),
                new byte[0]);
        return line.substring(0, line.length() - 1);
    }

    private static byte[] bytes(Random rnd, int n, String alphabet) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) alphabet.charAt(rnd.nextInt(alphabet.length()));
        }
        return b;
    }

    private static List<ScanSpec> scans() {
        List<ScanSpec> out = new ArrayList<>();
        out.add(ScanSpec.all());
        out.add(ScanSpec.all().withMaxVersions(10));
        for (String f : List.of("a", "b", "c")) {
            out.add(ScanSpec.all().withFamilies(List.of(f)).withMaxVersions(4)); // one file per region in "one"
        }
        out.add(ScanSpec.all().withRange(new byte[] {'b'}, new byte[] {'q'}).withMaxVersions(2));
        out.add(ScanSpec.all().withPrefix(new byte[] {'p'}).withMaxVersions(5));
        out.add(ScanSpec.all().withTimeRange(MIN_TS + 10, MIN_TS + 20).withMaxVersions(3));
        out.add(ScanSpec.all()
                .withColumns(List.of(ScanSpec.parseColumn("a:x"), ScanSpec.parseColumn("c:")))
                .withMaxVersions(5));
        out.add(ScanSpec.all()
                .withFamilies(List.of("b"))
                .withColumns(List.of(ScanSpec.parseColumn("c:zz")))
                .withMaxVersions(2));
        out.add(ScanSpec.all()
                .withRange(new byte[] {'a'}, new byte[] {'g', 'z'})
                .withFamilies(List.of("a"))
                .withTimeRange(MIN_TS, MIN_TS + 25)
                .withMaxVersions(2));
        return out;
    }

    /** Every Result of a TableReader scan, kept after the scanner has moved on and closed. */
    private static List<Result> scan(Path table, ScanSpec scan) throws IOException {
        List<Result> got = new ArrayList<>();
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner rows = reader.scan(scan)) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                got.add(r);
            }
        }
        return got;
    }

    @Test
    void theTablesHoldWhatTheyShould() throws IOException {
        TableDir one = TableDir.open(conf, oneFile);
        TableDir several = TableDir.open(conf, severalFiles);
        for (String f : List.of("a", "b", "c")) {
            assertEquals(1, one.files(f).size());
            assertEquals(3, several.files(f).size());
        }
        long oneCells = one.fileRanges().stream().mapToLong(FileRange::entries).sum();
        assertTrue(
                severalFilesCells > oneCells,
                "some keys are in several files: " + severalFilesCells + " vs " + oneCells);
    }

    @Test
    void oneFileAndSeveralFilesGiveTheModelsRows() throws Exception {
        for (ScanSpec s : scans()) {
            List<List<String>> expected = model.scan("t", s);
            assertTrue(!expected.isEmpty(), s.toJson());
            CellModel.assertSameRows(expected, CellModel.lines(scan(oneFile, s)), "one file: " + s.toJson());
            CellModel.assertSameRows(expected, CellModel.lines(scan(severalFiles, s)), "several files: " + s.toJson());
            CellModel.assertSameRows(
                    expected,
                    CellModel.lines(LocalJobs.readAll(conf, oneFile, s)),
                    "one file, input format: " + s.toJson());
            CellModel.assertSameRows(
                    expected,
                    CellModel.lines(LocalJobs.readAll(conf, severalFiles, s)),
                    "several files, input format: " + s.toJson());
        }
    }

    @Test
    void limitsAndBatchesAreTheSameEitherWay() throws IOException {
        ScanSpec whole = ScanSpec.all().withMaxVersions(5);
        List<String> cells =
                model.scan("t", whole).stream().flatMap(List::stream).toList();
        for (Path table : List.of(oneFile, severalFiles)) {
            List<Result> batches = scan(table, whole.withBatch(2));
            assertTrue(batches.stream().allMatch(r -> r.size() <= 2));
            assertEquals(
                    cells,
                    batches.stream().flatMap(r -> CellModel.lines(r).stream()).toList(),
                    table.toString());
            assertEquals(
                    model.scan("t", whole.withLimit(7)),
                    CellModel.lines(scan(table, whole.withLimit(7))),
                    table.toString());
        }
    }

    /**
     * A reader of some rows in ascending order (as a fold reads the rows its input touches) skips to each: the row it
     * gets is the first of the scan's at or after the one asked for, whatever lies between, in one file or several.
     */
    @Test
    void skippingToRowsGivesTheRowsAScanGives() throws IOException {
        ScanSpec whole = ScanSpec.all().withMaxVersions(5);
        for (Path table : List.of(oneFile, severalFiles)) {
            List<Result> all = scan(table, whole);
            for (int gap : new int[] {1, 3, 40}) {
                Random rnd = new Random(gap);
                List<byte[]> targets = new ArrayList<>();
                for (int i = 0; i < all.size(); i += 1 + rnd.nextInt(gap)) {
                    byte[] row = all.get(i).getRow();
                    targets.add(rnd.nextBoolean() ? row : Bytes.add(row, new byte[] {0})); // a row, or just after it
                }
                try (TableReader reader = TableReader.open(conf, table);
                        RowScanner rows = reader.scan(whole)) {
                    Result current = rows.next();
                    int expected = 0;
                    for (byte[] target : targets) {
                        while (expected < all.size()
                                && Bytes.compareTo(all.get(expected).getRow(), target) < 0) {
                            expected++;
                        }
                        if (current != null && Bytes.compareTo(current.getRow(), target) < 0) {
                            rows.skipTo(target);
                            current = rows.next();
                        }
                        String at = table.getName() + ", gap " + gap + ", to " + Bytes.toStringBinary(target);
                        if (expected == all.size()) {
                            assertEquals(null, current, at);
                            break;
                        }
                        assertEquals(
                                CellModel.lines(List.of(all.get(expected))), CellModel.lines(List.of(current)), at);
                    }
                }
            }
        }
    }

    /**
     * Asking rows in ascending order for some of their columns ({@link RowScanner#row}): a row the scan holds comes
     * with exactly the cells of those columns a scan gives it (every version the scan keeps); a row it does not hold,
     * or one without any of the columns, is null, and the rows after it are still there for the next ask.
     */
    @Test
    void askingRowsForSomeColumnsGivesTheCellsAScanGivesOfThem() throws IOException {
        ScanSpec whole = ScanSpec.all().withMaxVersions(5);
        for (Path table : List.of(oneFile, severalFiles)) {
            List<Result> all = scan(table, whole);
            Random rnd = new Random(7);
            try (TableReader reader = TableReader.open(conf, table);
                    RowScanner rows = reader.scan(whole)) {
                RowScanner.Columns columns = new RowScanner.Columns();
                int asked = 0;
                int found = 0;
                for (int i = 0; i < all.size(); i += 1 + rnd.nextInt(3)) {
                    Result full = all.get(i);
                    if (rnd.nextInt(4) == 0) { // a row the table does not hold, just before this one
                        byte[] missing = Bytes.head(full.getRow(), full.getRow().length - 1);
                        if (i == 0 || Bytes.compareTo(all.get(i - 1).getRow(), missing) < 0) {
                            assertEquals(null, rows.row(missing, null), "missing " + Bytes.toStringBinary(missing));
                        }
                    }
                    columns.clear();
                    Set<String> picked = new TreeSet<>();
                    boolean none = rnd.nextInt(5) == 0; // only a column the row does not hold
                    for (Cell c : full.rawCells()) {
                        if (!none && rnd.nextInt(3) == 0) {
                            columns.add(CellUtil.cloneFamily(c), CellUtil.cloneQualifier(c));
                            picked.add(column(c));
                        }
                    }
                    columns.add(Bytes.toBytes("b"), Bytes.toBytes("not a column"));
                    List<Cell> expected = new ArrayList<>();
                    for (Cell c : full.rawCells()) {
                        if (picked.contains(column(c))) {
                            expected.add(c);
                        }
                    }
                    Result got = rows.row(full.getRow(), columns);
                    String at = table.getName() + " row " + Bytes.toStringBinary(full.getRow());
                    asked++;
                    if (expected.isEmpty()) {
                        assertEquals(null, got, at);
                    } else {
                        found++;
                        assertEquals(
                                CellModel.lines(List.of(Result.create(expected))), CellModel.lines(List.of(got)), at);
                    }
                }
                assertTrue(found > asked / 2 && found < asked, found + " of " + asked + " rows with cells asked for");
                Result last = all.get(all.size() - 1);
                assertEquals(
                        CellModel.lines(List.of(last)),
                        CellModel.lines(List.of(rows.row(last.getRow(), null))),
                        "all columns: the whole row");
            }
        }
    }

    /**
     * With a scan batch, {@link RowScanner#row} gives a wide row's first batch; asking for the same row again gives the
     * next batch, until the row is done (null): the batches a scan gives, in one file or several.
     */
    @Test
    void askingARowWithABatchGivesItBatchByBatch() throws IOException {
        ScanSpec batched = ScanSpec.all().withMaxVersions(5).withBatch(2);
        for (Path table : List.of(oneFile, severalFiles)) {
            List<Result> batches = scan(table, batched);
            assertTrue(
                    batches.size()
                            > new java.util.HashSet<>(batches.stream()
                                            .map(r -> Bytes.toStringBinary(r.getRow()))
                                            .toList())
                                    .size(),
                    "some rows come in several batches");
            List<Result> asked = new ArrayList<>();
            try (TableReader reader = TableReader.open(conf, table);
                    RowScanner rows = reader.scan(batched)) {
                byte[] previous = null;
                for (Result b : batches) {
                    if (previous != null && Bytes.equals(previous, b.getRow())) {
                        continue;
                    }
                    previous = b.getRow();
                    for (Result r = rows.row(previous, null); r != null; r = rows.row(previous, null)) {
                        asked.add(r);
                    }
                }
            }
            assertEquals(CellModel.lines(batches), CellModel.lines(asked), table.toString());
        }
    }

    private static String column(Cell c) {
        return Bytes.toStringBinary(CellUtil.cloneFamily(c)) + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(c));
    }

    @Test
    void getsAgreeWithScans() throws IOException {
        try (TableReader one = TableReader.open(conf, oneFile);
                TableReader several = TableReader.open(conf, severalFiles)) {
            for (byte[] row : model.rows("t")) {
                ScanSpec columns = ScanSpec.all().withMaxVersions(3);
                List<String> expected =
                        model.scan("t", ScanSpec.row(row).withMaxVersions(3)).get(0);
                assertEquals(expected, CellModel.lines(one.get(row, columns).get()), Bytes.toStringBinary(row));
                assertEquals(expected, CellModel.lines(several.get(row, columns).get()), Bytes.toStringBinary(row));
            }
        }
    }

    /** Reads through the input format with a reporter that keeps the counters. */
    private static Counters countersOfRead(Path table, ScanSpec scan) throws IOException, InterruptedException {
        Counters counters = new Counters();
        StatusReporter reporter = new StatusReporter() {
            @Override
            public Counter getCounter(Enum<?> name) {
                return counters.findCounter(name);
            }

            @Override
            public Counter getCounter(String group, String name) {
                return counters.findCounter(group, name);
            }

            @Override
            public void progress() {}

            @Override
            public float getProgress() {
                return 0;
            }

            @Override
            public void setStatus(String status) {}
        };
        Job job = Job.getInstance(conf);
        HFileTableInputFormat.configure(job).table(table).scan(scan).apply();
        HFileTableInputFormat format = new HFileTableInputFormat();
        for (InputSplit split : format.getSplits(job)) {
            TaskAttemptContext ctx = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID(), reporter);
            try (RecordReader<ImmutableBytesWritable, Result> reader = format.createRecordReader(split, ctx)) {
                reader.initialize(split, ctx);
                while (reader.nextKeyValue()) {
                    assertTrue(Bytes.equals(
                            reader.getCurrentKey().copyBytes(),
                            reader.getCurrentValue().getRow()));
                }
            }
        }
        return counters;
    }

    @Test
    void countersCountEveryCellOfEveryFileOnce() throws Exception {
        ScanSpec all = ScanSpec.all().withMaxVersions(10);
        for (Path table : List.of(oneFile, severalFiles)) {
            Counters c = countersOfRead(table, all);
            long cells = TableDir.open(conf, table).fileRanges().stream()
                    .mapToLong(FileRange::entries)
                    .sum();
            assertEquals(
                    cells,
                    c.findCounter(ReadCounter.GROUP, ReadCounter.CELLS_READ.name())
                            .getValue(),
                    table.toString());
            assertEquals(
                    model.scan("t", all).size(),
                    c.findCounter(ReadCounter.GROUP, ReadCounter.RESULTS.name()).getValue());
            assertTrue(c.findCounter(ReadCounter.GROUP, ReadCounter.DATA_BLOCKS_READ.name())
                            .getValue()
                    > 0);
            assertTrue(c.findCounter(ReadCounter.GROUP, ReadCounter.BYTES_READ.name())
                            .getValue()
                    > 0);
        }
        assertEquals(
                severalFilesCells,
                countersOfRead(severalFiles, all)
                        .findCounter(ReadCounter.GROUP, ReadCounter.CELLS_READ.name())
                        .getValue());
    }
}
