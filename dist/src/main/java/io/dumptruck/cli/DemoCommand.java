package io.dumptruck.cli;

import io.dumptruck.formats.output.CellCounter;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.FixedWidth;
import io.dumptruck.formats.spec.FamilySpec;
import io.dumptruck.formats.spec.RegionSplits;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.formats.text.CellTextMapper;
import java.io.BufferedWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * {@code dumptruck demo}: generates a small deterministic data set, loads it with one MapReduce job
 * into two HFile tables (explicit and sampled region splits, several versions, GZ and FAST_DIFF),
 * then answers a few reads from the files and prints where everything is.
 */
public final class DemoCommand extends Command {
  static final String USERS = "demo_users";
  static final String BY_CITY = "demo_by_city";
  private static final String[] CITIES = {"Amsterdam", "Berlin", "Lisbon", "Nairobi", "Osaka", "Quito", "Reykjavik",
      "Santiago", "Toronto", "Zagreb", "Hanoi", "Montreal"};
  private static final String[] PAGES = {"/", "/search", "/cart", "/help", "/item/7", "/item/42"};
  private static final long T0 = 1_700_000_000_000L;

  @Override
  public String summary() {
    return "load a small generated data set into HFile tables and read it back";
  }

  @Override
  public String usage() {
    return "dumptruck demo [--output DIR] [--users N]   (always local mode)\n"
        + "  --output DIR   a new directory for input and tables (default: dumptruck-demo/<date-time>)\n"
        + "  --users N      how many users to generate (default 2000)";
  }

  static List<TableSpec> tables() {
    TableSpec users = new TableSpec(USERS, List.of(
        FamilySpec.named("p").withMaxVersions(3).withCompression(Compression.Algorithm.GZ)
            .withEncoding(DataBlockEncoding.FAST_DIFF),
        FamilySpec.named("v")),
        RegionSplits.explicit(Bytes.toBytes("user00500"), Bytes.toBytes("user01000"), Bytes.toBytes("user01500")), null);
    TableSpec byCity = new TableSpec(BY_CITY, List.of(FamilySpec.named("u")), RegionSplits.sampled(3), "disabled");
    return List.of(users, byCity);
  }

  @Override
  public int run(String[] argv) throws Exception {
    Args args = new Args(argv, Set.of("output", "users"), Set.of());
    args.expectPositionals(0);
    int users = (int) args.getLong("users", 2000, 1);
    if (users > 99_999) {
      throw new UsageException("--users takes at most 99999 (user ids are 5 digits)");
    }
    String dir = args.has("output") ? args.get("output")
        : "dumptruck-demo/" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    java.nio.file.Path base = Paths.get(dir).toAbsolutePath();
    if (Files.exists(base)) {
      throw new UsageException(base + " already exists; give --output a new directory");
    }
    // The demo is a local-mode run on the local file system, whatever the Hadoop configuration says.
    getConf().set("fs.defaultFS", "file:///");
    getConf().set("mapreduce.framework.name", "local");
    PrintStream out = System.out;
    java.nio.file.Path input = base.resolve("input");
    Files.createDirectories(input);
    long cells = generate(input.resolve("cells.tsv"), users);
    out.println("dumptruck demo: " + cells + " cells for " + users + " users in " + input);

    Path tables = new Path(base.resolve("tables").toString());
    Job job = Job.getInstance(getConf(), "demo load");
    job.setJarByClass(DemoCommand.class);
    job.setInputFormatClass(TextInputFormat.class);
    FileInputFormat.addInputPath(job, new Path(input.toString()));
    job.setMapperClass(CellTextMapper.class);
    HFileTableOutputFormat.configure(job).tables(tables()).output(tables).apply();
    if (!JobProgress.run(job, out)) {
      throw new IllegalStateException("the demo load failed (the task's error is logged above)");
    }
    printSummary(job, out);

    Path usersDir = new Path(tables, USERS);
    try (TableReader reader = TableReader.open(getConf(), usersDir)) {
      out.println();
      out.println("$ dumptruck get " + usersDir + " user00042 --versions 3");
      ResultPrinter p = new ResultPrinter(out, KeyNotation.SHELL);
      reader.get(Bytes.toBytes("user00042"), ScanSpec.all().withMaxVersions(3)).ifPresent(p::print);
      p.finish();
      out.println();
      String absent = "user" + FixedWidth.zeroPadded(users / 2, 5) + "x"; // inside the key range, not a row
      out.println("$ dumptruck get " + usersDir + " " + absent);
      p = new ResultPrinter(out, KeyNotation.SHELL);
      reader.get(Bytes.toBytes(absent), ScanSpec.all()).ifPresent(p::print);
      p.finish();
      out.println("(" + reader.bloomNegatives() + " file(s) ruled out by their ROW bloom filter without reading a data block)");
    }
    Path byCityDir = new Path(tables, BY_CITY);
    try (TableReader reader = TableReader.open(getConf(), byCityDir);
        RowScanner rows = reader.scan(ScanSpec.all().withPrefix(Bytes.toBytes("Lisbon\u0000")).withLimit(5))) {
      out.println();
      out.println("$ dumptruck scan " + byCityDir + " --prefix 'Lisbon\\x00' --limit 5");
      ResultPrinter p = new ResultPrinter(out, KeyNotation.SHELL);
      for (Result r = rows.next(); r != null; r = rows.next()) {
        p.print(r);
      }
      p.finish();
    }
    out.println();
    out.println("Tables are in " + tables + " — load one into HBase with: hbase completebulkload " + usersDir + " " + USERS);
    return 0;
  }

  /** Writes the demo cells as CellTextMapper lines; returns how many. */
  static long generate(java.nio.file.Path file, int users) throws java.io.IOException {
    Random rnd = new Random(7);
    long n = 0;
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int u = 0; u < users; u++) {
        String user = "user" + FixedWidth.zeroPadded(u, 5);
        byte[] row = Bytes.toBytes(user);
        w.write(CellTextMapper.line(USERS, row, "p", Bytes.toBytes("name"), T0, Bytes.toBytes("User " + u)));
        w.newLine();
        n++;
        String city = null;
        for (int version = 0; version < 3; version++) {
          city = CITIES[rnd.nextInt(CITIES.length)];
          w.write(CellTextMapper.line(USERS, row, "p", Bytes.toBytes("city"), T0 + version * 86_400_000L, Bytes.toBytes(city)));
          w.newLine();
          n++;
        }
        for (String page : PAGES) {
          if (rnd.nextInt(3) == 0) {
            w.write(CellTextMapper.line(USERS, row, "v", Bytes.toBytes(page), T0, Bytes.toBytes((long) (1 + rnd.nextInt(50)))));
            w.newLine();
            n++;
          }
        }
        w.write(CellTextMapper.line(BY_CITY, Bytes.toBytes(city + "\u0000" + user), "u", new byte[0], T0, new byte[0]));
        w.newLine();
        n++;
      }
    }
    return n;
  }

  static void printSummary(Job job, PrintStream out) throws java.io.IOException {
    Counters c = job.getCounters();
    out.println();
    out.println(String.format("%-14s %8s %8s %10s %12s", "table", "files", "rows", "cells", "bytes"));
    for (TableSpec t : HFileTableOutputFormat.tables(job.getConfiguration())) {
      out.println(String.format("%-14s %8d %8d %10d %12d", t.name(),
          c.findCounter(CellCounter.TABLE_GROUP, t.name() + ".files").getValue(),
          c.findCounter(CellCounter.TABLE_GROUP, t.name() + ".rows").getValue(),
          c.findCounter(CellCounter.TABLE_GROUP, t.name() + ".cells").getValue(),
          c.findCounter(CellCounter.TABLE_GROUP, t.name() + ".bytes").getValue()));
    }
  }
}
