package io.dumptruck.cli;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.mapreduce.Job;

/** Submits a job and prints one progress line per change (map %, reduce %) until it finishes. */
final class JobProgress {
  private JobProgress() {}

  static boolean run(Job job, PrintStream out) throws IOException, InterruptedException, ClassNotFoundException {
    job.submit();
    String last = "";
    long started = System.currentTimeMillis();
    boolean done;
    do {
      done = job.isComplete();
      String now = String.format("  %s: map %3.0f%%  reduce %3.0f%%", job.getJobName(), job.mapProgress() * 100,
          job.reduceProgress() * 100);
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
