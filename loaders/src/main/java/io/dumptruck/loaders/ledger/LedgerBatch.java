package io.dumptruck.loaders.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * One batch a table holds, as its ledger cell says (UTF-8 JSON with these field names).
 *
 * @param batch the batch's identity ({@code --batch}, or derived from the input files)
 * @param commit the table's commit count once this batch was committed (1 for the first)
 * @param load the load's id (a random UUID of its set-up, in its {@code _report.json})
 * @param output the load's output directory
 * @param records the records the load loaded
 * @param timestamp the load's {@code --timestamp} (epoch ms)
 * @param loadedAt when the load was set up (epoch ms)
 * @param committedAt when its bulk load finished (epoch ms)
 * @param content the batch's records ({@link BatchContent#toString}); null for a batch recorded before contents were
 * @param before the snapshot of the table the load folded from — the table's state just before this batch, which
 *     {@code dumptruck ledger --undo} restores — while it is kept; null when none is
 */
@PublicApi
public record LedgerBatch(
        String batch,
        long commit,
        String load,
        String output,
        long records,
        long timestamp,
        long loadedAt,
        long committedAt,
        String content,
        String before) {
    private static final ObjectMapper JSON = new ObjectMapper();

    byte[] toBytes() {
        ObjectNode o = JSON.createObjectNode();
        o.put("batch", batch);
        o.put("commit", commit);
        o.put("load", load);
        o.put("output", output);
        o.put("records", records);
        o.put("timestamp", timestamp);
        o.put("loadedAt", loadedAt);
        o.put("committedAt", committedAt);
        o.put("content", content);
        o.put("before", before);
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** The batch's records, or null when they were not recorded (a batch committed by an older dumptruck). */
    public BatchContent batchContent() {
        return BatchContent.parse(content);
    }

    /** The same batch with {@code before} kept (null: no longer kept). */
    LedgerBatch withBefore(String snapshot) {
        return new LedgerBatch(
                batch, commit, load, output, records, timestamp, loadedAt, committedAt, content, snapshot);
    }

    /** The batch a ledger cell holds; an IOException naming the cell for one that is not this JSON. */
    static LedgerBatch of(byte[] bytes, String where) throws IOException {
        try {
            JsonNode o = JSON.readTree(bytes);
            return new LedgerBatch(
                    o.get("batch").asText(),
                    o.get("commit").asLong(),
                    o.get("load").asText(),
                    o.get("output").asText(),
                    o.get("records").asLong(),
                    o.get("timestamp").asLong(),
                    o.get("loadedAt").asLong(),
                    o.get("committedAt").asLong(),
                    text(o, "content"),
                    text(o, "before"));
        } catch (IOException | RuntimeException e) {
            throw new IOException("the ledger's cell " + where + " is not a batch record (" + e.getMessage() + ")", e);
        }
    }
}
