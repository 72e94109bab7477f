package io.dumptruck.loaders;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/** Why a finished job failed, in one line, for the command line's error message. */
public final class TaskFailure {
  private TaskFailure() {}

  /**
   * The first line of the first failed task attempt's diagnostics (on YARN), else the job's failure
   * info, else a pointer to the log: the local runner keeps task errors only in its log.
   */
  public static String describe(Job job) {
    try {
      TaskCompletionEvent[] events;
      for (int from = 0; (events = job.getTaskCompletionEvents(from, 100)).length > 0; from += events.length) {
        for (TaskCompletionEvent e : events) {
          if (e.getStatus() == TaskCompletionEvent.Status.FAILED || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
            String[] diagnostics = job.getTaskDiagnostics(e.getTaskAttemptId());
            if (diagnostics.length > 0 && !diagnostics[0].isBlank()) {
              return firstLine(diagnostics[0]);
            }
          }
        }
      }
      String info = job.getStatus().getFailureInfo();
      if (info != null && !info.isBlank() && !info.strip().equals("NA")) {
        return firstLine(info);
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      // the job's state is gone; fall through to the log
    }
    return "the task's error is logged above";
  }

  private static String firstLine(String text) {
    return text.strip().lines().findFirst().orElse("").replaceFirst("^Error: ", "");
  }
}
