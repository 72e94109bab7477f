package io.dumptruck.bench;

import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * The web-log inputs of the load benchmark, from the project's generator: {@code logs/} the raw lines for the loaders
 * and the textbook job, {@code tsv/} the same requests as the TSV ImportTsv reads — the first {@code records} usable
 * lines of a generated log (about 80% of generated lines are).
 *
 * <p>ImportTsv takes row keys and values as raw bytes between tab separators, one line each, with no escaping, while a
 * visits key holds binary bytes (a reverse timestamp and four md5 bytes) and {@code p:d} is an 8-byte long. A generated
 * line is kept only when ImportTsv can carry all its cells: no tab, LF or CR byte in the row or a value, and no
 * present-but-empty value (ImportTsv's {@code skip.empty.columns} cannot tell it from an absent one). Lines the parser
 * rejects are dropped too, so every contender loads exactly the same requests.
 */
final class WebLogInput {
    /** What {@link #prepare} wrote: lines generated, lines read until {@code kept} were usable, bytes of each input. */
    record Figures(long generated, long read, long kept, long logBytes, long tsvBytes) {}
    /** Generated lines per line asked for; about 1 in 5 is dropped (see the class comment). */
    private static final double OVERSHOOT = 1.35;

    private WebLogInput() {}

    static Path logs(Path dir) {
        return dir.resolve("logs");
    }

    static Path tsv(Path dir) {
        return dir.resolve("tsv");
    }

    static Figures prepare(long records, long seed, Path dir) throws IOException {
        Path generated = dir.resolve("generated");
        long generatedLines = (long) Math.ceil(records * OVERSHOOT) + 1000;
        DataGenerator.generate(DataGenerator.WEBLOGS, generatedLines, seed, generated, 1);
        Files.createDirectories(logs(dir));
        Files.createDirectories(tsv(dir));
        WebLogParser parser = new WebLogParser();
        RowKeyBuilder key = new RowKeyBuilder(64);
        long read = 0;
        long kept = 0;
        try (BufferedReader in = Files.newBufferedReader(generated.resolve("part-00000.txt"), StandardCharsets.UTF_8);
                OutputStream logOut =
                        new BufferedOutputStream(Files.newOutputStream(logs(dir).resolve("part-00000.txt")), 1 << 16);
                OutputStream tsvOut =
                        new BufferedOutputStream(Files.newOutputStream(tsv(dir).resolve("part-00000.tsv")), 1 << 16)) {
            for (String line = in.readLine(); line != null && kept < records; line = in.readLine()) {
                read++;
                Parsed<WebLogRecord> parsed = parser.parse(line);
                if (!parsed.isRecord()) {
                    continue;
                }
                VisitCells cells;
                try {
                    cells = VisitCells.of(parsed.record(), line, key);
                } catch (IllegalArgumentException rejected) {
                    continue;
                }
                if (!tsvSafe(cells)) {
                    continue;
                }
                kept++;
                logOut.write(line.getBytes(StandardCharsets.UTF_8));
                logOut.write('\n');
                tsvOut.write(cells.row());
                tsvOut.write('\t');
                tsvOut.write(Long.toString(cells.timestamp()).getBytes(StandardCharsets.US_ASCII));
                for (byte[] v : cells.values()) {
                    tsvOut.write('\t');
                    if (v != null) {
                        tsvOut.write(v);
                    }
                }
                tsvOut.write('\n');
            }
        }
        deleteTree(generated);
        if (kept < records) {
            throw new IllegalStateException("only " + kept + " of " + generatedLines + " generated lines are usable; "
                    + records + " asked for");
        }
        return new Figures(
                generatedLines,
                read,
                kept,
                Files.size(logs(dir).resolve("part-00000.txt")),
                Files.size(tsv(dir).resolve("part-00000.tsv")));
    }

    private static boolean tsvSafe(VisitCells cells) {
        if (!safe(cells.row())) {
            return false;
        }
        for (byte[] v : cells.values()) {
            if (v != null && (v.length == 0 || !safe(v))) {
                return false;
            }
        }
        return true;
    }

    private static boolean safe(byte[] b) {
        for (byte x : b) {
            if (x == '\t' || x == '\n' || x == '\r') {
                return false;
            }
        }
        return true;
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
