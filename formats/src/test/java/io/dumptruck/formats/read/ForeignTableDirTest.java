package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Table directories written by something else: no {@code _spec.json}, or cells that are not Puts. */
class ForeignTableDirTest {
  @TempDir File tmp;
  final Configuration conf = LocalJobs.localConf();

  private void write(Path file, KeyValue... cells) throws IOException {
    FileSystem fs = FileSystem.getLocal(conf);
    StoreFileWriter w = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs).withFilePath(file)
        .withFileContext(new HFileContextBuilder().build()).build();
    for (KeyValue kv : cells) {
      w.append(kv);
    }
    w.close();
  }

  private static KeyValue put(String row, long ts) {
    return new KeyValue(Bytes.toBytes(row), Bytes.toBytes("f"), Bytes.toBytes("q"), ts, KeyValue.Type.Put, Bytes.toBytes("v" + ts));
  }

  @Test
  void withoutASpecEveryVersionIsKept() throws Exception {
    Path table = new Path(tmp.getAbsolutePath(), "t");
    write(new Path(table, "f/0a"), put("r", 3), put("r", 2), put("r", 1));
    try (TableReader reader = TableReader.open(conf, table)) {
      assertEquals(3, reader.get(Bytes.toBytes("r"), ScanSpec.all().withMaxVersions(10)).get().rawCells().length);
      assertEquals(1, reader.get(Bytes.toBytes("r"), ScanSpec.all()).get().rawCells().length, "a scan's default is 1 version");
    }
    // the input format's tasks get the spec inferred when the job was set up
    List<org.apache.hadoop.hbase.client.Result> rows = LocalJobs.readAll(conf, table, ScanSpec.all().withMaxVersions(10));
    assertEquals(1, rows.size());
    assertEquals(3, rows.get(0).rawCells().length);
  }

  @Test
  void deleteMarkersMaskCellsOfOtherFilesAndAreNeverReturned() throws Exception {
    Path table = new Path(tmp.getAbsolutePath(), "d");
    write(new Path(table, "f/0a"), put("a", 1), put("b", 7), put("b", 3));
    write(new Path(table, "f/0b"), new KeyValue(Bytes.toBytes("b"), Bytes.toBytes("f"), Bytes.toBytes("q"), 5, KeyValue.Type.DeleteColumn));
    try (TableReader reader = TableReader.open(conf, table); RowScanner rows = reader.scan(ScanSpec.all().withMaxVersions(10))) {
      assertEquals("a", Bytes.toString(rows.next().getRow()));
      org.apache.hadoop.hbase.client.Result b = rows.next();
      assertEquals(1, b.rawCells().length, "b@3 is masked by the DeleteColumn at 5, b@7 is newer than it");
      assertEquals(7, b.rawCells()[0].getTimestamp());
      assertEquals(null, rows.next());
    }
  }

  @Test
  void aTruncatedHFileIsNamedInTheError() throws Exception {
    Path table = new Path(tmp.getAbsolutePath(), "x");
    Path file = new Path(table, "f/0c");
    write(file, put("a", 1));
    File f = new File(file.toString());
    byte[] bytes = java.nio.file.Files.readAllBytes(f.toPath());
    java.nio.file.Files.write(f.toPath(), java.util.Arrays.copyOf(bytes, bytes.length / 2));
    IOException e = assertThrows(IOException.class, () -> TableReader.open(conf, table));
    assertTrue(e.getMessage().startsWith("cannot read HFile ") && e.getMessage().contains("0c"), e.getMessage());
  }
}
