package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user stops a load (SIGTERM, as {@code kill} and schedulers send; SIGINT for Ctrl-C) while its tasks run: the
 * command says so in one line, and neither the output directory nor the local job runner's files (map outputs, spills,
 * the staging directory) are left behind.
 */
class LoadStopIT {
    @TempDir
    File tmp;

    @Test
    void aLoadStoppedWhileItRunsLeavesNothing() throws Exception {
        CliTest.Run generated =
                CliTest.run("generate", "graph", "--records", "3000000", "--output", new File(tmp, "in").getPath());
        assertEquals(0, generated.code(), generated.err());
        // A process started with SIGINT ignored (a build run in the background: nohup, `cmd &`) passes that on to
        // its children, and the JVM then never sees the signal: Ctrl-C can only be tried where it can arrive.
        for (String signal : interruptible() ? List.of("TERM", "INT") : List.of("TERM")) {
            File hadoopTmp = new File(tmp, "hadoop-" + signal);
            File out = new File(tmp, "out-" + signal);
            File log = new File(tmp, "stop-" + signal + ".log");
            Process p = start(new File(tmp, "in"), out, hadoopTmp, log);
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (!Files.readString(log.toPath()).contains("map ") && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Thread.sleep(1500); // into the map tasks
            assertTrue(p.isAlive(), "the load ended before it could be stopped: " + Files.readString(log.toPath()));
            new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid()))
                    .start()
                    .waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the stopped load did not exit");
            String output = Files.readString(log.toPath());
            assertNotEquals(0, p.exitValue(), output);
            assertTrue(
                    output.lines()
                            .anyMatch(
                                    l -> l.startsWith("dumptruck load graph: stopped while the job ran; killed the job")
                                            && l.contains("nothing is left of its output")),
                    output);
            assertFalse(out.exists(), "the output directory of a stopped load is gone: " + output);
            List<String> left = files(new File(hadoopTmp, "mapred"));
            assertTrue(left.isEmpty(), "local work files left behind: " + left);
        }
    }

    /**
     * On a busy machine (two busy loops per core beside three loads), loads stopped with SIGTERM at three moments — as
     * the maps start, halfway through them, while the reducers write — each leave nothing behind, however long their
     * task threads are kept off the CPU, and a rerun into the same directory succeeds.
     */
    @Test
    void loadsStoppedOnABusyMachineLeaveNothingAndRerunIntoTheSameDirectory() throws Exception {
        File in = new File(tmp, "busy-in");
        CliTest.Run generated = CliTest.run("generate", "graph", "--records", "1000000", "--output", in.getPath());
        assertEquals(0, generated.code(), generated.err());
        // the progress line that starts a moment's clock, and the time after it when the load is stopped: as the maps
        // start, while they run, while the reducers write
        String[] moments = {"map +0%", "map +0%", "map 100%"};
        long[] after = {0, 3000, 1500};
        List<Process> busy = new ArrayList<>();
        List<Process> loads = new ArrayList<>();
        try {
            for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
                busy.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            }
            for (int i = 0; i < moments.length; i++) {
                loads.add(start(in, new File(tmp, "busy-out-" + i), new File(tmp, "busy-hadoop-" + i), log(i)));
            }
            boolean[] stopped = new boolean[moments.length];
            long[] seen = new long[moments.length];
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
            for (int left = moments.length; left > 0 && System.nanoTime() < deadline; ) {
                left = 0;
                for (int i = 0; i < moments.length; i++) {
                    Process p = loads.get(i);
                    if (stopped[i] || !p.isAlive()) {
                        continue;
                    }
                    left++;
                    java.util.regex.Pattern moment = java.util.regex.Pattern.compile(".*: " + moments[i] + ".*");
                    if (seen[i] == 0
                            && Files.readString(log(i).toPath())
                                    .lines()
                                    .anyMatch(l -> moment.matcher(l).matches())) {
                        seen[i] = System.nanoTime();
                    }
                    if (seen[i] != 0 && System.nanoTime() - seen[i] >= TimeUnit.MILLISECONDS.toNanos(after[i])) {
                        new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid()))
                                .start()
                                .waitFor();
                        stopped[i] = true;
                    }
                }
                Thread.sleep(50);
            }
            int stops = 0;
            for (int i = 0; i < moments.length; i++) {
                Process p = loads.get(i);
                assertTrue(p.waitFor(90, TimeUnit.SECONDS), "load " + i + " did not exit");
                String output = Files.readString(log(i).toPath());
                if (!stopped[i]) {
                    assertEquals(0, p.exitValue(), "load " + i + " neither stopped nor succeeded: " + output);
                    continue; // it finished before its moment came
                }
                stops++;
                assertNotEquals(0, p.exitValue(), output);
                File out = new File(tmp, "busy-out-" + i);
                assertTrue(
                        output.contains("nothing is left of its output"),
                        "load " + i + " left " + files(out) + ": " + output);
                // what a slow task thread could write after the stop would show up now
                Thread.sleep(1000);
                assertFalse(out.exists(), "load " + i + " left its output directory: " + files(out) + "\n" + output);
                List<String> work = files(new File(new File(tmp, "busy-hadoop-" + i), "mapred"));
                assertTrue(work.isEmpty(), "load " + i + " left local work files: " + work);
            }
            assertTrue(stops >= 2, "at least two loads were stopped while they ran");
        } finally {
            busy.forEach(Process::destroyForcibly);
            loads.forEach(Process::destroyForcibly);
        }
        Process rerun = start(in, new File(tmp, "busy-out-0"), new File(tmp, "busy-hadoop-rerun"), log(9));
        assertTrue(rerun.waitFor(3, TimeUnit.MINUTES), "the rerun did not end");
        assertEquals(0, rerun.exitValue(), Files.readString(log(9).toPath()));
        assertTrue(new File(tmp, "busy-out-0/_SUCCESS").exists());
    }

    /**
     * A load killed with SIGKILL (an out-of-memory kill, a lost node, a scheduler that gave up waiting) runs no
     * clean-up and leaves its output directory claimed: killed as it claims the directory, while its maps run and while
     * its reducers write, the retry into the same directory takes the claim over in one line (the holder's process is
     * gone) and loads every record once.
     */
    @Test
    void aLoadKilledWithSigkillAtAnyMomentIsTakenOverByItsRetry() throws Exception {
        File in = new File(tmp, "kill-in");
        CliTest.Run generated = CliTest.run("generate", "graph", "--records", "400000", "--output", in.getPath());
        assertEquals(0, generated.code(), generated.err());
        String[] moments = {"claimed", "map +0%", "map 100%"};
        long[] after = {0, 1500, 300};
        String content = null;
        for (int i = 0; i < moments.length; i++) {
            File out = new File(tmp, "kill-out-" + i);
            File log = new File(tmp, "kill-" + i + ".log");
            Process load = start(in, out, new File(tmp, "kill-hadoop-" + i), log);
            java.util.regex.Pattern moment = java.util.regex.Pattern.compile(".*: " + moments[i] + ".*");
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (load.isAlive() && System.nanoTime() < deadline) {
                boolean reached = moments[i].equals("claimed")
                        ? new File(out, "_CLAIMED").exists()
                        : Files.readString(log.toPath())
                                .lines()
                                .anyMatch(l -> moment.matcher(l).matches());
                if (reached) {
                    Thread.sleep(after[i]);
                    break;
                }
                Thread.sleep(20);
            }
            assertTrue(load.isAlive(), "load " + i + " ended before its moment: " + Files.readString(log.toPath()));
            new ProcessBuilder("kill", "-KILL", String.valueOf(load.pid()))
                    .start()
                    .waitFor();
            assertTrue(load.waitFor(30, TimeUnit.SECONDS));
            assertTrue(new File(out, "_CLAIMED").exists(), "killed " + moments[i] + ", the load left its claim");
            assertFalse(new File(out, "_SUCCESS").exists());
            // a scheduler retries after a delay; a claim killed half-written is known for gone once it is 5 s old
            Thread.sleep(6_000);

            File retryLog = new File(tmp, "kill-retry-" + i + ".log");
            Process retry = start(in, out, new File(tmp, "kill-hadoop-retry-" + i), retryLog);
            assertTrue(retry.waitFor(3, TimeUnit.MINUTES), "the retry did not end");
            String said = Files.readString(retryLog.toPath());
            assertEquals(0, retry.exitValue(), said);
            List<String> takeOver = said.lines()
                    .filter(l -> l.contains("took over output directory"))
                    .toList();
            assertEquals(1, takeOver.size(), said);
            assertTrue(
                    takeOver.get(0).contains("is no longer running")
                            || takeOver.get(0).contains("died while writing its claim"),
                    takeOver.get(0));
            assertTrue(new File(out, "_SUCCESS").exists());
            assertFalse(new File(out, "_CLAIMED").exists());
            var records = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(new File(out, "_report.json"))
                    .get("records");
            assertEquals(
                    records.get("read").asLong(),
                    records.get("loaded").asLong() + records.get("rejected").asLong(),
                    records.toString());
            assertTrue(records.get("read").asLong() >= 400_000, "every record read: " + records);
            if (content == null) {
                content = records.get("content").asText();
            }
            assertEquals(content, records.get("content").asText(), "the same records whenever the first was killed");
        }
    }

    private File log(int i) {
        return new File(tmp, "busy-" + i + ".log");
    }

    /** {@code dumptruck load graph} of {@code in} into {@code out} in a JVM of its own, its output in {@code log}. */
    private static Process start(File in, File out, File hadoopTmp, File log) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(new File(System.getProperty("java.home"), "bin/java").getPath(), "-Xmx1g"));
        command.addAll(Arrays.asList(System.getProperty("jdk17.opens", "").split(" ")));
        command.removeIf(String::isBlank);
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "load",
                "-D",
                "hadoop.tmp.dir=" + hadoopTmp.getPath(),
                "graph",
                "--input",
                in.getPath(),
                "--output",
                out.getPath()));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log)
                .start();
    }

    /**
     * False when this process ignores SIGINT (bit 2 of SigIgn in /proc/self/status), as the load it starts then will.
     */
    private static boolean interruptible() throws Exception {
        java.nio.file.Path status = java.nio.file.Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return true;
        }
        return Files.readAllLines(status).stream()
                .filter(l -> l.startsWith("SigIgn:"))
                .noneMatch(l -> (Long.parseLong(l.substring(7).trim(), 16) & (1L << 1)) != 0);
    }

    private static List<String> files(File dir) throws Exception {
        if (!dir.exists()) {
            return List.of();
        }
        try (Stream<java.nio.file.Path> s = Files.walk(dir.toPath())) {
            return s.filter(Files::isRegularFile)
                    .map(java.nio.file.Path::toString)
                    .toList();
        }
    }
}
