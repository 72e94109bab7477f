package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged HFile — cut short, or with bytes overwritten inside a data block — given to every command that reads
 * tables: one line naming the file and exit code 1, never a stack trace, and a run that reads it leaves no output
 * behind.
 */
class CorruptTableTest {
    @TempDir
    static File tmp;

    static File loads;

    @BeforeAll
    static void load() {
        loads = new File(tmp, "weblogs");
        CliTest.Run r = CliTest.run(
                "load",
                "weblogs",
                "--input",
                new File("../sample-data/weblogs").getAbsolutePath(),
                "--output",
                loads.getPath(),
                "--timestamp",
                "1800000000000",
                "--any-timestamp",
                "--max-reject-ratio",
                "0.5");
        assertEquals(0, r.code(), r.err());
    }

    /** A copy of the weblogs tables whose one {@code visits} HFile was damaged by {@code damage}. */
    private static File damaged(String name, boolean truncate) throws Exception {
        File copy = new File(tmp, name);
        copyTree(loads, copy);
        File family = new File(copy, "visits/p");
        File hfile = family.listFiles(f -> !f.getName().startsWith("."))[0];
        for (File crc : family.listFiles(f -> f.getName().endsWith(".crc"))) {
            assertTrue(crc.delete());
        }
        try (RandomAccessFile f = new RandomAccessFile(hfile, "rw")) {
            if (truncate) {
                f.setLength(f.length() / 2);
            } else {
                f.seek(200); // inside the first data block
                f.write("this is not a compressed block".getBytes(StandardCharsets.US_ASCII));
            }
        }
        return copy;
    }

    private static void copyTree(File from, File to) throws Exception {
        if (from.isDirectory()) {
            assertTrue(to.mkdirs());
            for (File f : from.listFiles()) {
                copyTree(f, new File(to, f.getName()));
            }
        } else {
            Files.copy(from.toPath(), to.toPath());
        }
    }

    private static void assertOneLineNamingTheHFile(CliTest.Run r, String command) {
        assertEquals(1, r.code(), command + ": " + r.err());
        assertEquals(1, r.err().lines().count(), command + ", one line: " + r.err());
        assertTrue(
                r.err().startsWith("dumptruck " + command + ": cannot read HFile ")
                        && r.err().contains("/visits/p/"),
                command + ": " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void aTruncatedHFileIsNamedByEveryReader() throws Exception {
        File tables = damaged("truncated", true);
        String visits = new File(tables, "visits").getPath();
        assertOneLineNamingTheHFile(CliTest.run("scan", visits), "scan");
        assertOneLineNamingTheHFile(CliTest.run("get", visits, "c-7f3a"), "get");
        assertOneLineNamingTheHFile(CliTest.run("inspect", visits), "inspect");
        File out = new File(tmp, "truncated-run");
        assertOneLineNamingTheHFile(
                CliTest.run("run", "journeys", "--tables", tables.getPath(), "--output", out.getPath()), "run");
        assertFalse(out.exists(), "planning failed before any task: nothing written");
    }

    @Test
    void aDamagedDataBlockIsNamedAndTheRunLeavesNothing() throws Exception {
        File tables = damaged("overwritten", false);
        assertOneLineNamingTheHFile(CliTest.run("scan", new File(tables, "visits").getPath()), "scan");
        File out = new File(tmp, "overwritten-run");
        CliTest.Run run = CliTest.run("run", "journeys", "--tables", tables.getPath(), "--output", out.getPath());
        assertEquals(1, run.code(), run.err());
        assertTrue(run.err().startsWith("dumptruck run: stage 'journeys: sessions' failed"), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertFalse(out.exists(), "the failed run's output is deleted");
        // the same output directory works once the tables are whole again
        CliTest.Run again = CliTest.run("run", "journeys", "--tables", loads.getPath(), "--output", out.getPath());
        assertEquals(0, again.code(), again.err());
        assertEquals(
                List.of("_SUCCESS", "sessions", "transitions"),
                List.of(out.list()).stream()
                        .filter(n -> !n.startsWith("."))
                        .sorted()
                        .toList());
    }

    /**
     * Bit rot: one flipped bit in a value of an uncompressed block, the file system's .crc gone (as after a copy).
     * Nothing but HBase's own block checksum can tell; every reader checks it.
     */
    @Test
    void aFlippedBitIsFoundByHBasesBlockChecksum() throws Exception {
        File blog = new File(tmp, "blog");
        CliTest.Run load = CliTest.run(
                "load",
                "spec",
                "--spec",
                new File("../sample-data/spec/blog-spec.json").getAbsolutePath(),
                "--input",
                new File("../sample-data/spec/blog").getAbsolutePath(),
                "--output",
                blog.getPath(),
                "--max-reject-ratio",
                "0.5");
        assertEquals(0, load.code(), load.err());
        File family = new File(blog, "blogtable/text");
        File hfile = family.listFiles(f -> !f.getName().startsWith("."))[0];
        for (File crc : family.listFiles(f -> f.getName().endsWith(".crc"))) {
            assertTrue(crc.delete());
        }
        byte[] bytes = Files.readAllBytes(hfile.toPath());
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf("Notes from the meetup");
        assertTrue(at > 0, "the value is stored uncompressed");
        bytes[at] ^= 0x20; // 'N' -> 'n': still text, still a valid block layout
        Files.write(hfile.toPath(), bytes);
        String table = new File(blog, "blogtable").getPath();
        for (String[] command :
                new String[][] {{"scan", table}, {"get", table, "nw20070301182005"}, {"inspect", table}}) {
            CliTest.Run r = CliTest.run(command);
            assertEquals(1, r.code(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(
                    r.err().startsWith("dumptruck " + command[0] + ": cannot read HFile ")
                            && r.err().contains("/blogtable/text/")
                            && r.err().contains("fails its checksum"),
                    r.err());
            assertFalse(r.out().contains("notes from the meetup"), "the damaged value is never printed");
        }
    }

    /**
     * A damaged table spec (cut, or nested deep enough to overflow a JSON reader's stack) is the same one line, exit 1,
     * in every reader.
     */
    @Test
    void aDamagedTableSpecIsNamedTheSameWayByEveryCommand() throws Exception {
        for (String damage : List.of(
                "{\"name\": \"visits\", \"families\": [{\"name\": \"p\"", "[".repeat(200_000) + "]".repeat(200_000))) {
            File copy = new File(tmp, "spec-" + damage.length());
            copyTree(loads, copy);
            File spec = new File(copy, "visits/_spec.json");
            new File(copy, "visits/._spec.json.crc").delete();
            Files.writeString(spec.toPath(), damage);
            String visits = new File(copy, "visits").getPath();
            for (String[] command :
                    new String[][] {{"scan", visits}, {"get", visits, "c-7f3a"}, {"inspect", visits}, {"ddl", visits}
                    }) {
                CliTest.Run r = CliTest.run(command);
                assertEquals(1, r.code(), r.err());
                assertEquals(1, r.err().lines().count(), r.err());
                assertTrue(
                        r.err().startsWith("dumptruck " + command[0] + ": table spec ")
                                && r.err().contains("visits/_spec.json is damaged"),
                        r.err());
            }
            CliTest.Run wholeOutput = CliTest.run("ddl", copy.getPath()); // the other tables' specs are whole
            assertEquals(1, wholeOutput.code(), wholeOutput.err());
            assertEquals(
                    "",
                    wholeOutput.out(),
                    "no create statement when one table's spec is damaged: a shell fed it creates none");
        }
    }
}
