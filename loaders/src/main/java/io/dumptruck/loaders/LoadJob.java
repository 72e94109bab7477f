package io.dumptruck.loaders;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.runtime.JobDefaults;
import io.dumptruck.formats.runtime.JobStopHook;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.WrittenBy;
import io.dumptruck.loaders.ledger.BatchContent;
import io.dumptruck.loaders.ledger.BatchId;
import io.dumptruck.loaders.ledger.FoldedBatch;
import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.live.HeldSnapshots;
import io.dumptruck.loaders.live.HeldState;
import io.dumptruck.loaders.live.LiveConf;
import io.dumptruck.loaders.live.LiveHBase;
import io.dumptruck.loaders.live.MatchedTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.util.ShutdownHookManager;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link Loader}, the front door of every load: {@link #prepare} checks the options and inputs and sets the job
 * up, all before any task starts, and returns the {@link PreparedLoad} to run; after its job,
 * {@link PreparedLoad#finish} turns the counters into a {@link LoadReport}.
 */
@PublicApi
public final class LoadJob {
    private LoadJob() {}

    /**
     * Checks the inputs ({@link InputChecks}) and the tables, then claims the output directory
     * ({@link OutputDirectory#claim}: new, creatable, and this job's alone), then sets the job up — matched to the live
     * tables and folding into what they hold when the options say so; every refusal happens here, before any task
     * starts, and a refusal after the claim removes the directory again.
     */
    public static PreparedLoad prepare(Configuration conf, Loader loader, LoadOptions options)
            throws IOException, InterruptedException {
        long preparedAt = System.currentTimeMillis();
        LiveConf.folds(conf); // a bad value is refused before anything else
        InputFiles inputs = InputChecks.check(conf, options);
        OutputDirectory.refuseInside(
                options.output(),
                options.inputs(),
                "the output directory would be read as input by the next load of that input",
                conf);
        FoldedBatch batch = readLedger(conf, loader, options, inputs);
        List<String> notes = new ArrayList<>();
        if (batch != null) {
            List<String> nothingToDo = nothingToDo(conf, loader, options, batch, notes);
            if (!nothingToDo.isEmpty()) {
                Job unrun = Job.getInstance(conf, "dumptruck load " + loader.name());
                return PreparedLoad.nothingToDo(loader, options, unrun, inputs, preparedAt, batch, nothingToDo);
            }
        }
        OutputDirectory.checkNew(options.output(), conf);
        WrittenBy writtenBy = loader.writtenBy(options); // each table's _spec.json says what wrote it
        List<TableSpec> tables = loader.tables(conf, options).stream()
                .map(t -> t.withWrittenBy(writtenBy))
                .toList();
        Job job = Job.getInstance(conf, "dumptruck load " + loader.name());
        String claim = OutputDirectory.claim(options.output(), conf, notes::add);
        FormatConf.OUTPUT_CLAIM.set(job.getConfiguration(), claim);
        Runnable releaseOnStop =
                () -> release(options.output(), claim, conf); // set-up may read the input (samples, dictionaries)
        ShutdownHookManager.get().addShutdownHook(releaseOnStop, JobStopHook.PRIORITY);
        try {
            return setUp(loader, options, job, tables, inputs, preparedAt, batch, notes);
        } catch (IOException | InterruptedException | RuntimeException e) {
            release(options.output(), claim, conf);
            throw e;
        } finally {
            try {
                ShutdownHookManager.get().removeShutdownHook(releaseOnStop);
            } catch (IllegalStateException stopping) {
                // the JVM is stopping: the hook releases the claim
            }
        }
    }

    /**
     * Deletes the claimed output of a load that will not run; a failure to do so is logged, not thrown over the first.
     */
    private static void release(Path output, String claim, Configuration conf) {
        try {
            OutputDirectory.release(output, claim, conf);
        } catch (IOException e) {
            LoggerFactory.getLogger(LoadJob.class)
                    .warn("could not delete the output directory {} again: {}", output, e.getMessage());
        }
    }

    /**
     * What the ledger says of the live tables a folding load folds into (read before any snapshot is taken, so that the
     * state a snapshot holds is never older than the one recorded), or null for a load that does not fold; a batch some
     * of them hold and others not, or a table a bulk load has not finished committing into, is refused.
     */
    private static FoldedBatch readLedger(Configuration conf, Loader loader, LoadOptions options, InputFiles inputs)
            throws IOException {
        HeldState.Plan plan = options.live() == null || !LiveConf.folds(conf) ? null : loader.heldState(options);
        if (plan == null) {
            String given = conf.get(BatchId.BATCH.key()) != null
                    ? "--batch"
                    : conf.getBoolean(BatchId.AGAIN.key(), false) ? "--again" : null;
            if (given != null) {
                throw new IllegalArgumentException(given + " goes with a load that folds into live "
                        + "tables; this one does not fold (it needs --live, folding on, and tables that fold: "
                        + "weblogs, titles, graph --layouts adjacency-ro): leave " + given + " out");
            }
            return null;
        }
        Ledger.undoBatches(conf); // a bad value is refused before anything is done
        String id = BatchId.of(conf, inputs.files());
        Map<String, TableName> folded = new LinkedHashMap<>();
        plan.folded().forEach(t -> folded.put(t, options.live().nameOf(t)));
        FoldedBatch batch;
        try (Connection hbase = LiveHBase.connect(conf)) {
            Ledger ledger = Ledger.of(hbase, conf);
            ledger.create();
            for (TableName live : folded.values()) {
                ledger.initialize(live);
            }
            batch = FoldedBatch.read(hbase, conf, id, folded);
        }
        batch.refusePartlyHeld();
        return batch;
    }

    /**
     * Why a folding load has nothing to do — its batch is in every table it folds into with the same records (a rerun),
     * or its output holds its load of the same records from the ledger's current state, not yet bulk-loaded (a retried
     * task) — or an empty list. Both read the input's records first ({@link ContentPass}): the same batch id with other
     * records is refused, and an output holding other records, or a load from an older state (its bulk load was
     * refused), can never be committed: it is deleted, and {@code notes} says so.
     */
    private static List<String> nothingToDo(
            Configuration conf, Loader loader, LoadOptions options, FoldedBatch batch, List<String> notes)
            throws IOException {
        if (batch.allHeld()) {
            return batch.rerun(ContentPass.of(conf, loader, options));
        }
        Path output = options.output();
        if (!output.getFileSystem(conf).exists(output)) {
            return List.of();
        }
        String stale = null;
        switch (batch.existing(conf, output)) {
            case COMMITTABLE -> {
                BatchContent input = ContentPass.of(conf, loader, options);
                BatchContent there = FoldedBatch.contentOf(conf, output);
                if (there == null || there.equals(input)) {
                    return List.of(output + " holds this load of batch " + batch.batch() + " already, from the state "
                            + "the ledger still has, not bulk-loaded yet: nothing to do; 'dumptruck bulkload " + output
                            + "' commits it");
                }
                stale = "it held a load of batch " + batch.batch() + " with other records (" + there.describe()
                        + ") than this input (" + input.describe() + "), not bulk-loaded";
            }
            case STALE ->
                stale = "it held a load of batch " + batch.batch() + " from an older state of the ledger "
                        + "(another batch was committed since), which could never be bulk-loaded";
            case OTHER -> {
                // the output checks below refuse a directory that is there
            }
        }
        if (stale != null) {
            output.getFileSystem(conf).delete(output, true);
            notes.add("replaced " + output + ": " + stale);
        }
        return List.of();
    }

    /** The load with its job set up: input, rejects, tables, the loader's mapper and folds, the live tables. */
    private static PreparedLoad setUp(
            Loader loader,
            LoadOptions options,
            Job job,
            List<TableSpec> tables,
            InputFiles inputs,
            long preparedAt,
            FoldedBatch batch,
            List<String> notes)
            throws IOException, InterruptedException {
        job.setJarByClass(LoadJob.class);
        Configuration jc = job.getConfiguration();
        JobDefaults.apply(jc);
        jc.setLong(LoaderConf.LOAD_TIMESTAMP.key(), options.timestamp());
        options.extra().forEach((k, v) -> jc.set(LoaderConf.OPTION_PREFIX.key() + k, v));
        job.setInputFormatClass(LineBatchInputFormat.class);
        for (Path input : options.inputs()) {
            FileInputFormat.addInputPath(job, input);
        }
        RejectSink.configure(job);
        HFileTableJob output = HFileTableJob.configure(job)
                .tables(tables)
                .output(options.output())
                .inputBytes(inputs.bytes()); // the reducers from the files listed, as --dry-run counts them
        if (options.live() == null) {
            HeldSnapshots none = configure(loader, options, job, output, null, null, notes);
            return new PreparedLoad(loader, options, job, inputs, List.of(), notes, preparedAt, none, null, true);
        }
        HeldSnapshots snapshots;
        try (Connection hbase = LiveHBase.connect(jc)) {
            output.matching(
                            hbase,
                            options.live()
                                    .of(tables.stream().map(TableSpec::name).toList()))
                    .matchLive();
            snapshots = configure(loader, options, job, output, hbase, batch, notes);
        }
        if (output.matches().stream()
                .anyMatch(m ->
                        jc.get(FormatConf.OUTPUT_FAVORED_NODES.key() + m.spec().name()) != null)) {
            notes.add(
                    "each region's HFiles favor its region server's host for their blocks (locality after the bulk load; -D "
                            + FormatConf.OUTPUT_LOCALITY.key() + "=false turns it off)");
        }
        List<MatchedTable> matched =
                output.matches().stream().map(MatchedTable::of).toList();
        return new PreparedLoad(loader, options, job, inputs, matched, notes, preparedAt, snapshots, batch, true);
    }

    /** The loader's part of the set-up, and the snapshots to fold from when it folds into {@code live}'s tables. */
    private static HeldSnapshots configure(
            Loader loader,
            LoadOptions options,
            Job job,
            HFileTableJob output,
            Connection live,
            FoldedBatch batch,
            List<String> notes)
            throws IOException, InterruptedException {
        List<String> found = loader.beforeLoad(job, options, live);
        if (found != null) { // a loader of a library user's may return null for none
            found.stream().filter(Objects::nonNull).forEach(notes::add);
        }
        loader.configure(job, options, output);
        HeldState.Plan plan = loader.heldState(options);
        HeldSnapshots.refuseUnusedPins(
                job.getConfiguration(),
                batch == null ? Set.of() : plan.readers().keySet());
        HeldSnapshots snapshots = live != null && plan != null && batch != null
                ? HeldSnapshots.read(options.timestamp(), output, job, live, plan, batch, notes)
                : HeldSnapshots.none(job.getConfiguration());
        try {
            output.apply();
        } catch (IOException | InterruptedException | RuntimeException e) {
            snapshots.delete();
            throw e;
        }
        if (CellSink.mapBufferBytes(job.getConfiguration()) > 0) {
            // LoaderMapper's sink puts every cell of a folded table into its blocks and runs the fold's
            // combiner as it cuts them: Hadoop's combiner would only pass each map output record on
            job.getConfiguration().unset(MRJobConfig.COMBINE_CLASS_ATTR);
        }
        return snapshots;
    }
}
