package io.dumptruck.formats.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.runtime.OutputDirectoryException;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.formats.testing.CellModel;
import io.dumptruck.formats.testing.CellTextMapper;
import io.dumptruck.formats.testing.FailingCreateFileSystem;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.RandomTables;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output directory belongs to one job from its claim to its commit: of jobs started together into one directory
 * exactly one goes on, a committer never moves or deletes what another job claimed, a commit that fails leaves nothing,
 * and the per-table figures come from files, not counters.
 */
class OutputClaimTest {
    @TempDir
    static File tmp;

    static RandomTables data;
    static Path input;

    @BeforeAll
    static void input() throws Exception {
        data = new RandomTables(7, 2_000);
        data.writeInput(tmp.toPath().resolve("in"), 2);
        input = new Path(tmp.getAbsolutePath(), "in");
    }

    @Test
    void ofManyClaimsAtOnceExactlyOneWins() throws Exception {
        Configuration conf = LocalJobs.localConf();
        for (int round = 0; round < 20; round++) {
            Path out = new Path(tmp.getAbsolutePath(), "race/" + round + "/out");
            int n = 6;
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(n);
            List<Future<String>> claims = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                claims.add(pool.submit((Callable<String>) () -> {
                    start.await();
                    return OutputDirectory.claim(out, conf);
                }));
            }
            start.countDown();
            List<String> won = new ArrayList<>();
            for (Future<String> f : claims) {
                try {
                    won.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    assertTrue(e.getCause() instanceof IOException, String.valueOf(e.getCause()));
                    String m = e.getCause().getMessage();
                    assertTrue(m.contains("another job") || m.contains("already exists"), m);
                    assertFalse(m.contains("\n"), m);
                }
            }
            pool.shutdown();
            assertEquals(1, won.size(), "round " + round + ": exactly one claim wins");
            assertTrue(OutputDirectory.claimedBy(out, won.get(0), conf));
            assertFalse(OutputDirectory.claimedBy(out, "another token", conf));
        }
    }

    @Test
    void twoLoadsIntoOneNewOutputOneIsRefusedAndTheOtherWritesOnlyItsOwnCells() throws Exception {
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "two-loads");
        Path otherInput = new Path(tmp.getAbsolutePath(), "other-in");
        RandomTables other = new RandomTables(8, 2_000);
        other.writeInput(tmp.toPath().resolve("other-in"), 2);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Boolean>> loads = new ArrayList<>();
        for (Path in : List.of(input, otherInput)) {
            loads.add(pool.submit(() -> {
                Job job = LocalJobs.cellTextJob(conf, "load " + in.getName(), in);
                start.await();
                HFileTableJob.configure(job).tables(data.specs).output(out).apply();
                return job.waitForCompletion(false) ? in == input : null;
            }));
        }
        start.countDown();
        List<Boolean> finished = new ArrayList<>();
        int refused = 0;
        for (Future<Boolean> f : loads) {
            try {
                finished.add(f.get());
            } catch (java.util.concurrent.ExecutionException e) {
                assertTrue(e.getCause() instanceof IOException, String.valueOf(e.getCause()));
                refused++;
            }
        }
        pool.shutdown();
        assertEquals(1, refused, "the second load is refused before it starts");
        assertEquals(1, finished.size());
        RandomTables winner = finished.get(0) ? data : other;
        CellModel.assertSameRows(
                winner.model.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(5)),
                CellModel.lines(LocalJobs.readAll(
                        conf, new Path(out, RandomTables.WIDE), ScanSpec.all().withMaxVersions(5))),
                "the committed table holds the cells of one load only");
        assertFalse(new File(out.toString(), OutputDirectory.CLAIM_FILE).exists(), "the claim ends with the commit");
    }

    @Test
    void aCommitterNeverMovesNorDeletesWhatAnotherJobClaimed() throws Exception {
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "claimed-by-another");
        String theirs = OutputDirectory.claim(out, conf);
        Files.writeString(new File(out.toString(), "their-file").toPath(), "theirs");
        Configuration mine = new Configuration(conf);
        FormatConf.OUTPUT_CLAIM.set(mine, "not-" + theirs);
        JobTables.set(mine, data.specs);
        TaskAttemptContext context =
                new TaskAttemptContextImpl(mine, new TaskAttemptID("other", 1, TaskType.MAP, 0, 0));
        HFileTableCommitter committer = new HFileTableCommitter(out, context);
        OutputDirectoryException e = assertThrows(OutputDirectoryException.class, () -> committer.commitJob(context));
        assertTrue(e.getMessage().contains("not claimed by this job"), e.getMessage());
        committer.abortJob(context, JobStatus.State.FAILED);
        assertTrue(new File(out.toString(), "their-file").isFile(), "another job's output stays");
        assertTrue(OutputDirectory.claimedBy(out, theirs, conf));
        assertFalse(new File(out.toString(), "_SUCCESS").exists());
    }

    @Test
    void aCommitThatFailsLeavesNoOutputAtAll() throws Exception {
        for (String failing : List.of("_SUCCESS", TableSpecJson.FILE_NAME, TableFigures.FILE)) {
            Configuration conf = LocalJobs.localConf();
            FailingCreateFileSystem.install(conf, failing);
            Path out = new Path(tmp.getAbsolutePath(), "commit-fails-" + failing);
            Job job = LocalJobs.cellTextJob(conf, "commit fails at " + failing, input);
            HFileTableJob.configure(job).tables(data.specs).output(out).apply();
            assertFalse(job.waitForCompletion(false), "a failed commit fails the job");
            assertFalse(
                    new File(out.toString()).exists(), "nothing is left of a job whose commit failed at " + failing);
        }
    }

    @Test
    void anOutputThatCannotBeCreatedIsRefusedBeforeAnyTask() throws Exception {
        Configuration conf = LocalJobs.localConf();
        File aFile = new File(tmp, "a-file");
        Files.writeString(aFile.toPath(), "x");
        for (Path bad : List.of(new Path(aFile.getPath(), "out"), new Path(tmp.getAbsolutePath(), "x".repeat(300)))) {
            IOException e = assertThrows(
                    IOException.class,
                    () -> HFileTableJob.configure(LocalJobs.cellTextJob(conf, "bad", input))
                            .tables(data.specs)
                            .output(bad)
                            .apply());
            assertTrue(e.getMessage().contains("output directory"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void tableFiguresComeFromFilesSoManyTablesPassHadoopsCounterLimit() throws Exception {
        Configuration conf = LocalJobs.localConf();
        List<TableSpec> many = new ArrayList<>();
        StringBuilder lines = new StringBuilder();
        for (int t = 0; t < 40; t++) {
            many.add(TableSpec.of("t" + t, FamilySpec.named("f")));
            for (int r = 0; r <= t; r++) {
                lines.append(CellTextMapper.line(
                                "t" + t, ("row" + r).getBytes(), "f", "q".getBytes(), 5, "v".getBytes()))
                        .append('\n');
                lines.append(CellTextMapper.line(
                                "t" + t, ("row" + r).getBytes(), "f", "p".getBytes(), 5, "v".getBytes()))
                        .append('\n');
            }
        }
        File in = new File(tmp, "many-in/part");
        assertTrue(in.getParentFile().mkdirs());
        Files.writeString(in.toPath(), lines);
        Path out = new Path(tmp.getAbsolutePath(), "many-out");
        Job job = LocalJobs.cellTextJob(conf, "forty tables", new Path(in.getParent()));
        HFileTableJob.configure(job).tables(many).output(out).apply();
        assertTrue(job.waitForCompletion(false));
        long cells = 0;
        for (int t = 0; t < 40; t++) {
            TableFigures f = TableFigures.of(new Path(out, "t" + t), conf);
            assertEquals(t + 1, f.rows(), "t" + t);
            assertEquals(2L * (t + 1), f.cells(), "t" + t);
            assertEquals(1, f.files());
            assertEquals(
                    new File(out.toString(), "t" + t + "/f")
                            .listFiles(x -> !x.getName().startsWith("."))[0].length(),
                    f.bytes());
            assertEquals(
                    0,
                    new File(out.toString(), "t" + t)
                            .listFiles(x -> x.getName().startsWith(TableFigures.SHARE_PREFIX))
                            .length);
            cells += f.cells();
        }
        assertEquals(
                cells, job.getCounters().findCounter(CellCounter.CELLS_WRITTEN).getValue());
    }
}
