package io.dumptruck.cli;

import io.dumptruck.formats.runtime.JobStopHook;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * Submits a job and prints one progress line per change (map %, reduce %) until it finishes. Stopped meanwhile (Ctrl-C,
 * SIGTERM), the job is killed and what it wrote removed ({@link JobStopHook}).
 */
final class JobProgress {
    private JobProgress() {}

    static boolean run(Job job, PrintStream out, PrintStream err)
            throws IOException, InterruptedException, ClassNotFoundException {
        try (JobStopHook stop = JobStopHook.install(job, job.getJobName(), err)) {
            boolean succeeded = follow(job, out);
            if (ShutdownHookManager.get().isShutdownInProgress()) {
                Thread.sleep(
                        Long.MAX_VALUE); // stopped by the user: the hook says what it cleaned up, and the JVM exits
            }
            if (!succeeded) {
                stop.removeLocalWork(); // a failed local job leaves its map outputs behind
            }
            return succeeded;
        }
    }

    private static boolean follow(Job job, PrintStream out)
            throws IOException, InterruptedException, ClassNotFoundException {
        job.submit();
        String last = "";
        long started = System.currentTimeMillis();
        boolean done;
        do {
            done = job.isComplete();
            String now = String.format(
                    "  %s: map %3.0f%%  reduce %3.0f%%",
                    job.getJobName(), job.mapProgress() * 100, job.reduceProgress() * 100);
            if (!now.equals(last)) {
                out.println(now + String.format("  (%ds)", (System.currentTimeMillis() - started) / 1000));
                last = now;
            }
            if (!done) {
                Thread.sleep(500);
            }
        } while (!done);
        return job.isSuccessful();
    }
}
