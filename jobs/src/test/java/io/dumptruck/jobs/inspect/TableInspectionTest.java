package io.dumptruck.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.JobTesting;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.io.hfile.BlockType;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlock;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inspects tables written by real loads and checks every figure against a count made here straight from the HFiles with
 * HBase's own reader (cells, distinct rows, key and value lengths, timestamps, file lengths, trailers, bloom chunk
 * blocks), per region and family, and against the raw event lines.
 */
class TableInspectionTest {
    @TempDir
    static File tmp;

    static final Configuration CONF = LocalJobs.localConf();
    static final ObjectMapper JSON = new ObjectMapper();
    /** events sample, bucketed layout, 4 buckets: salted, one region per bucket. */
    static Path bucketed;
    /** graph sample, 3 uniform regions over md5 keys. */
    static Path follows;
    /** weblogs sample, 2 sampled regions, families c and r (r keeps 5 versions). */
    static Path cookieStats;
    /** events sample with every time moved to a multiple of 4: all rows in bucket 0 of 4. */
    static Path skewed;
    /** {@link #bucketed} with every HFile present twice: each row's cells lie in two files. */
    static Path doubled;

    @BeforeAll
    static void load() throws Exception {
        File events = JobTesting.sample("events/events.tsv");
        bucketed = new Path(
                JobTesting.load(
                        tmp, "bucketed", "events", List.of(events), Map.of("layout", "bucketed", "buckets", "4"), 1),
                "log_data");
        follows = new Path(
                JobTesting.load(tmp, "graph", "graph", List.of(JobTesting.sample("graph/edges.tsv")), Map.of(), 3),
                "follows");
        cookieStats = new Path(
                JobTesting.load(
                        tmp, "weblogs", "weblogs", List.of(JobTesting.sample("weblogs/access.log")), Map.of(), 2),
                "cookie_stats");
        File bucketZero = new File(tmp, "bucket-zero.tsv");
        List<String> moved = new ArrayList<>();
        for (String line : Files.readAllLines(events.toPath(), StandardCharsets.UTF_8)) {
            RawEvent e = RawEvent.parse(line);
            moved.add(
                    e == null
                            ? line
                            : e.host + "\t" + (e.time - e.time % 4) + "\t" + e.event + "\t" + line.split("\t", -1)[3]);
        }
        Files.write(bucketZero.toPath(), moved, StandardCharsets.UTF_8);
        skewed = new Path(
                JobTesting.load(
                        tmp, "skewed", "events", List.of(bucketZero), Map.of("layout", "bucketed", "buckets", "4"), 1),
                "log_data");
        File copy = new File(tmp, "doubled/log_data");
        FileSystem fs = FileSystem.getLocal(CONF);
        org.apache.hadoop.fs.FileUtil.copy(fs, bucketed, fs, new Path(copy.getAbsolutePath()), false, CONF);
        for (File family : familyDirs(copy)) {
            for (File f : hfiles(family)) {
                Files.copy(f.toPath(), new File(family, f.getName() + "0").toPath());
            }
        }
        doubled = new Path(copy.getAbsolutePath());
    }

    // ---- the figures, per region and family, against the HFiles ------------------------------------

    @Test
    void bucketedFiguresMatchTheHFiles() throws Exception {
        TableInspection t = TableInspection.inspect(CONF, bucketed);
        Expected e = Expected.of(bucketed);
        assertEquals(
                List.of("\\x01", "\\x02", "\\x03"),
                e.points.stream().map(Bytes::toStringBinary).toList());
        check(t, e);
        assertEquals("log_data", t.table());
        assertEquals(List.of("d"), t.families());
        // the event family's settings as the schema declares them
        assertEquals("GZ", String.join(",", t.totals().compressions()));
        assertEquals("FAST_DIFF", String.join(",", t.totals().encodings()));
        assertEquals("ROW", String.join(",", t.totals().bloomTypes()));
        assertTrue(t.totals().bloomBytes() > 0);
    }

    @Test
    void bucketedRowsMatchTheRawEvents() throws Exception {
        TableInspection t = TableInspection.inspect(CONF, bucketed);
        // distinct (time, host, event) of the valid lines; the bucket is time mod 4
        Map<Integer, Set<String>> perBucket = new TreeMap<>();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (String line :
                Files.readAllLines(JobTesting.sample("events/events.tsv").toPath(), StandardCharsets.UTF_8)) {
            RawEvent e = RawEvent.parse(line);
            if (e != null) {
                perBucket
                        .computeIfAbsent((int) (e.time % 4), b -> new HashSet<>())
                        .add(e.time + "\t" + e.host + "\t" + e.event);
                min = Math.min(min, e.time);
                max = Math.max(max, e.time);
            }
        }
        long all = 0;
        for (int b = 0; b < 4; b++) {
            long rows = perBucket.getOrDefault(b, Set.of()).size();
            all += rows;
            assertEquals(rows, t.regions().get(b).total().rows(), "rows of bucket " + b);
            assertEquals(rows, t.regions().get(b).total().cells(), "one d:v cell per event in bucket " + b);
            assertEquals(rows, t.prefixes().rows(b), "rows starting with bucket byte " + b);
        }
        assertEquals(all, t.totals().rows());
        assertEquals(min, t.totals().minTimestamp());
        assertEquals(max, t.totals().maxTimestamp());
    }

    @Test
    void md5KeyedGraphFiguresMatchTheHFiles() throws Exception {
        TableInspection t = TableInspection.inspect(CONF, follows);
        Expected e = Expected.of(follows);
        assertEquals(3, t.regions().size());
        check(t, e);
        assertEquals(32, t.totals().rowKeyLength().min());
        assertEquals(32, t.totals().rowKeyLength().max());
        assertEquals("balanced", t.balance().verdict());
        assertTrue(
                t.prefixes().distinct() > 50,
                "md5 keys spread over many leading bytes: " + t.prefixes().distinct());
    }

    @Test
    void twoFamilyFiguresMatchTheHFiles() throws Exception {
        TableInspection t = TableInspection.inspect(CONF, cookieStats);
        Expected e = Expected.of(cookieStats);
        assertEquals(List.of("c", "r"), t.families());
        check(t, e);
        // r keeps up to 5 versions of r:, so it has more cells than rows; c has one cell per row
        assertTrue(t.familyTotals().get("r").cells() > t.familyTotals().get("r").rows());
        assertEquals(t.familyTotals().get("c").rows(), t.familyTotals().get("c").cells());
    }

    @Test
    void rowsInSeveralFilesCountOnce() throws Exception {
        TableInspection once = TableInspection.inspect(CONF, bucketed);
        TableInspection twice = TableInspection.inspect(CONF, doubled);
        check(twice, Expected.of(doubled));
        assertEquals(once.totals().rows(), twice.totals().rows());
        assertEquals(2 * once.totals().cells(), twice.totals().cells());
        assertEquals(2 * once.totals().files(), twice.totals().files());
        for (int r = 0; r < 4; r++) {
            assertEquals(
                    once.regions().get(r).total().rows(),
                    twice.regions().get(r).total().rows());
        }
    }

    // ---- JSON and text ------------------------------------------------------------------------------

    @Test
    void jsonHoldsTheSameFigures() throws Exception {
        for (Path table : List.of(bucketed, cookieStats)) {
            TableInspection t = TableInspection.inspect(CONF, table);
            Expected e = Expected.of(table);
            JsonNode root = JSON.readTree(InspectionJson.render(t));
            assertEquals(t.table(), root.get("table").asText());
            assertEquals(e.points.size() + 1, root.get("regionCount").asInt());
            List<String> families = new ArrayList<>();
            root.get("families").forEach(f -> families.add(f.asText()));
            assertEquals(new ArrayList<>(e.familyTotals.keySet()), families);
            assertEquals(e.total.figures(), flatten(root.get("totals")), table + " totals (JSON)");
            e.familyTotals.forEach((f, x) ->
                    assertEquals(x.figures(), flatten(root.get("familyTotals").get(f)), f + " (JSON)"));
            JsonNode regions = root.get("regions");
            assertEquals(e.regions.size(), regions.size());
            for (int r = 0; r < regions.size(); r++) {
                JsonNode region = regions.get(r);
                assertEquals(r, region.get("index").asInt());
                byte[] start = r == 0 ? new byte[0] : e.points.get(r - 1);
                byte[] end = r == e.points.size() ? new byte[0] : e.points.get(r);
                assertEquals(Bytes.toStringBinary(start), region.get("startKey").asText());
                assertEquals(Bytes.toHex(start), region.get("startKeyHex").asText());
                assertEquals(Bytes.toStringBinary(end), region.get("endKey").asText());
                assertEquals(Bytes.toHex(end), region.get("endKeyHex").asText());
                assertEquals(e.regions.get(r).figures(), flatten(region.get("totals")), "region " + r + " (JSON)");
                for (Map.Entry<String, Counted> f : e.regionFamilies.get(r).entrySet()) {
                    assertEquals(
                            f.getValue().figures(),
                            flatten(region.get("families").get(f.getKey())),
                            "region " + r + " family " + f.getKey() + " (JSON)");
                }
            }
            JsonNode balance = root.get("balance");
            assertEquals(e.largestRegion(), balance.get("largestRegion").asInt());
            assertEquals(
                    e.regionBytes(e.largestRegion()),
                    balance.get("largestRegionBytes").asLong());
            assertEquals(e.meanRegionBytes(), balance.get("meanRegionBytes").asDouble());
            assertEquals(e.hottestPrefix(), balance.get("hottestPrefixByte").asInt());
            assertEquals(
                    e.prefixRows(e.hottestPrefix()),
                    balance.get("hottestPrefixRows").asLong());
            assertEquals(t.balance().verdict(), balance.get("verdict").asText());
        }
    }

    @Test
    void textReportHasAlignedColumnsAndTheFigures() throws Exception {
        TableInspection t = TableInspection.inspect(CONF, bucketed);
        Expected e = Expected.of(bucketed);
        String text = InspectionText.render(t);
        List<String> sizes = section(text, "sizes");
        assertEquals(1 + 4 + 1, sizes.size(), text);
        // the last column is right-aligned: every line of the table ends at the same column
        assertEquals(1, sizes.stream().mapToInt(String::length).distinct().count(), text);
        for (int r = 0; r < 4; r++) {
            String[] cells = sizes.get(1 + r).trim().split(" {2,}");
            Counted x = e.regions.get(r);
            assertEquals(Integer.toString(r), cells[0]);
            assertEquals("'" + Bytes.toStringBinary(r == 0 ? new byte[0] : e.points.get(r - 1)) + "'", cells[1]);
            assertEquals("d", cells[2]);
            assertEquals(Integer.toString(x.files), cells[3]);
            assertEquals(String.format("%,d", x.rows.size()), cells[4]);
            assertEquals(String.format("%,d", x.cells), cells[5]);
        }
        assertTrue(sizes.get(5).startsWith(" total") || sizes.get(5).startsWith("total"), sizes.get(5));
        assertTrue(text.contains("verdict         balanced"), text);
        assertTrue(text.contains(String.format("%,d rows", e.total.rows.size())), text);
        assertEquals(1 + 4 + 1, section(text, "storage").size());
    }

    // ---- balance verdict --------------------------------------------------------------------------------

    @Test
    void skewedTableIsCalledSkewedAndSaltedOneBalanced() throws Exception {
        TableInspection hot = TableInspection.inspect(CONF, skewed);
        Expected e = Expected.of(skewed);
        check(hot, e);
        assertEquals(0, e.largestRegion());
        assertEquals(e.total.bytes, e.regionBytes(0), "every file in region 0");
        assertEquals(4.0, hot.balance().largestToMean(), 1e-9);
        assertTrue(hot.balance().skewed());
        assertTrue(hot.balance().hotPrefix());
        assertEquals(1.0, hot.balance().hottestPrefixShare());
        assertEquals(
                "skewed: region 0 holds 4.0× the mean; hot key prefix: 100% of rows start with '\\x00'",
                hot.balance().verdict());

        TableInspection salted = TableInspection.inspect(CONF, bucketed);
        Expected s = Expected.of(bucketed);
        assertEquals("balanced", salted.balance().verdict());
        assertFalse(salted.balance().skewed());
        assertFalse(salted.balance().hotPrefix());
        assertEquals(4, salted.balance().distinctPrefixes());
        assertEquals(
                (double) s.prefixRows(s.hottestPrefix()) / s.total.rows.size(),
                salted.balance().hottestPrefixShare());
        assertEquals(
                s.regionBytes(s.largestRegion()) / s.meanRegionBytes(),
                salted.balance().largestToMean(),
                1e-12);
        assertTrue(salted.balance().largestToMean() < Balance.SKEW_RATIO);
    }

    // ---- pictures -------------------------------------------------------------------------------------

    @Test
    void svgHasOneBarPerRegionStackedPerFamily() throws Exception {
        for (Path table : List.of(bucketed, cookieStats, skewed)) {
            TableInspection t = TableInspection.inspect(CONF, table);
            Expected e = Expected.of(table);
            File svg = new File(tmp, t.table() + "-" + table.getParent().getName() + ".svg");
            RegionSizePicture.write(t, CONF, new Path(svg.getAbsolutePath()));
            String doc = Files.readString(svg.toPath());
            // rects standing on the x axis, by x: the bars; the rects above a bar's foot stack onto it
            Map<String, List<double[]>> byX = new TreeMap<>();
            Matcher m = Pattern.compile(
                            "<rect x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\"")
                    .matcher(doc);
            while (m.find()) {
                byX.computeIfAbsent(m.group(1), k -> new ArrayList<>())
                        .add(new double[] {Double.parseDouble(m.group(2)), Double.parseDouble(m.group(4))});
            }
            byX.values()
                    .removeIf(rects -> rects.stream()
                            .noneMatch(r -> Math.abs(r[0] + r[1] - RegionSizePicture.PLOT_BOTTOM) < 0.02));
            List<Integer> nonEmpty = new ArrayList<>();
            for (int r = 0; r < e.regions.size(); r++) {
                if (e.regionBytes(r) > 0) {
                    nonEmpty.add(r);
                }
            }
            assertEquals(nonEmpty.size(), byX.size(), table + ": one bar per region with bytes\n" + doc);
            List<String> xs = new ArrayList<>(byX.keySet());
            xs.sort((a, b) -> Double.compare(Double.parseDouble(a), Double.parseDouble(b)));
            // heights proportional to the regions' bytes: one scale for every bar, and for the mean line
            double pxPerByte =
                    byX.get(xs.get(0)).stream().mapToDouble(r -> r[1]).sum() / e.regionBytes(nonEmpty.get(0));
            for (int i = 0; i < xs.size(); i++) {
                int region = nonEmpty.get(i);
                List<double[]> segments = byX.get(xs.get(i));
                long families = e.regionFamilies.get(region).values().stream()
                        .filter(c -> c.bytes > 0)
                        .count();
                assertEquals(families, segments.size(), "one segment per family with bytes, region " + region);
                double height = segments.stream().mapToDouble(s -> s[1]).sum();
                assertEquals(
                        e.regionBytes(region) * pxPerByte,
                        height,
                        0.02 * segments.size(),
                        "bar height of region " + region);
            }
            double meanY = RegionSizePicture.PLOT_BOTTOM - e.meanRegionBytes() * pxPerByte;
            Matcher line = Pattern.compile(
                            "<line x1=\"[0-9.]+\" y1=\"([0-9.]+)\" x2=\"[0-9.]+\" y2=\"\\1\" stroke=\"#c01c28\"")
                    .matcher(doc);
            assertTrue(line.find(), "a mean line");
            assertEquals(meanY, Double.parseDouble(line.group(1)), 0.05, "mean line");
            assertTrue(doc.contains(">" + t.balance().verdict() + "</text>"), "the verdict under the chart");
        }
    }

    @Test
    void pngDecodes() throws Exception {
        TableInspection t = TableInspection.inspect(CONF, cookieStats);
        File png = new File(tmp, "cookie_stats.png");
        RegionSizePicture.write(t, CONF, new Path(png.getAbsolutePath()));
        BufferedImage image = ImageIO.read(png);
        assertNotNull(image, "a PNG ImageIO decodes");
        assertEquals(RegionSizePicture.HEIGHT, image.getHeight());
        assertTrue(image.getWidth() >= 360);
        // the foot of the first bar (placed as in the SVG form of the same picture) is in the first family's colour
        Matcher bar = Pattern.compile("<rect x=\"([0-9.]+)\" y=\"[0-9.]+\" width=\"([0-9.]+)\"")
                .matcher(RegionSizePicture.draw(t).svg());
        assertTrue(bar.find() && bar.find() && bar.find(), "two legend swatches, then the first bar");
        int x = (int) Math.round(Double.parseDouble(bar.group(1)) + Double.parseDouble(bar.group(2)) / 2);
        assertEquals(RegionSizePicture.familyColor(0).getRGB(), image.getRGB(x, RegionSizePicture.PLOT_BOTTOM - 3));
    }

    @Test
    void pictureNeedsPngOrSvg() throws Exception {
        TableInspection t = TableInspection.inspect(CONF, bucketed);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> RegionSizePicture.write(t, CONF, new Path(new File(tmp, "sizes.gif").getAbsolutePath())));
        assertEquals("--picture takes a file name ending with .png or .svg, got sizes.gif", e.getMessage());
    }

    // ---- not a table ---------------------------------------------------------------------------------

    @Test
    void pathsThatAreNotTablesFailClearly() throws Exception {
        Path missing = new Path(new File(tmp, "nothing-here").getAbsolutePath());
        IOException e = assertThrows(FileNotFoundException.class, () -> TableInspection.inspect(CONF, missing));
        assertTrue(e.getMessage().startsWith("no table directory " + missing), e.getMessage());

        Path output = bucketed.getParent();
        e = assertThrows(IOException.class, () -> TableInspection.inspect(CONF, output));
        assertTrue(
                e.getMessage().contains("is an output directory, not a table: name one of its tables, e.g. "),
                e.getMessage());

        Path file = new Path(JobTesting.sample("events/events.tsv").getAbsolutePath());
        e = assertThrows(IOException.class, () -> TableInspection.inspect(CONF, file));
        assertTrue(e.getMessage().endsWith("is a file, not a table directory <output>/<table>"), e.getMessage());

        File empty = new File(tmp, "empty-dir");
        assertTrue(empty.mkdir());
        e = assertThrows(IOException.class, () -> TableInspection.inspect(CONF, new Path(empty.getAbsolutePath())));
        assertTrue(
                e.getMessage().endsWith("holds no family directories: not a table directory <output>/<table>"),
                e.getMessage());
    }

    // ---- the independent count ------------------------------------------------------------------------

    /** Checks every figure of every region, family and the table against the count. */
    static void check(TableInspection t, Expected e) {
        assertEquals(e.points.size() + 1, t.regions().size(), "regions");
        assertEquals(new ArrayList<>(e.familyTotals.keySet()), t.families());
        for (int r = 0; r < t.regions().size(); r++) {
            RegionInspection region = t.regions().get(r);
            assertEquals(r, region.index());
            assertEquals(
                    Bytes.toStringBinary(r == 0 ? new byte[0] : e.points.get(r - 1)),
                    Bytes.toStringBinary(region.startKey()));
            assertEquals(
                    Bytes.toStringBinary(r == e.points.size() ? new byte[0] : e.points.get(r)),
                    Bytes.toStringBinary(region.endKey()));
            assertEquals(e.regions.get(r).figures(), figures(region.total()), "region " + r);
            for (String f : t.families()) {
                assertEquals(
                        e.regionFamilies.get(r).get(f).figures(),
                        figures(region.families().get(f)),
                        "region " + r + " family " + f);
            }
        }
        assertEquals(e.total.figures(), figures(t.totals()), "table");
        e.familyTotals.forEach(
                (f, x) -> assertEquals(x.figures(), figures(t.familyTotals().get(f)), "family " + f));
        for (int b = 0; b < 256; b++) {
            assertEquals(e.prefixRows(b), t.prefixes().rows(b), "rows starting with byte " + b);
        }
        assertEquals(e.largestRegion(), t.balance().largestRegion());
        assertEquals(e.meanRegionBytes(), t.balance().meanRegionBytes(), 1e-9);
        assertEquals(e.hottestPrefix(), t.balance().hottestPrefix());
    }

    /** The inspection's figures under the JSON form's flattened names. */
    static Map<String, Object> figures(Figures f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("files", (long) f.files());
        m.put("rows", f.rows());
        m.put("cells", f.cells());
        m.put("bytesOnDisk", f.bytesOnDisk());
        m.put("uncompressedBytes", f.uncompressedBytes());
        m.put(
                "compressionRatio",
                f.compressionRatio().isPresent() ? f.compressionRatio().getAsDouble() : null);
        m.put("bytesPerCell", f.bytesPerCell().isPresent() ? f.bytesPerCell().getAsDouble() : null);
        lengths(
                m,
                "keyLength",
                f.keyLength().count(),
                f.keyLength().min(),
                f.keyLength().sum(),
                f.keyLength().max());
        lengths(
                m,
                "valueLength",
                f.valueLength().count(),
                f.valueLength().min(),
                f.valueLength().sum(),
                f.valueLength().max());
        lengths(
                m,
                "rowKeyLength",
                f.rowKeyLength().count(),
                f.rowKeyLength().min(),
                f.rowKeyLength().sum(),
                f.rowKeyLength().max());
        m.put("bloomType", f.bloomTypes().isEmpty() ? null : String.join(",", f.bloomTypes()));
        m.put("bloomBytes", f.bloomBytes());
        m.put("dataBlockEncoding", f.encodings().isEmpty() ? null : String.join(",", f.encodings()));
        m.put("compression", f.compressions().isEmpty() ? null : String.join(",", f.compressions()));
        m.put("timeRange.min", f.hasCells() ? f.minTimestamp() : null);
        m.put("timeRange.max", f.hasCells() ? f.maxTimestamp() : null);
        return m;
    }

    static void lengths(Map<String, Object> m, String name, long count, long min, long sum, long max) {
        m.put(name + ".min", count == 0 ? null : min);
        m.put(name + ".mean", count == 0 ? null : (double) sum / count);
        m.put(name + ".max", count == 0 ? null : max);
    }

    /** A figures object of the JSON form, flattened the same way (a null object gives null members). */
    static Map<String, Object> flatten(JsonNode n) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isObject()) {
                v.fields().forEachRemaining(c -> m.put(e.getKey() + "." + c.getKey(), value(c.getValue())));
            } else if (v.isNull()
                    && Set.of("keyLength", "valueLength", "rowKeyLength").contains(e.getKey())) {
                List.of("min", "mean", "max").forEach(s -> m.put(e.getKey() + "." + s, null));
            } else if (v.isNull() && e.getKey().equals("timeRange")) {
                m.put("timeRange.min", null);
                m.put("timeRange.max", null);
            } else {
                m.put(e.getKey(), value(v));
            }
        }
        return m;
    }

    static Object value(JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber()) {
            return v.asLong();
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        return v.asText();
    }

    /** The lines of one table of the text report, its header line first. */
    static List<String> section(String text, String title) {
        List<String> lines = Arrays.asList(text.split("\n", -1));
        int start = lines.indexOf(title) + 1;
        List<String> out = new ArrayList<>();
        for (int i = start; i < lines.size() && !lines.get(i).isEmpty(); i++) {
            if (!lines.get(i).startsWith("lengths in bytes")) {
                out.add(lines.get(i));
            }
        }
        return out;
    }

    static List<File> familyDirs(File table) {
        File[] dirs = table.listFiles(f ->
                f.isDirectory() && !f.getName().startsWith("_") && !f.getName().startsWith("."));
        Arrays.sort(dirs);
        return Arrays.asList(dirs);
    }

    static List<File> hfiles(File family) {
        File[] files = family.listFiles(
                f -> f.isFile() && !f.getName().startsWith("_") && !f.getName().startsWith("."));
        Arrays.sort(files);
        return Arrays.asList(files);
    }

    /** Figures of a group of HFiles counted here, rows as a set of hex keys. */
    static final class Counted {
        int files;
        final Set<String> rows = new HashSet<>();
        long cells;
        long bytes;
        long uncompressed;
        long bloomBytes;
        long keyMin = Long.MAX_VALUE;
        long keySum;
        long keyMax = Long.MIN_VALUE;
        long valueMin = Long.MAX_VALUE;
        long valueSum;
        long valueMax = Long.MIN_VALUE;
        long minTs = Long.MAX_VALUE;
        long maxTs = Long.MIN_VALUE;
        final Set<String> blooms = new TreeSet<>();
        final Set<String> encodings = new TreeSet<>();
        final Set<String> codecs = new TreeSet<>();

        void add(Counted o) {
            files += o.files;
            rows.addAll(o.rows);
            cells += o.cells;
            bytes += o.bytes;
            uncompressed += o.uncompressed;
            bloomBytes += o.bloomBytes;
            keyMin = Math.min(keyMin, o.keyMin);
            keySum += o.keySum;
            keyMax = Math.max(keyMax, o.keyMax);
            valueMin = Math.min(valueMin, o.valueMin);
            valueSum += o.valueSum;
            valueMax = Math.max(valueMax, o.valueMax);
            minTs = Math.min(minTs, o.minTs);
            maxTs = Math.max(maxTs, o.maxTs);
            blooms.addAll(o.blooms);
            encodings.addAll(o.encodings);
            codecs.addAll(o.codecs);
        }

        Map<String, Object> figures() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("files", (long) files);
            m.put("rows", (long) rows.size());
            m.put("cells", cells);
            m.put("bytesOnDisk", bytes);
            m.put("uncompressedBytes", uncompressed);
            m.put("compressionRatio", bytes == 0 ? null : (double) uncompressed / bytes);
            m.put("bytesPerCell", cells == 0 ? null : (double) bytes / cells);
            lengths(m, "keyLength", cells, keyMin, keySum, keyMax);
            lengths(m, "valueLength", cells, valueMin, valueSum, valueMax);
            long rowMin = rows.stream().mapToLong(h -> h.length() / 2).min().orElse(0);
            long rowMax = rows.stream().mapToLong(h -> h.length() / 2).max().orElse(0);
            lengths(
                    m,
                    "rowKeyLength",
                    rows.size(),
                    rowMin,
                    rows.stream().mapToLong(h -> h.length() / 2).sum(),
                    rowMax);
            m.put("bloomType", blooms.isEmpty() ? null : String.join(",", blooms));
            m.put("bloomBytes", bloomBytes);
            m.put("dataBlockEncoding", encodings.isEmpty() ? null : String.join(",", encodings));
            m.put("compression", codecs.isEmpty() ? null : String.join(",", codecs));
            m.put("timeRange.min", cells == 0 ? null : minTs);
            m.put("timeRange.max", cells == 0 ? null : maxTs);
            return m;
        }
    }

    /** A table counted file by file with HBase's HFile reader; a file's region holds its first row. */
    static final class Expected {
        final List<byte[]> points = new ArrayList<>();
        final List<Counted> regions = new ArrayList<>();
        final List<Map<String, Counted>> regionFamilies = new ArrayList<>();
        final Map<String, Counted> familyTotals = new LinkedHashMap<>();
        final Counted total = new Counted();

        static Expected of(Path table) throws IOException {
            Expected e = new Expected();
            File dir = new File(table.toUri().getPath());
            JsonNode spec = JSON.readTree(new File(dir, "_spec.json"));
            JsonNode split = spec.get("regions").get("splitPoints");
            if (split != null) {
                split.forEach(p -> e.points.add(Bytes.toBytesBinary(p.asText())));
            }
            List<String> families = new ArrayList<>();
            spec.get("families").forEach(f -> families.add(f.get("name").asText()));
            for (int r = 0; r <= e.points.size(); r++) {
                e.regions.add(new Counted());
                Map<String, Counted> byFamily = new LinkedHashMap<>();
                families.forEach(f -> byFamily.put(f, new Counted()));
                e.regionFamilies.add(byFamily);
            }
            families.forEach(f -> e.familyTotals.put(f, new Counted()));
            FileSystem fs = FileSystem.getLocal(CONF);
            for (File family : familyDirs(dir)) {
                for (File f : hfiles(family)) {
                    Map.Entry<byte[], Counted> file = countFile(fs, new Path(f.getAbsolutePath()));
                    int region = 0;
                    while (region < e.points.size() && Bytes.compareTo(e.points.get(region), file.getKey()) <= 0) {
                        region++;
                    }
                    e.regions.get(region).add(file.getValue());
                    e.regionFamilies.get(region).get(family.getName()).add(file.getValue());
                    e.familyTotals.get(family.getName()).add(file.getValue());
                    e.total.add(file.getValue());
                }
            }
            return e;
        }

        /** A file's first row and its figures. */
        static Map.Entry<byte[], Counted> countFile(FileSystem fs, Path path) throws IOException {
            Counted c = new Counted();
            c.files = 1;
            c.bytes = fs.getFileStatus(path).getLen();
            byte[] first = null;
            HFile.Reader reader = HFile.createReader(fs, path, CacheConfig.DISABLED, true, CONF);
            try {
                c.uncompressed = reader.getTrailer().getTotalUncompressedBytes();
                byte[] bloom = reader.getHFileInfo().get(Bytes.toBytes("BLOOM_FILTER_TYPE"));
                c.blooms.add(bloom == null ? "NONE" : Bytes.toString(bloom));
                byte[] encoding = reader.getHFileInfo().get(Bytes.toBytes("DATA_BLOCK_ENCODING"));
                c.encodings.add(encoding == null ? "NONE" : Bytes.toString(encoding));
                c.codecs.add(reader.getTrailer().getCompressionCodec().name());
                // the bloom filter's bytes: the bloom chunk blocks between the data blocks
                long offset = reader.getTrailer().getFirstDataBlockOffset();
                while (offset < reader.getTrailer().getLoadOnOpenDataOffset()) {
                    HFileBlock block = reader.readBlock(offset, -1, false, true, false, false, null, null);
                    try {
                        if (block.getBlockType() == BlockType.BLOOM_CHUNK) {
                            c.bloomBytes += block.getUncompressedSizeWithoutHeader();
                        }
                        offset += block.getOnDiskSizeWithHeader();
                    } finally {
                        block.release();
                    }
                }
                HFileScanner s = reader.getScanner(CONF, false, false);
                if (s.seekTo()) {
                    do {
                        Cell cell = s.getCell();
                        byte[] row = CellUtil.cloneRow(cell);
                        if (first == null) {
                            first = row;
                        }
                        c.rows.add(Bytes.toHex(row));
                        c.cells++;
                        long key = 2
                                + cell.getRowLength()
                                + 1
                                + cell.getFamilyLength()
                                + cell.getQualifierLength()
                                + 8
                                + 1;
                        c.keyMin = Math.min(c.keyMin, key);
                        c.keySum += key;
                        c.keyMax = Math.max(c.keyMax, key);
                        c.valueMin = Math.min(c.valueMin, cell.getValueLength());
                        c.valueSum += cell.getValueLength();
                        c.valueMax = Math.max(c.valueMax, cell.getValueLength());
                        c.minTs = Math.min(c.minTs, cell.getTimestamp());
                        c.maxTs = Math.max(c.maxTs, cell.getTimestamp());
                    } while (s.next());
                }
                s.close();
            } finally {
                reader.close();
            }
            return Map.entry(first == null ? new byte[0] : first, c);
        }

        long regionBytes(int r) {
            return regions.get(r).bytes;
        }

        double meanRegionBytes() {
            return (double) total.bytes / regions.size();
        }

        int largestRegion() {
            int best = 0;
            for (int r = 1; r < regions.size(); r++) {
                if (regionBytes(r) > regionBytes(best)) {
                    best = r;
                }
            }
            return best;
        }

        long prefixRows(int leadingByte) {
            return total.rows.stream()
                    .filter(h -> Integer.parseInt(h.substring(0, 2), 16) == leadingByte)
                    .count();
        }

        int hottestPrefix() {
            Map<Integer, Long> counts = new HashMap<>();
            total.rows.forEach(h -> counts.merge(Integer.parseInt(h.substring(0, 2), 16), 1L, Long::sum));
            int best = -1;
            for (int b = 0; b < 256; b++) {
                if (counts.getOrDefault(b, 0L) > 0 && (best < 0 || counts.get(b) > counts.get(best))) {
                    best = b;
                }
            }
            return best;
        }
    }

    /** A valid line of the events sample, parsed here: host, time in [0, 2500-01-01), event. */
    record RawEvent(String host, long time, String event) {
        static RawEvent parse(String line) {
            if (line.isBlank() || line.startsWith("#")) {
                return null;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 4 || f[0].isEmpty() || f[2].isEmpty()) {
                return null;
            }
            try {
                long t = Long.parseLong(f[1].trim());
                return t >= 0 && t < 16_725_225_600_000L ? new RawEvent(f[0], t, f[2]) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
