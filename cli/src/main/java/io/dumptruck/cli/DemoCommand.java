package io.dumptruck.cli;

import io.dumptruck.formats.output.TableFigures;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.PreparedLoad;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * {@code dumptruck demo}: loads every bundled sample with every loader, in local mode, into a fresh directory, prints
 * rows, cells and bytes per table, asks each table the questions it was designed for with the same code as
 * {@code dumptruck query}, then runs every analytics job over the tables and inspects one ({@code dumptruck run},
 * {@code dumptruck inspect}).
 */
final class DemoCommand extends Command {
    /** The load timestamp of the demo, so that two demo runs write the same cells. */
    static final long TIMESTAMP = 1_800_000_000_000L;

    /** One load of the demo: a loader, its sample folder, its options, the output folder name. */
    record Step(String loader, String sample, Map<String, String> options, String output) {}

    static final List<Step> STEPS = List.of(
            new Step("graph", "graph", Map.of("layouts", "edges,adjacency,adjacency-ro"), "graph"),
            // the sample's days stay in the daily counts whenever the demo runs: kept forever, not the default 90 days
            new Step("weblogs", "weblogs", Map.of("daily", "forever"), "weblogs"),
            new Step("geo", "geo", Map.of("regions-file", "regions/regions.geojson", "zooms", "2-6"), "geo"),
            new Step("titles", "titles", Map.of(), "titles"),
            new Step("ipblocks", "ipblocks", Map.of(), "ipblocks"),
            new Step("events", "events", Map.of("layout", "bucketed", "buckets", "4"), "events-bucketed"),
            new Step("events", "events", Map.of("layout", "host-first"), "events-host-first"),
            new Step("events", "events", Map.of("layout", "hashed"), "events-hashed"),
            new Step("events", "events", Map.of("layout", "numeric"), "events-numeric"),
            new Step("spec", "spec/blog", Map.of("spec", "spec/blog-spec.json"), "blog"),
            new Step("spec", "spec/users", Map.of("spec", "spec/users-spec.json"), "users"));

    @Override
    public String summary() {
        return "load every bundled sample in local mode, answer each table's questions, run every analytics job";
    }

    @Override
    public String usage() {
        return "dumptruck demo [--output DIR] [--samples DIR]   (always local mode)\n"
                + "  --output DIR    a new directory, one load output per folder (default: dumptruck-demo/<date-time>)\n"
                + "  --samples DIR   the sample data (default: sample-data of this installation)";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("output", "samples"), Set.of());
        args.expectPositionals(0);
        java.nio.file.Path samples = Paths.get(
                        args.has("samples")
                                ? args.get("samples")
                                : System.getProperty("dumptruck.home", ".") + File.separator + "sample-data")
                .toAbsolutePath()
                .normalize();
        if (!Files.isDirectory(samples.resolve("graph"))) {
            throw new UsageException(
                    "no sample data in " + samples + "; run from the dumptruck folder or give --samples DIR");
        }
        java.nio.file.Path base = Paths.get(
                        args.has("output")
                                ? args.get("output")
                                : "dumptruck-demo/"
                                        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))
                .toAbsolutePath();
        if (Files.exists(base)) {
            throw new UsageException(base + " already exists; give --output a new directory");
        }
        // The demo is a local-mode run on the local file system, whatever the Hadoop configuration says.
        getConf().set("fs.defaultFS", "file:///");
        getConf().set("mapreduce.framework.name", "local");
        out.println("dumptruck demo: loading " + samples + " into " + base);
        Map<String, TableFigures> figures = new LinkedHashMap<>();
        long started = System.currentTimeMillis();
        for (Step step : STEPS) {
            Loader loader = LoaderCatalog.all().get(step.loader());
            Map<String, String> loaderOptions = new HashMap<>(step.options());
            loaderOptions.replaceAll((k, v) ->
                    loader.fileOptions().contains(k) ? samples.resolve(v).toString() : v);
            LoadOptions options = new LoadOptions(
                    List.of(new Path(samples.resolve(step.sample()).toString())),
                    new Path(base.resolve(step.output()).toString()),
                    2,
                    TIMESTAMP,
                    0.5,
                    loaderOptions);
            PreparedLoad load = LoadJob.prepare(getConf(), loader, options);
            JobProgress.run(load.job(), out, err);
            LoadReport report = load.finish();
            if (report.failed()) {
                throw new IllegalStateException(step.output() + ": " + report.failure());
            }
            out.printf(
                    "  %-18s %,6d records read = %,6d loaded + %,3d rejected%s%n",
                    step.output(),
                    report.read(),
                    report.loaded(),
                    report.rejected(),
                    report.rejected() > 0 ? "  (reasons: " + report.rejectReasons() + ")" : "");
            report.tables().forEach((table, t) -> figures.put(step.output() + "/" + table, t));
        }
        out.printf(
                "%nloaded in %.1f s%n%n%-34s %8s %8s %10s %12s%n",
                (System.currentTimeMillis() - started) / 1000.0, "table", "files", "rows", "cells", "bytes");
        figures.forEach((table, t) ->
                out.printf("%-34s %8d %8d %10d %12d%n", table, t.files(), t.rows(), t.cells(), t.bytes()));

        String b = base.toString();
        ask(out, "query", "follows", b + "/graph", "alice");
        ask(out, "query", "follows", b + "/graph", "alice", "celebrity");
        ask(out, "query", "follows", b + "/graph", "celebrity", "alice");
        ask(out, "query", "followers", b + "/graph", "celebrity", "--limit", "8");
        ask(out, "query", "autocomplete", b + "/titles", "san");
        ask(out, "query", "autocomplete", b + "/titles", "New Y");
        ask(out, "query", "places", b + "/geo", "38.7223", "-9.1393", "--zoom", "10", "--limit", "8");
        ask(out, "query", "places", b + "/geo", "38.7223", "-9.1393", "--zoom", "10", "--neighbours", "--limit", "12");
        ask(out, "query", "visits", b + "/weblogs", "c-7f3a", "--limit", "5");
        ask(out, "query", "daily", b + "/weblogs", "c-7f3a");
        ask(out, "query", "ip", b + "/ipblocks", "8.8.8.8");
        ask(out, "query", "ip", b + "/ipblocks", "2a00:1450::200e");
        ask(out, "query", "ip", b + "/ipblocks", "203.0.113.9");
        for (String layout : List.of("bucketed", "host-first")) { // the design made for it, and one that is not
            ask(
                    out,
                    "query",
                    "window",
                    b + "/events-" + layout,
                    "--event",
                    "cpu",
                    "--from",
                    "1763712000000",
                    "--to",
                    "1763719200000",
                    "--limit",
                    "3",
                    "--reads");
        }
        ask(out, "query", "adjacency", b + "/graph", "alice");
        ask(out, "query", "adjacency-ro", b + "/graph", "alice", "--reads");
        ask(out, "query", "feature", b + "/geo", "P", "3039154");
        ask(out, "query", "region", b + "/geo", "admin1", "PT-11");
        ask(out, "query", "tile", b + "/geo", "6", "30", "24");
        ask(out, "query", "tile", b + "/geo", "9", "243", "196", "--types", "admin1", "--reads");
        ask(out, "query", "front-page", b + "/blog", "bl");
        ask(out, "query", "entry", b + "/blog", "bl", "20070211100000");
        ask(out, "query", "entries", b + "/blog", "nw", "200703");
        ask(out, "query", "user", b + "/users", "jim");
        ask(out, "query", "user", b + "/users", "jim", "--password", "correct horse battery staple");
        for (String layout : List.of("bucketed", "host-first", "hashed", "numeric")) {
            ask(
                    out,
                    "query",
                    "events",
                    b + "/events-" + layout,
                    "web-01",
                    "--event",
                    "cpu",
                    "--from",
                    "1763712000000",
                    "--to",
                    "1763719200000",
                    "--limit",
                    "3");
        }
        String a = b + "/analytics";
        out.println();
        out.println("Analytics jobs over the tables, each into its own folder of " + a + ":");
        ask(out, "run", "journeys", "--tables", b + "/weblogs", "--output", a + "/journeys");
        ask(out, "run", "top-pages", "--tables", b + "/weblogs", "--output", a + "/top-pages", "--top", "3");
        ask(out, "run", "graph-stats", "--tables", b + "/graph", "--output", a + "/graph-stats", "--top", "3");
        ask(
                out,
                "run",
                "tile-density",
                "--tables",
                b + "/geo",
                "--output",
                a + "/tile-density",
                "--zoom",
                "4",
                "--picture",
                "density.svg");
        ask(
                out,
                "run",
                "event-rollup",
                "--tables",
                b + "/events-bucketed",
                "--output",
                a + "/event-rollup",
                "--format",
                "tsv",
                "--from",
                "1763712000000",
                "--to",
                "1763719200000");
        ask(out, "inspect", b + "/events-bucketed/log_data", "--picture", a + "/log_data-regions.svg");
        out.println();
        out.println("Each folder of " + b + " is one load's output; load a table into HBase with the same splits with");
        out.println("  dumptruck ddl " + b + "/graph     (prints the create statements), then");
        out.println("  hbase completebulkload " + b + "/graph/follows follows");
        out.println("See the regions and places on a map, with the other questions beside it:");
        out.println("  bin/dumptruck serve " + b + "     then open http://127.0.0.1:8080/");
        return 0;
    }

    /** Runs a command as {@code dumptruck <command…>} would, after printing it. */
    private void ask(PrintStream out, String... command) throws Exception {
        out.println();
        out.println("$ dumptruck " + String.join(" ", command));
        Command c = Main.COMMANDS.get(command[0]).get();
        c.setConf(getConf());
        c.run(Arrays.copyOfRange(command, 1, command.length));
    }
}
