package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.loaders.generate.DataGenerator;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlock;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load matched to the tables HBase serves ({@code load --live}): a live table of 12 regions whose
 * family settings differ from the graph loader's, written with the live region bounds and settings,
 * read back from the HFiles themselves and through HBase after the bulk load; and what cannot match
 * refused in one line, before any job, leaving no output.
 */
class LiveTableIT {
  static final String NAMESPACE = "live";
  static final int REGIONS = 12;
  @TempDir static File tmp;
  static HBaseTestingUtility hbase;
  static Connection connection;
  static File edges;

  record Run(int code, String out, String err) {}

  @BeforeAll
  static void startHBaseWithLiveTables() throws Exception {
    hbase = new HBaseTestingUtility();
    hbase.startMiniCluster(1);
    connection = ConnectionFactory.createConnection(hbase.getConfiguration());
    edges = new File(tmp, "edges");
    DataGenerator.generate("graph", 60_000, 7, edges.toPath(), 2);
    try (Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(NAMESPACE).build());
      byte[][] splits = splits();
      ColumnFamilyDescriptor theirs = ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("f"))
          .setCompressionType(Compression.Algorithm.GZ).setDataBlockEncoding(DataBlockEncoding.DIFF)
          .setBloomFilterType(BloomType.ROWCOL).setBlocksize(16 * 1024).setMaxVersions(3).build();
      for (String table : List.of("follows", "followed_by")) {
        admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(NAMESPACE, table)).setColumnFamily(theirs).build(), splits);
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(NAMESPACE, "other_family"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("x")).build());
      admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(NAMESPACE, "prefix_bloom"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("f"))
              .setBloomFilterType(BloomType.ROWPREFIX_FIXED_LENGTH).setConfiguration("RowPrefixBloomFilter.prefix_length", "4")
              .build()).build());
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (connection != null) {
      connection.close();
    }
    hbase.shutdownMiniCluster();
  }

  /** {@code dumptruck load graph} against the mini cluster, with {@code args} after the loader's name. */
  static Run load(String... args) {
    List<String> all = new ArrayList<>(List.of("load", "-D", "hbase.zookeeper.quorum=127.0.0.1",
        "-D", "hbase.zookeeper.property.clientPort=" + hbase.getZkCluster().getClientPort(), "graph",
        "--input", edges.getPath(), "--timestamp", "1700000000000"));
    all.addAll(Arrays.asList(args));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      int code = Main.run(all.toArray(new String[0]), o, e);
      return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aMatchedLoadWritesTheLiveRegionsAndFamilySettingsAndLoadsWithoutSplits() throws Exception {
    File output = new File(tmp, "matched");
    Run r = load("--output", output.getPath(), "--live", "--namespace", NAMESPACE);
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("matched to the live table: follows ← live:follows: 12 region(s); f: compression NONE → GZ, "
        + "bloom ROW → ROWCOL, encoding NONE → DIFF, block size 65536 → 16384, VERSIONS 1 → 3"), r.out());
    Configuration conf = hbase.getConfiguration();
    for (String table : List.of("follows", "followed_by")) {
      TableName name = TableName.valueOf(NAMESPACE, table);
      Path dir = new Path(output.toURI().toString(), table);
      FileSystem fs = dir.getFileSystem(conf);
      List<HRegionLocation> regions;
      try (RegionLocator locator = connection.getRegionLocator(name)) {
        regions = locator.getAllRegionLocations();
      }
      assertEquals(REGIONS, regions.size());
      FileStatus[] files = fs.listStatus(new Path(dir, "f"));
      assertEquals(REGIONS, files.length, "one file per live region: 60,000 edges spread over every md5 byte");
      for (FileStatus file : files) {
        try (HFile.Reader reader = HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
          assertEquals(Compression.Algorithm.GZ, reader.getFileContext().getCompression(), file.getPath().toString());
          assertEquals(DataBlockEncoding.DIFF, reader.getDataBlockEncoding());
          assertEquals(BloomType.ROWCOL, BloomType.valueOf(Bytes.toString(reader.getHFileInfo().get(HStoreFile.BLOOM_FILTER_TYPE_KEY))));
          assertTrue(largestDataBlock(reader) < 24 * 1024, "16 KiB blocks, not the loader's 64 KiB: " + largestDataBlock(reader));
          byte[] first = reader.getFirstRowKey().orElseThrow();
          byte[] last = reader.getLastRowKey().orElseThrow();
          assertEquals(1, regions.stream().filter(l -> l.getRegion().containsRange(first, last)).count(),
              "a file within one live region: the bulk load splits none");
        }
      }
      long rows = rowsOf(dir);
      assertTrue(rows > 59_000, "edges loaded: " + rows);
      assertTrue(bulkload(dir, NAMESPACE).contains(": 12 HFile(s), 0 of them split by HBase"), table);
      assertEquals(rows, rowsInHBase(name), table + " through the HBase client");
      assertTrue(bulkload(dir, NAMESPACE).contains("was already bulk-loaded into live:" + table + "; nothing to do"));
      assertEquals(rows, rowsInHBase(name));
    }
  }

  /**
   * The same edges loaded with the loader's own single region: HBase splits every file on the client,
   * and {@code bulkload} counts it — the difference a matched load makes, measured. And a matched
   * load whose table splits before the bulk load still loads every cell, the splits counted.
   */
  @Test
  void unmatchedOrStaleFilesAreSplitByHBaseAndCounted() throws Exception {
    try (Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("day2").build());
      admin.createNamespace(NamespaceDescriptor.create("stale").build());
      for (String ns : List.of("day2", "stale")) {
        for (String table : List.of("follows", "followed_by")) {
          admin.createTable(TableDescriptorBuilder.copy(TableName.valueOf(ns, table),
              admin.getDescriptor(TableName.valueOf(NAMESPACE, table))), splits());
        }
      }
    }
    File unmatched = new File(tmp, "unmatched");
    assertEquals(0, load("--output", unmatched.getPath()).code());
    long unmatchedRows = rowsOf(new Path(unmatched.toURI().toString(), "follows"));
    String said = bulkload(new Path(unmatched.toURI().toString(), "follows"), "day2");
    int split = Integer.parseInt(said.replaceAll("(?s).*: 1 HFile\\(s\\), (\\d+) of them split by HBase.*", "$1"));
    assertEquals(1, split, said);
    File stale = new File(tmp, "stale");
    assertEquals(0, load("--output", stale.getPath(), "--live", "--namespace", "stale").code());
    TableName follows = TableName.valueOf("stale", "follows");
    try (Admin admin = connection.getAdmin()) {
      admin.split(follows, new byte[] {(byte) (256 / REGIONS / 2)}); // inside the first region
      hbase.waitFor(60_000, () -> admin.getRegions(follows).stream().filter(r -> !r.isSplitParent() && !r.isOffline()).count()
          == REGIONS + 1);
      hbase.waitUntilNoRegionsInTransition(60_000);
      hbase.waitTableAvailable(follows, 60_000);
    }
    Path dir = new Path(stale.toURI().toString(), "follows");
    long rows = rowsOf(dir);
    assertTrue(bulkload(dir, "stale").contains(": 12 HFile(s), 1 of them split by HBase"));
    assertEquals(rows, rowsInHBase(follows));
    assertEquals(unmatchedRows, rowsInHBase(TableName.valueOf("day2", "follows")));
  }

  static byte[][] splits() {
    byte[][] splits = new byte[REGIONS - 1][];
    for (int i = 1; i < REGIONS; i++) {
      splits[i - 1] = new byte[] {(byte) (i * 256 / REGIONS)};
    }
    return splits;
  }

  /** {@code dumptruck bulkload DIR --namespace NS}: what it printed. */
  static String bulkload(Path dir, String namespace) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BulkLoadCommand command = new BulkLoadCommand();
    command.setConf(new Configuration(hbase.getConfiguration()));
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      assertEquals(0, command.writingTo(o, System.err).run(new String[] {dir.toString(), "--namespace", namespace}));
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  static long rowsInHBase(TableName name) throws Exception {
    long n = 0;
    try (Table t = connection.getTable(name); ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        n++;
      }
    }
    return n;
  }

  static long rowsOf(Path table) throws Exception {
    long n = 0;
    try (TableReader reader = TableReader.open(hbase.getConfiguration(), table); RowScanner scan = reader.scan(ScanSpec.all())) {
      while (scan.next() != null) {
        n++;
      }
    }
    return n;
  }

  /** The largest data block of a file, in bytes as stored before compression. */
  static int largestDataBlock(HFile.Reader reader) throws Exception {
    int largest = 0;
    long last = reader.getTrailer().getLastDataBlockOffset();
    for (long offset = 0; offset <= last; ) {
      HFileBlock block = reader.readBlock(offset, -1, false, true, false, false, null, null);
      if (block.getBlockType().isData()) {
        largest = Math.max(largest, block.getUncompressedSizeWithoutHeader());
      }
      offset += block.getOnDiskSizeWithHeader();
    }
    return largest;
  }

  @Test
  void whatCannotMatchIsRefusedInOneLineBeforeAnyJob() {
    String[][] refused = {
        {"HBase has no table live:absent to match", "--live", "--live-name", "follows=live:absent"},
        {"table live:other_family has no family 'f'", "--live", "--live-name", "follows=live:other_family,followed_by=live:other_family"},
        {"bloom type ROWPREFIX_FIXED_LENGTH", "--live", "--live-name", "follows=live:prefix_bloom", "--namespace", NAMESPACE},
        {"HBase has no table nowhere:follows", "--live", "--namespace", "nowhere"},
        {"--namespace and --live-name go with --live", "--namespace", NAMESPACE},
        {"--regions cannot go with --live", "--live", "--regions", "4"},
        {"--live-name takes TABLE=[NAMESPACE:]NAME", "--live", "--live-name", "follows"}};
    for (String[] c : refused) {
      File output = new File(tmp, "refused-" + Math.abs(Arrays.hashCode(c)));
      List<String> args = new ArrayList<>(List.of("--output", output.getPath()));
      args.addAll(Arrays.asList(c).subList(1, c.length));
      Run r = load(args.toArray(new String[0]));
      assertEquals(2, r.code(), c[0] + ": " + r.out() + r.err());
      assertTrue(r.err().contains(c[0]), r.err());
      assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
      assertFalse(output.exists(), "no output left by a refused load");
    }
  }
}
