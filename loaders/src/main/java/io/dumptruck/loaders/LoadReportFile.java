package io.dumptruck.loaders;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.output.TableFigures;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.live.MatchedTable;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code <output>/_report.json}: a load's summary for a scheduler to read — what the text summary says, as JSON. Its
 * fields:
 *
 * <pre>
 *   loader, options (the loader's own, as given), timestamp (the load's cell timestamp, epoch ms),
 *   inputs {paths, files, bytes}, output, startedAt (ISO-8601), durationMs (set-up to report),
 *   succeeded, failure (null, or the one-line reason),
 *   records {read, loaded, rejected, skippedLines, rejectedByReason {REASON: n}, rejects (path or null)},
 *   cells {exactCopiesDropped, conflictingDropped, conflicts (path or null)},
 *   tables [{name, regions, rows, cells, files, bytes, live (null, or {table, regions, overrides [..]})}],
 *   notes [lines the loader added, e.g. the event ids kept and new]
 * </pre>
 *
 * Written when the job succeeded, also when the reject limit then failed the load (its rejects stay beside the report);
 * a load whose job failed leaves no output, so no report.
 */
final class LoadReportFile {
    public static final String FILE_NAME = "_report.json";

    private LoadReportFile() {}

    /**
     * Writes {@code r}, the report of a load of {@code loader} with {@code options} set up at {@code preparedAt}, into
     * the load's output.
     */
    static Path write(
            LoadReport r,
            Loader loader,
            LoadOptions options,
            InputFiles files,
            long preparedAt,
            List<MatchedTable> matched,
            List<String> setUpNotes,
            Configuration conf)
            throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = json.createObjectNode();
        root.put("loader", loader.name());
        ObjectNode given = root.putObject("options");
        options.extra().forEach(given::put);
        root.put("timestamp", options.timestamp());
        ObjectNode inputs = root.putObject("inputs");
        ArrayNode paths = inputs.putArray("paths");
        options.inputs().forEach(p -> paths.add(p.toString()));
        inputs.put("files", files.files().size());
        inputs.put("bytes", files.bytes());
        root.put("output", options.output().toString());
        long started = preparedAt;
        root.put("startedAt", Instant.ofEpochMilli(started).toString());
        root.put("durationMs", System.currentTimeMillis() - started);
        root.put("succeeded", !r.failed());
        root.put("failure", r.failure());
        ObjectNode records = root.putObject("records");
        records.put("read", r.read());
        records.put("loaded", r.loaded());
        records.put("rejected", r.rejected());
        records.put("skippedLines", r.skipped());
        ObjectNode reasons = records.putObject("rejectedByReason");
        r.rejectReasons().forEach(reasons::put);
        records.put("rejects", r.rejects() == null ? null : r.rejects().toString());
        ObjectNode cells = root.putObject("cells");
        cells.put("exactCopiesDropped", r.dropped().duplicates());
        cells.put("conflictingDropped", r.dropped().conflicting());
        cells.put(
                "conflicts",
                r.dropped().conflicts() == null ? null : r.dropped().conflicts().toString());
        List<TableSpec> specs = JobTables.of(conf);
        ArrayNode tables = root.putArray("tables");
        for (var named : r.tables().entrySet()) {
            String name = named.getKey();
            TableFigures t = named.getValue();
            ObjectNode table = tables.addObject();
            table.put("name", name);
            specs.stream()
                    .filter(s -> s.name().equals(name))
                    .findFirst()
                    .ifPresent(
                            s -> table.put("regions", s.regions().splitPoints().size() + 1));
            table.put("rows", t.rows());
            table.put("cells", t.cells());
            table.put("files", t.files());
            table.put("bytes", t.bytes());
            table.put("markers", t.markers());
            MatchedTable m = matched.stream()
                    .filter(x -> x.table().equals(name))
                    .findFirst()
                    .orElse(null);
            if (m == null) {
                table.putNull("live");
            } else {
                ObjectNode live = table.putObject("live");
                live.put("table", m.live());
                live.put("regions", m.regions());
                ArrayNode overrides = live.putArray("overrides");
                m.overrides().forEach(overrides::add);
            }
        }
        ArrayNode notes = root.putArray("notes");
        setUpNotes.forEach(notes::add);
        Path file = new Path(options.output(), FILE_NAME);
        FileSystem fs = file.getFileSystem(conf);
        try (OutputStream out = fs.create(file, true)) {
            json.writeValue(out, root);
        }
        return file;
    }
}
