package io.dumptruck.formats.runtime;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Why a finished job failed, in one line, for the command line: on a cluster the task's error lives in the application
 * master (nothing in the client's log shows it), so the error of the first failed task attempt is fetched from there;
 * otherwise the job's own failure information. Hadoop's local job runner keeps neither: it only logs the task's error,
 * as a warning whose message is the job id, so {@link #captureLocal} listens to that logger and keeps each job's error
 * for {@link #reason}.
 */
public final class JobFailure {
    private static final int EVENTS_PER_CALL = 100;
    /** The error each local job failed with, by job id (a few per process). */
    private static final Map<String, Throwable> LOCAL = new ConcurrentHashMap<>();

    private static final AtomicBoolean CAPTURING = new AtomicBoolean();

    private JobFailure() {}

    /**
     * Starts keeping the errors of failed local jobs (once per process; {@link JobDefaults#apply} calls it for local
     * jobs). Without log4j 1 (reload4j) on the class path it does nothing.
     */
    static void captureLocal() {
        if (!CAPTURING.compareAndSet(false, true)) {
            return;
        }
        try {
            Logger.getLogger("org.apache.hadoop.mapred.LocalJobRunner").addAppender(new AppenderSkeleton() {
                @Override
                protected void append(LoggingEvent event) {
                    if (event.getThrowableInformation() != null
                            && event.getMessage() != null
                            && String.valueOf(event.getMessage()).startsWith("job_")) {
                        LOCAL.putIfAbsent(
                                String.valueOf(event.getMessage()),
                                event.getThrowableInformation().getThrowable());
                    }
                }

                @Override
                public void close() {}

                @Override
                public boolean requiresLayout() {
                    return false;
                }
            });
        } catch (LinkageError noLog4j) {
            // another logging back end: local failures point at the log instead
        }
    }

    /**
     * The error that says most, as one text: the first in the chain that is more than a wrapper repeating its cause
     * ({@code java.lang.Exception: java.io.EOFException: …}), with its type where the message alone would not say what
     * went wrong.
     */
    static String message(Throwable t) {
        while (t.getCause() != null
                && (t.getMessage() == null || t.getMessage().equals(t.getCause().toString()))) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getName();
        }
        return t.getClass() == IOException.class ? m : t.getClass().getSimpleName() + ": " + m;
    }

    /** The first line of the first failed task attempt's error, else of the job's failure information; null if none. */
    public static String reason(Job job) {
        if (job.getJobID() != null && LOCAL.containsKey(job.getJobID().toString())) {
            return firstLine(message(LOCAL.remove(job.getJobID().toString())));
        }
        try {
            for (int from = 0; ; from += EVENTS_PER_CALL) {
                TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, EVENTS_PER_CALL);
                if (events == null || events.length == 0) {
                    break;
                }
                for (TaskCompletionEvent e : events) {
                    if (e.getStatus() == TaskCompletionEvent.Status.FAILED
                            || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
                        String[] diagnostics = job.getTaskDiagnostics(e.getTaskAttemptId());
                        String line = firstLine(diagnostics == null || diagnostics.length == 0 ? null : diagnostics[0]);
                        if (line != null) {
                            return line + " (" + e.getTaskAttemptId() + ")";
                        }
                    }
                }
            }
            return firstLine(job.getStatus().getFailureInfo());
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return null;
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return null;
        }
        return text.strip()
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.equals("NA"))
                .findFirst()
                .orElse(null);
    }
}
