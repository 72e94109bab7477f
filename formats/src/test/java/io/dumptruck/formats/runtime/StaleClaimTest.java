package io.dumptruck.formats.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim whose holder is provably gone is no claim: the next claim of the directory takes it over in one line, while a
 * holder that may still write keeps it. The claims here are written as a process elsewhere would write them (the file
 * layout of {@link ClaimHolder}), by real processes that ran or run.
 */
class StaleClaimTest {
    @TempDir
    File tmp;

    final Configuration conf = LocalJobs.localConf();

    /** A directory claimed by {@code holder} (line 3), with a file the holder wrote, renewed at {@code renewedAt}. */
    private Path claimedBy(String name, String holder, long renewedAt) throws Exception {
        File dir = new File(tmp, name);
        assertTrue(new File(dir, "t/f").mkdirs());
        Files.writeString(new File(dir, "t/f/part").toPath(), "half-written");
        File claim = new File(dir, OutputDirectory.CLAIM_FILE);
        Files.writeString(
                claim.toPath(),
                "4e9c-token\nsomeone@somewhere " + Instant.now() + "\n" + holder + "\n",
                StandardCharsets.UTF_8);
        assertTrue(claim.setLastModified(renewedAt));
        return new Path(dir.getAbsolutePath());
    }

    /** "holder HOST PID START" of a process that ran and ended. */
    private static String endedProcess() throws Exception {
        Process p = new ProcessBuilder("sleep", "0.5").start();
        long started = started(p);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        return "holder " + ClaimHolder.host() + " " + p.pid() + " " + started;
    }

    /** When {@code p} started, as the system tells it (a moment after the fork). */
    private static long started(Process p) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            var start = p.info().startInstant();
            if (start.isPresent()) {
                return start.get().toEpochMilli();
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no start time for pid " + p.pid());
    }

    @Test
    void aClaimWhoseProcessOnThisMachineEndedIsTakenOverInOneLine() throws Exception {
        Path out = claimedBy("ended", endedProcess(), System.currentTimeMillis());
        List<String> said = new ArrayList<>();
        String token = OutputDirectory.claim(out, conf, said::add);
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).startsWith("took over output directory "), said.get(0));
        assertTrue(said.get(0).contains("is no longer running"), said.get(0));
        assertTrue(OutputDirectory.claimedBy(out, token, conf));
        assertFalse(new File(out.toString(), "t").exists(), "what the gone job wrote is deleted");
        OutputDirectory.release(out, token, conf);
    }

    @Test
    void aClaimWhosePidNowNamesAnotherProcessIsTakenOver() throws Exception {
        Process running = new ProcessBuilder("sleep", "60").start();
        try {
            long started = started(running);
            String reused = "holder " + ClaimHolder.host() + " " + running.pid() + " " + (started - 86_400_000L);
            Path out = claimedBy("reused", reused, System.currentTimeMillis());
            List<String> said = new ArrayList<>();
            OutputDirectory.release(out, OutputDirectory.claim(out, conf, said::add), conf);
            assertEquals(1, said.size(), "a pid started at another time is another process: " + said);
        } finally {
            running.destroyForcibly();
        }
    }

    @Test
    void aClaimLeftHalfWrittenIsTakenOverOnceItIsSecondsOld() throws Exception {
        File dir = new File(tmp, "half");
        assertTrue(dir.mkdirs());
        File claim = new File(dir, OutputDirectory.CLAIM_FILE);
        Files.writeString(claim.toPath(), "4e9c-tok"); // killed while writing it
        Path out = new Path(dir.getAbsolutePath());
        assertThrows(
                FileAlreadyExistsException.class,
                () -> OutputDirectory.claim(out, conf, l -> {}),
                "a claim being written a moment ago may still be finished");
        assertTrue(claim.setLastModified(System.currentTimeMillis() - ClaimHolder.UNFINISHED_CLAIM_MS - 1_000));
        List<String> said = new ArrayList<>();
        OutputDirectory.release(out, OutputDirectory.claim(out, conf, said::add), conf);
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains("died while writing its claim"), said.get(0));

        assertTrue(dir.mkdirs());
        Files.writeString(claim.toPath(), ""); // killed before a byte of it reached the file
        assertTrue(claim.setLastModified(System.currentTimeMillis() - ClaimHolder.UNFINISHED_CLAIM_MS - 1_000));
        said.clear();
        OutputDirectory.release(out, OutputDirectory.claim(out, conf, said::add), conf);
        assertEquals(1, said.size(), said.toString());
    }

    @Test
    void aClaimWhoseProcessRunsIsRefused() throws Exception {
        Process running = new ProcessBuilder("sleep", "60").start();
        try {
            String holder = "holder " + ClaimHolder.host() + " " + running.pid() + " " + started(running);
            Path out = claimedBy("running", holder, System.currentTimeMillis() - 3_600_000L);
            FileAlreadyExistsException refused =
                    assertThrows(FileAlreadyExistsException.class, () -> OutputDirectory.claim(out, conf, l -> {}));
            assertTrue(refused.getMessage().contains("is claimed by another job"), refused.getMessage());
            assertTrue(new File(out.toString(), "t/f/part").exists(), "a live holder's files are left alone");
        } finally {
            running.destroyForcibly();
        }
    }

    @Test
    void aClaimFromAnotherMachineLivesUntilItsLeaseRunsOut() throws Exception {
        String elsewhere = "holder some-other-host.example 4242 1700000000000";
        Path recent = claimedBy("recent", elsewhere, System.currentTimeMillis() - 60_000);
        assertThrows(FileAlreadyExistsException.class, () -> OutputDirectory.claim(recent, conf, l -> {}));

        long lease = Long.parseLong(FormatConf.OUTPUT_CLAIM_LEASE_MS.defaultValue());
        Path expired = claimedBy("expired", elsewhere, System.currentTimeMillis() - lease - 60_000);
        List<String> said = new ArrayList<>();
        OutputDirectory.release(expired, OutputDirectory.claim(expired, conf, said::add), conf);
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains("has not renewed it since"), said.get(0));
        assertTrue(said.get(0).contains("dumptruck.output.claim.lease.ms"), said.get(0));
    }

    @Test
    void aClaimOfAClusterJobIsKeptWhileTheClusterCannotBeAsked() throws Exception {
        Path out = claimedBy("cluster", endedProcess(), System.currentTimeMillis() - 86_400_000L);
        Files.writeString(new File(out.toString(), ClaimHolder.JOB_FILE).toPath(), "job_1700000000000_0007");
        // this process runs jobs locally: it cannot ask the cluster whether job_…_0007 still runs there, so the claim
        // stands although the client that submitted it is gone and its lease long over
        assertThrows(FileAlreadyExistsException.class, () -> OutputDirectory.claim(out, conf, l -> {}));
    }

    @Test
    void aClaimThisProcessHoldsIsRenewedAndEndsWithItsCommit() throws Exception {
        Path out = new Path(new File(tmp, "own").getAbsolutePath());
        String token = OutputDirectory.claim(out, conf, l -> {});
        String[] lines = Files.readString(new File(out.toString(), OutputDirectory.CLAIM_FILE).toPath())
                .split("\n");
        assertEquals(token, lines[0]);
        assertEquals(
                "holder " + ClaimHolder.host() + " " + ProcessHandle.current().pid() + " "
                        + ProcessHandle.current()
                                .info()
                                .startInstant()
                                .orElseThrow()
                                .toEpochMilli(),
                lines[2]);
        assertThrows(FileAlreadyExistsException.class, () -> OutputDirectory.claim(out, conf, l -> {}));
        OutputDirectory.jobSetUp(out, token, org.apache.hadoop.mapreduce.JobID.forName("job_local1_0001"), conf);
        assertTrue(new File(out.toString(), ClaimHolder.JOB_FILE).exists());
        OutputDirectory.endClaim(out, conf);
        assertFalse(FileSystem.getLocal(conf).exists(new Path(out, OutputDirectory.CLAIM_FILE)));
        assertFalse(new File(out.toString(), ClaimHolder.JOB_FILE).exists());
    }
}
