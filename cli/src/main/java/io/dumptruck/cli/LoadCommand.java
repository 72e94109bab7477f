package io.dumptruck.cli;

import io.dumptruck.formats.runtime.JobStopHook;
import io.dumptruck.formats.runtime.LocalMode;
import io.dumptruck.formats.runtime.OutputDirectoryException;
import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.LoadCounter;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadPlan;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.ledger.BatchId;
import io.dumptruck.loaders.live.LiveMatch;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.util.ShutdownHookManager;

/** {@code dumptruck load <loader> --input PATH… --output DIR [options]}: one MapReduce load into HFile tables. */
final class LoadCommand extends Command {
    static final double DEFAULT_MAX_REJECT_RATIO = 0.05;

    @Override
    public String summary() {
        return "load raw data into HFile tables: "
                + String.join(", ", LoaderCatalog.all().keySet());
    }

    @Override
    public String usage() {
        StringBuilder b = new StringBuilder();
        b.append("dumptruck load <loader> --input PATH [--input PATH…] --output DIR [options]\n");
        b.append(
                "  --input PATH           files, directories or globs, local or HDFS; .gz/.bz2 are decompressed (repeat, or comma-separate)\n");
        b.append(
                "  --output DIR           a new directory: <DIR>/<table>/<family>/<hfile>, rejects in <DIR>/_rejects\n");
        b.append("  --regions N            regions per table (default 1)\n");
        b.append(
                "  --timestamp T          cell timestamp (epoch ms) for records without a time (default: now); fix it for reproducible loads\n");
        b.append(
                "  --any-timestamp        take a --timestamp before 1973 (seconds?) or more than two days ahead (refused without)\n");
        b.append("  --max-reject-ratio R   fail the load when rejected/read > R (default " + DEFAULT_MAX_REJECT_RATIO
                + ")\n");
        b.append(
                "  --live                 match the tables HBase serves now (hbase-site.xml or -D hbase.zookeeper.quorum=…): their region\n");
        b.append(
                "                         bounds become the split points, their families' settings the files' settings\n");
        b.append("  --namespace NS         with --live: the live tables are in namespace NS (default: default)\n");
        b.append(
                "  --live-name T=[NS:]N   with --live: the load's table T goes into the live table [NS:]N (repeat, or comma-separate)\n");
        b.append(
                "  --batch ID             with --live, for loads that fold: the batch the ledger records (e.g. the day; default:\n");
        b.append(
                "                         derived from the input files); a batch a table holds already is not folded again:\n");
        b.append(
                "                         its input is read, the same records do nothing, other records are refused\n");
        b.append(
                "  --again                with --live: load the records even when a batch the tables hold has the same ones\n");
        b.append("                         (as a new batch: they count twice); without it such a load is refused\n");
        b.append(
                "  --dry-run              check the options, inputs and live tables, print the plan (tables, regions, family\n");
        b.append("                         settings, input files and bytes) and stop: no job, nothing written\n");
        for (Loader l : LoaderCatalog.all().values()) {
            b.append("\n").append(l.name()).append(": ").append(l.summary()).append("\n");
            l.options().forEach((name, help) -> b.append(String.format("  --%-20s %s%n", name + " …", help)));
        }
        return b.toString();
    }

    @Override
    public int run(String[] argv) throws Exception {
        if (argv.length == 0) {
            throw new UsageException(
                    "name a loader: " + String.join(", ", LoaderCatalog.all().keySet()));
        }
        Loader loader = LoaderCatalog.all().get(argv[0]);
        if (loader == null) {
            throw new UsageException("unknown loader '" + argv[0] + "'; loaders: "
                    + String.join(", ", LoaderCatalog.all().keySet()));
        }
        Set<String> valued = new HashSet<>(Set.of(
                "input", "output", "regions", "timestamp", "max-reject-ratio", "namespace", "live-name", "batch"));
        valued.addAll(loader.options().keySet());
        Args args = new Args(
                Arrays.copyOfRange(argv, 1, argv.length), valued, Set.of("live", "dry-run", "any-timestamp", "again"));
        args.expectPositionals(0);
        if (!args.flag("live")
                && (args.has("namespace") || args.has("live-name") || args.has("batch") || args.flag("again"))) {
            throw new UsageException("--namespace, --live-name, --batch and --again go with --live");
        }
        if (args.flag("again")) {
            getConf().setBoolean(BatchId.AGAIN.key(), true);
        }
        if (args.has("batch")) {
            getConf().set(BatchId.BATCH.key(), args.get("batch"));
        }
        LoadOptions options = options(loader, args);
        if (args.has("timestamp") && !args.flag("any-timestamp")) {
            refuseUnlikely(options.timestamp(), System.currentTimeMillis());
        }
        PreparedLoad load;
        try {
            if (args.flag("dry-run")) {
                LoadPlan.of(getConf(), loader, options).print(out, 20);
                return 0;
            }
            LocalMode.requireShuffleOnSecureCluster(getConf());
            load = LoadJob.prepare(getConf(), loader, options);
        } catch (IllegalArgumentException
                | FileNotFoundException
                | FileAlreadyExistsException
                | OutputDirectoryException
                | AccessControlException e) {
            // bad options, an input that is not there or may not be read, an output that is or cannot be: the command
            // line
            // needs fixing, as for `run`
            throw new UsageException(e.getMessage(), e);
        }
        int files = load.inputs().files().size();
        out.println("load " + loader.name() + ": "
                + String.join(
                        ", ", options.inputs().stream().map(Path::toString).toList()) + " -> " + options.output() + " ("
                + files + (files == 1 ? " input file)" : " input files)"));
        load.matched().forEach(m -> out.println("  matched to the live table: " + m.describe()));
        load.notes().forEach(line -> out.println("  " + line));
        if (load.batch() != null) {
            out.println("  batch " + load.batch().batch() + " (the ledger's record of what each folded table holds: "
                    + "dumptruck ledger TABLE)");
        }
        if (!load.runs()) {
            LoadReport nothing = load.finish();
            if (nothing.file() != null) {
                out.println("report (JSON): " + nothing.file());
            }
            return 0;
        }
        List<Path> skipped = load.inputs().skipped();
        if (!skipped.isEmpty()) {
            out.println("  skipped hidden files (names starting with _ or .; name one to read it): " + skipped.size()
                    + " (" + InputFiles.examples(skipped) + ")");
        }
        Runnable dropSnapshots = () -> load.snapshots().delete(); // a stopped load leaves no snapshot behind
        ShutdownHookManager.get().addShutdownHook(dropSnapshots, JobStopHook.PRIORITY - 1);
        try {
            JobProgress.run(load.job(), out, err);
        } finally {
            try {
                ShutdownHookManager.get().removeShutdownHook(dropSnapshots);
            } catch (IllegalStateException stopping) {
                // the JVM is stopping: the hook deletes them
            }
        }
        LoadReport report;
        try {
            report = load.finish();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e); // refused after the job: its records are held already
        }
        if (load.job().isSuccessful()) { // a failed job's counters are partial: only its one-line reason is printed
            print(loader, report, out);
            long unreadable = load.job()
                    .getCounters()
                    .findCounter(LoadCounter.HELD_ROWS_UNREADABLE)
                    .getValue();
            if (unreadable > 0) {
                out.printf(
                        "held rows not folded: %,d row(s) of the live tables hold cells their schema cannot read (the "
                                + "task logs name the first ones); the input's figures replace theirs%n",
                        unreadable);
            }
        }
        if (report.failed()) {
            throw new IllegalStateException(report.failure());
        }
        return 0;
    }

    private static LoadOptions options(Loader loader, Args args) {
        List<Path> inputs = new ArrayList<>();
        args.getAll("input").forEach(i -> inputs.add(new Path(i)));
        if (!args.has("output")) {
            throw new UsageException("missing --output DIR (a directory that does not exist yet)");
        }
        Map<String, String> extra = new LinkedHashMap<>();
        for (String name : loader.options().keySet()) {
            if (args.has(name)) {
                extra.put(name, args.get(name));
            }
        }
        double ratio;
        try {
            ratio = args.has("max-reject-ratio")
                    ? Double.parseDouble(args.get("max-reject-ratio"))
                    : DEFAULT_MAX_REJECT_RATIO;
        } catch (NumberFormatException e) {
            throw new UsageException(
                    "--max-reject-ratio takes a number between 0 and 1, got '" + args.get("max-reject-ratio") + "'");
        }
        try {
            LoadOptions options = new LoadOptions(
                    inputs,
                    new Path(args.path("output")),
                    args.getInt("regions", 1, 1, LoadOptions.MAX_REGIONS),
                    args.getLong("timestamp", System.currentTimeMillis(), 0),
                    ratio,
                    extra);
            return args.flag("live") ? options.matching(live(args)) : options;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /** The earliest {@code --timestamp} taken without {@code --any-timestamp}: 1973-03-03, 10^11 ms. */
    static final long EARLIEST_LIKELY = 100_000_000_000L;
    /** How far past now a {@code --timestamp} may be without {@code --any-timestamp}: two days. */
    static final long LATEST_LIKELY_AHEAD = 2 * 86_400_000L;

    /**
     * Refuses a {@code --timestamp} that looks like seconds (before 1973 in milliseconds: the folded cells would sit in
     * 1970, under every real one) or lies more than two days ahead (every later night's cells would hide under it).
     */
    static void refuseUnlikely(long timestamp, long now) {
        if (timestamp < EARLIEST_LIKELY) {
            throw new UsageException("--timestamp " + timestamp + " is " + java.time.Instant.ofEpochMilli(timestamp)
                    + " in milliseconds: seconds since 1970? Give milliseconds (" + timestamp + "000), or add "
                    + "--any-timestamp if this time is meant");
        }
        if (timestamp > now + LATEST_LIKELY_AHEAD) {
            throw new UsageException("--timestamp " + timestamp + " is " + java.time.Instant.ofEpochMilli(timestamp)
                    + ", in the future: the cells of every load before then would hide under its cells; give the "
                    + "batch's own time, or add --any-timestamp if this time is meant");
        }
    }

    /** {@code --live} with its {@code --namespace} and {@code --live-name} (which go only with it). */
    private static LiveMatch live(Args args) {
        if (args.has("regions")) {
            throw new UsageException("--regions cannot go with --live: the live tables' regions are the load's");
        }
        Map<String, String> names = new LinkedHashMap<>();
        for (String pair : args.getAll("live-name")) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new UsageException("--live-name takes TABLE=[NAMESPACE:]NAME, got '" + pair + "'");
            }
            names.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return new LiveMatch(args.has("namespace") ? args.get("namespace") : null, names);
    }

    static void print(Loader loader, LoadReport r, PrintStream out) {
        out.println();
        out.printf(
                "records: %,d read = %,d loaded + %,d rejected%s%n",
                r.read(),
                r.loaded(),
                r.rejected(),
                r.skipped() > 0 ? String.format("  (%,d blank, comment or header lines skipped)", r.skipped()) : "");
        if (!r.rejectReasons().isEmpty()) {
            out.println("rejects by reason: "
                    + String.join(
                            ", ",
                            r.rejectReasons().entrySet().stream()
                                    .map(e -> e.getKey() + " " + e.getValue())
                                    .toList()));
            out.println("rejected records (position, reason, detail, record): " + r.rejects());
        }
        LoadReport.CellsDropped d = r.dropped();
        if (d.duplicates() > 0) {
            out.printf(
                    "cells: %,d exact copies of another cell (same row, column, timestamp and value) written once%n",
                    d.duplicates());
        }
        if (d.conflicting() > 0) {
            out.printf(
                    "cells: %,d dropped: another cell had the same row, column and timestamp and a greater value, which was kept; "
                            + "listed in %s%n",
                    d.conflicting(), d.conflicts());
        }
        out.printf("%n%-16s %8s %10s %12s %14s%n", "table", "files", "rows", "cells", "bytes");
        r.tables()
                .forEach((table, t) ->
                        out.printf("%-16s %8d %10d %12d %14d%n", table, t.files(), t.rows(), t.cells(), t.bytes()));
        List<String> markers = r.tables().entrySet().stream()
                .filter(t -> t.getValue().markers() > 0)
                .map(t -> t.getKey() + " " + t.getValue().markers())
                .toList();
        if (!markers.isEmpty()) {
            out.println("of the cells, delete markers (tombstones, masking what they delete once bulk-loaded): "
                    + String.join(", ", markers));
        }
        if (r.file() != null) {
            out.println("\nreport (JSON): " + r.file());
        }
    }
}
