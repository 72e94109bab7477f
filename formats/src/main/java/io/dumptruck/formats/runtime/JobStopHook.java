package io.dumptruck.formats.runtime;

import io.dumptruck.formats.FormatConf;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * What a job leaves when the user stops the command (Ctrl-C, {@code kill}: SIGINT, SIGTERM) while it runs, removed
 * before the JVM exits: the job is killed; the output directory it claimed ({@link OutputDirectory#claim}) is deleted;
 * in local mode, where the tasks run in this JVM and Hadoop's own clean-up never comes, so are the job's local
 * directories (map spills, merge spills, its copy of the configuration) and its staging directory. Then one line says
 * what was done.
 *
 * <p>Registered with Hadoop's {@link ShutdownHookManager} ahead of the hook that closes the cached file systems, so the
 * deletes still have a file system to talk to. A job that completes removes its hook ({@link #close}).
 */
public final class JobStopHook implements AutoCloseable {
    /** Runs before Hadoop closes its cached file systems ({@code FileSystem.SHUTDOWN_HOOK_PRIORITY}, 10). */
    public static final int PRIORITY = 20;

    /**
     * How long the clean-up waits at most for a killed job's local tasks to stop writing and for its output to stay
     * gone: on a busy machine a task thread can be off the CPU for seconds. Below Hadoop's 30-second limit for a
     * shutdown hook, and below a supervisor's usual grace period before SIGKILL.
     */
    static final long STOP_BUDGET_MS = 20_000;

    /** The output must stay gone this long, once no task runs, before the clean-up trusts that nothing writes it. */
    static final long QUIET_MS = 500;

    /** Set once a stop begins: no job of this JVM commits after it. */
    private static volatile boolean stopping;

    private final Job job;
    private final PrintStream err;
    private final String command;
    private final Runnable hook = this::stop;

    private JobStopHook(Job job, String command, PrintStream err) {
        this.job = job;
        this.command = command;
        this.err = err;
    }

    /** Watches {@code job} (submitted or about to be) until {@link #close}; {@code command} starts the line printed. */
    public static JobStopHook install(Job job, String command, PrintStream err) {
        JobStopHook h = new JobStopHook(job, command, err);
        ShutdownHookManager.get().addShutdownHook(h.hook, PRIORITY, STOP_BUDGET_MS + 5_000, TimeUnit.MILLISECONDS);
        return h;
    }

    /**
     * True once the user has stopped the command: a local job's commit refuses to run (LocalJobRunner commits a killed
     * job whose threads swallowed the interrupt, e.g. one in a shell command of its set-up).
     */
    public static boolean stopping() {
        return stopping;
    }

    @Override
    public void close() {
        try {
            ShutdownHookManager.get().removeShutdownHook(hook);
        } catch (IllegalStateException stopping) {
            // the JVM is already stopping: the hook runs
        }
    }

    private void stop() {
        try {
            if (job.isComplete()) {
                return;
            }
        } catch (IOException | RuntimeException notStarted) {
            // not submitted yet, or the cluster is gone: clean up what is ours all the same
        }
        List<String> done = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_BUDGET_MS);
        Configuration conf = job.getConfiguration();
        boolean tasksEnded = true;
        boolean local = LocalMode.isLocal(conf);
        stopping = true;
        quietLogs(); // the interrupted task threads' errors (InterruptedIOException, "no valid local directory") are
        // the stop itself, not a full disk: the line below says what happened
        try {
            job.killJob();
            done.add("killed the job");
            while (!job.isComplete() && System.nanoTime() < deadline) {
                if (local) { // the job runner interrupts its tasks once; one may have swallowed it
                    localTaskThreads().forEach(Thread::interrupt);
                }
                Thread.sleep(50);
            }
            // a local job reports itself killed while its task threads may still be writing
            tasksEnded = !local || awaitLocalTasks(deadline);
        } catch (IOException | RuntimeException | InterruptedException e) {
            // not submitted, or already ended
        }
        Path output = FileOutputFormat.getOutputPath(job);
        String claim = FormatConf.OUTPUT_CLAIM.get(conf);
        if (output != null && claim != null) { // a job's own output (a load's): gone, whoever deleted it first
            try {
                OutputDirectory.release(output, claim, conf);
                boolean gone = sweepStragglers(output, conf, deadline);
                done.add(
                        gone
                                ? "nothing is left of its output " + output
                                : "left " + output
                                        + (tasksEnded ? " (not this job's)" : " (its tasks did not stop in time)"));
            } catch (IOException | RuntimeException e) {
                done.add("could not delete its output " + output + " (" + e.getMessage() + ")");
            }
        }
        if (removeLocalWork()) {
            done.add("removed its local work files");
        }
        err.println(command + ": stopped while the job ran; "
                + (done.isEmpty() ? "nothing to clean up" : String.join(", ", done)));
        err.flush();
    }

    /**
     * Turns logging off for the rest of this JVM's life (it is stopping): log4j 1 (reload4j, Hadoop's) and log4j 2 when
     * present, by reflection — neither is a dependency of this module.
     */
    private static void quietLogs() {
        try {
            Class<?> level = Class.forName("org.apache.log4j.Level");
            Object root = Class.forName("org.apache.log4j.LogManager")
                    .getMethod("getRootLogger")
                    .invoke(null);
            root.getClass()
                    .getMethod("setLevel", level)
                    .invoke(root, level.getField("OFF").get(null));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException absent) {
            // not on the class path
        }
        try {
            Class<?> level = Class.forName("org.apache.logging.log4j.Level");
            Class.forName("org.apache.logging.log4j.core.config.Configurator")
                    .getMethod("setRootLevel", level)
                    .invoke(null, level.getField("OFF").get(null));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException absent) {
            // not on the class path
        }
    }

    /**
     * The threads of this JVM running a local task ({@code LocalJobRunner}'s map and reduce runnables): after a kill,
     * those of the killed job, still closing their files.
     */
    static List<Thread> localTaskThreads() {
        List<Thread> out = new ArrayList<>();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (thread != Thread.currentThread()
                    && Arrays.stream(stack).anyMatch(f -> f.getClassName().startsWith(LOCAL_TASK_RUNNABLES))) {
                out.add(thread);
            }
        });
        return out;
    }

    private static final String LOCAL_TASK_RUNNABLES = "org.apache.hadoop.mapred.LocalJobRunner$Job$";

    /**
     * Waits until no local task thread runs, interrupting them again and again (dumptruck's mappers and writers stop at
     * an interrupt; a task may have swallowed the first); false if some still run at {@code deadline}.
     */
    static boolean awaitLocalTasks(long deadline) throws InterruptedException {
        for (List<Thread> running = localTaskThreads(); !running.isEmpty(); running = localTaskThreads()) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            running.forEach(Thread::interrupt);
            running.get(0).join(Math.min(100, left));
        }
        return true;
    }

    /**
     * A killed local job's tasks may have written {@code _temporary/…} under the output after it was deleted (a thread
     * off the CPU for a while on a busy machine). Until the output has stayed absent for {@link #QUIET_MS} with no
     * local task running, or {@code deadline}, what re-appears there is deleted again — only a directory that holds no
     * claim (another job's) and nothing but {@code _temporary}. True when the output is gone.
     */
    static boolean sweepStragglers(Path output, Configuration conf, long deadline) throws IOException {
        FileSystem fs = output.getFileSystem(conf);
        long quietSince = System.nanoTime();
        while (true) {
            FileStatus[] entries = fs.exists(output) ? fs.listStatus(output) : null;
            boolean debrisOnly = entries != null
                    && Arrays.stream(entries)
                            .allMatch(e -> e.getPath().getName().equals(FileOutputCommitter.PENDING_DIR_NAME));
            if (debrisOnly) {
                fs.delete(output, true);
                entries = null;
            }
            long now = System.nanoTime();
            if (entries != null
                    || (LocalMode.isLocal(conf) && !localTaskThreads().isEmpty())) {
                quietSince = now;
            }
            if (entries != null && !debrisOnly) {
                return false; // something else holds it: not this job's to delete
            }
            if (now - quietSince >= TimeUnit.MILLISECONDS.toNanos(QUIET_MS) || now >= deadline) {
                return !fs.exists(output);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !fs.exists(output);
            }
        }
    }

    /**
     * In local mode, deletes the local job runner's directories of this job, which it leaves behind when the job fails
     * or is stopped: {@code <local dir>/localRunner/<user>/[jobcache/]<job id>} under every
     * {@code mapreduce.cluster.local.dir} (map outputs and spills live there), and the staging directory. True if
     * something was deleted.
     */
    public boolean removeLocalWork() {
        Configuration conf = job.getConfiguration();
        if (!LocalMode.isLocal(conf)) {
            return false;
        }
        boolean deleted = false;
        try {
            String id = job.getJobID() == null ? null : job.getJobID().toString();
            String user = UserGroupInformation.getCurrentUser().getShortUserName();
            FileSystem local = FileSystem.getLocal(conf);
            List<Path> dirs = new ArrayList<>();
            if (id != null) {
                for (String d : conf.getTrimmedStrings(MRConfig.LOCAL_DIR)) {
                    dirs.add(new Path(d, "localRunner/" + user + "/jobcache/" + id));
                    dirs.add(new Path(d, "localRunner/" + user + "/" + id));
                }
            }
            String staging = conf.get(MRJobConfig.MAPREDUCE_JOB_DIR);
            if (staging != null) {
                dirs.add(new Path(staging));
            }
            for (Path d : dirs) {
                FileSystem fs = d.getFileSystem(conf);
                deleted |= (fs == local || "file".equals(fs.getScheme())) && fs.delete(d, true);
            }
        } catch (IOException | RuntimeException e) {
            // best effort: the JVM is stopping
        }
        return deleted;
    }
}
