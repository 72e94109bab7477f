package io.dumptruck.loaders.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.PreparedLoad;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each log_data layout end to end; row keys built here with ByteBuffer and MessageDigest. */
class EventLoadTest {
    static final long LOAD_TS = 1_800_000_000_000L;
    static final List<String> LINES = List.of(
            "web-01\t1000\tcpu\t0.5",
            "web-01\t1001\tcpu\t0.7",
            "db-01\t1003\tlogin\talice",
            "web-02\t1004\tcpu\t9",
            "gepäck\t1005\tmem\t1",
            "bad\tline",
            "x\t-1\tcpu\t1",
            "",
            "web-01\t1000\tcpu\t0.5");

    @TempDir
    File tmp;

    @ParameterizedTest
    @ValueSource(strings = {"bucketed", "host-first", "hashed", "numeric"})
    void layout(String layout) throws Exception {
        File in = new File(tmp, "events.tsv");
        Files.write(in.toPath(), LINES, StandardCharsets.UTF_8);
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out");
        LoadOptions options = new LoadOptions(
                List.of(new Path(in.getPath())), out, 2, LOAD_TS, 0.5, Map.of("layout", layout, "buckets", "4"));
        EventLoader loader = new EventLoader();
        PreparedLoad load = LoadJob.prepare(conf, loader, options);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        LoadReport report = load.finish();
        assertFalse(report.failed(), report.failure());
        assertEquals(8, report.read());
        assertEquals(2, report.rejected());

        // ids: 1..n per kind in UTF-8 name order
        Map<String, Long> hostIds = Map.of("db-01", 1L, "gepäck", 2L, "web-01", 3L, "web-02", 4L);
        Map<String, Long> eventIds = Map.of("cpu", 1L, "login", 2L, "mem", 3L);
        TreeSet<String> expected = new TreeSet<>();
        for (String line : LINES.subList(0, 5)) {
            String[] f = line.split("\t");
            long t = Long.parseLong(f[1]);
            byte[] host = f[0].getBytes(StandardCharsets.UTF_8);
            byte[] event = f[2].getBytes(StandardCharsets.UTF_8);
            ByteBuffer key = ByteBuffer.allocate(64);
            switch (layout) {
                case "bucketed" ->
                    key.put((byte) (t % 4)).putLong(t).put(host).put((byte) 0).put(event);
                case "host-first" ->
                    key.put(host).put((byte) 0).put(event).put((byte) 0).putLong(Long.MAX_VALUE - t);
                case "hashed" -> key.put(md5(host)).put(md5(event)).putLong(t);
                default ->
                    key.putLong(hostIds.get(f[0])).putLong(eventIds.get(f[2])).putLong(t);
            }
            String row = HexFormat.of().formatHex(key.array(), 0, key.position());
            expected.add(row + " d:v @" + t + " = " + f[3]);
            if (layout.equals("hashed") || layout.equals("numeric")) {
                expected.add(row + " d:h @" + t + " = " + f[0]);
                expected.add(row + " d:e @" + t + " = " + f[2]);
            }
        }
        assertEquals(expected, cells(conf, new Path(out, "log_data"), false));
        if (layout.equals("numeric")) {
            TreeSet<String> types = new TreeSet<>();
            hostIds.forEach((h, id) ->
                    types.add(hex(("h" + h).getBytes(StandardCharsets.UTF_8)) + " i:id @" + LOAD_TS + " = " + hex(id)));
            eventIds.forEach((e, id) ->
                    types.add(hex(("e" + e).getBytes(StandardCharsets.UTF_8)) + " i:id @" + LOAD_TS + " = " + hex(id)));
            types.add("0068 i:max @" + LOAD_TS + " = " + hex(4L));
            types.add("0065 i:max @" + LOAD_TS + " = " + hex(3L));
            assertEquals(types, cells(conf, new Path(out, "log_types"), true));
        }
    }

    static byte[] md5(byte[] b) throws Exception {
        return MessageDigest.getInstance("MD5").digest(b);
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    static String hex(long v) {
        return hex(ByteBuffer.allocate(8).putLong(v).array());
    }

    private static TreeSet<String> cells(Configuration conf, Path table, boolean binaryValues) throws Exception {
        TreeSet<String> out = new TreeSet<>();
        try (TableReader reader = TableReader.open(conf, table);
                RowScanner rows = reader.scan(ScanSpec.all())) {
            for (Result r = rows.next(); r != null; r = rows.next()) {
                for (Cell c : r.rawCells()) {
                    byte[] v = CellUtil.cloneValue(c);
                    out.add(hex(CellUtil.cloneRow(c)) + " "
                            + new String(CellUtil.cloneFamily(c), StandardCharsets.UTF_8) + ":"
                            + new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8) + " @" + c.getTimestamp()
                            + " = "
                            + (binaryValues ? hex(v) : new String(v, StandardCharsets.UTF_8)));
                }
            }
        }
        return out;
    }
}
