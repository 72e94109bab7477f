package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.cli.AgainstHBase.Run;
import io.dumptruck.formats.testing.SharedMiniHBase;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.ledger.RunningLoad;
import io.dumptruck.loaders.ledger.TableLedger;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nightly folding loads under a scheduler, through a real HBase: reruns, loads that overlap, days out of order, a bulk
 * load stopped half-way, a killed load's snapshots — each ends with the cells one load of the distinct days would write
 * (the model of {@link LiveTableIT#webLogModel}, computed from the raw lines), and every way into a wrong state is
 * refused in one line, exit 2, before anything is loaded.
 */
@ExtendWith(SharedMiniHBase.class)
class NightlyIT {
    @TempDir
    static File tmp;

    static HBaseTestingUtility hbase;
    static Connection connection;
    static List<List<String>> days = new ArrayList<>();

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

    static File input(int day) {
        return WebLogDays.input(tmp, day);
    }

    /** {@code dumptruck <command> <args>} against the mini cluster. */
    static Run dumptruck(String command, String... args) {
        return AgainstHBase.dumptruck(hbase, command, args);
    }

    static long timestamp(int day) {
        return 1700000000000L + day * 86_400_000L;
    }

    /** The folding load of {@code day} into namespace {@code ns}, into {@code output}. */
    static Run loadDay(String ns, int day, String output, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "weblogs",
                "--input",
                input(day).getPath(),
                "--output",
                new File(tmp, output).getPath(),
                "--timestamp",
                String.valueOf(timestamp(day)),
                "--daily",
                "forever",
                "--live",
                "--namespace",
                ns,
                "--batch",
                "day-" + day));
        args.addAll(Arrays.asList(more));
        return dumptruck("load", args.toArray(new String[0]));
    }

    static Run bulkload(String output, String... more) {
        List<String> args = new ArrayList<>(List.of(new File(tmp, output).getPath()));
        args.addAll(Arrays.asList(more));
        return dumptruck("bulkload", args.toArray(new String[0]));
    }

    static void ok(Run r) {
        assertEquals(0, r.code(), r.out() + r.err());
    }

    static void refused(Run r, String says) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(says), r.err());
    }

    /**
     * A namespace whose web-log tables exist and hold nothing yet: day 0 of nothing, loaded plain and bulk-loaded,
     * creates them.
     */
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

    /** The web-log tables of {@code ns} equal one load of {@code dayNumbers} (1-based), through HBase. */
    static void assertHolds(String ns, int... dayNumbers) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int d : dayNumbers) {
            lines.addAll(days.get(d - 1));
        }
        Map<String, TreeMap<String, String>> model = LiveTableIT.webLogModel(lines);
        for (String table : List.of("cookie_url_count", "cookie_stats")) {
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
            assertEquals(model.get(table), inHBase, table + " after days " + Arrays.toString(dayNumbers));
        }
    }

    static TableLedger ledger(String ns, String table) throws Exception {
        return Ledger.of(connection, hbase.getConfiguration()).read(TableName.valueOf(ns, table));
    }

    /**
     * A rerun of a bulk-loaded day — into a new output or the same one — writes nothing and loads nothing, and the
     * ledger says which batches each table holds.
     */
    @Test
    void aRerunOfABulkLoadedDayChangesNothing() throws Exception {
        String ns = "rerun";
        tables(ns);
        ok(loadDay(ns, 1, "rerun-1"));
        ok(bulkload("rerun-1"));
        ok(loadDay(ns, 2, "rerun-2"));
        Run retried = loadDay(ns, 2, "rerun-2"); // the load task retried after it succeeded
        ok(retried);
        assertTrue(retried.out().contains("not bulk-loaded yet: nothing to do"), retried.out());
        Run commit = bulkload("rerun-2");
        ok(commit);
        assertTrue(commit.out().contains("committed batch day-2 into rerun:cookie_url_count (commit 2"), commit.out());

        Run again = loadDay(ns, 2, "rerun-2-again");
        ok(again);
        assertTrue(
                again.out().contains("batch day-2 is already folded into rerun:cookie_url_count (bulk-loaded"),
                again.out());
        assertTrue(again.out().contains("nothing to do"), again.out());
        Run nothing = bulkload("rerun-2-again");
        ok(nothing);
        assertTrue(nothing.out().contains("nothing to load"), nothing.out());
        ok(loadDay(ns, 2, "rerun-2")); // the scheduler's clear: the same output directory
        Run sameDir = bulkload("rerun-2");
        ok(sameDir);
        assertTrue(sameDir.out().contains("already bulk-loaded"), sameDir.out());
        assertHolds(ns, 1, 2);

        assertEquals(
                List.of("day-1", "day-2"),
                ledger(ns, "cookie_url_count").batches().stream()
                        .map(b -> b.batch())
                        .toList());
        Run listed = dumptruck("ledger", ns + ":cookie_stats");
        ok(listed);
        assertTrue(listed.out().contains("2 batch(es), 2 commit(s)"), listed.out());
        assertTrue(listed.out().contains("day-2"), listed.out());
        Run all = dumptruck("ledger");
        ok(all);
        assertTrue(all.out().contains("rerun:cookie_url_count: 2 batch(es), last day-2"), all.out());
    }

    /**
     * Two days loaded side by side from the same state: the first bulk load commits, the second is refused naming the
     * first (nothing loaded); rerun into the same output directory (a scheduler's clear), the load replaces the output
     * that can never be committed and folds into the new state.
     */
    @Test
    void overlappingLoadsAreRefusedAtCommitAndARerunIntoTheSameOutputCounts() throws Exception {
        String ns = "overlap";
        tables(ns);
        ok(loadDay(ns, 1, "overlap-1"));
        ok(loadDay(ns, 2, "overlap-2"));
        ok(bulkload("overlap-1"));
        Run second = bulkload("overlap-2");
        refused(second, "took batch day-1");
        assertTrue(second.err().contains("Run the load again (into the same output directory"), second.err());
        assertHolds(ns, 1);
        Run rerun = loadDay(ns, 2, "overlap-2"); // the scheduler clears the day: the same output directory
        ok(rerun);
        assertTrue(rerun.out().contains("replaced "), rerun.out());
        ok(bulkload("overlap-2"));
        assertHolds(ns, 1, 2);
    }

    /**
     * A bulk load stopped half-way (its leases taken, one table's files loaded) blocks other folded loads of those
     * tables, and run again it loads the rest and commits: the tables count the day once.
     */
    @Test
    void aBulkLoadStoppedHalfWayIsFinishedByRunningItAgain() throws Exception {
        String ns = "halfway";
        tables(ns);
        ok(loadDay(ns, 1, "halfway-1"));
        ok(bulkload("halfway-1"));
        ok(loadDay(ns, 2, "halfway-2"));
        // the first half of a bulk load: the leases, then one table's files
        Ledger ledger = Ledger.of(connection, hbase.getConfiguration());
        String load = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(new File(tmp, "halfway-2/_report.json"))
                .path("ledger")
                .path("load")
                .asText();
        var lease = io.dumptruck.loaders.ledger.Lease.here(
                load, "day-2", new File(tmp, "halfway-2").toURI().toString(), "bulkload");
        lease.holder().end(); // the bulk load that took it was stopped
        for (String table : List.of("cookie_stats", "cookie_url_count")) {
            assertTrue(ledger.acquire(ledger(ns, table), lease));
        }
        BulkLoadHFiles.create(hbase.getConfiguration())
                .bulkLoad(
                        TableName.valueOf(ns, "cookie_url_count"),
                        new org.apache.hadoop.fs.Path(new File(tmp, "halfway-2/cookie_url_count").toURI()));

        Run blocked = loadDay(ns, 3, "halfway-3-blocked");
        refused(blocked, "stopped before it ended");
        assertTrue(blocked.err().contains("dumptruck bulkload"), blocked.err());

        ok(bulkload("halfway-2"));
        assertHolds(ns, 1, 2);
        assertEquals(null, ledger(ns, "cookie_url_count").lease());
    }

    /**
     * Days backfilled out of order (3, 1, 2) end with the very cells — values and timestamps — of days 1, 2, 3 in
     * order, and with what one load of the three days writes.
     */
    @Test
    void daysLoadedOutOfOrderEndAsInOrder() throws Exception {
        for (String ns : List.of("inorder", "backfill")) {
            tables(ns);
            int[] order = ns.equals("inorder") ? new int[] {1, 2, 3} : new int[] {3, 1, 2};
            for (int day : order) {
                ok(loadDay(ns, day, ns + "-" + day));
                ok(bulkload(ns + "-" + day));
            }
            assertHolds(ns, 1, 2, 3);
        }
        for (String table : List.of("cookie_url_count", "cookie_stats")) {
            assertSameCells(cells("inorder", table), cells("backfill", table), table);
        }
    }

    /** {@code actual} equals {@code expected}; else the failure names the count and the first few differences. */
    static void assertSameCells(TreeMap<String, String> expected, TreeMap<String, String> actual, String what) {
        List<String> differ = new ArrayList<>();
        java.util.TreeSet<String> keys = new java.util.TreeSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        for (String k : keys) {
            if (!java.util.Objects.equals(expected.get(k), actual.get(k))) {
                differ.add(k + ": " + expected.get(k) + " vs " + actual.get(k));
            }
        }
        assertTrue(
                differ.isEmpty(),
                what + ": " + differ.size() + " of " + keys.size() + " cells differ, e.g. "
                        + differ.subList(0, Math.min(6, differ.size())));
    }

    /**
     * Titles and follows backfilled out of order (3, 1, 2) end with the very cells of days 1, 2, 3 in order: each
     * prefix's top-10 list and each user's adjacency list, at the same times.
     */
    @Test
    void listsLoadedOutOfOrderEndAsInOrder() throws Exception {
        Map<String, List<List<String>>> inputs = new java.util.LinkedHashMap<>();
        for (String kind : List.of("titles", "graph")) {
            File generated = new File(tmp, "lists-" + kind);
            DataGenerator.generate(kind, 3_000, 5, generated.toPath(), 1);
            List<String> lines = new ArrayList<>();
            for (File f : generated.listFiles(f -> !f.getName().startsWith("."))) {
                lines.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
            }
            List<List<String>> split = new ArrayList<>();
            for (int day = 0; day < 3; day++) {
                List<String> today = new ArrayList<>();
                for (int i = day; i < lines.size(); i += 3) {
                    today.add(lines.get(i));
                }
                split.add(today);
                Files.write(new File(tmp, kind + "-day" + (day + 1)).toPath(), today, StandardCharsets.UTF_8);
            }
            inputs.put(kind, split);
        }
        File empty = new File(tmp, "lists-empty");
        Files.write(empty.toPath(), List.of());
        for (String ns : List.of("lists_inorder", "lists_backfill")) {
            try (Admin admin = connection.getAdmin()) {
                admin.createNamespace(NamespaceDescriptor.create(ns).build());
            }
            for (String[] create : new String[][] {{"titles"}, {"graph", "--layouts", "adjacency-ro"}}) {
                File out = new File(tmp, ns + "-create-" + create[0]);
                List<String> args = new ArrayList<>(List.of(create));
                args.addAll(List.of("--input", empty.getPath(), "--output", out.getPath()));
                ok(dumptruck("load", args.toArray(new String[0])));
                ok(dumptruck("bulkload", out.getPath(), "--namespace", ns));
            }
            int[] order = ns.endsWith("inorder") ? new int[] {1, 2, 3} : new int[] {3, 1, 2};
            for (int day : order) {
                for (String[] kind : new String[][] {{"titles"}, {"graph", "--layouts", "adjacency-ro"}}) {
                    String out = ns + "-" + kind[0] + "-" + day;
                    List<String> args = new ArrayList<>(List.of(kind));
                    args.addAll(List.of(
                            "--input",
                            new File(tmp, kind[0] + "-day" + day).getPath(),
                            "--output",
                            new File(tmp, out).getPath(),
                            "--timestamp",
                            String.valueOf(timestamp(day)),
                            "--live",
                            "--namespace",
                            ns,
                            "--batch",
                            "day-" + day));
                    ok(dumptruck("load", args.toArray(new String[0])));
                    ok(bulkload(out));
                }
            }
        }
        for (String table : List.of("title_autocomp", "adjacency_ro")) {
            assertSameCells(cells("lists_inorder", table), cells("lists_backfill", table), table);
            assertFalse(cells("lists_inorder", table).isEmpty(), table);
        }
    }

    /** Every cell HBase shows of {@code ns:table}, with its timestamp: row/family:qualifier/timestamp → value. */
    static TreeMap<String, String> cells(String ns, String table) throws Exception {
        TreeMap<String, String> out = new TreeMap<>();
        try (Table t = connection.getTable(TableName.valueOf(ns, table));
                ResultScanner scanner = t.getScanner(new Scan().readVersions(5))) {
            for (Result row : scanner) {
                for (Cell c : row.rawCells()) {
                    out.put(
                            Bytes.toStringBinary(CellUtil.cloneRow(c)) + "/"
                                    + Bytes.toString(CellUtil.cloneFamily(c)) + ":"
                                    + Bytes.toStringBinary(CellUtil.cloneQualifier(c)) + "/" + c.getTimestamp(),
                            org.apache.hadoop.hbase.util.Bytes.toStringBinary(
                                    org.apache.hadoop.hbase.CellUtil.cloneValue(c)));
                }
            }
        }
        return out;
    }

    /**
     * A family dropped between the load and its bulk load is refused in one line naming it, and nothing is loaded or
     * committed.
     */
    @Test
    void aFamilyDroppedBeforeTheBulkLoadIsRefusedNamingIt() throws Exception {
        String ns = "dropped";
        tables(ns);
        ok(loadDay(ns, 1, "dropped-1"));
        try (Admin admin = connection.getAdmin()) {
            admin.deleteColumnFamily(TableName.valueOf(ns, "cookie_url_count"), Bytes.toBytes("d"));
        }
        refused(bulkload("dropped-1"), "has no family d (dropped since the load?)");
        TableLedger after = ledger(ns, "cookie_url_count");
        assertEquals(0, after.commits());
        assertEquals(null, after.lease());
        assertFalse(new File(tmp, "dropped-1/cookie_stats/_BULKLOADED").exists(), "nothing loaded");
    }

    /**
     * A batch loaded wrong (day 2 loaded from the wrong file), replaced as the docs say: the tables restored from a
     * snapshot taken before it, the batches since forgotten in the ledger, and re-run in any order — the tables end as
     * days 1, 2, 3.
     */
    @Test
    void aBatchLoadedWrongIsReplacedByRestoringAndForgetting() throws Exception {
        String ns = "replace";
        tables(ns);
        ok(loadDay(ns, 1, "replace-1"));
        ok(bulkload("replace-1"));
        List<String> tables = List.of("cookie_url_count", "cookie_stats");
        try (Admin admin = connection.getAdmin()) {
            for (String t : tables) {
                admin.snapshot("replace_before_2_" + t, TableName.valueOf(ns, t));
            }
        }
        ok(dumptruck(
                "load",
                "weblogs",
                "--input",
                input(4).getPath(),
                "--output",
                new File(tmp, "replace-2-wrong").getPath(),
                "--timestamp",
                String.valueOf(timestamp(2)),
                "--daily",
                "forever",
                "--live",
                "--namespace",
                ns,
                "--batch",
                "day-2"));
        ok(bulkload("replace-2-wrong"));
        ok(loadDay(ns, 3, "replace-3"));
        ok(bulkload("replace-3"));
        // the ledger holds day-2 with other records: the corrected run is refused, naming the undo
        refused(loadDay(ns, 2, "replace-2-again"), "--undo day-2");
        try (Admin admin = connection.getAdmin()) {
            for (String t : tables) {
                admin.disableTable(TableName.valueOf(ns, t));
                admin.restoreSnapshot("replace_before_2_" + t);
                admin.enableTable(TableName.valueOf(ns, t));
            }
        }
        for (String t : tables) {
            Run forgot = dumptruck("ledger", ns + ":" + t, "--forget", "day-2", "--forget", "day-3");
            ok(forgot);
            assertTrue(forgot.out().contains("forgot batch day-3 in replace:" + t), forgot.out());
        }
        ok(loadDay(ns, 3, "replace-3-again"));
        ok(bulkload("replace-3-again"));
        ok(loadDay(ns, 2, "replace-2-right"));
        ok(bulkload("replace-2-right"));
        assertHolds(ns, 1, 2, 3);
    }

    /**
     * Snapshots a killed load took (its process gone, or never recorded) are deleted by the next load of the same
     * tables; a running load's and a user's own are kept.
     */
    @Test
    void aKilledLoadsSnapshotsAreGoneAfterTheNextLoad() throws Exception {
        String ns = "leftover";
        tables(ns);
        TableName counts = TableName.valueOf(ns, "cookie_url_count");
        Ledger ledger = Ledger.of(connection, hbase.getConfiguration());
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String killed = "dumptruck-cookie_url_count-1700000000000-0badf00d"; // its process is gone
        String unrecorded = "dumptruck-cookie_url_count-1700000000000-0ddba11a"; // its load never recorded itself
        String running = "dumptruck-cookie_url_count-1700000000000-a1b2c3d4"; // its load runs (this process)
        RunningLoad alive = RunningLoad.here("a1b2c3d4-live", running);
        ledger.register(counts, new RunningLoad("0badf00d-dead", alive.host(), gone.pid(), alive.beat(), killed));
        ledger.register(counts, alive);
        try (Admin admin = connection.getAdmin()) {
            for (String name : List.of(killed, unrecorded, running, "dumptruck-cookie_url_count-mine")) {
                admin.snapshot(name, counts);
            }
        }
        Run next = loadDay(ns, 1, "leftover-1");
        ok(next);
        assertTrue(next.out().contains("deleted snapshot(s) "), next.out());
        assertTrue(next.out().contains("kept snapshot " + running), next.out());
        try (Admin admin = connection.getAdmin()) {
            List<String> left = admin.listSnapshots().stream()
                    .filter(d -> d.getTableName().equals(counts))
                    .map(SnapshotDescription::getName)
                    .filter(n -> n.startsWith("dumptruck-cookie_url_count"))
                    .sorted()
                    .toList();
            String own = "dumptruck-cookie_url_count-" + timestamp(1) + "-";
            assertEquals(
                    List.of(running, "dumptruck-cookie_url_count-mine"),
                    left.stream().filter(n -> !n.startsWith(own)).toList());
            assertEquals(1, left.stream().filter(n -> n.startsWith(own)).count(), "the load's own, kept: " + left);
            admin.deleteSnapshot("dumptruck-cookie_url_count-mine");
            admin.deleteSnapshot(running);
        }
        List<RunningLoad> records = ledger.running(counts);
        assertEquals(
                List.of("a1b2c3d4-live"),
                records.stream()
                        .filter(r -> !r.finished())
                        .map(RunningLoad::load)
                        .toList(),
                "the killed load's record went with its snapshot");
        assertEquals(1, records.stream().filter(RunningLoad::finished).count(), "the load's own, finished: " + records);

        // once another batch is committed first, the finished load's output can never be committed: the next load
        // deletes its snapshot; the committed batch's snapshot is kept for undo
        ok(loadDay(ns, 2, "leftover-2"));
        ok(bulkload("leftover-2"));
        Run after = loadDay(ns, 3, "leftover-3");
        ok(after);
        assertTrue(after.out().contains("can no longer be committed"), after.out());
        String kept =
                ledger(ns, "cookie_url_count").holding("day-2").orElseThrow().before();
        try (Admin admin = connection.getAdmin()) {
            List<String> left = admin.listSnapshots().stream()
                    .filter(d -> d.getTableName().equals(counts))
                    .map(SnapshotDescription::getName)
                    .toList();
            assertTrue(left.contains(kept), kept + " kept for undo: " + left);
            assertFalse(
                    left.stream().anyMatch(n -> n.startsWith("dumptruck-cookie_url_count-" + timestamp(1) + "-")),
                    left.toString());
        }
    }

    /** Every way into a wrong state is refused in one line, exit 2, before anything is loaded. */
    @Test
    void waysIntoAWrongStateAreRefused() throws Exception {
        String ns = "hostile";
        tables(ns);
        ok(loadDay(ns, 1, "hostile-1"));
        ok(bulkload("hostile-1"));

        // bulkload goes into the tables the load was matched to, not into default:
        refused(bulkload("hostile-1", "--namespace", "default"), "leave --namespace out");
        try (Admin admin = connection.getAdmin()) {
            assertFalse(admin.tableExists(TableName.valueOf("cookie_url_count")));
        }
        // a plain load onto folded tables
        File plain = new File(tmp, "hostile-plain");
        ok(dumptruck(
                "load", "weblogs", "--input", input(2).getPath(), "--output", plain.getPath(), "--daily", "forever"));
        refused(dumptruck("bulkload", plain.getPath(), "--namespace", ns), "--replace-folded");
        // a pinned snapshot of another table, of none, with a namespace, stale; a misspelt pin key
        try (Admin admin = connection.getAdmin()) {
            admin.snapshot("hostile_stats", TableName.valueOf(ns, "cookie_stats"));
        }
        String pin = "dumptruck.load.snapshot.cookie_url_count=";
        refused(loadDay(ns, 2, "hostile-2a", "-D", pin + "hostile_stats"), "is of hostile:cookie_stats");
        refused(loadDay(ns, 2, "hostile-2b", "-D", pin + "nothing_here"), "no snapshot 'nothing_here'");
        refused(loadDay(ns, 2, "hostile-2c", "-D", pin + "ns:name"), "is not a snapshot name");
        refused(
                loadDay(ns, 2, "hostile-2d", "-D", "dumptruck.load.snapshot.cookie_url_cont=x"),
                "fix the table's name");
        try (Admin admin = connection.getAdmin()) {
            admin.snapshot("hostile_old", TableName.valueOf(ns, "cookie_url_count"));
        }
        ok(loadDay(ns, 2, "hostile-2"));
        ok(bulkload("hostile-2"));
        refused(loadDay(ns, 3, "hostile-3", "-D", pin + "hostile_old"), "would undo what came since");
        // one table of a folded output alone
        ok(loadDay(ns, 3, "hostile-3"));
        refused(bulkload("hostile-3/cookie_url_count"), "commit together");
        for (String d : List.of("hostile-2a", "hostile-2b", "hostile-2c", "hostile-2d")) {
            assertFalse(new File(tmp, d).exists(), d + " left behind");
        }
        assertHolds(ns, 1, 2);
    }
}
