package io.dumptruck.loaders.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * A process changing a table's folded state, from its start to its end — a bulk load committing a batch, or an undo
 * restoring the table from before one: while it stands nothing else commits into the table. It names its holder, so
 * that a second process finds it and is refused naming it, and a lease whose holder is gone is taken over by the
 * process that finishes its work (the same output's bulk load, the same undo).
 *
 * @param load the committing load's id
 * @param batch its batch
 * @param output its output directory (the command that finishes it: {@code dumptruck bulkload OUTPUT})
 * @param since when the lease was taken (epoch ms)
 * @param kind {@link #BULKLOAD} or {@link #UNDO}
 * @param holder the process holding it, renewing it every {@link Holder#BEAT_MS} while it works
 */
@PublicApi
public record Lease(String load, String batch, String output, long since, String kind, Holder holder) {
    /** A bulk load committing the batch. */
    public static final String BULKLOAD = "bulkload";
    /** An undo of the batch ({@code dumptruck ledger --undo}). */
    public static final String UNDO = "undo";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A lease held by this process, now. */
    public static Lease here(String load, String batch, String output, String kind) {
        return new Lease(load, batch, output, System.currentTimeMillis(), kind, Holder.here());
    }

    /** This lease, renewed by its holder at {@code now}. */
    public Lease beating(long now) {
        return new Lease(load, batch, output, since, kind, holder.beating(now));
    }

    /** What holds {@code table} and how it ends, for refusals: "a bulk load of batch … is still running: …". */
    public String unfinished(String table) {
        String what =
                (UNDO.equals(kind) ? "an undo of batch " + batch + " in " : "a bulk load of batch " + batch + " into ")
                        + table + " started " + Instant.ofEpochMilli(since) + " by " + holder.describe();
        if (holder.alive(System.currentTimeMillis())) {
            return what + " is still running: wait for it to end";
        }
        return what + " stopped before it ended: finish it with '" + finishing(table) + "'"
                + (UNDO.equals(kind) ? "" : " (it resumes where it stopped)");
    }

    /** The command that finishes this lease's work on {@code table}. */
    public String finishing(String table) {
        return UNDO.equals(kind) ? "dumptruck ledger " + table + " --undo " + batch : "dumptruck bulkload " + output;
    }

    byte[] toBytes() {
        ObjectNode o = JSON.createObjectNode();
        o.put("load", load);
        o.put("batch", batch);
        o.put("output", output);
        o.put("since", since);
        o.put("kind", kind);
        holder.into(o);
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }

    static Lease of(byte[] bytes, int offset, String where) throws IOException {
        try {
            JsonNode o = JSON.readTree(bytes, offset, bytes.length - offset);
            return new Lease(
                    o.get("load").asText(),
                    o.get("batch").asText(),
                    o.get("output").asText(),
                    o.get("since").asLong(),
                    o.path("kind").asText(BULKLOAD),
                    Holder.of(o));
        } catch (IOException | RuntimeException e) {
            throw new IOException("the ledger's cell " + where + " holds no lease (" + e.getMessage() + ")", e);
        }
    }
}
