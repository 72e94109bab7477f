package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.cli.AgainstHBase.Run;
import io.dumptruck.formats.testing.SharedMiniHBase;
import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.ledger.LedgerBatch;
import io.dumptruck.loaders.ledger.TableLedger;
import io.dumptruck.loaders.weblogs.WebLogParser;
import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly once, as a careless operator and a scheduler see it, through a real HBase: every case either ends right — the
 * web-log tables hold one load of each day exactly once, compared with the model {@link LiveTableIT#webLogModel}
 * computes from the raw lines, never through dumptruck's own readers — or is refused in one line on stderr, exit 2,
 * with the tables and the ledger as they were.
 *
 * <p>A batch's content is its records, whatever the delivery's shape (compressed, split into part files, reordered,
 * CRLF line ends, blank lines between): the same content under another batch id is refused unless {@code --again}; the
 * same batch id with other content is refused naming the record counts and {@code --undo}; {@code ledger --forget} of a
 * batch the table still holds is refused naming {@code --undo}; {@code ledger --undo} restores the tables to their
 * state before a batch and forgets it; two bulk loads of one output at once commit it once.
 */
@ExtendWith(SharedMiniHBase.class)
class OnceMeansOnceIT {
    @TempDir
    static File tmp;

    static HBaseTestingUtility hbase;
    static Connection connection;
    /** The web-log lines of days 1 to 5 (index 0 is day 1): 1,200 generated lines dealt out in turn. */
    static List<List<String>> days = new ArrayList<>();

    static final List<String> TABLES = List.of("cookie_url_count", "cookie_stats");

    @BeforeAll
    static void start() throws Exception {
        hbase = SharedMiniHBase.util();
        connection = ConnectionFactory.createConnection(hbase.getConfiguration());
        days.addAll(WebLogDays.deal(tmp));
    }

    @AfterAll
    static void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
    }

    // ---- inputs: one day's lines in the shapes a delivery takes ----

    static File input(int day) {
        return WebLogDays.input(tmp, day);
    }

    static List<String> day(int day) {
        return days.get(day - 1);
    }

    /** {@code lines} in one file, each ended by {@code eol}. */
    static File text(String name, List<String> lines, String eol) throws Exception {
        File f = new File(tmp, name);
        StringBuilder b = new StringBuilder();
        lines.forEach(l -> b.append(l).append(eol));
        Files.writeString(f.toPath(), b, StandardCharsets.UTF_8);
        return f;
    }

    /** {@code lines} gzip-compressed, in a file whose name ends in .gz. */
    static File gzip(String name, List<String> lines, String eol) throws Exception {
        File f = new File(tmp, name + ".gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f.toPath()))) {
            for (String l : lines) {
                out.write((l + eol).getBytes(StandardCharsets.UTF_8));
            }
        }
        return f;
    }

    /**
     * {@code lines} dealt into {@code parts} part files (part-00000, …) of a directory, in order, each a run of them.
     */
    static File parts(String name, List<String> lines, int parts, boolean gzip, String eol) throws Exception {
        File dir = new File(tmp, name);
        assertTrue(dir.mkdirs(), dir.getPath());
        int per = (lines.size() + parts - 1) / parts;
        for (int p = 0; p < parts; p++) {
            List<String> part = lines.subList(Math.min(lines.size(), p * per), Math.min(lines.size(), (p + 1) * per));
            String file = name + "/" + String.format("part-%05d", p);
            if (gzip) {
                gzip(file, part, eol);
            } else {
                text(file, part, eol);
            }
        }
        return dir;
    }

    static List<String> shuffled(List<String> lines, long seed) {
        List<String> out = new ArrayList<>(lines);
        Collections.shuffle(out, new Random(seed));
        return out;
    }

    /** {@code lines} with a blank (or blank-looking) line before every tenth and one at the end. */
    static List<String> withBlankLines(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (i % 10 == 0) {
                out.add(i % 20 == 0 ? "" : "   ");
            }
            out.add(lines.get(i));
        }
        out.add("");
        return out;
    }

    /** The records among {@code lines} (a blank line is none). */
    static long records(List<String> lines) {
        WebLogParser parser = new WebLogParser();
        return lines.stream().filter(l -> parser.parse(l).isRecord()).count();
    }

    // ---- the command line against the shared cluster ----

    static Run dumptruck(String command, String... args) {
        return AgainstHBase.dumptruck(hbase, command, args);
    }

    static long timestamp(int day) {
        return 1700000000000L + day * 86_400_000L;
    }

    /**
     * The folding load of {@code in} (a file or directory) at day {@code day}'s {@code --timestamp} into {@code ns}'s
     * tables, into {@code output} under tmp; {@code --batch batch} unless it is null.
     */
    static Run load(String ns, File in, int day, String output, String batch, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "weblogs",
                "--input",
                in.getPath(),
                "--output",
                new File(tmp, output).getPath(),
                "--timestamp",
                String.valueOf(timestamp(day)),
                "--daily",
                "forever",
                "--live",
                "--namespace",
                ns));
        if (batch != null) {
            args.addAll(List.of("--batch", batch));
        }
        args.addAll(Arrays.asList(more));
        return dumptruck("load", args.toArray(new String[0]));
    }

    /** The folding load of day {@code day} as delivered, as batch day-N. */
    static Run loadDay(String ns, int day, String output, String... more) {
        return load(ns, input(day), day, output, "day-" + day, more);
    }

    static Run bulkload(String output, String... more) {
        List<String> args = new ArrayList<>(List.of(new File(tmp, output).getPath()));
        args.addAll(Arrays.asList(more));
        return dumptruck("bulkload", args.toArray(new String[0]));
    }

    /** Loads and bulk-loads day {@code day} as batch day-N (exit 0 both). */
    static void loadAndCommit(String ns, int day) {
        ok(loadDay(ns, day, ns + "-" + day));
        ok(bulkload(ns + "-" + day));
    }

    /** {@code dumptruck ledger NS:cookie_url_count NS:cookie_stats <args>}. */
    static Run ledgerCommand(String ns, String... args) {
        List<String> all = new ArrayList<>();
        TABLES.forEach(t -> all.add(ns + ":" + t));
        all.addAll(Arrays.asList(args));
        return dumptruck("ledger", all.toArray(new String[0]));
    }

    // ---- verdicts ----

    static void ok(Run r) {
        assertEquals(0, r.code(), r.out() + r.err());
    }

    /**
     * Refused: exit 2, stderr one line, naming each of {@code words} — a batch id as a whole id (day-2 is not named by
     * day-2-late), anything else as it stands.
     */
    static void refused(Run r, String... words) {
        assertEquals(2, r.code(), "exit code; stdout: " + r.out() + " stderr: " + r.err());
        String err = r.err().strip();
        assertFalse(err.isEmpty(), "nothing on stderr");
        assertEquals(1, err.lines().count(), "stderr is one line: " + err);
        for (String w : words) {
            boolean named = w.startsWith("--") ? err.contains(w) : namesId(err, w);
            assertTrue(named, "stderr names '" + w + "': " + err);
        }
    }

    /** Whether {@code text} names the batch id {@code id} whole (case-sensitive). */
    static boolean namesId(String text, String id) {
        return Pattern.compile("(?<![A-Za-z0-9._:+=-])" + Pattern.quote(id) + "(?![A-Za-z0-9_:+=-]|\\.[A-Za-z0-9])")
                .matcher(text)
                .find();
    }

    /** Whether {@code text} holds the number {@code n} whole (with or without thousands separators). */
    static boolean namesNumber(String text, long n) {
        String plain = Long.toString(n);
        String grouped = String.format("%,d", n);
        return Pattern.compile("(?<![0-9])(" + Pattern.quote(plain) + "|" + Pattern.quote(grouped) + ")(?![0-9])")
                .matcher(text)
                .find();
    }

    /** A namespace whose web-log tables exist and hold nothing yet (a plain load of nothing, bulk-loaded). */
    static void tables(String ns) throws Exception {
        try (Admin admin = connection.getAdmin()) {
            admin.createNamespace(NamespaceDescriptor.create(ns).build());
        }
        File empty = new File(tmp, "empty.log");
        Files.write(empty.toPath(), List.of());
        File out = new File(tmp, ns + "-create");
        ok(dumptruck("load", "weblogs", "--input", empty.getPath(), "--output", out.getPath(), "--daily", "forever"));
        ok(dumptruck("bulkload", out.getPath(), "--namespace", ns));
    }

    /** The tables of {@code ns} equal one load of the lines of {@code dayNumbers} (a day named twice counts twice). */
    static void assertHolds(String ns, int... dayNumbers) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int d : dayNumbers) {
            lines.addAll(day(d));
        }
        assertHoldsLines(ns, lines, "days " + Arrays.toString(dayNumbers));
    }

    /** The tables of {@code ns} equal one load of {@code lines}, through HBase's client. */
    static void assertHoldsLines(String ns, List<String> lines, String what) throws Exception {
        Map<String, TreeMap<String, String>> model = LiveTableIT.webLogModel(lines);
        for (String table : TABLES) {
            TreeMap<String, String> inHBase = new TreeMap<>();
            int versions = table.equals("cookie_stats") ? 5 : 1;
            try (Table t = connection.getTable(TableName.valueOf(ns, table));
                    ResultScanner scanner = t.getScanner(new Scan().readVersions(versions))) {
                for (Result row : scanner) {
                    for (Cell c : row.rawCells()) {
                        inHBase.merge(LiveTableIT.valueKeyOf(c), LiveTableIT.valueOf(c), (a, b) -> a + " " + b);
                    }
                }
            }
            NightlyIT.assertSameCells(model.get(table), inHBase, ns + ":" + table + " as " + what);
        }
    }

    static TableLedger ledger(String ns, String table) throws Exception {
        return Ledger.of(connection, hbase.getConfiguration()).read(TableName.valueOf(ns, table));
    }

    /** Everything the ledger says of {@code ns}'s tables, comparable: versions, leases, batches. */
    static List<String> ledgerOf(String ns) throws Exception {
        List<String> out = new ArrayList<>();
        for (String t : TABLES) {
            TableLedger l = ledger(ns, t);
            out.add(l.table() + " commits=" + l.commits() + " lease=" + l.lease() + " changedAt=" + l.changedAt());
            l.batches().forEach(b -> out.add("  " + b));
        }
        return out;
    }

    /** The batch ids {@code ns:table} holds, in commit order. */
    static List<String> batches(String ns, String table) throws Exception {
        return ledger(ns, table).batches().stream().map(LedgerBatch::batch).toList();
    }

    static void assertBatches(String ns, String... ids) throws Exception {
        for (String t : TABLES) {
            assertEquals(List.of(ids), batches(ns, t), ns + ":" + t + " in the ledger");
        }
    }

    /**
     * After a refused load into {@code output}: a bulk load of whatever it left (if anything) changes neither the
     * tables (still {@code holds}) nor the ledger ({@code ledgerBefore}).
     */
    static void nothingChanged(String ns, String output, List<String> ledgerBefore, int... holds) throws Exception {
        if (output != null && new File(tmp, output).exists()) {
            Run r = bulkload(output);
            assertNotEquals(1, r.code(), "bulk load of what a refused load left: " + r.out() + r.err());
        }
        assertHolds(ns, holds);
        assertEquals(ledgerBefore, ledgerOf(ns), "the ledger of " + ns);
    }

    static void snapshot(String ns, String name) throws Exception {
        try (Admin admin = connection.getAdmin()) {
            for (String t : TABLES) {
                admin.snapshot(ns + "_" + name + "_" + t, TableName.valueOf(ns, t));
            }
        }
    }

    static void restore(String ns, String name) throws Exception {
        try (Admin admin = connection.getAdmin()) {
            for (String t : TABLES) {
                admin.disableTable(TableName.valueOf(ns, t));
                admin.restoreSnapshot(ns + "_" + name + "_" + t);
                admin.enableTable(TableName.valueOf(ns, t));
            }
        }
    }

    // ---- 1. content identity ----

    /**
     * Day 2 delivered again under another batch id — compressed, split into part files, reordered, with CRLF line ends,
     * with blank lines between, and all of these at once — is the content the tables hold as day-2: each load is
     * refused naming both ids and --again, and nothing it left commits anything.
     */
    @Test
    void theSameRecordsUnderAnotherIdAreRefusedWhateverTheDeliverysShape() throws Exception {
        String ns = "once_shape";
        tables(ns);
        loadAndCommit(ns, 1);
        loadAndCommit(ns, 2);
        List<String> held = ledgerOf(ns);
        List<String> two = day(2);
        Map<String, File> shapes = new java.util.LinkedHashMap<>();
        shapes.put("copy-gz", gzip("in-shape-gz.log", two, "\n"));
        shapes.put("copy-parts", parts("in-shape-parts", two, 2, false, "\n"));
        shapes.put("copy-reordered", text("in-shape-reordered.log", shuffled(two, 7), "\n"));
        shapes.put("copy-crlf", text("in-shape-crlf.log", two, "\r\n"));
        shapes.put("copy-blank", text("in-shape-blank.log", withBlankLines(two), "\n"));
        shapes.put("copy-all", parts("in-shape-all", withBlankLines(shuffled(two, 11)), 3, true, "\r\n"));
        for (var shape : shapes.entrySet()) {
            String output = "shape-" + shape.getKey();
            Run r = load(ns, shape.getValue(), 2, output, shape.getKey());
            refused(r, shape.getKey(), "day-2", "--again");
            nothingChanged(ns, output, held, 1, 2);
        }
    }

    /** With --again, the same content under another id goes in as a batch of its own: the day then counts twice. */
    @Test
    void againLoadsTheSameRecordsAsANewBatch() throws Exception {
        String ns = "once_again";
        tables(ns);
        loadAndCommit(ns, 1);
        loadAndCommit(ns, 2);
        File copy = gzip("in-again-2.log", day(2), "\n");
        ok(load(ns, copy, 2, "again-2", "resent-2", "--again"));
        Run commit = bulkload("again-2");
        ok(commit);
        assertTrue(commit.out().contains("committed batch resent-2"), commit.out());
        assertHolds(ns, 1, 2, 2);
        assertBatches(ns, "day-1", "day-2", "resent-2");
    }

    /**
     * Without --batch the id comes from the input files' checksums: a rerun of the same file does nothing, and a
     * compressed copy of it — another id — is refused as the same content, naming the id held and --again.
     */
    @Test
    void aCompressedCopyOfALoadedDayIsRefusedWithoutBatchIds() throws Exception {
        String ns = "once_derived";
        tables(ns);
        ok(load(ns, input(1), 1, "derived-1", null));
        ok(bulkload("derived-1"));
        List<String> ids = batches(ns, "cookie_url_count");
        assertEquals(1, ids.size(), ids.toString());
        String heldId = ids.get(0);
        assertTrue(heldId.startsWith("input-"), heldId);
        List<String> held = ledgerOf(ns);

        Run rerun = load(ns, input(1), 1, "derived-1-rerun", null);
        ok(rerun);
        assertTrue(rerun.out().contains("nothing to do"), rerun.out());
        nothingChanged(ns, "derived-1-rerun", held, 1);

        Run copy = load(ns, gzip("in-derived-1.log", day(1), "\n"), 1, "derived-1-gz", null);
        refused(copy, heldId, "--again");
        assertTrue(
                Pattern.compile("input-[0-9a-f]{16}")
                                .matcher(copy.err())
                                .results()
                                .map(m -> m.group())
                                .distinct()
                                .count()
                        >= 2,
                "names the copy's own id too: " + copy.err());
        nothingChanged(ns, "derived-1-gz", held, 1);
    }

    /**
     * Two ids for one day loaded side by side (neither committed when the other was set up): the first bulk load
     * commits, the second is refused at its commit; its rerun is then refused as the same content. The day counts once.
     */
    @Test
    void oneDayUnderTwoIdsSideBySideCountsOnce() throws Exception {
        String ns = "once_sidebyside";
        tables(ns);
        ok(loadDay(ns, 2, "side-2"));
        ok(load(ns, gzip("in-side-2-copy.log", day(2), "\n"), 2, "side-2-copy", "copy-2"));
        ok(bulkload("side-2"));
        List<String> held = ledgerOf(ns);
        Run second = bulkload("side-2-copy");
        assertEquals(2, second.code(), second.out() + second.err());
        nothingChanged(ns, null, held, 2);
        Run rerun = load(ns, new File(tmp, "in-side-2-copy.log.gz"), 2, "side-2-copy", "copy-2");
        refused(rerun, "copy-2", "day-2", "--again");
        nothingChanged(ns, "side-2-copy", held, 2);
    }

    // ---- 2. the same id, other content; the same id, the same content ----

    /**
     * Day 2 re-delivered under its id with one late line added, or with one line missing, is refused naming the records
     * held and the records of this input, and --undo: the late line is not skipped as "nothing to do". Undone, the
     * corrected day goes in under its id and the tables end with it.
     */
    @Test
    void theSameIdWithOtherRecordsIsRefusedNamingTheCounts() throws Exception {
        String ns = "once_late";
        tables(ns);
        loadAndCommit(ns, 1);
        loadAndCommit(ns, 2);
        List<String> held = ledgerOf(ns);
        long heldRecords =
                ledger(ns, "cookie_url_count").holding("day-2").orElseThrow().records();
        String late = day(5).get(0);
        assertEquals(1, records(List.of(late)), "the late line is a record: " + late);

        List<String> withLate = new ArrayList<>(day(2));
        withLate.add(late);
        Run more = load(ns, text("in-late-2.log", withLate, "\n"), 2, "late-2", "day-2");
        refused(more, "day-2", "--undo");
        long moreRecords = heldRecords + records(withLate) - records(day(2));
        assertTrue(namesNumber(more.err(), heldRecords), "names the records held (" + heldRecords + "): " + more.err());
        assertTrue(namesNumber(more.err(), moreRecords), "names this input's (" + moreRecords + "): " + more.err());
        nothingChanged(ns, "late-2", held, 1, 2);

        List<String> withoutOne = new ArrayList<>(day(2));
        withoutOne.remove(withoutOne.size() - 1);
        Run fewer = load(ns, text("in-short-2.log", withoutOne, "\n"), 2, "short-2", "day-2");
        refused(fewer, "day-2", "--undo");
        long fewerRecords = heldRecords + records(withoutOne) - records(day(2));
        assertTrue(namesNumber(fewer.err(), heldRecords), fewer.err());
        assertTrue(namesNumber(fewer.err(), fewerRecords), fewer.err());
        nothingChanged(ns, "short-2", held, 1, 2);

        // the way the refusal names: undo the batch, load the corrected day under its id
        ok(ledgerCommand(ns, "--undo", "day-2"));
        assertHolds(ns, 1);
        ok(load(ns, new File(tmp, "in-late-2.log"), 2, "late-2-right", "day-2"));
        ok(bulkload("late-2-right"));
        List<String> lines = new ArrayList<>(day(1));
        lines.addAll(withLate);
        assertHoldsLines(ns, lines, "day 1 and day 2 with its late line");
        assertBatches(ns, "day-1", "day-2");
    }

    /**
     * The late line's day loaded side by side with the first delivery (both set up before either committed): the first
     * commits; the second's bulk load and its rerun are refused; never "nothing to do".
     */
    @Test
    void aLateDeliveryLoadedBesideTheFirstIsNotSkipped() throws Exception {
        String ns = "once_late_side";
        tables(ns);
        loadAndCommit(ns, 1);
        List<String> withLate = new ArrayList<>(day(2));
        withLate.add(day(5).get(0));
        ok(loadDay(ns, 2, "lateside-2"));
        ok(load(ns, text("in-lateside-2-late.log", withLate, "\n"), 2, "lateside-2-late", "day-2"));
        ok(bulkload("lateside-2"));
        List<String> held = ledgerOf(ns);
        Run second = bulkload("lateside-2-late");
        assertEquals(2, second.code(), second.out() + second.err());
        nothingChanged(ns, null, held, 1, 2);
        Run rerun = load(ns, new File(tmp, "in-lateside-2-late.log"), 2, "lateside-2-late", "day-2");
        refused(rerun, "day-2", "--undo");
        nothingChanged(ns, "lateside-2-late", held, 1, 2);
    }

    /**
     * The same id with the same records — a plain rerun, a compressed copy, a split copy with CRLF and blank lines — is
     * a rerun: exit 0, "nothing to do", and its bulk load changes nothing.
     */
    @Test
    void theSameIdWithTheSameRecordsIsARerunWhateverTheShape() throws Exception {
        String ns = "once_rerun";
        tables(ns);
        loadAndCommit(ns, 1);
        loadAndCommit(ns, 2);
        List<String> held = ledgerOf(ns);
        Map<String, File> shapes = new java.util.LinkedHashMap<>();
        shapes.put("plain", input(2));
        shapes.put("gz", gzip("in-rerun-2.log", day(2), "\n"));
        shapes.put("parts", parts("in-rerun-2-parts", withBlankLines(day(2)), 2, false, "\r\n"));
        for (var shape : shapes.entrySet()) {
            String output = "rerun-2-" + shape.getKey();
            Run r = load(ns, shape.getValue(), 2, output, "day-2");
            ok(r);
            assertTrue(r.out().contains("nothing to do"), shape.getKey() + ": " + r.out());
            Run b = bulkload(output);
            ok(b);
            nothingChanged(ns, null, held, 1, 2);
        }
    }

    // ---- 3. --forget of a batch the table still holds ----

    /**
     * --forget of a batch the tables still hold (the last one, or one with a later batch on top), the tables not
     * restored, is refused naming --undo, the ledger as it was; after a real restore from a snapshot taken before it,
     * --forget of it and the batch since works, and the days loaded again end right.
     */
    @Test
    void forgettingABatchTheTablesStillHoldIsRefused() throws Exception {
        String ns = "once_forget";
        tables(ns);
        loadAndCommit(ns, 1);
        snapshot(ns, "before_2");
        loadAndCommit(ns, 2);
        loadAndCommit(ns, 3);
        List<String> held = ledgerOf(ns);

        refused(ledgerCommand(ns, "--forget", "day-3"), "--undo");
        nothingChanged(ns, null, held, 1, 2, 3);
        refused(ledgerCommand(ns, "--forget", "day-2"), "--undo");
        nothingChanged(ns, null, held, 1, 2, 3);
        for (String t : TABLES) {
            refused(dumptruck("ledger", ns + ":" + t, "--forget", "day-3"), "--undo");
        }
        nothingChanged(ns, null, held, 1, 2, 3);

        restore(ns, "before_2");
        assertHolds(ns, 1);
        Run forgot = ledgerCommand(ns, "--forget", "day-2", "--forget", "day-3");
        ok(forgot);
        assertBatches(ns, "day-1");
        ok(loadDay(ns, 3, ns + "-3-again"));
        ok(bulkload(ns + "-3-again"));
        ok(loadDay(ns, 2, ns + "-2-again"));
        ok(bulkload(ns + "-2-again"));
        assertHolds(ns, 1, 2, 3);
    }

    // ---- 4. --undo ----

    /**
     * Day 3 loaded from the wrong file (day 4's lines): --undo of day-2 under it is refused naming day-3; --undo of
     * day-3 restores the tables to days 1 and 2 and forgets it; a second --undo says the tables hold no such batch and
     * changes nothing; the right day 3 under its id then ends right.
     */
    @Test
    void undoRestoresTheTablesAndForgetsTheBatch() throws Exception {
        String ns = "once_undo";
        tables(ns);
        loadAndCommit(ns, 1);
        loadAndCommit(ns, 2);
        ok(load(ns, input(4), 3, "undo-3-wrong", "day-3"));
        ok(bulkload("undo-3-wrong"));
        assertHolds(ns, 1, 2, 4);
        List<String> held = ledgerOf(ns);

        refused(ledgerCommand(ns, "--undo", "day-2"), "day-3");
        nothingChanged(ns, null, held, 1, 2, 4);

        Run undo = ledgerCommand(ns, "--undo", "day-3");
        ok(undo);
        assertHolds(ns, 1, 2);
        assertBatches(ns, "day-1", "day-2");
        Run listed = dumptruck("ledger", ns + ":cookie_url_count");
        ok(listed);
        assertFalse(namesId(listed.out(), "day-3"), listed.out());
        List<String> undone = ledgerOf(ns);

        Run twice = ledgerCommand(ns, "--undo", "day-3");
        refused(twice, "day-3");
        assertTrue(twice.err().contains("holds no"), twice.err());
        nothingChanged(ns, null, undone, 1, 2);

        ok(loadDay(ns, 3, "undo-3-right"));
        ok(bulkload("undo-3-right"));
        assertHolds(ns, 1, 2, 3);
        assertBatches(ns, "day-1", "day-2", "day-3");
    }

    /** {@code dumptruck ledger --undo BATCH} without tables finds the tables that hold it (ids of this test alone). */
    @Test
    void undoWithoutTablesFindsTheTablesHoldingTheBatch() throws Exception {
        String ns = "once_undo_any";
        tables(ns);
        for (int day = 1; day <= 2; day++) {
            ok(load(ns, input(day), day, "undoany-" + day, "undoany-day-" + day));
            ok(bulkload("undoany-" + day));
        }
        assertHolds(ns, 1, 2);
        ok(dumptruck("ledger", "--undo", "undoany-day-2"));
        assertHolds(ns, 1);
        assertBatches(ns, "undoany-day-1");
        ok(load(ns, input(2), 2, "undoany-2-again", "undoany-day-2"));
        ok(bulkload("undoany-2-again"));
        assertHolds(ns, 1, 2);
    }

    /**
     * Three days undone last to first (with the undo kept for three batches), then loaded again 2, 3, 1: the tables end
     * as days 1, 2, 3.
     */
    @Test
    void undoneAndRedoneInAnotherOrderEndsRight() throws Exception {
        String ns = "once_redo";
        tables(ns);
        for (int day = 1; day <= 3; day++) {
            ok(loadDay(ns, day, ns + "-" + day));
            ok(bulkload(ns + "-" + day, "-D", "dumptruck.ledger.undo.batches=3"));
        }
        assertHolds(ns, 1, 2, 3);
        ok(ledgerCommand(ns, "--undo", "day-3"));
        assertHolds(ns, 1, 2);
        ok(ledgerCommand(ns, "--undo", "day-2"));
        assertHolds(ns, 1);
        ok(ledgerCommand(ns, "--undo", "day-1"));
        assertHolds(ns);
        assertBatches(ns);
        for (int day : new int[] {2, 3, 1}) {
            ok(loadDay(ns, day, ns + "-" + day + "-redo"));
            ok(bulkload(ns + "-" + day + "-redo"));
        }
        assertHolds(ns, 1, 2, 3);
        assertBatches(ns, "day-2", "day-3", "day-1");
    }

    /**
     * By default the newest two batches can be undone: the third is refused naming the setting and the way by hand,
     * with nothing changed.
     */
    @Test
    void undoReachesBackAsFarAsTheRetention() throws Exception {
        String ns = "once_retention";
        tables(ns);
        for (int day = 1; day <= 3; day++) {
            loadAndCommit(ns, day);
        }
        ok(ledgerCommand(ns, "--undo", "day-3"));
        ok(ledgerCommand(ns, "--undo", "day-2"));
        List<String> held = ledgerOf(ns);
        refused(ledgerCommand(ns, "--undo", "day-1"), "dumptruck.ledger.undo.batches", "restore_snapshot", "--forget");
        nothingChanged(ns, null, held, 1);
    }

    /**
     * A misspelt table among those named — {@code --undo}, and {@code --forget} after a real restore — is refused
     * naming it, with neither table's ledger nor cells changed: never half done.
     */
    @Test
    void aMisspeltTableAmongThoseNamedChangesNothing() throws Exception {
        String ns = "once_typo";
        tables(ns);
        loadAndCommit(ns, 1);
        snapshot(ns, "before_2");
        loadAndCommit(ns, 2);
        List<String> held = ledgerOf(ns);
        String good = ns + ":cookie_url_count";
        String typo = ns + ":cookie_statz";

        Run undo = dumptruck("ledger", good, typo, "--undo", "day-2");
        refused(undo);
        assertTrue(undo.err().contains("cookie_statz"), undo.err());
        nothingChanged(ns, null, held, 1, 2);

        restore(ns, "before_2");
        Run forget = dumptruck("ledger", good, typo, "--forget", "day-2");
        refused(forget);
        assertTrue(forget.err().contains("cookie_statz"), forget.err());
        assertHolds(ns, 1);
        assertEquals(held, ledgerOf(ns), "the ledger of " + ns);

        ok(ledgerCommand(ns, "--forget", "day-2"));
        assertBatches(ns, "day-1");
        ok(loadDay(ns, 2, ns + "-2-again"));
        ok(bulkload(ns + "-2-again"));
        assertHolds(ns, 1, 2);
    }

    // ---- 5. two bulk loads of one output at once ----

    /** Runs each of {@code commands} on a thread of its own, all let go at once; their results in order. */
    @SafeVarargs
    static List<Run> atOnce(Supplier<Run>... commands) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(commands.length);
        try {
            CountDownLatch ready = new CountDownLatch(commands.length);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Run>> running = new ArrayList<>();
            for (Supplier<Run> c : commands) {
                running.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    return c.get();
                }));
            }
            ready.await();
            go.countDown();
            List<Run> out = new ArrayList<>();
            for (Future<Run> f : running) {
                out.add(f.get(5, TimeUnit.MINUTES));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Of {@code runs} (bulk loads of one output of {@code batch}), exactly one committed; the others were refused in
     * one line or found nothing to do; none failed (exit 1) or blamed a hand-edit of the ledger.
     */
    static void committedOnce(List<Run> runs, String batch) {
        String all = runs.stream()
                .map(r -> "exit " + r.code() + "\n" + r.out() + r.err())
                .reduce("", (a, b) -> a + "\n---\n" + b);
        long committed = runs.stream()
                .filter(r -> r.out().contains("committed batch " + batch + " "))
                .count();
        assertEquals(1, committed, "bulk loads that committed " + batch + ":" + all);
        for (Run r : runs) {
            assertFalse((r.out() + r.err()).contains("hand-edit"), all);
            if (r.out().contains("committed batch " + batch + " ")) {
                assertEquals(0, r.code(), all);
            } else if (r.code() == 0) {
                assertTrue(r.out().contains("nothing to do") || r.out().contains("nothing to load"), all);
            } else {
                assertEquals(2, r.code(), all);
                assertEquals(1, r.err().strip().lines().count(), all);
            }
        }
    }

    /** Two threads bulk-load one output at once, three days running: each day commits once. */
    @Test
    void twoBulkLoadsOfOneOutputAtOnceCommitItOnce() throws Exception {
        String ns = "once_race";
        tables(ns);
        for (int day = 1; day <= 3; day++) {
            String output = "race-" + day;
            ok(loadDay(ns, day, output));
            long before = ledger(ns, "cookie_url_count").commits();
            committedOnce(atOnce(() -> bulkload(output), () -> bulkload(output)), "day-" + day);
            int[] upTo = java.util.stream.IntStream.rangeClosed(1, day).toArray();
            assertHolds(ns, upTo);
            for (String t : TABLES) {
                TableLedger l = ledger(ns, t);
                assertEquals(null, l.lease(), t + " left leased");
                assertTrue(l.holding("day-" + day).isPresent(), t);
            }
            assertEquals(before + 1, ledger(ns, "cookie_url_count").commits(), "one commit of day-" + day);
        }
    }

    /**
     * A second bulk load of the output started while the first holds the tables' leases (a scheduler retrying a task it
     * took for hung): the first commits, the second neither loads over it nor fails.
     */
    @Test
    void aSecondBulkLoadStartedWhileTheFirstHoldsTheLeasesCommitsOnce() throws Exception {
        String ns = "once_race_lease";
        tables(ns);
        ok(loadDay(ns, 1, "racelease-1"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Run> first = pool.submit(() -> bulkload("racelease-1"));
            long deadline = System.currentTimeMillis() + 120_000;
            while (!first.isDone() && System.currentTimeMillis() < deadline) {
                if (ledger(ns, "cookie_url_count").lease() != null
                        || ledger(ns, "cookie_stats").lease() != null) {
                    break;
                }
                Thread.sleep(5);
            }
            Future<Run> second = pool.submit(() -> bulkload("racelease-1"));
            committedOnce(List.of(first.get(5, TimeUnit.MINUTES), second.get(5, TimeUnit.MINUTES)), "day-1");
        } finally {
            pool.shutdownNow();
        }
        assertHolds(ns, 1);
        assertBatches(ns, "day-1");
        for (String t : TABLES) {
            assertEquals(null, ledger(ns, t).lease(), t + " left leased");
        }
    }

    /** {@code dumptruck bulkload OUTPUT} in a JVM of its own, its stdout and stderr in files named by {@code tag}. */
    static Process bulkloadProcess(String output, String tag) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(new File(System.getProperty("java.home"), "bin/java").getPath(), "-Xmx512m"));
        command.addAll(Arrays.asList(System.getProperty("jdk17.opens", "").split(" ")));
        command.removeIf(String::isBlank);
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "bulkload",
                "-D",
                "hbase.zookeeper.quorum=127.0.0.1",
                "-D",
                "hbase.zookeeper.property.clientPort=" + hbase.getZkCluster().getClientPort(),
                "-D",
                "hbase.rootdir=" + AgainstHBase.rootDir(hbase),
                new File(tmp, output).getPath()));
        return new ProcessBuilder(command)
                .redirectOutput(new File(tmp, tag + ".out"))
                .redirectError(new File(tmp, tag + ".err"))
                .start();
    }

    /** Two processes bulk-load one output at once: it commits once. */
    @Test
    void twoBulkLoadProcessesOfOneOutputCommitItOnce() throws Exception {
        String ns = "once_race_jvm";
        tables(ns);
        ok(loadDay(ns, 1, "racejvm-1"));
        Process a = bulkloadProcess("racejvm-1", "racejvm-a");
        Process b = bulkloadProcess("racejvm-1", "racejvm-b");
        List<Run> runs = new ArrayList<>();
        for (var p : Map.of("racejvm-a", a, "racejvm-b", b).entrySet()) {
            assertTrue(p.getValue().waitFor(5, TimeUnit.MINUTES), p.getKey() + " did not end");
            // a separate JVM logs through log4j to its stderr: only dumptruck's own lines count as its message
            List<String> err = Files.readAllLines(new File(tmp, p.getKey() + ".err").toPath()).stream()
                    .filter(l -> l.startsWith("dumptruck "))
                    .toList();
            runs.add(new Run(
                    p.getValue().exitValue(),
                    Files.readString(new File(tmp, p.getKey() + ".out").toPath()),
                    String.join("\n", err)));
        }
        committedOnce(runs, "day-1");
        assertHolds(ns, 1);
        assertBatches(ns, "day-1");
    }

    // ---- 6. hostile extras ----

    /** A batch id that differs only in case, with the same records, is the same content: refused. */
    @Test
    void anIdDifferingOnlyInCaseIsTheSameContent() throws Exception {
        String ns = "once_case";
        tables(ns);
        ok(load(ns, input(1), 1, "case-1", "Day-1"));
        ok(bulkload("case-1"));
        List<String> held = ledgerOf(ns);
        Run lower = load(ns, input(1), 1, "case-1-lower", "day-1");
        refused(lower, "Day-1", "day-1", "--again");
        nothingChanged(ns, "case-1-lower", held, 1);
    }

    /*
     * One day split across two batches: its first half as batch half-1, then the whole day as day-1. Content identity
     * compares a batch's records as a whole, so the whole day is other content than its half and is not recognised as
     * holding it; the load goes through, and the first half then counts twice. Whether an implementation can see the
     * overlap at all depends on it keeping more than one identity per batch. The first test below asserts only what
     * must hold either way; the second, disabled, what detecting it would look like.
     */

    /**
     * The first half of day 1 as a batch, then the whole day under another id: either refused in one line naming the
     * half's batch with nothing changed, or loaded with no warning of an overlap it then ignored — the tables then hold
     * the first half twice and the second half once, consistently.
     */
    @Test
    void aDaySplitAcrossTwoBatchesEndsConsistentEitherWay() throws Exception {
        String ns = "once_half";
        tables(ns);
        List<String> whole = day(1);
        List<String> half = whole.subList(0, whole.size() / 2);
        ok(load(ns, text("in-half-1.log", half, "\n"), 1, "half-1", "half-1"));
        ok(bulkload("half-1"));
        assertHoldsLines(ns, half, "the first half of day 1");
        List<String> held = ledgerOf(ns);
        Run r = load(ns, input(1), 1, "half-1-whole", "day-1");
        if (r.code() == 2) {
            refused(r, "half-1", "day-1");
            if (new File(tmp, "half-1-whole").exists()) {
                assertNotEquals(1, bulkload("half-1-whole").code());
            }
            assertHoldsLines(ns, half, "the first half of day 1");
            assertEquals(held, ledgerOf(ns));
            return;
        }
        ok(r);
        assertFalse(namesId(r.err(), "half-1"), "an overlap seen and let through: " + r.err());
        ok(bulkload("half-1-whole"));
        List<String> twice = new ArrayList<>(half);
        twice.addAll(whole);
        assertHoldsLines(ns, twice, "the first half of day 1, then the whole day");
        assertBatches(ns, "half-1", "day-1");
    }

    /** The whole day after its first half, refused as overlapping what the tables hold. */
    @Test
    @Disabled("content identity compares a batch's records as a whole: the whole day is other content than its first "
            + "half, and the ledger keeps no per-record identity that would show the overlap")
    void aDaySplitAcrossTwoBatchesIsRefused() throws Exception {
        String ns = "once_half_strict";
        tables(ns);
        List<String> whole = day(1);
        List<String> half = whole.subList(0, whole.size() / 2);
        ok(load(ns, text("in-strict-half-1.log", half, "\n"), 1, "strict-half-1", "half-1"));
        ok(bulkload("strict-half-1"));
        List<String> held = ledgerOf(ns);
        Run r = load(ns, input(1), 1, "strict-half-1-whole", "day-1");
        refused(r, "half-1", "day-1", "--again");
        if (new File(tmp, "strict-half-1-whole").exists()) {
            assertNotEquals(1, bulkload("strict-half-1-whole").code());
        }
        assertHoldsLines(ns, half, "the first half of day 1");
        assertEquals(held, ledgerOf(ns));
    }
}
