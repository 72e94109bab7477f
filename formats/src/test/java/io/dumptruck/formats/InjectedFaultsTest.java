package io.dumptruck.formats;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;

/** The test-only fault hook: which attempts it fails, and that it refuses a value it does not know. */
class InjectedFaultsTest {
    static TaskAttemptContext attempt(String failFirst, TaskType type, int attempt) {
        Configuration conf = new Configuration(false);
        if (failFirst != null) {
            conf.set(FormatConf.TEST_FAIL_FIRST_ATTEMPT.key(), failFirst);
        }
        return new TaskAttemptContextImpl(conf, new TaskAttemptID("job", 7, type, 3, attempt));
    }

    @Test
    void firstAttemptOfTheNamedKindFails() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> InjectedFaults.atTaskSetup(attempt("map", TaskType.MAP, 0)));
        assertTrue(
                e.getMessage().contains("task_job_0007_m_000003")
                        && e.getMessage().contains("dumptruck.test.fail.first.attempt=map"),
                e.getMessage());
        assertThrows(
                IllegalStateException.class,
                () -> InjectedFaults.atTaskSetup(attempt("map, reduce", TaskType.REDUCE, 0)));
    }

    @Test
    void retriesAndOtherKindsRunNormally() {
        assertDoesNotThrow(() -> InjectedFaults.atTaskSetup(attempt("map", TaskType.MAP, 1)));
        assertDoesNotThrow(() -> InjectedFaults.atTaskSetup(attempt("map", TaskType.REDUCE, 0)));
        assertDoesNotThrow(() -> InjectedFaults.atTaskSetup(attempt("reduce", TaskType.MAP, 0)));
        assertDoesNotThrow(() -> InjectedFaults.atTaskSetup(attempt(null, TaskType.MAP, 0)));
    }

    @Test
    void unknownKindIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> InjectedFaults.atTaskSetup(attempt("maps", TaskType.REDUCE, 1)));
        assertTrue(e.getMessage().contains("takes map, reduce or map,reduce"), e.getMessage());
    }
}
