package io.dumptruck.formats.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.SpecException;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.testing.CellTextMapper;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Folds that take what a table held as well as the load's cells: counters add the held count, a row
 * fold lists held and new qualifiers, and a row only held cells reach is not written — against a model
 * computed here from the random input.
 */
class HeldCellsFoldTest {
  @TempDir File tmp;

  @Test
  void heldCellsFoldWithTheLoadsAndRowsTheLoadDoesNotTouchAreNotWritten() throws Exception {
    Random rnd = new Random(21);
    Map<String, Long> counts = new TreeMap<>();
    Map<String, TreeSet<String>> lists = new TreeMap<>();
    TreeSet<String> touchedCounts = new TreeSet<>();
    TreeSet<String> touchedLists = new TreeSet<>();
    List<String> lines = new ArrayList<>();
    for (int r = 0; r < 300; r++) { // what the tables held: one folded cell per key
      String row = String.format("r%03d", r);
      for (int q = 0; q < 3; q++) {
        long n = 1 + rnd.nextInt(50);
        counts.put(row + "/q" + q, n);
        lines.add(CellTextMapper.line(CellTextMapper.HELD + "counts", Bytes.toBytes(row), "c", Bytes.toBytes("q" + q), 7L, Bytes.toBytes(n)));
      }
      lists.computeIfAbsent(row, k -> new TreeSet<>()).add("old" + r % 4);
      lines.add(CellTextMapper.line(CellTextMapper.HELD + "lists", Bytes.toBytes(row), "l", Bytes.toBytes("old" + r % 4), 7L, new byte[0]));
    }
    for (int i = 0; i < 2000; i++) { // the load's own cells, into some held rows and some new ones
      String row = String.format("r%03d", rnd.nextInt(400));
      String q = "q" + rnd.nextInt(5);
      long n = 1 + rnd.nextInt(3);
      counts.merge(row + "/" + q, n, Long::sum);
      touchedCounts.add(row);
      lines.add(CellTextMapper.line("counts", Bytes.toBytes(row), "c", Bytes.toBytes(q), 7L, Bytes.toBytes(n)));
      if (i % 3 == 0) {
        lists.computeIfAbsent(row, k -> new TreeSet<>()).add("new" + q);
        touchedLists.add(row);
        lines.add(CellTextMapper.line("lists", Bytes.toBytes(row), "l", Bytes.toBytes("new" + q), 7L, new byte[0]));
      }
    }
    java.util.Collections.shuffle(lines, rnd); // held and new cells meet in the map side's combiner too
    Files.createDirectories(tmp.toPath().resolve("in"));
    Files.write(tmp.toPath().resolve("in/cells.txt"), lines, StandardCharsets.UTF_8);
    Configuration conf = LocalJobs.localConf();
    Path out = new Path(tmp.getAbsolutePath(), "out");
    Job job = LocalJobs.cellTextJob(conf, "held", new Path(tmp.getAbsolutePath(), "in"));
    HFileTableJob.configure(job)
        .tables(TableSpec.of("counts", FamilySpec.named("c")).withRegions(RegionSplits.explicit(Bytes.toBytes("r150"))),
            TableSpec.of("lists", FamilySpec.named("l")).withRegions(RegionSplits.explicit(Bytes.toBytes("r200"))))
        .fold("counts", SumLongFold.class).fold("lists", CellFoldTest.JoinQualifiersFold.class)
        .foldingHeldCells("counts").foldingHeldCells("lists").output(out).apply();
    assertTrue(job.waitForCompletion(false));
    assertTrue(job.getCounters().findCounter(org.apache.hadoop.mapreduce.TaskCounter.COMBINE_INPUT_RECORDS).getValue() > 0,
        "the map side combined the load's counts and passed the held ones");

    Map<String, Long> expectedCounts = new TreeMap<>();
    counts.forEach((key, n) -> {
      if (touchedCounts.contains(key.substring(0, key.indexOf('/')))) {
        expectedCounts.put(key, n);
      }
    });
    Map<String, String> expectedLists = new TreeMap<>();
    lists.forEach((row, qs) -> {
      if (touchedLists.contains(row)) {
        expectedLists.put(row, String.join(",", qs));
      }
    });
    Map<String, Long> gotCounts = new TreeMap<>();
    Map<String, String> gotLists = new TreeMap<>();
    CellFoldTest.readCountsAndLists(conf, out, gotCounts, gotLists);
    assertEquals(expectedCounts, gotCounts);
    assertEquals(expectedLists, gotLists);
    long untouched = 300 - touchedCounts.stream().filter(r -> r.compareTo("r300") < 0).count()
        + 300 - touchedLists.stream().filter(r -> r.compareTo("r300") < 0).count();
    assertTrue(untouched > 0, "some held rows are untouched");
    assertEquals(untouched, job.getCounters().findCounter(CellCounter.HELD_ROWS_UNTOUCHED).getValue());
  }

  @Test
  void onlyAFoldedTableFoldsHeldCells() throws Exception {
    Job job = LocalJobs.cellTextJob(LocalJobs.localConf(), "held", new Path(tmp.getAbsolutePath(), "in"));
    SpecException e = assertThrows(SpecException.class, () -> HFileTableJob.configure(job)
        .tables(TableSpec.of("plain", FamilySpec.named("c"))).foldingHeldCells("plain").output(new Path(tmp.getAbsolutePath(), "o")).apply());
    assertTrue(e.getMessage().contains("has no fold"), e.getMessage());
  }
}
