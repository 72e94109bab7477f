package io.dumptruck.formats;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/**
 * Why a finished job failed, in one line, for the command line: on a cluster the task's error lives
 * in the application master (nothing in the client's log shows it), so the error of the first failed
 * task attempt is fetched from there; otherwise the job's own failure information.
 */
public final class JobFailure {
  private static final int EVENTS_PER_CALL = 100;

  private JobFailure() {}

  /** The first line of the first failed task attempt's error, else of the job's failure information; null if none. */
  public static String reason(Job job) {
    try {
      for (int from = 0;; from += EVENTS_PER_CALL) {
        TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, EVENTS_PER_CALL);
        if (events == null || events.length == 0) {
          break;
        }
        for (TaskCompletionEvent e : events) {
          if (e.getStatus() == TaskCompletionEvent.Status.FAILED || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
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
    return text.strip().lines().map(String::strip).filter(l -> !l.isEmpty() && !l.equals("NA")).findFirst().orElse(null);
  }
}
