package io.dumptruck.loaders.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.table.TableSpecJson;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What a bulk load reads of a load's output: its table directories and, from its {@code _report.json} (absent for a
 * table directory given alone, or an output of another tool), the live table each table was matched to and the batch it
 * folds.
 *
 * @param tables the table directories, in name order
 * @param live a table's name → the live table it was matched to ({@code namespace:name}); empty when not matched
 * @param folded a folded table's name → the ledger state its load's snapshot saw (the commit count)
 * @param batch the folded batch (null when the load did not fold)
 * @param load the folding load's id (null when it did not fold)
 * @param alreadyFolded the output of a rerun whose batch every table held: nothing to load
 * @param content the folded batch's records (null when the load did not fold, or an older load's report)
 * @param again whether the load was told its records go in again as a new batch ({@code --again})
 * @param before a folded table's name → the snapshot its load folded from (the table's state before the batch)
 */
record LoadOutput(
        Path dir,
        List<Path> tables,
        Map<String, String> live,
        Map<String, Long> folded,
        String batch,
        String load,
        boolean alreadyFolded,
        long records,
        long timestamp,
        long loadedAt,
        BatchContent content,
        boolean again,
        Map<String, String> before) {
    static final String REPORT = "_report.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads {@code dir}: a load's output, or one table directory of it. */
    static LoadOutput read(Configuration conf, Path dir) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        if (!fs.exists(dir)) {
            throw new IllegalArgumentException("no directory " + dir);
        }
        List<Path> tables = new ArrayList<>();
        Path output = dir;
        if (fs.exists(new Path(dir, TableSpecJson.FILE_NAME))) {
            tables.add(dir);
            output = dir.getParent();
        } else {
            FileStatus[] children = fs.listStatus(dir);
            Arrays.sort(children);
            for (FileStatus child : children) {
                if (child.isDirectory() && fs.exists(new Path(child.getPath(), TableSpecJson.FILE_NAME))) {
                    tables.add(child.getPath());
                }
            }
        }
        Path report = output == null ? null : new Path(output, REPORT);
        if (report == null || !fs.exists(report)) {
            if (tables.isEmpty()) {
                throw new IllegalArgumentException(
                        dir + " holds no table (no " + TableSpecJson.FILE_NAME + "); give a load's output directory");
            }
            return new LoadOutput(dir, tables, Map.of(), Map.of(), null, null, false, 0, 0, 0, null, false, Map.of());
        }
        JsonNode root;
        try (InputStream in = fs.open(report)) {
            root = JSON.readTree(in);
        } catch (IOException e) {
            throw new IOException("cannot read " + report + ": " + e.getMessage(), e);
        }
        Map<String, String> live = new LinkedHashMap<>();
        for (JsonNode t : root.path("tables")) {
            JsonNode matched = t.path("live");
            if (matched.isObject()) {
                live.put(t.path("name").asText(), matched.path("table").asText());
            }
        }
        Map<String, Long> folded = new LinkedHashMap<>();
        Map<String, String> before = new LinkedHashMap<>();
        JsonNode ledger = root.path("ledger");
        for (JsonNode t : ledger.path("tables")) {
            folded.put(t.path("table").asText(), t.path("seenCommits").asLong());
            if (t.path("snapshot").isTextual()) {
                before.put(t.path("table").asText(), t.path("snapshot").asText());
            }
            live.putIfAbsent(t.path("table").asText(), t.path("live").asText());
        }
        boolean nothing = ledger.path("alreadyFolded").asBoolean(false);
        if (tables.isEmpty() && !nothing) {
            throw new IllegalArgumentException(
                    dir + " holds no table (no " + TableSpecJson.FILE_NAME + "); give a load's output directory");
        }
        long loadedAt = 0;
        try {
            loadedAt = Instant.parse(root.path("startedAt").asText()).toEpochMilli();
        } catch (RuntimeException e) {
            // an older report: no time
        }
        BatchContent content;
        try {
            content = BatchContent.parse(
                    ledger.path("content").isTextual() ? ledger.path("content").asText() : null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(report + ": ledger.content " + e.getMessage(), e);
        }
        return new LoadOutput(
                output,
                tables,
                live,
                folded,
                ledger.isObject() ? ledger.path("batch").asText() : null,
                ledger.isObject() ? ledger.path("load").asText() : null,
                nothing,
                root.path("records").path("loaded").asLong(),
                root.path("timestamp").asLong(),
                loadedAt,
                content,
                ledger.path("again").asBoolean(false),
                before);
    }
}
