package io.dumptruck.loaders.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.net.InetAddress;
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
 */
@PublicApi
public record RunningLoad(String load, String host, long pid, long beat, String snapshot) {
    /** How often a running load says so. */
    public static final long BEAT_MS = 30_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** This process, running load {@code load} with snapshot {@code snapshot}, now. */
    public static RunningLoad here(String load, String snapshot) {
        return new RunningLoad(load, localHost(), ProcessHandle.current().pid(), System.currentTimeMillis(), snapshot);
    }

    /** Whether the load still runs: on this host, its process is alive; elsewhere, it said so within three beats. */
    public boolean alive(long now) {
        if (host.equals(localHost())) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        return now - beat < 3 * BEAT_MS;
    }

    /** The same load, saying it runs at {@code now}. */
    public RunningLoad beating(long now) {
        return new RunningLoad(load, host, pid, now, snapshot);
    }

    byte[] toBytes() {
        ObjectNode o = JSON.createObjectNode();
        o.put("load", load);
        o.put("host", host);
        o.put("pid", pid);
        o.put("beat", beat);
        o.put("snapshot", snapshot);
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
                    o.get("snapshot").asText());
        } catch (IOException | RuntimeException e) {
            throw new IOException("the ledger's cell " + where + " is not a running load (" + e.getMessage() + ")", e);
        }
    }

    private static String localHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
