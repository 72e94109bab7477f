package io.dumptruck.jobs;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.read.ReadCounter;
import io.dumptruck.formats.read.TableDir;
import io.dumptruck.formats.runtime.JobDefaults;
import io.dumptruck.formats.runtime.JobFailure;
import io.dumptruck.formats.runtime.JobStopHook;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.jobs.output.DatasetOutputFormat;
import io.dumptruck.jobs.output.DatasetReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * Runs an {@link AnalyticsJob}: checks the options, the tables and the output before any task starts; runs the stages
 * in order; on success writes each data set's schema beside its files and deletes the scratch directory; on any failure
 * deletes the whole output, so a failed run leaves nothing a later step could mistake for a result.
 */
@PublicApi
public final class JobRunner {
    private JobRunner() {}

    /** Submits a stage and waits for it (the command line prints progress while it waits). */
    @FunctionalInterface
    public interface StageRunner {
        boolean run(Job stage) throws IOException, InterruptedException, ClassNotFoundException;
    }

    /**
     * What reading the tables cost, from the {@link ReadCounter}s, beside the size of the tables read.
     *
     * @param tableFiles HFiles in the tables read
     * @param tableBytes bytes of those HFiles
     */
    public record ReadFigures(
            long fileOpens,
            long tableFiles,
            long bytesRead,
            long tableBytes,
            long dataBlocksRead,
            long cellsRead,
            long results) {}

    /** Records written per data set, the read figures, and each stage's counters in the order the stages ran. */
    public record Report(Map<String, Long> records, ReadFigures read, List<Counters> stageCounters) {
        /** A counter summed over the stages. */
        public long counter(Enum<?> counter) {
            return stageCounters.stream()
                    .mapToLong(c -> c.findCounter(counter).getValue())
                    .sum();
        }
    }

    /** A new stage of a run, named for the progress lines and the job history. */
    public static Job stage(Configuration conf, AnalyticsJob job, String step) throws IOException {
        Job stage = Job.getInstance(new Configuration(conf), job.name() + ": " + step);
        stage.setJarByClass(JobRunner.class);
        JobDefaults.apply(stage.getConfiguration());
        return stage;
    }

    /**
     * The checks made before anything runs; each failure is an IllegalArgumentException saying what to do, except an
     * output the user may not create (an AccessControlException, one line).
     */
    public static void check(Configuration conf, AnalyticsJob job, JobOptions options) throws IOException {
        FileSystem fs = options.output().getFileSystem(conf);
        if (fs.exists(options.output())) {
            throw new IllegalArgumentException(
                    "output " + options.output() + " already exists: give a new --output directory");
        }
        OutputDirectory.refuseUnwritable(options.output(), conf);
        List<Path> read = new ArrayList<>();
        if (options.tables() != null) {
            read.add(options.tables());
        }
        job.tables(options).forEach(t -> read.add(options.table(t)));
        OutputDirectory.refuseInside(
                options.output(), read, "the output directory would join the tables the job reads", conf);
        for (String table : job.tables(options)) {
            try {
                TableDir.open(conf, options.table(table));
            } catch (FileNotFoundException e) {
                if (options.located().containsKey(table)) {
                    throw new IllegalArgumentException(
                            "--table " + table + "=" + options.located().get(table) + ": " + e.getMessage(), e);
                }
                throw new IllegalArgumentException(
                        "no table '" + table + "' under " + options.tables() + ": load it first (dumptruck load "
                                + job.loader() + " --input … --output " + options.tables() + ")");
            }
        }
    }

    /**
     * Runs the stages. If one fails, the client fails, or the JVM is stopped (Ctrl-C) while a stage runs, the running
     * stage is killed and the output deleted. {@code OUT/_SUCCESS} is written once, after the last stage, so a
     * scheduler's sensor never sees a half-finished run as done.
     */
    public static Report run(Configuration conf, AnalyticsJob job, JobOptions options, StageRunner runner)
            throws IOException, InterruptedException, ClassNotFoundException {
        check(conf, job, options);
        String claim = OutputDirectory.claim(options.output(), conf);
        List<Job> stages;
        try {
            stages = job.stages(conf, options);
        } catch (IOException | RuntimeException e) {
            OutputDirectory.release(options.output(), claim, conf);
            throw e;
        }
        FileSystem fs = options.output().getFileSystem(conf);
        Map<String, Long> records = new LinkedHashMap<>();
        long[] read = new long[ReadCounter.values().length];
        List<Counters> stageCounters = new ArrayList<>();
        Job[] running = new Job[1];
        Runnable onStop = () -> abandon(running[0], conf, options.output(), claim, null);
        // after the running stage's own hook (JobStopHook), before Hadoop closes the file systems
        ShutdownHookManager.get().addShutdownHook(onStop, JobStopHook.PRIORITY - 1);
        boolean done = false;
        try {
            for (Job stage : stages) {
                stage.getConfiguration().setBoolean(FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false);
                running[0] = stage;
                if (!runner.run(stage)) {
                    throw new IOException("stage '" + stage.getJobName() + "' failed" + failureInfo(stage)
                            + "; the output was deleted");
                }
                running[0] = null;
                Counters c = stage.getCounters();
                stageCounters.add(c);
                for (ReadCounter r : ReadCounter.values()) {
                    read[r.ordinal()] +=
                            c.findCounter(ReadCounter.GROUP, r.name()).getValue();
                }
                for (Map.Entry<String, Schema> d :
                        DatasetOutputFormat.datasets(stage.getConfiguration()).entrySet()) {
                    records.merge(
                            d.getKey(),
                            c.findCounter(DatasetOutputFormat.COUNTER_GROUP, d.getKey())
                                    .getValue(),
                            Long::sum);
                    writeSchema(fs, new Path(options.output(), d.getKey()), d.getValue());
                }
            }
            job.afterStages(conf, options);
            fs.delete(new Path(options.output(), JobOptions.WORK_DIRECTORY), true);
            fs.create(new Path(options.output(), FileOutputCommitter.SUCCEEDED_FILE_NAME), true)
                    .close();
            OutputDirectory.endClaim(options.output(), conf);
            done = true;
        } catch (IOException | InterruptedException | ClassNotFoundException | RuntimeException e) {
            abandon(running[0], conf, options.output(), claim, e);
            throw e;
        } finally {
            if (!done) {
                abandon(running[0], conf, options.output(), claim, null);
            }
            removeHook(onStop);
        }
        long tableFiles = 0;
        long tableBytes = 0;
        for (String table : job.tables(options)) {
            TableDir dir = TableDir.open(conf, options.table(table));
            tableFiles += dir.fileCount();
            tableBytes += dir.bytes();
        }
        return new Report(
                records,
                new ReadFigures(
                        read[ReadCounter.FILE_OPENS.ordinal()],
                        tableFiles,
                        read[ReadCounter.BYTES_READ.ordinal()],
                        tableBytes,
                        read[ReadCounter.DATA_BLOCKS_READ.ordinal()],
                        read[ReadCounter.CELLS_READ.ordinal()],
                        read[ReadCounter.RESULTS.ordinal()]),
                List.copyOf(stageCounters));
    }

    /**
     * Kills the stage if it still runs, then deletes the output if this run claimed it; failures are added to
     * {@code cause} (if any).
     */
    private static void abandon(Job stage, Configuration conf, Path output, String claim, Exception cause) {
        try {
            if (stage != null && !stage.isComplete()) {
                stage.killJob();
            }
        } catch (IOException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
        try {
            OutputDirectory.release(output, claim, conf);
        } catch (IOException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
    }

    private static void removeHook(Runnable hook) {
        try {
            ShutdownHookManager.get().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already stopping: the hook runs
        }
    }

    private static void writeSchema(FileSystem fs, Path dataset, Schema schema) throws IOException {
        if (fs.exists(dataset)) {
            try (OutputStream out = fs.create(new Path(dataset, DatasetReader.SCHEMA_FILE), true)) {
                out.write(schema.toString(true).getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** Why a stage failed: its first task error on a cluster; in local mode the log above holds it. */
    private static String failureInfo(Job stage) {
        String reason = JobFailure.reason(stage);
        return reason == null ? " (the task's error is logged above)" : ": " + reason;
    }
}
