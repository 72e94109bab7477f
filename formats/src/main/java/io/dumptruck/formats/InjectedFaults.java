package io.dumptruck.formats;

import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * The test-only faults that {@link FormatConf#TEST_FAIL_FIRST_ATTEMPT} and {@link FormatConf#TEST_PAUSE_LAST_REDUCE_MS}
 * ask for, raised at the start of a task's setup (a loader's mapper, the table reducer). With neither key set — always,
 * outside tests — this does nothing.
 */
public final class InjectedFaults {
    private static final Set<String> KINDS = Set.of("map", "reduce");

    private InjectedFaults() {}

    /**
     * Throws when the first attempt of this kind of task is to fail; sleeps when this is the last reduce task and a
     * pause is asked for.
     *
     * @throws IllegalArgumentException when {@link FormatConf#TEST_FAIL_FIRST_ATTEMPT} names something other than
     *     {@code map} and {@code reduce}
     */
    public static void atTaskSetup(TaskAttemptContext context) throws InterruptedException {
        Configuration conf = context.getConfiguration();
        String failing = FormatConf.TEST_FAIL_FIRST_ATTEMPT.get(conf).trim();
        long pause = FormatConf.TEST_PAUSE_LAST_REDUCE_MS.getLong(conf);
        if (failing.isEmpty() && pause <= 0) {
            return;
        }
        TaskAttemptID attempt = context.getTaskAttemptID();
        TaskType type = attempt.getTaskType();
        if (!failing.isEmpty()) {
            for (String kind : failing.split(",")) {
                if (!KINDS.contains(kind.trim())) {
                    throw new IllegalArgumentException(FormatConf.TEST_FAIL_FIRST_ATTEMPT.key()
                            + " takes map, reduce or map,reduce; got '" + failing + "'");
                }
                boolean matches = kind.trim().equals("map") ? type == TaskType.MAP : type == TaskType.REDUCE;
                if (matches && attempt.getId() == 0) {
                    throw new IllegalStateException("injected failure of the first attempt of " + attempt.getTaskID()
                            + " (" + FormatConf.TEST_FAIL_FIRST_ATTEMPT.key() + "=" + failing + ")");
                }
            }
        }
        if (pause > 0 && type == TaskType.REDUCE && attempt.getTaskID().getId() == context.getNumReduceTasks() - 1) {
            Thread.sleep(pause);
        }
    }
}
