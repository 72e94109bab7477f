package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every directory of an HBase root that is no table — data, archive, temporary, the master's store, write-ahead logs,
 * an empty namespace, a family directory — is refused in one line naming what it is and what to give, never read as an
 * empty table.
 */
class HBaseRootDirsTest {
    @TempDir
    File tmp;

    @Test
    void directoriesOfAnHBaseRootThatAreNoTableAreRefusedNamingWhatTheyAre() throws Exception {
        File root = new File(tmp, "hbase");
        String[][] cases = {
            {"data", "the data directory"},
            {"data/empty_ns", "a namespace directory with no table"},
            {"data/default/t/0123abcd/f", "a family directory of a region"},
            {"data/default/t/0123abcd/g/.filelist", "the store file tracker's list of a family"},
            {"archive", "the archive"},
            {"archive/data/default/t", "an archived table"},
            {".tmp", "HBase's temporary directory"},
            {"MasterData", "the master's own store"},
            {"WALs", "write-ahead logs"},
            {"oldWALs", "write-ahead logs"},
            {"corrupt", "the corrupt write-ahead logs"},
            {"something-else", "a directory"},
        };
        for (String[] c : cases) {
            File dir = new File(root, c[0]);
            dir.mkdirs();
            Files.writeString(new File(dir, "some-file").toPath(), "x");
        }
        Files.writeString(new File(root, "hbase.version").toPath(), "8");
        Configuration conf = new Configuration();
        for (String[] c : cases) {
            Path dir = new Path(new File(root, c[0]).toURI());
            NotATableException e = assertThrows(NotATableException.class, () -> TableDir.open(conf, dir), c[0]);
            assertTrue(e.getMessage().contains(" is " + c[1]), e.getMessage());
            assertTrue(e.getMessage().contains("give a snapshot "), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }
}
