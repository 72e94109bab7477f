package io.dumptruck.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.hbase.util.VersionInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution jar (HBase 2.6 inside, built by the cli module) against a mini cluster of the other HBase line this
 * build checks (2.5, {@code hbase.compat.version} in compat/pom.xml), run the way {@code hadoop jar} runs it on such a
 * cluster with {@code HADOOP_CLASSPATH=$(hbase mapredcp)} — Hadoop's RunJar with a class path of Hadoop, that HBase's
 * jars and their dependencies, which the jar's launch leaves out in favour of its own:
 *
 * <ul>
 *   <li>the HFiles a load writes are read by that HBase's own HFile reader, bulk-loaded with its own tool and served
 *       back cell for cell; {@code dumptruck bulkload} (HBase 2.6's client) creates the tables there with the load's
 *       splits and loads the same cells;
 *   <li>a table that HBase wrote (flushes, deletes of each kind, a split) is read by the jar from its snapshot and from
 *       its table directory exactly as that HBase's client scans it, at one and at every version.
 * </ul>
 */
class OtherHBaseLineIT {
    static final long TIMESTAMP = 1_700_000_000_000L;
    static HBaseTestingUtility hbase;

    @TempDir
    static File tmp;

    @BeforeAll
    static void start() throws Exception {
        hbase = new HBaseTestingUtility();
        hbase.startMiniCluster(1);
    }

    @AfterAll
    static void stop() throws Exception {
        if (hbase != null) {
            hbase.shutdownMiniCluster();
        }
    }

    @Test
    void theClusterIsTheOtherLine() throws Exception {
        String line = System.getProperty("hbase.compat.version", "");
        assertEquals(line, VersionInfo.getVersion(), "the mini cluster runs the HBase compat/pom.xml names");
        Run version = dumptruck("version", "--json");
        assertEquals(0, version.code(), version.output());
        assertTrue(version.output().contains("\"hbase\":\"2.6"), version.output());
        assertTrue(
                version.output().contains("HBase jar(s) of the class path out")
                        && version.output().contains("hbase-"),
                "the " + line + " jars put first on the class path are left out: " + version.output());
        assertTrue(!line.startsWith("2.6"), line);
    }

    @Test
    void hfilesOfALoadBulkLoadIntoThisHBaseAndReadBack() throws Exception {
        File out = new File(tmp, "graph");
        Run load = dumptruck(
                "load",
                "graph",
                "--input",
                new File("../sample-data/graph").getAbsolutePath(),
                "--output",
                out.getAbsolutePath(),
                "--regions",
                "3",
                "--timestamp",
                Long.toString(TIMESTAMP));
        assertEquals(0, load.code(), load.output());
        Configuration conf = hbase.getConfiguration();
        for (String name : List.of("follows", "followed_by")) {
            Path dir = new Path(new File(out, name).toURI());
            FileSystem local = dir.getFileSystem(conf);
            TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(TableName.valueOf(name));
            List<Cell> written = new ArrayList<>();
            for (FileStatus family : local.listStatus(dir, p -> !p.getName().startsWith("_"))) {
                table.setColumnFamily(
                        ColumnFamilyDescriptorBuilder.of(family.getPath().getName()));
                for (FileStatus file : local.listStatus(family.getPath())) {
                    written.addAll(readWithThisHBase(local, file.getPath(), conf));
                }
            }
            assertEquals(
                    716,
                    written.stream()
                            .map(c -> Bytes.toStringBinary(CellUtil.cloneRow(c)))
                            .distinct()
                            .count(),
                    name + ": the rows the load's summary counts");
            hbase.getAdmin().createTable(table.build());
            BulkLoadHFiles.create(conf).bulkLoad(TableName.valueOf(name), dir);
            List<String> served = scan(name, true);
            assertEquals(
                    new TreeSet<>(written.stream().map(OtherHBaseLineIT::text).toList()),
                    new TreeSet<>(served),
                    name + " as HBase serves it");
            assertEquals(written.size(), served.size(), name);
        }

        // the jar's own bulk load, HBase 2.6's client talking to this HBase: the tables created in a namespace of
        // their own with the load's splits, the same cells served
        Run bulk = dumptruck(
                "bulkload",
                "-D",
                "hbase.zookeeper.quorum=127.0.0.1",
                "-D",
                "hbase.zookeeper.property.clientPort=" + hbase.getZkCluster().getClientPort(),
                out.getAbsolutePath(),
                "--namespace",
                "by_client_2_6");
        assertEquals(0, bulk.code(), bulk.output());
        for (String name : List.of("follows", "followed_by")) {
            assertEquals(new TreeSet<>(scan(name, true)), new TreeSet<>(scan("by_client_2_6:" + name, true)), name);
            assertEquals(
                    3,
                    hbase.getAdmin()
                            .getRegions(TableName.valueOf("by_client_2_6:" + name))
                            .size(),
                    name);
        }
    }

    @Test
    void snapshotsAndTableDirectoriesOfThisHBaseReadAsItServesThem() throws Exception {
        TableName name = TableName.valueOf("written_by_other_line");
        Admin admin = hbase.getAdmin();
        admin.createTable(
                TableDescriptorBuilder.newBuilder(name)
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("a"))
                                .setMaxVersions(3)
                                .build())
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("b"))
                        .build(),
                new byte[][] {Bytes.toBytes("r100")});
        try (Table t = hbase.getConnection().getTable(name)) {
            for (int round = 0; round < 3; round++) {
                List<Put> puts = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    byte[] row = Bytes.toBytes(String.format("r%03d", i));
                    puts.add(new Put(row)
                            .addColumn(
                                    Bytes.toBytes("a"),
                                    Bytes.toBytes("x"),
                                    TIMESTAMP + round,
                                    Bytes.toBytes(i + "/" + round))
                            .addColumn(
                                    Bytes.toBytes("b"),
                                    Bytes.toBytes("y" + i % 3),
                                    TIMESTAMP + round,
                                    Bytes.toBytes(round)));
                }
                t.put(puts);
                if (round > 0) {
                    List<Delete> deletes = new ArrayList<>();
                    for (int i = round; i < 300; i += 7) {
                        byte[] row = Bytes.toBytes(String.format("r%03d", i));
                        deletes.add(
                                switch (i % 4) {
                                    case 0 -> new Delete(row); // the whole row
                                    case 1 -> new Delete(row).addFamily(Bytes.toBytes("b"));
                                    case 2 ->
                                        new Delete(row).addColumn(Bytes.toBytes("a"), Bytes.toBytes("x")); // newest
                                    default ->
                                        new Delete(row)
                                                .addColumns(Bytes.toBytes("a"), Bytes.toBytes("x"), TIMESTAMP + 1);
                                });
                    }
                    t.delete(deletes);
                }
                admin.flush(name);
            }
        }
        admin.split(name, Bytes.toBytes("r200"));
        hbase.waitFor(
                60_000,
                () -> admin.getRegions(name).stream()
                                .filter(r -> !r.isSplitParent() && !r.isOffline())
                                .count()
                        == 3);
        hbase.waitUntilNoRegionsInTransition(60_000);
        admin.snapshot("other_line_snapshot", name);

        Configuration conf = hbase.getConfiguration();
        Path tableDir = CommonFSUtils.getTableDir(CommonFSUtils.getRootDir(conf), name);
        String[] cluster = {
            "-D", "fs.defaultFS=" + conf.get("fs.defaultFS"), "-D", "hbase.rootdir=" + CommonFSUtils.getRootDir(conf)
        };
        for (String versions : List.of("1", "3")) {
            List<String> expected = shellLines(name.getNameAsString(), Integer.parseInt(versions));
            assertTrue(expected.size() > 500, expected.size() + " cells");
            for (String table : List.of("snapshot:other_line_snapshot", tableDir.toString())) {
                List<String> args = new ArrayList<>(List.of("scan", table, "--versions", versions));
                args.addAll(List.of(cluster));
                Run scan = dumptruck(args.toArray(new String[0]));
                assertEquals(0, scan.code(), scan.output());
                List<String> printed = scan.output()
                        .lines()
                        .filter(l -> l.startsWith(" r"))
                        .map(String::strip)
                        .toList();
                assertEquals(expected, printed, table + " at " + versions + " version(s)");
            }
        }
    }

    /** Each cell of an HFile, read by this HBase's own reader. */
    static List<Cell> readWithThisHBase(FileSystem fs, Path file, Configuration conf) throws Exception {
        List<Cell> cells = new ArrayList<>();
        try (HFile.Reader reader = HFile.createReader(fs, file, CacheConfig.DISABLED, true, conf);
                HFileScanner scanner = reader.getScanner(conf, false, false)) {
            if (scanner.seekTo()) {
                do {
                    cells.add(KeyValueUtil.copyToNewKeyValue(scanner.getCell())); // off the block it sits in
                } while (scanner.next());
            }
        }
        return cells;
    }

    static List<String> scan(String table, boolean raw) throws Exception {
        List<String> cells = new ArrayList<>();
        try (Table t = hbase.getConnection().getTable(TableName.valueOf(table));
                ResultScanner s = t.getScanner(new Scan().setRaw(raw).readAllVersions())) {
            for (Result r : s) {
                for (Cell c : r.rawCells()) {
                    cells.add(text(c));
                }
            }
        }
        return cells;
    }

    static String text(Cell c) {
        return Bytes.toStringBinary(CellUtil.cloneRow(c)) + " " + Bytes.toStringBinary(CellUtil.cloneFamily(c)) + ":"
                + Bytes.toStringBinary(CellUtil.cloneQualifier(c)) + " @" + c.getTimestamp() + " " + c.getType()
                + " = " + Bytes.toStringBinary(CellUtil.cloneValue(c));
    }

    /** The cells this HBase's client serves at {@code versions}, as the shell (and dumptruck scan) prints them. */
    static List<String> shellLines(String table, int versions) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Table t = hbase.getConnection().getTable(TableName.valueOf(table));
                ResultScanner s = t.getScanner(new Scan().readVersions(versions))) {
            for (Result r : s) {
                for (Cell c : r.rawCells()) {
                    String row = Bytes.toStringBinary(CellUtil.cloneRow(c));
                    lines.add((row.length() >= 32 ? row + " " : row + " ".repeat(32 - row.length())) + "column="
                            + Bytes.toStringBinary(CellUtil.cloneFamily(c)) + ":"
                            + Bytes.toStringBinary(CellUtil.cloneQualifier(c)) + ", timestamp=" + c.getTimestamp()
                            + ", value=" + Bytes.toStringBinary(CellUtil.cloneValue(c)));
                }
            }
        }
        return lines;
    }

    record Run(int code, String output) {}

    /**
     * {@code HADOOP_CLASSPATH=$(hbase mapredcp) hadoop jar dumptruck-VERSION.jar ARGS} in local mode: RunJar with
     * Hadoop's and this HBase line's jars and their dependencies from this test's class path, no dumptruck classes.
     */
    static Run dumptruck(String... args) throws Exception {
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(".jar")
                    && !entry.endsWith("-tests.jar")
                    && !entry.contains("/io/dumptruck/")
                    && !entry.contains("/org/junit/")) {
                classPath.add(entry);
            }
        }
        List<String> command =
                new ArrayList<>(List.of(new File(System.getProperty("java.home"), "bin/java").getPath(), "-Xmx768m"));
        command.addAll(Arrays.asList(System.getProperty("jdk17.opens", "").split(" ")));
        command.removeIf(String::isBlank);
        command.addAll(List.of(
                "-cp",
                String.join(File.pathSeparator, classPath),
                "org.apache.hadoop.util.RunJar",
                distributionJar().getPath()));
        command.addAll(Arrays.asList(args));
        File log = File.createTempFile("dumptruck-", ".log", tmp);
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log);
        builder.environment().put("HADOOP_CLIENT_SKIP_UNJAR", "true"); // RunJar would unpack the jar's 30,000 entries
        Process p = builder.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("dumptruck " + String.join(" ", args) + " did not finish; output in " + log);
        }
        return new Run(p.exitValue(), Files.readString(log.toPath(), StandardCharsets.UTF_8));
    }

    static File distributionJar() {
        File[] jars = new File("../cli/target")
                .listFiles((d, n) -> n.startsWith("dumptruck-") && n.endsWith(".jar") && !n.startsWith("original-"));
        assertNotNull(jars, "../cli/target: build the cli module first (mvn verify builds it before this one)");
        assertEquals(1, jars.length, Arrays.toString(jars));
        return jars[0].getAbsoluteFile();
    }
}
