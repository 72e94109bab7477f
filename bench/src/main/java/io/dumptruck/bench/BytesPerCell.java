package io.dumptruck.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.dumptruck.formats.output.FamilyFileWriter;
import io.dumptruck.formats.output.TableFigures;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.events.EventLoader;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.geo.GeoLoader;
import io.dumptruck.loaders.graph.GraphLoader;
import io.dumptruck.loaders.ipblocks.IpBlockLoader;
import io.dumptruck.loaders.titles.TitleLoader;
import io.dumptruck.loaders.weblogs.WebLogLoader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;

/**
 * Bytes per cell of every docs/tables.md table against a naive design of the same data ({@link NaiveDesigns}):
 * {@code bench/run bytes [--records N] [--work DIR] [--seed S] [--only load,…]}.
 *
 * <ol>
 *   <li>Generates each loader's input ({@link DataGenerator} for web logs, edges, events and titles;
 *       {@link #writeIpBlocks} for IP blocks; the GeoNames and region samples of {@code sample-data/} for geo) and
 *       loads it with dumptruck's loader in local mode.
 *   <li>Reads every cell of every table back with HBase's HFile reader; maps each to its naive cell (decoding the
 *       design's bytes per docs/tables.md), sorts those with HBase's cell comparator.
 *   <li>Writes both — the design's cells as loaded, and the naive ones — through the same writer
 *       ({@link FamilyFileWriter}, one HFile per family) with the design family's settings (compression, encoding,
 *       block size, bloom, versions), so the files differ only by design.
 *   <li>Checks, failing the run otherwise: the cells read equal the load's count; both designs hold the same number of
 *       cells and rows; the multiset of logical records decoded from the naive HFiles (read back from disk) equals the
 *       one decoded from the design's cells.
 *   <li>Reports per table: cells, rows, average lengths, KeyValue bytes per cell, HFile block bytes per cell before
 *       compression, HFile bytes per cell on disk, and the ratios naive ÷ design.
 * </ol>
 */
public final class BytesPerCell {
    private static final long TIMESTAMP = 1_700_000_000_000L;

    /** One load: its name, loader, input and loader options. */
    record Load(String name, Loader loader, java.nio.file.Path input, Map<String, String> extra) {}

    /** What one design of one table takes. */
    record Side(
            long cells,
            long rows,
            long rowBytes,
            long familyBytes,
            long qualifierBytes,
            long valueBytes,
            long kvBytes,
            long blockBytes,
            long fileBytes) {
        double per(long v) {
            return (double) v / cells;
        }
    }

    /** One table's figures. */
    record Figures(
            String load,
            String table,
            String settings,
            String naive,
            Side design,
            Side naiveSide,
            String designExample,
            String naiveExample) {}

    private final long records;
    private final long seed;
    private final java.nio.file.Path work;
    private final java.nio.file.Path sampleData;
    private final List<String> only;
    private final Configuration conf;

    private BytesPerCell(Map<String, String> o) {
        records = Long.parseLong(o.getOrDefault("records", "100000").replace("_", ""));
        seed = Long.parseLong(o.getOrDefault("seed", "1"));
        work = java.nio.file.Path.of(o.getOrDefault("work", "bench-work"))
                .toAbsolutePath()
                .resolve("bytes-" + records);
        sampleData = java.nio.file.Path.of(o.getOrDefault(
                "sample-data",
                java.nio.file.Path.of(System.getProperty("dumptruck.home", "."))
                        .resolve("sample-data")
                        .toString()));
        only = o.containsKey("only") ? Arrays.asList(o.get("only").split(",")) : List.of();
        conf = LoadRun.localConf(work.resolve("tmp").toString());
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new LinkedHashMap<>();
        if (args.length % 2 != 0) {
            System.err.println(
                    "usage: bench/run bytes [--records N] [--work DIR] [--seed S] [--sample-data DIR] [--only load,…]");
            System.exit(2);
        }
        o.putAll(LoadBench.options(args, 0));
        new BytesPerCell(o).run();
        System.exit(0);
    }

    private void run() throws Exception {
        WebLogInput.deleteTree(work.resolve("out"));
        Files.createDirectories(work);
        List<Figures> all = new ArrayList<>();
        for (Load load : loads()) {
            if (!only.isEmpty() && !only.contains(load.name())) {
                continue;
            }
            Path output = new Path(
                    work.resolve("out").resolve(load.name()).resolve("load").toString());
            long start = System.nanoTime();
            LoadReport report = load(load, output);
            log(String.format(
                    Locale.ROOT,
                    "%s: loaded %,d records (%,d rejected) in %.1f s",
                    load.name(),
                    report.loaded(),
                    report.rejected(),
                    (System.nanoTime() - start) / 1e9));
            for (var entry : report.tables().entrySet()) {
                String table = entry.getKey();
                Figures f = measure(load.name(), output, table, entry.getValue());
                all.add(f);
                log(String.format(
                        Locale.ROOT,
                        "  %-16s %,10d cells: KeyValue %.1f → %.1f B/cell, on disk %.1f → %.1f B/cell",
                        table,
                        f.design().cells(),
                        f.design().per(f.design().kvBytes()),
                        f.naiveSide().per(f.naiveSide().kvBytes()),
                        f.design().per(f.design().fileBytes()),
                        f.naiveSide().per(f.naiveSide().fileBytes())));
            }
            WebLogInput.deleteTree(work.resolve("out").resolve(load.name()));
        }
        String report = report(all);
        java.nio.file.Path file = work.resolve(
                "results-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".md");
        Files.writeString(file, report);
        System.out.println(report);
        log("written to " + file);
    }

    /** Every loader that writes a docs/tables.md table, with deterministic input. */
    private List<Load> loads() throws IOException {
        java.nio.file.Path in = work.resolve("input");
        List<Load> out = new ArrayList<>();
        out.add(new Load(
                "graph",
                new GraphLoader(),
                generated(DataGenerator.GRAPH, in),
                Map.of("layouts", "edges,adjacency,adjacency-ro")));
        out.add(new Load("weblogs", new WebLogLoader(), generated(DataGenerator.WEBLOGS, in), Map.of()));
        for (String layout : List.of("bucketed", "host-first", "hashed", "numeric")) {
            out.add(new Load(
                    "events-" + layout,
                    new EventLoader(),
                    generated(DataGenerator.EVENTS, in),
                    Map.of("layout", layout)));
        }
        out.add(new Load("titles", new TitleLoader(), generated(DataGenerator.TITLES, in), Map.of()));
        java.nio.file.Path blocks = in.resolve("ipblocks");
        if (!Files.exists(blocks.resolve("_done"))) {
            writeIpBlocks(blocks.resolve("blocks.csv"), records, seed);
            Files.writeString(blocks.resolve("_done"), "");
        }
        out.add(new Load("ipblocks", new IpBlockLoader(), blocks.resolve("blocks.csv"), Map.of()));
        out.add(new Load(
                "geo",
                new GeoLoader(),
                sampleData.resolve("geo").resolve("cities1000-sample.txt"),
                Map.of(
                        "regions-file",
                        sampleData.resolve("regions").resolve("regions.geojson").toString())));
        return out;
    }

    private java.nio.file.Path generated(String kind, java.nio.file.Path in) throws IOException {
        java.nio.file.Path dir = in.resolve(kind);
        if (!Files.exists(dir.resolve("_done"))) {
            DataGenerator.generate(kind, records, seed, dir, 1);
            Files.writeString(dir.resolve("_done"), "");
        }
        return dir.resolve("part-00000.txt");
    }

    /**
     * {@code n} IP blocks, 80% IPv4 and 20% IPv6, in address order with random gaps and sizes, none overlapping, each
     * with one of 40 country codes: {@code start,end,country}.
     */
    static void writeIpBlocks(java.nio.file.Path file, long n, long seed) throws IOException {
        Files.createDirectories(file.getParent());
        String[] countries =
                ("US,CN,JP,DE,GB,FR,BR,IN,IT,CA,KR,RU,AU,ES,MX,NL,SE,CH,PL,BE,AR,NO,AT,DK,FI,IE,PT,GR,CZ,RO,"
                                + "HU,IL,ZA,TR,UA,NZ,SG,HK,TW,IS")
                        .split(",");
        SplittableRandom random = new SplittableRandom(seed);
        long v4 = n * 4 / 5;
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            long at = 1L << 24; // 1.0.0.0
            for (long i = 0; i < v4; i++) {
                at += random.nextLong(1L << 10);
                long size = 1L << random.nextInt(4, 12);
                w.write(v4Text(at) + "," + v4Text(at + size - 1) + "," + countries[random.nextInt(countries.length)]
                        + "\n");
                at += size;
            }
            BigInteger at6 = new BigInteger("20010db8000000000000000000000000", 16);
            for (long i = v4; i < n; i++) {
                at6 = at6.add(BigInteger.valueOf(random.nextLong(1L << 40)).shiftLeft(80));
                BigInteger end = at6.add(BigInteger.ONE.shiftLeft(80 + random.nextInt(0, 8)))
                        .subtract(BigInteger.ONE);
                w.write(v6Text(at6) + "," + v6Text(end) + "," + countries[random.nextInt(countries.length)] + "\n");
                at6 = end.add(BigInteger.ONE);
            }
        }
    }

    private static String v4Text(long a) {
        return (a >>> 24 & 255) + "." + (a >>> 16 & 255) + "." + (a >>> 8 & 255) + "." + (a & 255);
    }

    private static String v6Text(BigInteger a) throws IOException {
        byte[] raw = a.toByteArray();
        byte[] b = new byte[16];
        System.arraycopy(raw, Math.max(0, raw.length - 16), b, Math.max(0, 16 - raw.length), Math.min(16, raw.length));
        return InetAddress.getByAddress(b).getHostAddress();
    }

    private LoadReport load(Load load, Path output) throws Exception {
        LoadOptions options =
                new LoadOptions(List.of(new Path(load.input().toString())), output, 1, TIMESTAMP, 0.05, load.extra());
        PreparedLoad prepared = LoadJob.prepare(conf, load.loader(), options);
        boolean ok = prepared.job().waitForCompletion(false);
        LoadReport report = prepared.finish();
        if (!ok || report.failed()) {
            throw new IOException(load.name() + ": the load failed: " + report.failure());
        }
        return report;
    }

    /** Reads one loaded table, writes it again in both designs and measures them; fails on any mismatch. */
    private Figures measure(String load, Path output, String table, TableFigures loaded) throws IOException {
        FileSystem fs = output.getFileSystem(conf);
        Path tableDir = new Path(output, table);
        TableSpec spec;
        try (var in = fs.open(new Path(tableDir, "_spec.json"))) {
            spec = TableSpecJson.fromJson(new String(in.readAllBytes(), UTF_8));
        }
        NaiveDesigns.Table naive = NaiveDesigns.of(load, spec.name());
        Path out = new Path(work.resolve("out").resolve(load).toString());
        Tally design = new Tally();
        Tally naiveTally = new Tally();
        Digest designRecords = new Digest();
        String designExample = null;
        String naiveExample = null;
        Map<String, FamilySpec> naiveFamilies = new LinkedHashMap<>();
        Map<String, List<Cell>> naiveCells = new LinkedHashMap<>();
        for (FamilySpec family : spec.families()) {
            List<KeyValue> cells = read(fs, new Path(tableDir, family.name()));
            if (cells.isEmpty()) {
                continue;
            }
            String naiveName = naive.family(family.name());
            naiveFamilies.putIfAbsent(naiveName, family.withName(naiveName));
            List<Cell> naiveOfFamily = naiveCells.computeIfAbsent(naiveName, k -> new ArrayList<>());
            for (KeyValue kv : cells) {
                List<String> record = naive.decodeDesign(kv);
                designRecords.add(record, kv.getTimestamp());
                KeyValue n = naive.encodeNaive(record, kv.getTimestamp());
                naiveOfFamily.add(n);
                if (designExample == null) {
                    designExample = show(kv);
                    naiveExample = show(n);
                }
            }
            design.write(
                    conf, fs, new Path(out, "design/" + spec.name() + "/" + family.name()), spec.name(), family, cells);
        }
        for (var e : naiveCells.entrySet()) {
            e.getValue().sort(CellComparator.getInstance());
            naiveTally.write(
                    conf,
                    fs,
                    new Path(out, "naive/" + spec.name() + "/" + e.getKey()),
                    spec.name() + "_naive",
                    naiveFamilies.get(e.getKey()),
                    e.getValue());
        }
        naiveCells.clear();
        // read the naive files back from disk and decode every cell independently of how it was made
        Digest naiveRecords = new Digest();
        for (String family : naiveFamilies.keySet()) {
            for (KeyValue kv : read(fs, new Path(out, "naive/" + spec.name() + "/" + family))) {
                naiveRecords.add(naive.decodeNaive(kv), kv.getTimestamp());
            }
        }
        String where = load + " " + spec.name();
        check(
                design.cells == loaded.cells(),
                where + ": read " + design.cells + " cells, the load counted " + loaded.cells());
        check(
                design.cells == naiveTally.cells,
                where + ": design " + design.cells + " cells, naive " + naiveTally.cells);
        check(
                design.rows.size() == naiveTally.rows.size(),
                where + ": design " + design.rows.size() + " rows, naive " + naiveTally.rows.size());
        check(
                designRecords.equals(naiveRecords),
                where + ": the naive cells do not hold the same records: " + designRecords + " vs " + naiveRecords);
        check(design.cells > 0, where + ": no cells");
        return new Figures(
                load,
                spec.name(),
                settings(spec),
                naive.naive(),
                design.side(),
                naiveTally.side(),
                designExample,
                naiveExample);
    }

    /**
     * The families' compression and data block encoding, e.g. {@code GZ+FAST_DIFF}, distinct ones joined by {@code /}.
     */
    private static String settings(TableSpec spec) {
        Set<String> out = new LinkedHashSet<>();
        for (FamilySpec f : spec.families()) {
            String c = f.compression().name();
            String e = f.encoding().name();
            out.add(
                    c.equals("NONE") && e.equals("NONE")
                            ? "none"
                            : c.equals("NONE") ? e : e.equals("NONE") ? c : c + "+" + e);
        }
        return String.join(" / ", out);
    }

    /** Every cell of the HFiles in {@code dir}, in HBase's order (files of one family do not overlap). */
    private List<KeyValue> read(FileSystem fs, Path dir) throws IOException {
        List<KeyValue> cells = new ArrayList<>();
        if (!fs.exists(dir)) {
            return cells;
        }
        List<HFile.Reader> readers = SortedCells.openByFirstKey(fs, dir, conf);
        for (HFile.Reader r : readers) {
            HFileScanner s = r.getScanner(conf, false, false);
            if (s.seekTo()) {
                do {
                    KeyValue kv = KeyValueUtil.copyToNewKeyValue(s.getCell());
                    check(
                            cells.isEmpty()
                                    || CellComparator.getInstance().compare(cells.get(cells.size() - 1), kv) < 0,
                            "files of " + dir + " overlap");
                    cells.add(kv);
                } while (s.next());
            }
            s.close();
            r.close();
        }
        return cells;
    }

    /** Accumulates one design's cells and the files written for them. */
    private static final class Tally {
        long cells;
        final Set<ByteBuffer> rows = new HashSet<>();
        long rowBytes;
        long familyBytes;
        long qualifierBytes;
        long valueBytes;
        long kvBytes;
        long blockBytes;
        long fileBytes;

        /** Writes {@code cells} (sorted) as one HFile with {@code family}'s settings and counts them. */
        void write(
                Configuration conf,
                FileSystem fs,
                Path dir,
                String table,
                FamilySpec family,
                List<? extends Cell> sorted)
                throws IOException {
            FamilyFileWriter w =
                    new FamilyFileWriter(conf, fs, dir, table, family, "", Long.MAX_VALUE, 1, "bytes-per-cell");
            for (Cell c : sorted) {
                w.append(c);
                cells++;
                rows.add(ByteBuffer.wrap(CellUtil.cloneRow(c)));
                rowBytes += c.getRowLength();
                familyBytes += c.getFamilyLength();
                qualifierBytes += c.getQualifierLength();
                valueBytes += c.getValueLength();
                // what a KeyValue holds in the memstore and in an unencoded cached block:
                // key length (4) ‖ value length (4) ‖ row length (2) ‖ row ‖ family length (1) ‖ family ‖ qualifier ‖
                // ts (8) ‖ type (1) ‖ value
                kvBytes += KeyValueUtil.length(
                        c.getRowLength(), c.getFamilyLength(), c.getQualifierLength(), c.getValueLength(), 0, false);
            }
            w.finish();
            check(
                    w.versionsDropped() == 0,
                    table + ":" + family.name() + ": the writer dropped " + w.versionsDropped() + " versions");
            check(
                    w.cells() == sorted.size(),
                    table + ":" + family.name() + ": wrote " + w.cells() + " of " + sorted.size());
            for (Path f : w.files()) {
                fileBytes += fs.getFileStatus(f).getLen();
                try (HFile.Reader r = HFile.createReader(fs, f, CacheConfig.DISABLED, true, conf)) {
                    // every block after encoding, before compression: what the block cache holds of this file
                    blockBytes += r.getTrailer().getTotalUncompressedBytes();
                }
            }
        }

        Side side() {
            return new Side(
                    cells,
                    rows.size(),
                    rowBytes,
                    familyBytes,
                    qualifierBytes,
                    valueBytes,
                    kvBytes,
                    blockBytes,
                    fileBytes);
        }
    }

    /**
     * An order-independent digest of a multiset of logical records: their count and the sum of their 64-bit MD5
     * prefixes.
     */
    private static final class Digest {
        long count;
        long sum;

        void add(List<String> record, long ts) {
            StringBuilder s = new StringBuilder();
            for (String f : record) {
                s.append(f.length()).append(':').append(f);
            }
            s.append('@').append(ts);
            try {
                byte[] md5 =
                        MessageDigest.getInstance("MD5").digest(s.toString().getBytes(UTF_8));
                sum += ByteBuffer.wrap(md5).getLong();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            count++;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Digest d && d.count == count && d.sum == sum;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(sum);
        }

        @Override
        public String toString() {
            return count + " records, digest " + Long.toHexString(sum);
        }
    }

    private static String show(Cell c) {
        return printable(CellUtil.cloneRow(c)) + " " + printable(CellUtil.cloneFamily(c)) + ":"
                + printable(CellUtil.cloneQualifier(c)) + " = " + printable(CellUtil.cloneValue(c));
    }

    /** Printable ASCII as is (truncated), other bytes as \xNN. */
    private static String printable(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < b.length && s.length() < 60; i++) {
            int v = b[i] & 0xff;
            s.append(v >= 0x20 && v < 0x7f && v != '`' ? String.valueOf((char) v) : String.format("\\x%02x", v));
        }
        return s.length() >= 60 ? s + "…" : s.toString();
    }

    private String report(List<Figures> all) {
        StringBuilder r = new StringBuilder();
        r.append(String.format(
                Locale.ROOT,
                "# Bytes per cell: docs/tables.md designs against naive designs%n%n"
                        + "%,d generated records per loader (seed %d; geo: the sample-data GeoNames and region files), one HFile per family, "
                        + "both designs written by the same writer with the design family's settings.%n%n",
                records,
                seed));
        r.append(
                "| table | compression+encoding | cells | rows | row key B | family B | qualifier B | value B | KeyValue B/cell | blocks B/cell "
                        + "| on disk B/cell | naive ÷ design: KeyValue | blocks | on disk |\n");
        r.append("|---|---|---:|---:|---|---|---|---|---|---|---|---:|---:|---:|\n");
        for (Figures f : all) {
            Side d = f.design();
            Side n = f.naiveSide();
            r.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %,d | %,d | %s | %s | %s | %s | %s | %s | %s | %.2f | %.2f | %.2f |%n",
                    label(f),
                    f.settings(),
                    d.cells(),
                    d.rows(),
                    pair(d.per(d.rowBytes()), n.per(n.rowBytes())),
                    pair(d.per(d.familyBytes()), n.per(n.familyBytes())),
                    pair(d.per(d.qualifierBytes()), n.per(n.qualifierBytes())),
                    pair(d.per(d.valueBytes()), n.per(n.valueBytes())),
                    pair(d.per(d.kvBytes()), n.per(n.kvBytes())),
                    pair(d.per(d.blockBytes()), n.per(n.blockBytes())),
                    pair(d.per(d.fileBytes()), n.per(n.fileBytes())),
                    (double) n.kvBytes() / d.kvBytes(),
                    (double) n.blockBytes() / d.blockBytes(),
                    (double) n.fileBytes() / d.fileBytes()));
        }
        r.append(
                "\nEach pair is design → naive (averages per cell). KeyValue B = the serialized KeyValue (what the memstore holds, and "
                        + "a cached block of an unencoded family); blocks B = the HFile's blocks after data block encoding, before compression "
                        + "(what the block cache holds); on disk B = HFile bytes.\n\n");
        r.append("Raw totals (bytes): table: design KeyValue / blocks / file; naive KeyValue / blocks / file\n\n");
        for (Figures f : all) {
            r.append(String.format(
                    Locale.ROOT,
                    "- %s: %,d / %,d / %,d; %,d / %,d / %,d%n",
                    label(f),
                    f.design().kvBytes(),
                    f.design().blockBytes(),
                    f.design().fileBytes(),
                    f.naiveSide().kvBytes(),
                    f.naiveSide().blockBytes(),
                    f.naiveSide().fileBytes()));
        }
        r.append("\nNaive designs and a first cell of each (design → naive):\n\n");
        for (Figures f : all) {
            r.append("- ")
                    .append(label(f))
                    .append(": ")
                    .append(f.naive())
                    .append("  \n  `")
                    .append(f.designExample())
                    .append("` → `")
                    .append(f.naiveExample())
                    .append("`\n");
        }
        return r.toString();
    }

    private static String label(Figures f) {
        return f.load().startsWith("events-") ? f.table() + " (" + f.load().substring(7) + ")" : f.table();
    }

    private static String pair(double design, double naive) {
        return String.format(Locale.ROOT, "%.1f → %.1f", design, naive);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }

    private static void log(String s) {
        System.err.println("[bytes] " + s);
    }
}
