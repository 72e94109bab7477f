package io.dumptruck.loaders.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Instant;

/**
 * The process behind a record in the ledger (a running load, a lease): whether it still runs is known for sure on its
 * own host (the process with that id, started then, is alive), and elsewhere from its beat — it says it runs every
 * {@link #BEAT_MS}, and one silent for three beats is gone.
 *
 * @param host the host it runs on
 * @param pid its process id there
 * @param started when that process started (epoch ms; 0 when unknown), so that a reused process id is not taken for it
 * @param beat when it last said it runs (epoch ms)
 * @param token which piece of work in that process holds it (null: the process as a whole), so that two in one JVM (a
 *     library user's threads, a test) are told apart
 */
@PublicApi
public record Holder(String host, long pid, long started, long beat, String token) {
    /** How often a holder says it runs. */
    public static final long BEAT_MS = 30_000;

    /** The tokens of this process's holders whose work has not ended ({@link #here}, {@link #end}). */
    private static final java.util.Set<String> WORKING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A new piece of work of this process, now: alive until {@link #end}. */
    public static Holder here() {
        ProcessHandle me = ProcessHandle.current();
        String token = java.util.UUID.randomUUID().toString().substring(0, 8);
        WORKING.add(token);
        return new Holder(localHost(), me.pid(), startOf(me), System.currentTimeMillis(), token);
    }

    /** This process as a whole, now (no token: alive while the process is). */
    public static Holder process() {
        ProcessHandle me = ProcessHandle.current();
        return new Holder(localHost(), me.pid(), startOf(me), System.currentTimeMillis(), null);
    }

    /** The work of this holder ended (in this process): it no longer counts as alive. */
    public void end() {
        WORKING.remove(token);
    }

    /**
     * Whether it still runs: in this process, its work has not ended; on this host, its process is alive; elsewhere, it
     * said so within three beats.
     */
    public boolean alive(long now) {
        if (host.equals(localHost()) && pid == ProcessHandle.current().pid() && token != null) {
            return WORKING.contains(token);
        }
        if (host.equals(localHost())) {
            return ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .filter(p -> started == 0 || startOf(p) == 0 || Math.abs(startOf(p) - started) < 1000)
                    .isPresent();
        }
        return now - beat < 3 * BEAT_MS;
    }

    /** The same holder, saying it runs at {@code now}. */
    public Holder beating(long now) {
        return new Holder(host, pid, started, now, token);
    }

    /** For messages: {@code pid 4711 on host h1 (last seen 2026-12-07T02:41:07Z)}. */
    public String describe() {
        return "pid " + pid + " on " + host + " (last seen " + Instant.ofEpochMilli(beat) + ")";
    }

    void into(ObjectNode o) {
        o.put("host", host);
        o.put("pid", pid);
        o.put("started", started);
        o.put("beat", beat);
        o.put("token", token);
    }

    static Holder of(JsonNode o) {
        return new Holder(
                o.path("host").asText("?"),
                o.path("pid").asLong(-1),
                o.path("started").asLong(0),
                o.path("beat").asLong(o.path("since").asLong(0)),
                o.path("token").isTextual() ? o.path("token").asText() : null);
    }

    private static long startOf(ProcessHandle p) {
        return p.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    static String localHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
