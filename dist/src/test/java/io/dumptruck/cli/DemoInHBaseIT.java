package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.loaders.events.EventQueries;
import io.dumptruck.loaders.geo.GeoQueries;
import io.dumptruck.loaders.graph.GraphQueries;
import io.dumptruck.loaders.ipblocks.IpQueries;
import io.dumptruck.loaders.titles.TitleQueries;
import io.dumptruck.loaders.weblogs.WebLogQueries;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's output goes into a real HBase (mini cluster) through {@code dumptruck bulkload} —
 * tables created from their specs, files loaded by HBase's own BulkLoadHFiles — and the demo's
 * questions asked through the HBase client get the same answers as {@code dumptruck query} gives
 * from the files.
 */
class DemoInHBaseIT {
  @TempDir static File tmp;
  static HBaseTestingUtility hbase;
  static Connection connection;
  static File demo;
  static final Configuration LOCAL = new Configuration();

  @BeforeAll
  static void loadDemoIntoHBase() throws Exception {
    hbase = new HBaseTestingUtility();
    hbase.startMiniCluster(1);
    connection = ConnectionFactory.createConnection(hbase.getConfiguration());
    demo = new File(tmp, "demo");
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    PrintStream stdout = System.out;
    System.setOut(quiet);
    try {
      assertEquals(0, Main.run(new String[] {"demo", "--output", demo.getPath(), "--samples", new File("../sample-data").getAbsolutePath()},
          quiet, System.err));
      for (DemoCommand.Step step : DemoCommand.STEPS) {
        BulkLoadCommand load = new BulkLoadCommand();
        load.setConf(new Configuration(hbase.getConfiguration()));
        assertEquals(0, load.run(new String[] {new File(demo, step.output()).toURI().toString(), "--namespace", namespace(step.output())}));
      }
    } finally {
      System.setOut(stdout);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (connection != null) {
      connection.close();
    }
    hbase.shutdownMiniCluster();
  }

  static String namespace(String output) {
    return output.replace('-', '_');
  }

  static Table table(String output, String table) throws Exception {
    return connection.getTable(TableName.valueOf(namespace(output), table));
  }

  static TableReader files(String output, String table) throws Exception {
    return TableReader.open(LOCAL, new Path(new File(demo, output + "/" + table).getPath()));
  }

  static List<Result> scan(Table t, Scan s) throws Exception {
    List<Result> out = new ArrayList<>();
    try (ResultScanner rs = t.getScanner(s)) {
      rs.forEach(out::add);
    }
    return out;
  }

  @Test
  void graphQuestions() throws Exception {
    try (Table follows = table("graph", "follows"); Table followedBy = table("graph", "followed_by");
        TableReader followsFiles = files("graph", "follows"); TableReader followedByFiles = files("graph", "followed_by")) {
      List<String> viaHBase = new ArrayList<>();
      for (Result r : scan(follows, new Scan().setRowPrefixFilter(Md5.digest("alice")))) {
        viaHBase.add(Bytes.toString(CellUtil.cloneQualifier(r.rawCells()[0])));
      }
      assertEquals(GraphQueries.neighbours(followsFiles, "alice", 100), viaHBase);
      assertTrue(viaHBase.contains("celebrity"));
      assertTrue(follows.exists(new Get(Bytes.add(Md5.digest("alice"), Md5.digest("celebrity")))));
      assertFalse(follows.exists(new Get(Bytes.add(Md5.digest("celebrity"), Md5.digest("alice")))));
      List<String> followers = new ArrayList<>();
      for (Result r : scan(followedBy, new Scan().setRowPrefixFilter(Md5.digest("celebrity")).setLimit(8))) {
        followers.add(Bytes.toString(CellUtil.cloneQualifier(r.rawCells()[0])));
      }
      assertEquals(GraphQueries.neighbours(followedByFiles, "celebrity", 8), followers);
    }
  }

  @Test
  void autocompleteAndIpQuestions() throws Exception {
    try (Table titles = table("titles", "title_autocomp"); TableReader titleFiles = files("titles", "title_autocomp")) {
      Result san = titles.get(new Get(Bytes.toBytes("san")));
      String json = Bytes.toString(san.value());
      assertEquals(TitleQueries.complete(titleFiles, "san", 12), List.of(new com.fasterxml.jackson.databind.ObjectMapper()
          .readValue(json, String[].class)));
    }
    try (Table ipGeo = table("ipblocks", "ip_geo"); TableReader ipFiles = files("ipblocks", "ip_geo")) {
      for (String address : List.of("8.8.8.8", "2a00:1450::200e", "203.0.113.9", "1.0.2.9")) {
        byte[] ip = io.dumptruck.loaders.ipblocks.IpAddressText.parse(address).get();
        String hex = io.dumptruck.loaders.ipblocks.IpAddressText.toHex(ip);
        char version = ip.length == 4 ? '4' : '6';
        List<Result> rows = scan(ipGeo, new Scan().withStartRow(Bytes.toBytes(version + hex))
            .withStopRow(new byte[] {(byte) (version + 1)}).setLimit(1));
        String viaHBase = rows.isEmpty() || Bytes.toString(rows.get(0).getValue(Bytes.toBytes("f"), Bytes.toBytes("s"))).compareTo(hex) > 0
            ? null : Bytes.toString(rows.get(0).getValue(Bytes.toBytes("f"), Bytes.toBytes("cc")));
        assertEquals(IpQueries.country(ipFiles, address).orElse(null), viaHBase, address);
      }
    }
  }

  @Test
  void placesVisitsAndEvents() throws Exception {
    try (Table places = table("geo", "tile_places"); TableReader placeFiles = files("geo", "tile_places")) {
      int tile = QuadKey.packed(38.7223, -9.1393, 10);
      int[] range = QuadKey.childRange16(tile, 10);
      List<String> names = new ArrayList<>();
      for (Result r : scan(places, new Scan().withStartRow(Bytes.toBytes(range[0])).withStopRow(Bytes.toBytes(range[1] + 1)))) {
        for (Cell c : r.rawCells()) {
          if (Bytes.toString(CellUtil.cloneQualifier(c)).equals("n")) {
            names.add(Bytes.toString(CellUtil.cloneValue(c)));
          }
        }
      }
      assertEquals(GeoQueries.inTile(placeFiles, tile, 10).stream().map(GeoQueries.Place::name).toList(), names);
      assertTrue(names.contains("Lisbon"));
    }
    try (Table visits = table("weblogs", "visits"); TableReader visitFiles = files("weblogs", "visits")) {
      List<Long> times = new ArrayList<>();
      for (Result r : scan(visits, new Scan().setRowPrefixFilter(Bytes.add(Bytes.toBytes("c-7f3a"), new byte[] {0})))) {
        times.add(r.rawCells()[0].getTimestamp());
      }
      assertEquals(WebLogQueries.views(visitFiles, "c-7f3a", 100).stream().map(WebLogQueries.View::time).toList(), times);
    }
    try (Table stats = table("weblogs", "cookie_stats"); TableReader statFiles = files("weblogs", "cookie_stats")) {
      Result top = stats.get(new Get(Bytes.toBytes("c-7f3a")).addFamily(Bytes.toBytes("c")));
      String[] fromFiles = WebLogQueries.mostFrequent(statFiles, "c-7f3a").get();
      assertEquals(fromFiles[0], Bytes.toString(top.value()));
      assertEquals(Long.parseLong(fromFiles[1]), top.rawCells()[0].getTimestamp(), "the count is the cell's timestamp");
    }
    try (Table logData = table("events-hashed", "log_data"); TableReader dataFiles = files("events-hashed", "log_data")) {
      byte[] prefix = Bytes.add(Md5.digest("web-01"), Md5.digest("cpu"));
      List<Long> times = new ArrayList<>();
      for (Result r : scan(logData, new Scan().withStartRow(Bytes.add(prefix, Bytes.toBytes(1763712000000L)))
          .withStopRow(Bytes.add(prefix, Bytes.toBytes(1763719200000L))))) {
        times.add(Bytes.toLong(r.getRow(), 32));
      }
      assertEquals(EventQueries.events(dataFiles, null, "hashed", 1, "web-01", "cpu", 1763712000000L, 1763719200000L)
          .events().stream().map(EventQueries.Found::time).toList(), times);
    }
    for (String layout : List.of("hashed", "bucketed")) {
      String output = "events-" + layout;
      try (Table logData = table(output, "log_data"); TableReader dataFiles = files(output, "log_data")) {
        long count = 0;
        for (Result r : scan(logData, new Scan())) {
          for (Cell c : r.rawCells()) {
            if (Bytes.toString(CellUtil.cloneQualifier(c)).equals("v")) {
              count++;
            }
          }
        }
        assertEquals(402, count, layout + ": every loaded event is in HBase");
        int buckets = dataFiles.table().spec().regions().count();
        EventQueries.Answer fromFiles = EventQueries.events(dataFiles, null, layout, buckets, "web-01", "cpu", 1763712000000L, 1763719200000L);
        assertEquals(5, fromFiles.events().size());
      }
    }
  }
}
