package io.dumptruck.loaders;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.job.LiveTables;
import io.dumptruck.formats.read.SnapshotDirs;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.ledger.BatchId;
import io.dumptruck.loaders.ledger.FoldedBatch;
import io.dumptruck.loaders.live.HeldSnapshots;
import io.dumptruck.loaders.live.HeldState;
import io.dumptruck.loaders.live.LiveConf;
import io.dumptruck.loaders.live.LiveHBase;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * What a load would do, found by every check {@link LoadJob#prepare} makes before its job, without claiming the output
 * or starting a job ({@code load --dry-run}): the inputs with their sizes, and per table its regions and family
 * settings — the live table's when the load is matched to one.
 *
 * @param live the live table each table is matched to, by position (null entries when not matched)
 * @param folds per live table the load reads to fold into, where it reads it from
 * @param batch what the ledger holds of the tables a folding load folds into (null for a load that does not fold)
 * @param reducers the reducers the load will run ({@code HFileTableJob.reducers}) for the tables' regions
 */
public record LoadPlan(
        String loader,
        InputFiles inputs,
        List<TableSpec> tables,
        List<LiveTables.Match> live,
        Map<String, String> folds,
        FoldedBatch batch,
        int reducers) {
    /** Plans {@code options}; refuses what {@link LoadJob#prepare} refuses, with the same errors. */
    public static LoadPlan of(Configuration conf, Loader loader, LoadOptions options) throws IOException {
        InputFiles inputs = InputChecks.check(conf, options);
        OutputDirectory.checkNew(options.output(), conf);
        List<TableSpec> tables = loader.tables(conf, options);
        List<LiveTables.Match> live = new ArrayList<>();
        if (options.live() == null) {
            tables.forEach(t -> live.add(null));
        } else {
            Map<String, TableName> names =
                    options.live().of(tables.stream().map(TableSpec::name).toList());
            try (Connection hbase = LiveHBase.connect(conf)) {
                for (TableSpec t : tables) {
                    live.add(LiveTables.match(hbase, names.get(t.name()), t));
                }
            }
        }
        for (int i = 0; i < tables.size(); i++) {
            (live.get(i) == null ? tables.get(i) : live.get(i).spec()).checkCodecsAvailable();
        }
        HeldState.Plan held = options.live() == null || !LiveConf.folds(conf) ? null : loader.heldState(options);
        FoldedBatch batch = null;
        if (held != null) {
            Map<String, TableName> folded = new LinkedHashMap<>();
            held.folded().forEach(t -> folded.put(t, options.live().nameOf(t)));
            try (Connection hbase = LiveHBase.connect(conf)) {
                batch = FoldedBatch.read(hbase, conf, BatchId.of(conf, inputs.files()), folded);
            }
        }
        int regions = regions(tables, live);
        return new LoadPlan(
                loader.name(),
                inputs,
                tables,
                live,
                held == null ? Map.of() : folds(conf, held),
                batch,
                HFileTableJob.reducers(conf, regions, inputs::bytes));
    }

    /** Per table read to fold into, its snapshot: the one pinned (which must exist) or one taken at set-up. */
    private static Map<String, String> folds(Configuration conf, HeldState.Plan held) {
        HeldSnapshots.requireRoot(conf);
        Map<String, String> folds = new TreeMap<>();
        for (String table : held.readers().keySet()) {
            String pinned = HeldSnapshots.pinned(conf, table);
            if (pinned != null) {
                HeldSnapshots.checkPinnedName(table, pinned);
                SnapshotDirs.existing(conf, pinned);
            }
            folds.put(
                    table,
                    pinned == null
                            ? "a snapshot taken when the load starts (deleted when it ends)"
                            : "snapshot " + pinned + " (" + LiveConf.HELD_SNAPSHOT.key() + table + ")");
        }
        return folds;
    }

    public long inputBytes() {
        return inputs.bytes();
    }

    /** The plan as {@code load --dry-run} prints it; at most {@code maxFiles} input files are listed by name. */
    public void print(PrintStream out, int maxFiles) {
        List<FileStatus> files = inputs.files();
        out.printf("plan of load %s (dry run: no job was started, nothing was written)%n", loader);
        out.printf("input: %,d file(s), %,d bytes%n", files.size(), inputBytes());
        files.stream().limit(maxFiles).forEach(f -> out.printf("  %s  %,d bytes%n", f.getPath(), f.getLen()));
        if (files.size() > maxFiles) {
            out.printf("  … and %,d more%n", files.size() - maxFiles);
        }
        if (!inputs.skipped().isEmpty()) {
            out.printf(
                    "  %,d hidden file(s) skipped (names starting with _ or .)%n",
                    inputs.skipped().size());
        }
        if (batch != null) {
            out.println("batch " + batch.batch() + " (the ledger records it when the output is bulk-loaded):");
            batch.describe().forEach(line -> out.println("  " + line));
        }
        for (int i = 0; i < tables.size(); i++) {
            LiveTables.Match m = live.get(i);
            TableSpec t = m == null ? tables.get(i) : m.spec();
            out.printf(
                    "table %s: %s%n",
                    t.name(),
                    m == null
                            ? regions(t.regions())
                            : "matched to the live table " + m.name() + ", " + m.regions()
                                    + " region(s) as HBase serves it now");
            for (FamilySpec f : t.families()) {
                out.printf("  family %s: %s%n", f.name(), f.describe());
            }
            if (m != null && !m.overrides().isEmpty()) {
                out.println("  the live table changes the load's settings: " + String.join("; ", m.overrides()));
            }
            if (folds.containsKey(t.name())) {
                out.println("  folds into what the live table holds, read from " + folds.get(t.name())
                        + "; only what this input changes is written");
            }
        }
        int regions = regions(tables, live);
        out.printf(
                "reducers: %,d for %,d region(s)%s%n",
                reducers,
                regions,
                reducers < regions
                        ? ", each writing a run of consecutive regions (a reducer per "
                                + FormatConf.OUTPUT_REDUCER_INPUT_BYTES.key() + " of input)"
                        : ", one per region");
    }

    /** The regions of every table, the live table's where the load is matched to one. */
    private static int regions(List<TableSpec> tables, List<LiveTables.Match> live) {
        int regions = 0;
        for (int i = 0; i < tables.size(); i++) {
            regions += live.get(i) == null
                    ? tables.get(i).regions().count()
                    : live.get(i).regions();
        }
        return regions;
    }

    private static String regions(RegionSplits r) {
        if (r.needsSample()) {
            return r.count() + " region(s), split points sampled from the input when the load starts";
        }
        int n = r.resolved().splitPoints().size() + 1;
        return n + " region(s)"
                + (r.kind() == RegionSplits.Kind.SINGLE
                        ? ""
                        : " (" + r.kind().name().toLowerCase(Locale.ROOT) + " split points)");
    }
}
