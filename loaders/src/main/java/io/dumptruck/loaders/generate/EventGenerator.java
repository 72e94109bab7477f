package io.dumptruck.loaders.generate;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Monitoring events {@code host TAB epoch_ms TAB event TAB value}, in time order within a file:
 *
 * <pre>
 * web-0042.ams3	1767225600417	cpu	37.5
 * db-0007.iad1	1767225600502	latency_ms	12
 * auth-0003.fra1	1767225600731	login	maria
 * </pre>
 *
 * <h2>The model</h2>
 *
 * <ul>
 *   <li><b>Hosts</b> {@code role-NNNN.dc}, one per {@value #LINES_PER_HOST} lines asked for (at least
 *       {@value #MIN_HOSTS}). One host in a hundred is hot: together the hot hosts send {@value #HOT_SHARE} of the
 *       events (Zipf among themselves), the rest come from any host.
 *   <li><b>Events</b> of 20 types with skewed frequencies ({@code cpu} and {@code mem} most, {@code deploy} and
 *       {@code restart} rarely); values are numbers (percentages and temperatures with one decimal, load with two,
 *       counts, bytes and milliseconds as integers) around a level that is fixed per host, or short text (user names,
 *       versions, error codes, health states).
 *   <li><b>Time</b> starts at 2026-01-01T00:00:00Z and advances by exponential gaps; every file spans about
 *       {@value #DAYS} days.
 * </ul>
 *
 * Not thread-safe; one instance writes one file.
 */
final class EventGenerator implements LineGenerator {
    static final int LINES_PER_HOST = 100;
    static final int MIN_HOSTS = 100;
    static final double HOT_SHARE = 0.8;
    static final int DAYS = 7;

    private static final long START = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
    private static final int MAX_HOSTS = 10_000_000;
    /** A prime above any host count: {@code rank × STRIDE mod hosts} permutes the hosts. */
    private static final long STRIDE = 2_147_483_647L;

    private static final long STREAM_SALT = 0x48d2_7f05_b1e9_6ca3L;
    private static final long HOST_SALT = 0x0f93_c6a8_5e2d_71b4L;

    private static final byte[][] ROLES =
            ascii("web", "api", "db", "cache", "queue", "worker", "search", "edge", "batch", "auth");
    private static final byte[][] DATACENTERS = ascii("iad1", "sfo2", "ams3", "fra1", "sin1", "nrt1", "gru1", "syd1");

    /** How an event's value is made. */
    private enum Value {
        PERCENT,
        LOAD,
        MILLIS,
        COUNT,
        BYTES,
        CELSIUS,
        USER,
        VERSION,
        ERROR,
        HEALTH,
        REASON
    }

    private static final byte[][] EVENTS = ascii(
            "cpu",
            "mem",
            "latency_ms",
            "http_2xx",
            "load",
            "disk",
            "bytes_in",
            "bytes_out",
            "http_4xx",
            "gc_pause_ms",
            "http_5xx",
            "queue_depth",
            "conn_open",
            "temp_c",
            "login",
            "error",
            "logout",
            "health",
            "deploy",
            "restart");
    private static final Value[] VALUES = {
        Value.PERCENT, Value.PERCENT, Value.MILLIS, Value.COUNT, Value.LOAD, Value.PERCENT, Value.BYTES,
        Value.BYTES, Value.COUNT, Value.MILLIS, Value.COUNT, Value.COUNT, Value.COUNT, Value.CELSIUS,
        Value.USER, Value.ERROR, Value.USER, Value.HEALTH, Value.VERSION, Value.REASON
    };
    private static final WeightedChoice EVENT =
            new WeightedChoice(20, 15, 14, 10, 8, 6, 5, 5, 4, 3, 2, 2, 2, 1.5, 1, 0.8, 0.6, 0.5, 0.1, 0.05);

    private static final Vocabulary USERS = new Vocabulary(
            1.0,
            "deploy",
            "root",
            "maria",
            "svc-backup",
            "chen",
            "alice",
            "svc-monitor",
            "bob",
            "priya",
            "jenkins",
            "omar",
            "yuki",
            "ci-runner",
            "dave",
            "lena");
    private static final Vocabulary ERRORS = new Vocabulary(
            1.0,
            "ECONNRESET",
            "ETIMEDOUT",
            "ECONNREFUSED",
            "OOMKilled",
            "ENOSPC",
            "EPIPE",
            "HTTP 502",
            "TLS handshake failed",
            "deadlock detected",
            "ENOMEM");
    private static final Vocabulary HEALTH = new Vocabulary(3.0, "ok", "degraded", "down");
    private static final Vocabulary REASONS =
            new Vocabulary(1.0, "upgrade", "oom-killer", "manual", "crash-loop", "kernel-patch", "config-change");

    private final SplittableRandom random;
    private final long hosts;
    private final long hotHosts;
    private final ZipfSampler hot;
    private final long rankOffset;
    private final long hostSalt;
    private final double meanGapMillis;
    private double time;

    EventGenerator(FilePart part) {
        this.random = part.random(STREAM_SALT);
        this.hosts = Math.max(MIN_HOSTS, Math.min(MAX_HOSTS, part.totalLines() / LINES_PER_HOST));
        this.hotHosts = Math.max(1, hosts / 100);
        this.hot = new ZipfSampler(hotHosts, 0.8);
        SplittableRandom shared = part.shared(HOST_SALT);
        this.rankOffset = Math.floorMod(shared.nextLong(), hosts);
        this.hostSalt = shared.nextLong();
        this.meanGapMillis = DAYS * 86_400_000.0 / Math.max(1, part.lines());
        this.time = START;
    }

    @Override
    public void writeLine(LineWriter out) {
        long host = random.nextDouble() < HOT_SHARE
                ? Math.floorMod((hot.next(random) - 1) * STRIDE + rankOffset, hosts)
                : random.nextLong(hosts);
        time += -meanGapMillis * StrictMath.log(1 - random.nextDouble());
        int event = EVENT.next(random);

        int roles = ROLES.length;
        int centers = DATACENTERS.length;
        out.bytes(ROLES[(int) (host % roles)])
                .ascii('-')
                .padded(host / (roles * centers) + 1, 4)
                .ascii('.')
                .bytes(DATACENTERS[(int) (host / roles % centers)])
                .ascii('\t')
                .number((long) time)
                .ascii('\t')
                .bytes(EVENTS[event])
                .ascii('\t');
        writeValue(VALUES[event], FilePart.mix(hostSalt + host * EVENTS.length + event), out);
        out.endLine();
    }

    /** Writes a value of kind {@code kind}; {@code level} is a hash fixed per host and event. */
    private void writeValue(Value kind, long level, LineWriter out) {
        int base = (int) ((level >>> 1) % 1000); // 0..999, the host's usual level
        switch (kind) {
            case PERCENT: // tenths of a percent around 5%..85%
                out.decimal(clamp(50 + base * 4 / 5 + spread(120), 0, 1000), 1);
                break;
            case LOAD: // hundredths, mostly 0.05..10
                out.decimal(clamp(5 + base + spread(150), 0, 1600), 2);
                break;
            case MILLIS:
                out.number(1 + (long) ((2 + base / 20) * -StrictMath.log(1 - random.nextDouble())));
                break;
            case COUNT:
                out.number((long) ((1 + base) * random.nextDouble()));
                break;
            case BYTES:
                out.number((long) ((10_000 + base * 50_000L) * -StrictMath.log(1 - random.nextDouble())));
                break;
            case CELSIUS:
                out.decimal(clamp(380 + base / 3 + spread(40), 0, 1000), 1);
                break;
            case USER:
                out.bytes(USERS.pick(random));
                break;
            case VERSION:
                out.ascii('v')
                        .number(2)
                        .ascii('.')
                        .number(10 + random.nextInt(8))
                        .ascii('.')
                        .number(random.nextInt(20));
                break;
            case ERROR:
                out.bytes(ERRORS.pick(random));
                break;
            case HEALTH:
                out.bytes(HEALTH.pick(random));
                break;
            default:
                out.bytes(REASONS.pick(random));
                break;
        }
    }

    /** A roughly normal offset with standard deviation about {@code width / 2}. */
    private long spread(int width) {
        return (long) ((random.nextDouble() + random.nextDouble() + random.nextDouble() - 1.5) * width);
    }

    private static long clamp(long value, long min, long max) {
        return Math.max(min, Math.min(max, value));
    }

    private static byte[][] ascii(String... strings) {
        byte[][] out = new byte[strings.length][];
        for (int i = 0; i < strings.length; i++) {
            out[i] = strings[i].getBytes(StandardCharsets.US_ASCII);
        }
        return out;
    }
}
