package io.dumptruck.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The two title inputs of {@code bench/run load titles}, {@code title TAB rank}, drawn from the same random stream so
 * that they have the same number of lines, the same title lengths and the same ranks, and differ only in the first
 * word:
 *
 * <ul>
 *   <li>uniform: every title starts with a random three-letter word ({@code Qzk_Hebrit_Lomu}), so the 17,576
 *       three-letter prefixes share the titles evenly;
 *   <li>skewed: every second title starts with {@code San} instead ({@code San_Hebrit_Lomu}), so the rows {@code san}
 *       and {@code san } each carry half of the titles.
 * </ul>
 *
 * <p>After it: 1 to 3 words of 3 to 9 random letters, so nearly every title is longer than the longest prefix (12) and
 * yields 10 prefix cells. Ranks are integers with a Pareto tail, {@code P(rank ≥ r) = 1/r}, as the project's generator
 * draws them.
 *
 * <p>{@link #expectedTop} computes a prefix row's answer from the input independently of the loader (lower-case,
 * {@code _} → space: all the normalization these ASCII titles need); {@link #storedTop} reads the row the loader wrote
 * with HBase's HFile reader.
 */
final class TitleInput {
    static final String HOT = "San";

    private TitleInput() {}

    /** Writes {@code uniform/part-00000.txt} and {@code skewed/part-00000.txt}; returns their sizes in bytes. */
    static long[] write(long records, long seed, Path input) throws IOException {
        Path uniform = input.resolve("uniform").resolve("part-00000.txt");
        Path skewed = input.resolve("skewed").resolve("part-00000.txt");
        Files.createDirectories(uniform.getParent());
        Files.createDirectories(skewed.getParent());
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder rest = new StringBuilder();
        try (BufferedWriter u = Files.newBufferedWriter(uniform, StandardCharsets.UTF_8);
                BufferedWriter s = Files.newBufferedWriter(skewed, StandardCharsets.UTF_8)) {
            for (long i = 0; i < records; i++) {
                String first = word(random, 3);
                rest.setLength(0);
                for (int w = 1 + random.nextInt(3); w > 0; w--) {
                    rest.append('_').append(word(random, 3 + random.nextInt(7)));
                }
                long rank = (long) (1 / (1 - random.nextDouble()));
                rest.append('\t').append(rank).append('\n');
                u.append(first).append(rest);
                s.append(i % 2 == 0 ? HOT : first).append(rest);
            }
        }
        return new long[] {Files.size(uniform), Files.size(skewed)};
    }

    private static String word(SplittableRandom random, int length) {
        char[] c = new char[length];
        for (int i = 0; i < length; i++) {
            c[i] = (char) ((i == 0 ? 'A' : 'a') + random.nextInt(26));
        }
        return new String(c);
    }

    /** One title of a row's answer: its best rank. Answer order: rank descending, then title ascending. */
    private record Ranked(String title, double rank) {}

    private static final Comparator<Ranked> ANSWER_ORDER =
            Comparator.comparingDouble(Ranked::rank).reversed().thenComparing(Ranked::title);

    /**
     * The top ten distinct titles (as written, {@code _} → space) of each of {@code prefixes} (normalized), computed
     * from the input file alone; a title listed twice counts with its best rank.
     */
    static Map<String, List<String>> expectedTop(Path file, List<String> prefixes) throws IOException {
        Map<String, TreeSet<Ranked>> top = new LinkedHashMap<>();
        Map<String, Map<String, Ranked>> byTitle = new HashMap<>();
        for (String p : prefixes) {
            top.put(p, new TreeSet<>(ANSWER_ORDER));
            byTitle.put(p, new HashMap<>());
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int tab = line.indexOf('\t');
                String title = line.substring(0, tab).replace('_', ' ');
                String normalized = title.toLowerCase(Locale.ROOT);
                Ranked t = new Ranked(title, Double.parseDouble(line.substring(tab + 1)));
                for (String p : prefixes) {
                    if (!normalized.startsWith(p)) {
                        continue;
                    }
                    TreeSet<Ranked> set = top.get(p);
                    Map<String, Ranked> in = byTitle.get(p);
                    Ranked old = in.get(title);
                    if (old != null) {
                        if (ANSWER_ORDER.compare(t, old) >= 0) {
                            continue; // the title is in with a rank at least as good
                        }
                        set.remove(old);
                        in.remove(title);
                    }
                    set.add(t);
                    in.put(title, t);
                    if (set.size() > 10) {
                        in.remove(set.pollLast().title());
                    }
                }
            }
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        top.forEach((p, set) -> out.put(p, set.stream().map(Ranked::title).toList()));
        return out;
    }

    /**
     * The JSON array of {@code j:} in row {@code prefix} of a {@code title_autocomp} directory, or null if the row is
     * absent.
     */
    static List<String> storedTop(Configuration conf, org.apache.hadoop.fs.Path tableDir, String prefix)
            throws IOException {
        FileSystem fs = tableDir.getFileSystem(conf);
        byte[] row = prefix.getBytes(StandardCharsets.UTF_8);
        KeyValue first = KeyValueUtil.createFirstOnRow(row);
        for (FileStatus f : fs.listStatus(
                new org.apache.hadoop.fs.Path(tableDir, "j"),
                p -> !p.getName().startsWith("_") && !p.getName().startsWith("."))) {
            try (HFile.Reader r = HFile.createReader(fs, f.getPath(), CacheConfig.DISABLED, true, conf)) {
                if (r.getEntries() == 0
                        || Bytes.compareTo(row, r.getFirstRowKey().get()) < 0
                        || Bytes.compareTo(row, r.getLastRowKey().get()) > 0) {
                    continue;
                }
                HFileScanner s = r.getScanner(conf, false, true);
                int at = s.seekTo(first); // -1: before the file's first cell; 1: on the last cell before the key
                if (at == -1 ? !s.seekTo() : at == 1 && !s.next()) {
                    continue;
                }
                Cell c = s.getCell();
                if (!CellUtil.matchingRows(c, row)) {
                    continue;
                }
                return parse(CellUtil.cloneValue(c));
            }
        }
        return null;
    }

    private static List<String> parse(byte[] json) throws IOException {
        List<String> out = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IOException("not a JSON array: " + new String(json, StandardCharsets.UTF_8));
            }
            while (p.nextToken() == JsonToken.VALUE_STRING) {
                out.add(p.getText());
            }
        }
        return out;
    }
}
