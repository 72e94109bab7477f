package io.dumptruck.formats.runtime;

import io.dumptruck.formats.FormatConf;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
        ShutdownHookManager.get().addShutdownHook(h.hook, PRIORITY);
        return h;
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
        try {
            job.killJob();
            done.add("killed the job");
            for (int i = 0;
                    i < 50 && !job.isComplete();
                    i++) { // let its tasks stop writing before deleting what they wrote
                Thread.sleep(100);
            }
        } catch (IOException | RuntimeException | InterruptedException e) {
            // not submitted, or already ended
        }
        Configuration conf = job.getConfiguration();
        Path output = FileOutputFormat.getOutputPath(job);
        String claim = FormatConf.OUTPUT_CLAIM.get(conf);
        if (output != null && claim != null) { // a job's own output (a load's): gone, whoever deleted it first
            try {
                OutputDirectory.release(output, claim, conf);
                sweepStragglers(output, conf);
                done.add(
                        output.getFileSystem(conf).exists(output)
                                ? "left " + output + " (not this job's)"
                                : "nothing is left of its output " + output);
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
     * A killed local job's tasks run in this JVM and may still be closing their files for a moment after the job
     * reports itself complete, writing {@code _temporary/…} under the output again once it was deleted. For up to two
     * seconds, what re-appears there is deleted again — only a directory that holds no claim (another job's) and
     * nothing but {@code _temporary}.
     */
    private static void sweepStragglers(Path output, Configuration conf) throws IOException {
        FileSystem fs = output.getFileSystem(conf);
        for (int quiet = 0, i = 0; quiet < 3 && i < 20; i++) {
            FileStatus[] entries = fs.exists(output) ? fs.listStatus(output) : null;
            boolean debrisOnly = entries != null
                    && Arrays.stream(entries)
                            .allMatch(e -> e.getPath().getName().equals(FileOutputCommitter.PENDING_DIR_NAME));
            if (debrisOnly) {
                fs.delete(output, true);
                quiet = 0;
            } else {
                quiet++;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
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
