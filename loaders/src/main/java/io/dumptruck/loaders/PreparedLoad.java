package io.dumptruck.loaders;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.ledger.BatchContent;
import io.dumptruck.loaders.ledger.FoldedBatch;
import io.dumptruck.loaders.live.HeldSnapshots;
import io.dumptruck.loaders.live.LiveHBase;
import io.dumptruck.loaders.live.MatchedTable;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.mapreduce.Job;

/**
 * A load set up by {@code prepare} of the load's front door and not yet finished: its job, to run (its output is
 * claimed), what set-up found, for the summary and the report, and what {@link #finish} cleans up.
 *
 * @param inputs the input files, listed and checked
 * @param matched the live tables the load's tables were matched to, in the load's order (empty without --live)
 * @param notes what set-up found, one line each, for the summary (event ids kept, snapshots folded from, …)
 * @param preparedAt when set-up began (epoch ms), for the report's duration
 * @param snapshots the snapshots of the live tables set-up took: deleted by {@link #finish}, or kept for the bulk load
 *     of a folding load that succeeded to record as the tables' state before its batch
 * @param batch what the ledger said of the tables a folding load folds into (null for a load that does not fold)
 * @param runs whether there is a job to run: false for a folding load with nothing to do (its notes say why)
 */
@PublicApi
public record PreparedLoad(
        Loader loader,
        LoadOptions options,
        Job job,
        InputFiles inputs,
        List<MatchedTable> matched,
        List<String> notes,
        long preparedAt,
        HeldSnapshots snapshots,
        FoldedBatch batch,
        boolean runs) {
    public PreparedLoad {
        matched = List.copyOf(matched);
        notes = List.copyOf(notes);
    }

    /**
     * A folding load with nothing to do — its batch every table it folds into already holds (a rerun), or its output
     * already holds its load, not yet bulk-loaded (a retry): no job ({@link #runs} is false); its notes say why, and
     * {@link #finish} only writes a report into an output directory that is not there yet, for the bulk load that
     * follows to find nothing to load.
     */
    static PreparedLoad nothingToDo(
            Loader loader,
            LoadOptions options,
            Job unrun,
            InputFiles inputs,
            long preparedAt,
            FoldedBatch batch,
            List<String> why) {
        return new PreparedLoad(
                loader,
                options,
                unrun,
                inputs,
                List.of(),
                why,
                preparedAt,
                HeldSnapshots.none(unrun.getConfiguration()),
                batch,
                false);
    }

    /**
     * The report of this load once its job has ended; enforces {@code --max-reject-ratio} on a successful one: past it
     * the tables are deleted (the rejects stay, to look at) and the load fails.
     */
    public LoadReport finish() throws IOException {
        Path output = options.output();
        if (!runs()) {
            return LoadReportFile.writeNothingToDo(
                    loader, options, inputs, preparedAt, notes, batch, job.getConfiguration());
        }
        loader.afterLoad(job);
        LoadReport report = LoadReport.of(job, output);
        BatchContent content = job.isSuccessful() ? BatchContent.of(job.getCounters(), report.read()) : null;
        refuseRecordsHeld(content);
        double maxRatio = options.maxRejectRatio();
        if (!job.isSuccessful()) {
            report = report.failing(LoadReport.jobFailure(job, output));
        } else if (report.read() > 0 && report.rejected() > maxRatio * report.read()) {
            report = report.failing(String.format(
                    "rejected %d of %d records (%.2f%%), more than --max-reject-ratio %s; the tables were "
                            + "deleted, the rejects are in %s",
                    report.rejected(),
                    report.read(),
                    100.0 * report.rejected() / report.read(),
                    maxRatio,
                    new Path(output, RejectSink.DIRECTORY)));
            deleteTables(output);
        }
        if (batch != null && !report.failed()) {
            snapshots.keepForCommit(batch, output); // the tables' state before this batch, for its bulk load to record
        } else {
            snapshots.delete();
        }
        if (job.isSuccessful() && output.getFileSystem(job.getConfiguration()).exists(output)) {
            report = report.writtenTo(LoadReportFile.write(
                    report,
                    loader,
                    options,
                    inputs,
                    preparedAt,
                    matched,
                    notes,
                    batch,
                    content,
                    snapshots.byTable(),
                    job.getConfiguration()));
        }
        return report;
    }

    /**
     * Refuses a folding load whose records a table it folds into holds already under another batch id (it would count
     * them twice), unless told {@code --again}: its output and snapshots are deleted, nothing is left to bulk-load.
     */
    private void refuseRecordsHeld(BatchContent content) throws IOException {
        if (batch == null || content == null) {
            return;
        }
        Configuration conf = job.getConfiguration();
        String refusal;
        try (Connection hbase = LiveHBase.connect(conf)) {
            refusal = batch.sameRecordsHeld(hbase, conf, content);
        }
        if (refusal != null) {
            snapshots.delete();
            options.output().getFileSystem(conf).delete(options.output(), true);
            throw new IllegalArgumentException(refusal + " (" + options.output() + " is deleted)");
        }
    }

    private void deleteTables(Path output) throws IOException {
        FileSystem fs = output.getFileSystem(job.getConfiguration());
        for (TableSpec t : JobTables.of(job.getConfiguration())) {
            fs.delete(new Path(output, t.name()), true);
        }
        fs.delete(new Path(output, "_SUCCESS"), false);
    }
}
