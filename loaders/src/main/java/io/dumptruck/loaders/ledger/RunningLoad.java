package io.dumptruck.loaders.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A folding load that is running, as it registers itself in the ledger row of each table it took a snapshot of: so that
 * the next load deletes the snapshots of a load that was killed, and never those of one still running.
 *
 * @param load the load's id
 * @param host the host its set-up runs on
 * @param pid the process id there
 * @param beat when it last said it runs (epoch ms; every {@link #BEAT_MS} while its job runs)
 * @param snapshot the snapshot it took of the table
 * @param seen -1 while the load runs; once it finished, the ledger version its snapshot holds: the snapshot is kept for
 *     its bulk load to record as the state before the batch ({@code dumptruck ledger --undo}), as long as the load can
 *     still be committed (the table's version is still this one) and its output is there
 * @param output the finished load's output directory (null while it runs)
 */
@PublicApi
public record RunningLoad(String load, String host, long pid, long beat, String snapshot, long seen, String output) {
    public RunningLoad(String load, String host, long pid, long beat, String snapshot) {
        this(load, host, pid, beat, snapshot, -1, null);
    }

    /** How often a running load says so. */
    public static final long BEAT_MS = Holder.BEAT_MS;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** This process, running load {@code load} with snapshot {@code snapshot}, now. */
    public static RunningLoad here(String load, String snapshot) {
        Holder me = Holder.process();
        return new RunningLoad(load, me.host(), me.pid(), me.beat(), snapshot);
    }

    /** Whether the load still runs: on this host, its process is alive; elsewhere, it said so within three beats. */
    public boolean alive(long now) {
        return new Holder(host, pid, 0, beat, null).alive(now);
    }

    /** The same load, saying it runs at {@code now}. */
    public RunningLoad beating(long now) {
        return new RunningLoad(load, host, pid, now, snapshot, seen, output);
    }

    /** The same load, finished into {@code dir}, its snapshot holding ledger version {@code version}. */
    public RunningLoad finished(long version, String dir) {
        return new RunningLoad(load, host, pid, beat, snapshot, version, dir);
    }

    /** Whether the load finished and left its snapshot for its bulk load ({@link #seen}). */
    public boolean finished() {
        return seen >= 0;
    }

    byte[] toBytes() {
        ObjectNode o = JSON.createObjectNode();
        o.put("load", load);
        o.put("host", host);
        o.put("pid", pid);
        o.put("beat", beat);
        o.put("snapshot", snapshot);
        o.put("seen", seen);
        o.put("output", output);
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }

    static RunningLoad of(byte[] bytes, String where) throws IOException {
        try {
            JsonNode o = JSON.readTree(bytes);
            return new RunningLoad(
                    o.get("load").asText(),
                    o.get("host").asText(),
                    o.get("pid").asLong(),
                    o.get("beat").asLong(),
                    o.get("snapshot").asText(),
                    o.path("seen").asLong(-1),
                    o.path("output").isTextual() ? o.path("output").asText() : null);
        } catch (IOException | RuntimeException e) {
            throw new IOException("the ledger's cell " + where + " is not a running load (" + e.getMessage() + ")", e);
        }
    }
}
