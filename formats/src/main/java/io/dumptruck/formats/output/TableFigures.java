package io.dumptruck.formats.output;

import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What a job wrote into one table: rows, cells, HFiles and their bytes, and how many of the cells are delete markers.
 * Each reduce task leaves its share as {@code <table>/_figures-<task attempt>} beside its HFiles; job commit sums the
 * shares of the committed attempts into {@code <table>/}{@value #FILE} —
 * {@code {"rows":…,"cells":…,"files":…,"bytes":…,"markers":…}} ("markers" absent in files written before it was
 * counted: 0) — and deletes them. Files rather than job counters: Hadoop allows a job 120 counters, which four per
 * table would pass at thirty tables.
 */
@PublicApi
public record TableFigures(long rows, long cells, long files, long bytes, long markers) {
    public static final String FILE = "_stats.json";
    static final String SHARE_PREFIX = "_figures-";
    static final TableFigures NONE = new TableFigures(0, 0, 0, 0, 0);
    private static final Pattern FIELD = Pattern.compile("\"(rows|cells|files|bytes|markers)\"\\s*:\\s*(\\d{1,19})");

    TableFigures plus(TableFigures o) {
        return new TableFigures(rows + o.rows, cells + o.cells, files + o.files, bytes + o.bytes, markers + o.markers);
    }

    String toJson() {
        return "{\"rows\":" + rows + ",\"cells\":" + cells + ",\"files\":" + files + ",\"bytes\":" + bytes
                + ",\"markers\":" + markers + "}\n";
    }

    void write(FileSystem fs, Path file) throws IOException {
        try (FSDataOutputStream out = fs.create(file, false)) {
            out.write(toJson().getBytes(StandardCharsets.UTF_8));
        }
    }

    static TableFigures read(FileSystem fs, Path file) throws IOException {
        String json;
        try (InputStream in = fs.open(file)) {
            json = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
        }
        long[] v = new long[5];
        int found = 0;
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            int field = switch (m.group(1)) {
                case "rows" -> 0;
                case "cells" -> 1;
                case "files" -> 2;
                case "bytes" -> 3;
                default -> 4;
            };
            v[field] = Long.parseLong(m.group(2));
            found += field < 4 ? 1 : 0;
        }
        if (found != 4) {
            throw new IOException("damaged figures file " + file + ": expected rows, cells, files and bytes");
        }
        return new TableFigures(v[0], v[1], v[2], v[3], v[4]);
    }

    /** The figures of a committed table directory, or {@link #NONE} when it has none (a job that did not commit). */
    public static TableFigures of(Path tableDir, Configuration conf) throws IOException {
        FileSystem fs = tableDir.getFileSystem(conf);
        Path file = new Path(tableDir, FILE);
        return fs.exists(file) ? read(fs, file) : NONE;
    }

    /** Job commit: sums the task shares under {@code tableDir} into {@value #FILE} and deletes them. */
    static void sumShares(FileSystem fs, Path tableDir) throws IOException {
        TableFigures sum = NONE;
        FileStatus[] shares = fs.exists(tableDir)
                ? fs.listStatus(tableDir, p -> p.getName().startsWith(SHARE_PREFIX))
                : new FileStatus[0];
        for (FileStatus share : shares) {
            sum = sum.plus(read(fs, share.getPath()));
        }
        sum.write(fs, new Path(tableDir, FILE));
        for (FileStatus share : shares) {
            fs.delete(share.getPath(), false);
        }
    }
}
