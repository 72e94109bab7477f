package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.formats.testing.CellModel;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.formats.testing.RandomTables;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The InputFormat beyond one file per region: two loads merged into one table directory (files with
 * overlapping rows, as after two bulk loads), regions sub-split on the block index, and an HBase
 * {@link TableMapper} running on our tables unchanged.
 */
class HFileTableInputFormatTest {
  @TempDir static File tmp;
  static RandomTables first;
  static RandomTables second;
  static CellModel merged;
  static Configuration conf;
  static Path table;

  @BeforeAll
  static void loadTwiceIntoOneTable() throws Exception {
    conf = LocalJobs.localConf();
    first = new RandomTables(1, 6_000);
    second = new RandomTables(2, 6_000); // same tables; timestamps collide only by chance, filtered below
    merged = new CellModel(first.specs);
    Path a = load(first, "a");
    List<String> secondLines = new ArrayList<>();
    for (String line : second.lines) {
      String[] f = line.split("\t", -1);
      long ts = Long.parseLong(f[3]) + 1_000; // a later load: disjoint timestamps
      secondLines.add(f[0] + '\t' + f[1] + '\t' + f[2] + '\t' + ts + '\t' + f[4]);
    }
    second.lines.clear();
    second.lines.addAll(secondLines);
    Path b = load(second, "b");
    for (RandomTables data : List.of(first, second)) {
      for (String line : data.lines) {
        String[] f = line.split("\t", -1);
        int colon = f[2].indexOf(':');
        merged.put(f[0], Bytes.toBytesBinary(f[1]), f[2].substring(0, colon), Bytes.toBytesBinary(f[2].substring(colon + 1)),
            Long.parseLong(f[3]), Bytes.toBytesBinary(f[4]));
      }
    }
    table = new Path(a, RandomTables.WIDE);
    for (TableSpec t : first.specs) {
      for (String family : t.familyNames()) {
        File from = new File(new Path(new Path(b, t.name()), family).toString());
        File to = new File(new Path(new Path(a, t.name()), family).toString());
        for (File hfile : from.listFiles(f -> !f.getName().startsWith("."))) {
          Files.copy(hfile.toPath(), new File(to, "ff" + hfile.getName()).toPath());
        }
      }
    }
  }

  private static Path load(RandomTables data, String name) throws Exception {
    File in = new File(tmp, name + "-in");
    data.writeInput(in.toPath(), 2);
    Path out = new Path(tmp.getAbsolutePath(), name);
    Job job = LocalJobs.cellTextJob(conf, name, new Path(in.getPath()));
    HFileTableOutputFormat.configure(job).tables(data.specs).output(out).maxFileBytes(16 * 1024).apply();
    assertTrue(job.waitForCompletion(false));
    return out;
  }

  @Test
  void filesOfTwoLoadsMergeNewestFirst() throws Exception {
    for (ScanSpec scan : List.of(ScanSpec.all(), ScanSpec.all().withMaxVersions(5), ScanSpec.all().withFamilies(List.of("c")).withMaxVersions(5))) {
      CellModel.assertSameRows(merged.scan(RandomTables.WIDE, scan), CellModel.lines(LocalJobs.readAll(conf, table, scan)),
          scan.toJson());
    }
  }

  @Test
  void largeRegionsAreSubSplitOnTheBlockIndex() throws Exception {
    Configuration small = new Configuration(conf);
    FormatConf.INPUT_SPLIT_MAX_BYTES.setLong(small, 8 * 1024);
    Job job = Job.getInstance(small);
    HFileTableInputFormat.configure(job).table(table).scan(ScanSpec.all().withMaxVersions(5)).apply();
    List<InputSplit> splits = new HFileTableInputFormat().getSplits(job);
    int regions = first.specs.get(0).regions().count();
    assertTrue(splits.size() > 2 * regions, "expected sub-splits, got " + splits.size() + " splits for " + regions + " regions");
    byte[] previousStop = new byte[0];
    for (InputSplit s : splits) {
      HFileTableSplit split = (HFileTableSplit) s;
      assertTrue(Bytes.equals(previousStop, split.start()), "splits must tile the key space: " + split);
      previousStop = split.stop();
    }
    assertEquals(0, previousStop.length, "the last split is unbounded");
    CellModel.assertSameRows(merged.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(5)),
        CellModel.lines(LocalJobs.readAll(small, table, ScanSpec.all().withMaxVersions(5))), "sub-split read");
  }

  /** An ordinary HBase TableMapper: counts cells per family. */
  public static class FamilyCellCounter extends TableMapper<Text, LongWritable> {
    @Override
    protected void map(ImmutableBytesWritable row, Result value, Context context) throws IOException, InterruptedException {
      for (Cell c : value.rawCells()) {
        context.write(new Text(Bytes.toString(CellUtil.cloneFamily(c))), new LongWritable(1));
      }
    }
  }

  @Test
  void anHBaseTableMapperRunsUnchanged() throws Exception {
    Job job = Job.getInstance(conf, "table mapper");
    HFileTableInputFormat.configure(job).table(table).scan(ScanSpec.all().withMaxVersions(10)).apply();
    job.setMapperClass(FamilyCellCounter.class);
    job.setReducerClass(LongSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    Path out = new Path(tmp.getAbsolutePath(), "counts");
    FileOutputFormat.setOutputPath(job, out);
    assertTrue(job.waitForCompletion(false));
    Map<String, Long> expected = new TreeMap<>();
    for (List<String> row : merged.scan(RandomTables.WIDE, ScanSpec.all().withMaxVersions(10))) {
      for (String cell : row) {
        String family = cell.substring(cell.indexOf('/') + 1, cell.indexOf(':', cell.indexOf('/')));
        expected.merge(family, 1L, Long::sum);
      }
    }
    Map<String, Long> got = new TreeMap<>();
    for (String line : Files.readAllLines(new File(out.toString(), "part-r-00000").toPath(), StandardCharsets.UTF_8)) {
      String[] kv = line.split("\t", -1);
      got.put(kv[0], Long.parseLong(kv[1]));
    }
    assertEquals(expected, got);
  }
}
