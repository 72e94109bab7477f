package io.dumptruck.cli;

import io.dumptruck.formats.runtime.LocalMode;
import io.dumptruck.formats.runtime.OutputDirectoryException;
import io.dumptruck.jobs.AnalyticsJob;
import io.dumptruck.jobs.JobCatalog;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.inspect.HumanBytes;
import io.dumptruck.jobs.output.DatasetReader;
import io.dumptruck.jobs.output.OutputKind;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.security.AccessControlException;

/**
 * {@code dumptruck run <job> --tables DIR --output OUT [--format parquet|avro|tsv] [options]}: one analytics job over
 * loaded tables. Prints progress per stage, then the records per data set with a preview, and what reading the tables
 * cost (files opened and bytes read against the tables' size).
 */
final class RunCommand extends Command {
    static final int PREVIEW_RECORDS = 5;

    @Override
    public String summary() {
        return "run an analytics job over loaded tables: "
                + String.join(", ", JobCatalog.all().keySet());
    }

    @Override
    public String usage() {
        StringBuilder b = new StringBuilder();
        b.append("dumptruck run <job> --tables DIR --output OUT [--format parquet|avro|tsv] [options]\n");
        b.append("  --tables DIR           the output directory of the loads (DIR/<table>/<family>/<hfile>)\n");
        b.append(
                "  --table T=LOCATION     read table T from LOCATION instead: an HBase snapshot (snapshot:NAME, or its directory\n");
        b.append(
                "                         <root>/.hbase-snapshot/NAME), an HBase table directory, or another load's table (repeat)\n");
        b.append("  --output OUT           a new directory: one sub-directory per data set, OUT/<dataset>/part-*\n");
        b.append("  --format F             parquet (default), avro or tsv\n");
        for (AnalyticsJob j : JobCatalog.all().values()) {
            b.append("\n").append(j.name()).append(": ").append(j.summary()).append("\n");
            j.options().forEach((name, help) -> b.append(String.format("  --%-20s %s%n", name + " …", help)));
        }
        return b.toString();
    }

    @Override
    public int run(String[] argv) throws Exception {
        if (argv.length == 0) {
            throw new UsageException(
                    "name a job: " + String.join(", ", JobCatalog.all().keySet()));
        }
        AnalyticsJob job = JobCatalog.all().get(argv[0]);
        if (job == null) {
            throw new UsageException("unknown job '" + argv[0] + "'; jobs: "
                    + String.join(", ", JobCatalog.all().keySet()));
        }
        Set<String> valued = new HashSet<>(Set.of("tables", "table", "output", "format"));
        valued.addAll(job.options().keySet());
        Args args = new Args(Arrays.copyOfRange(argv, 1, argv.length), valued, Set.of());
        args.expectPositionals(0);
        JobOptions options = options(job, args);
        List<String> from = new ArrayList<>();
        if (options.tables() != null) {
            from.add(options.tables().toString());
        }
        options.located().forEach((t, at) -> from.add(t + "=" + at));
        out.println("run " + job.name() + ": " + String.join(", ", from) + " -> " + options.output() + " ("
                + options.format().extension() + ")");
        JobRunner.Report report;
        try {
            LocalMode.requireShuffleOnSecureCluster(getConf());
            report = JobRunner.run(getConf(), job, options, stage -> JobProgress.run(stage, out, err));
        } catch (IllegalArgumentException
                | FileAlreadyExistsException
                | OutputDirectoryException
                | AccessControlException e) {
            // an output that exists, was claimed by another run a moment before, or may not be created
            throw new UsageException(e.getMessage(), e);
        }
        print(options, report, out);
        return 0;
    }

    private JobOptions options(AnalyticsJob job, Args args) {
        Map<String, Path> located = TableLocation.located(getConf(), args.getAll("table"));
        if (!args.has("tables") && located.isEmpty()) {
            throw new UsageException(
                    "missing --tables DIR (the output directory of a load), or --table T=LOCATION for each table");
        }
        if (!args.has("output")) {
            throw new UsageException("missing --output OUT (a directory that does not exist yet)");
        }
        Map<String, String> extra = new LinkedHashMap<>();
        for (String name : job.options().keySet()) {
            if (args.has(name)) {
                extra.put(name, args.get(name));
            }
        }
        try {
            OutputKind kind =
                    OutputKind.named(args.has("format") ? args.get("format") : OutputKind.PARQUET.extension());
            return new JobOptions(
                    args.has("tables") ? new Path(args.path("tables")) : null,
                    new Path(args.path("output")),
                    kind,
                    extra,
                    located);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    private void print(JobOptions options, JobRunner.Report report, PrintStream out) throws IOException {
        JobRunner.ReadFigures r = report.read();
        out.println();
        out.printf(
                "read: %,d HFile opens (the tables hold %,d HFiles, %s), %s read (%.1f%%), %,d data blocks, %,d cells%n",
                r.fileOpens(),
                r.tableFiles(),
                HumanBytes.of(r.tableBytes()),
                HumanBytes.of(r.bytesRead()),
                r.tableBytes() == 0 ? 0.0 : 100.0 * r.bytesRead() / r.tableBytes(),
                r.dataBlocksRead(),
                r.cellsRead());
        for (Map.Entry<String, Long> d : report.records().entrySet()) {
            Path dir = new Path(options.output(), d.getKey());
            out.printf("%n%s: %,d records in %s%n", d.getKey(), d.getValue(), dir);
            List<GenericRecord> preview = DatasetReader.read(getConf(), dir, PREVIEW_RECORDS);
            if (!preview.isEmpty()) {
                Schema schema = preview.get(0).getSchema();
                out.println("  "
                        + String.join(
                                "\t",
                                schema.getFields().stream()
                                        .map(Schema.Field::name)
                                        .toList()));
                for (GenericRecord rec : preview) {
                    out.println("  "
                            + String.join(
                                    "\t",
                                    schema.getFields().stream()
                                            .map(f -> String.valueOf(rec.get(f.pos())))
                                            .toList()));
                }
                if (d.getValue() > preview.size()) {
                    out.println("  …");
                }
            }
        }
    }
}
