package io.dumptruck.loaders.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A bulk load committing into a table, from its start to its end: while it stands no other folded load commits into the
 * table, and a crashed bulk load is finished by running it again (the same load id takes its lease back).
 *
 * @param load the committing load's id
 * @param batch its batch
 * @param output its output directory (the command that finishes it: {@code dumptruck bulkload OUTPUT})
 * @param since when the bulk load started (epoch ms)
 */
@PublicApi
public record Lease(String load, String batch, String output, long since) {
    private static final ObjectMapper JSON = new ObjectMapper();

    byte[] toBytes() {
        ObjectNode o = JSON.createObjectNode();
        o.put("load", load);
        o.put("batch", batch);
        o.put("output", output);
        o.put("since", since);
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }

    static Lease of(byte[] bytes, int offset, String where) throws IOException {
        try {
            JsonNode o = JSON.readTree(bytes, offset, bytes.length - offset);
            return new Lease(
                    o.get("load").asText(),
                    o.get("batch").asText(),
                    o.get("output").asText(),
                    o.get("since").asLong());
        } catch (IOException | RuntimeException e) {
            throw new IOException("the ledger's cell " + where + " holds no lease (" + e.getMessage() + ")", e);
        }
    }
}
