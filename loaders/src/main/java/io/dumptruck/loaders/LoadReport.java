package io.dumptruck.loaders;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.output.TableFigures;
import io.dumptruck.formats.reduce.CellConflicts;
import io.dumptruck.formats.runtime.JobFailure;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;

/**
 * The figures of a finished load: records read = loaded + rejected, the rejects by reason, per table what was written,
 * the cells dropped, and why it failed (null when it did not).
 *
 * @param tables per table of the load, in its order, what its job committed
 * @param rejects the side output of rejected records (null when there are none)
 * @param file the {@code _report.json} written for it (null when none was)
 */
@PublicApi
public record LoadReport(
        long read,
        long loaded,
        long rejected,
        long skipped,
        Map<String, Long> rejectReasons,
        Map<String, TableFigures> tables,
        Path rejects,
        CellsDropped dropped,
        String failure,
        Path file) {
    public LoadReport {
        rejectReasons = Collections.unmodifiableMap(new LinkedHashMap<>(rejectReasons));
        tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    }

    /**
     * Cells that shared a whole key with another of the load ({@link CellConflicts}): exact copies, and cells whose
     * value lost to a greater one, listed in {@code conflicts} (null when there are none).
     */
    public record CellsDropped(long duplicates, long conflicting, Path conflicts) {}

    public boolean failed() {
        return failure != null;
    }

    /** The figures of {@code job}'s counters and of the tables it committed under {@code output}. */
    static LoadReport of(Job job, Path output) throws IOException {
        Counters c = job.getCounters();
        Map<String, Long> reasons = new LinkedHashMap<>();
        c.getGroup(LoadCounter.REASON_GROUP).forEach(counter -> reasons.put(counter.getName(), counter.getValue()));
        Map<String, TableFigures> tables = new LinkedHashMap<>();
        for (TableSpec t : JobTables.of(job.getConfiguration())) {
            tables.put(t.name(), TableFigures.of(new Path(output, t.name()), job.getConfiguration()));
        }
        long rejected = c.findCounter(LoadCounter.RECORDS_REJECTED).getValue();
        long conflicting = c.findCounter(CellCounter.CONFLICTING_CELLS_DROPPED).getValue();
        CellsDropped dropped = new CellsDropped(
                c.findCounter(CellCounter.DUPLICATE_CELLS_DROPPED).getValue(),
                conflicting,
                conflicting > 0 ? new Path(output, CellConflicts.DIRECTORY) : null);
        return new LoadReport(
                c.findCounter(LoadCounter.RECORDS_READ).getValue(),
                c.findCounter(LoadCounter.RECORDS_LOADED).getValue(),
                rejected,
                c.findCounter(LoadCounter.LINES_SKIPPED).getValue(),
                reasons,
                tables,
                rejected > 0 ? new Path(output, RejectSink.DIRECTORY) : null,
                dropped,
                null,
                null);
    }

    /** This report of a load that failed for {@code reason}. */
    LoadReport failing(String reason) {
        return new LoadReport(read, loaded, rejected, skipped, rejectReasons, tables, rejects, dropped, reason, file);
    }

    /** This report, written to {@code file}. */
    LoadReport writtenTo(Path file) {
        return new LoadReport(read, loaded, rejected, skipped, rejectReasons, tables, rejects, dropped, failure, file);
    }

    /** Why the load's job failed, and what it left at {@code output}. */
    static String jobFailure(Job job, Path output) throws IOException {
        String reason = JobFailure.reason(job);
        return "the load job " + (killed(job) ? "was killed" : "failed")
                + (reason == null ? " (the task's error is logged above)" : ": " + reason) + "; "
                + leftBehind(job, output);
    }

    /**
     * What a failed job left at {@code output}, as the file system says: nothing (the committer of a job that did not
     * commit deletes its output), or what is there.
     */
    private static String leftBehind(Job job, Path output) throws IOException {
        Configuration conf = job.getConfiguration();
        FileSystem fs = output.getFileSystem(conf);
        if (!fs.exists(output) || OutputDirectory.release(output, FormatConf.OUTPUT_CLAIM.get(conf), conf)) {
            return "nothing was written to " + output;
        }
        return fs.exists(new Path(output, "_SUCCESS"))
                ? output + " holds a complete output (_SUCCESS) all the same"
                : output + " was left as it is: it is not this job's output";
    }

    private static boolean killed(Job job) throws IOException {
        try {
            return job.getJobState() == JobStatus.State.KILLED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
