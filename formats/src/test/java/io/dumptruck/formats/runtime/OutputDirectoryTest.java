package io.dumptruck.formats.runtime;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An existing output directory is refused with a message that fits what it holds (permissions: ClusterIT, on HDFS). */
class OutputDirectoryTest {
    @TempDir
    File tmp;

    final Configuration conf = new Configuration(false);

    String refusal(File dir) {
        return assertThrows(
                        FileAlreadyExistsException.class, () -> OutputDirectory.checkNew(new Path(dir.getPath()), conf))
                .getMessage();
    }

    @Test
    void finishedOutputIsRefusedWithChooseAnother() throws IOException {
        File out = new File(tmp, "done");
        assertTrue(new File(out, "_SUCCESS").getParentFile().mkdirs() && new File(out, "_SUCCESS").createNewFile());
        String m = refusal(out);
        assertTrue(
                m.contains("already exists and holds the output of a finished job")
                        && m.contains("choose a new output directory")
                        && m.contains("rm -r " + out.getPath()),
                m);
    }

    @Test
    void leftoverOfAnUnfinishedJobIsRefusedWithDeleteIt() {
        File out = new File(tmp, "leftover");
        assertTrue(new File(out, "_temporary/1").mkdirs());
        String m = refusal(out);
        assertTrue(
                m.contains("what is left of a job that did not finish")
                        && m.contains("delete it (rm -r " + out.getPath() + ") and run again"),
                m);
    }

    @Test
    void otherDirectoryIsRefused() {
        File out = new File(tmp, "other");
        assertTrue(out.mkdirs());
        assertTrue(refusal(out).contains("already exists; choose a new output directory"));
    }

    @Test
    void aClaimTheFileSystemCannotWriteLeavesNoDirectoryThatWouldBlockTheNextRun() {
        Configuration bad = new Configuration(false);
        bad.setInt("io.file.buffer.size", 0); // Hadoop's local file system then fails to create any file
        bad.setBoolean(
                "fs.file.impl.disable.cache", true); // a file system of its own, not the cached one of the next claim
        File out = new File(tmp, "never");
        OutputDirectoryException e =
                assertThrows(OutputDirectoryException.class, () -> OutputDirectory.claim(new Path(out.getPath()), bad));
        assertTrue(
                e.getMessage().contains("cannot write in output directory")
                        && e.getMessage().contains("-D"),
                e.getMessage());
        assertTrue(!out.exists(), "the directory the claim created is gone");
        assertDoesNotThrow(() -> OutputDirectory.claim(new Path(out.getPath()), conf), "the next run claims it");
    }

    @Test
    void aSymbolicLinkToNothingIsRefusedForWhatItIs() throws IOException {
        File link = new File(tmp, "link");
        java.nio.file.Files.createSymbolicLink(link.toPath(), new File(tmp, "nowhere").toPath());
        OutputDirectoryException e = assertThrows(
                OutputDirectoryException.class, () -> OutputDirectory.claim(new Path(link.getPath()), conf));
        assertTrue(e.getMessage().contains("is a symbolic link to nothing"), e.getMessage());
        assertTrue(
                java.nio.file.Files.isSymbolicLink(link.toPath()) && !new File(tmp, "nowhere").exists(),
                "the link is left as it was");
    }

    @Test
    void newDirectoryUnderAWritableOneIsAccepted() {
        assertDoesNotThrow(() -> OutputDirectory.checkNew(new Path(new File(tmp, "a/b/c").getPath()), conf));
    }
}
