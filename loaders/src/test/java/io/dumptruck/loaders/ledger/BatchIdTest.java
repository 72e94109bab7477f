package io.dumptruck.loaders.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A batch is its data: the same bytes anywhere, copied or touched, are one batch; other bytes are another. */
class BatchIdTest {
    @TempDir
    File tmp;

    private List<FileStatus> files(String dir, String... contents) throws Exception {
        Configuration conf = new Configuration();
        List<FileStatus> out = new ArrayList<>();
        for (int i = 0; i < contents.length; i++) {
            File f = new File(tmp, dir + "/part-" + i);
            f.getParentFile().mkdirs();
            Files.writeString(f.toPath(), contents[i], StandardCharsets.UTF_8);
            out.add(FileSystem.getLocal(conf).getFileStatus(new Path(f.toURI())));
        }
        return out;
    }

    @Test
    void theSameDataIsTheSameBatchWhereverItLiesAndOtherDataAnother() throws Exception {
        Configuration conf = new Configuration();
        String day = BatchId.of(conf, files("a", "one\n", "two\n"));
        assertTrue(day.matches("input-[0-9a-f]{16}"), day);
        assertEquals(day, BatchId.of(conf, files("copied/elsewhere", "two\n", "one\n")), "copied, in another order");
        File touched = new File(tmp, "a/part-0");
        assertTrue(touched.setLastModified(touched.lastModified() - 86_400_000L));
        FileSystem local = FileSystem.getLocal(conf);
        List<FileStatus> again = List.of(
                local.getFileStatus(new Path(touched.toURI())),
                local.getFileStatus(new Path(new File(tmp, "a/part-1").toURI())));
        assertEquals(day, BatchId.of(conf, again), "touched");
        assertNotEquals(day, BatchId.of(conf, files("b", "one\n", "twO\n")), "one byte changed");
        assertNotEquals(day, BatchId.of(conf, files("c", "one\n", "two\n", "three\n")), "a file added");
    }

    @Test
    void aGivenBatchIsTakenAsItIsOrRefused() throws Exception {
        Configuration conf = new Configuration();
        conf.set(BatchId.BATCH.key(), "2026-11-25");
        assertEquals("2026-11-25", BatchId.of(conf, List.of()));
        for (String bad : new String[] {"", "-x", "a b", "day/1", "x".repeat(129)}) {
            conf.set(BatchId.BATCH.key(), bad);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> BatchId.of(conf, List.of()), bad);
            assertTrue(e.getMessage().contains("e.g. the day"), e.getMessage());
        }
    }
}
