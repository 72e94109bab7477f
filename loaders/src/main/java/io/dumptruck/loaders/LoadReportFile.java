package io.dumptruck.loaders;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.output.TableFigures;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.ledger.BatchContent;
import io.dumptruck.loaders.ledger.FoldedBatch;
import io.dumptruck.loaders.live.MatchedTable;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
 *   records {read, loaded, rejected, skippedLines, content (the records' identity, BatchContent: count:hash),
 *     rejectedByReason {REASON: n}, rejects (path or null)},
 *   cells {exactCopiesDropped, conflictingDropped, conflicts (path or null)},
 *   tables [{name, regions, rows, cells, files, bytes, live (null, or {table, regions, overrides [..]})}],
 *   notes [lines the loader added, e.g. the event ids kept and new],
 *   ledger (null for a load that does not fold; else {batch, load (the load's id), alreadyFolded (true: a rerun that
 *     wrote nothing), content (its records, as records.content), again (--again given),
 *     tables [{table, live, seenCommits (the ledger's commit count its snapshot saw), snapshot (it folded from)}]})
 * </pre>
 *
 * Written when the job succeeded, also when the reject limit then failed the load (its rejects stay beside the report);
 * a load whose job failed leaves no output, so no report. A rerun of a batch every folded table holds runs no job and
 * writes a report (no tables, {@code ledger.alreadyFolded} true) only into an output directory not there yet.
 */
final class LoadReportFile {
    public static final String FILE_NAME = "_report.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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
            FoldedBatch batch,
            BatchContent content,
            Map<String, String> snapshots,
            Configuration conf)
            throws IOException {
        ObjectNode root = head(loader, options, files, preparedAt);
        root.put("succeeded", !r.failed());
        root.put("failure", r.failure());
        ObjectNode records = root.putObject("records");
        records.put("read", r.read());
        records.put("loaded", r.loaded());
        records.put("rejected", r.rejected());
        records.put("skippedLines", r.skipped());
        records.put("content", content == null ? null : content.toString());
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
        ledger(root, batch, false, content, snapshots);
        return write(root, options.output(), conf);
    }

    /**
     * The report of a folding load with nothing to do (its batch in every folded table already, or its output holding
     * its load): written only into an output directory that is not there yet, for the bulk load that follows to find
     * nothing to load.
     */
    static LoadReport writeNothingToDo(
            Loader loader,
            LoadOptions options,
            InputFiles files,
            long preparedAt,
            List<String> why,
            FoldedBatch batch,
            Configuration conf)
            throws IOException {
        Path output = options.output();
        Path file = null;
        if (!output.getFileSystem(conf).exists(output)) {
            ObjectNode root = head(loader, options, files, preparedAt);
            root.put("succeeded", true);
            root.putNull("failure");
            root.putArray("tables");
            ArrayNode notes = root.putArray("notes");
            why.forEach(notes::add);
            ledger(root, batch, true, null, Map.of());
            file = write(root, output, conf);
        }
        return new LoadReport(
                0, 0, 0, 0, Map.of(), Map.of(), null, new LoadReport.CellsDropped(0, 0, null), null, file);
    }

    /** The fields every report starts with: the loader, its options and inputs, the output, when it started. */
    private static ObjectNode head(Loader loader, LoadOptions options, InputFiles files, long preparedAt) {
        ObjectNode root = JSON.createObjectNode();
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
        root.put("startedAt", Instant.ofEpochMilli(preparedAt).toString());
        root.put("durationMs", System.currentTimeMillis() - preparedAt);
        return root;
    }

    /** The report's {@code ledger}: the batch and, per folded table, the ledger state its snapshot saw. */
    private static void ledger(
            ObjectNode root,
            FoldedBatch batch,
            boolean alreadyFolded,
            BatchContent content,
            Map<String, String> snapshots) {
        if (batch == null) {
            root.putNull("ledger");
            return;
        }
        ObjectNode ledger = root.putObject("ledger");
        ledger.put("batch", batch.batch());
        ledger.put("load", batch.load());
        ledger.put("alreadyFolded", alreadyFolded);
        ledger.put("content", content == null ? null : content.toString());
        ledger.put("again", batch.again());
        ArrayNode tables = ledger.putArray("tables");
        batch.seen().forEach((table, seen) -> {
            ObjectNode t = tables.addObject();
            t.put("table", table);
            t.put("live", seen.table());
            t.put("seenCommits", seen.commits());
            t.put("snapshot", snapshots.get(table));
        });
    }

    private static Path write(ObjectNode root, Path output, Configuration conf) throws IOException {
        Path file = new Path(output, FILE_NAME);
        FileSystem fs = file.getFileSystem(conf);
        try (OutputStream out = fs.create(file, true)) {
            JSON.writeValue(out, root);
        }
        return file;
    }
}
