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
                    new File(tmp, "in").getPath(),
                    "--output",
                    out.getPath()));
            File log = new File(tmp, "stop-" + signal + ".log");
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log)
                    .start();
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
