package io.dumptruck.loaders.generate;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Follower edges {@code follower TAB followed [TAB epoch_ms]}, grouped by follower:
 *
 * <pre>
 * u000042	u001337	1614606712345
 * u000042	celebrity
 * u000042	u000007
 * </pre>
 *
 * <h2>The model</h2>
 *
 * <ul>
 *   <li><b>Users</b> {@code u000000 … u(n-1)}, ids zero-padded to at least six digits, with {@code n} chosen so that
 *       the lines asked for cover all of them once as followers. The files share the users and take the followers in
 *       turn (file {@code i} of {@code c}: {@code i}, {@code i + c}, …); a file that needs more lines than its share
 *       goes on past {@code n}.
 *   <li><b>Out-degree</b> (follows per user, besides the celebrity) is a truncated power law, {@code P(degree ≥ k) ≈
 *       k^-0.8}, at most {@value #MAX_DEGREE} and at most a twentieth of the users: mean 11.5 from 20,000 users on,
 *       less below (5.8 for 2,000 users).
 *   <li><b>In-degree</b> is preferential: {@value #ZIPF_SHARE} of the follows go to a user drawn from a Zipf law
 *       (exponent 1) over popularity ranks, the rest to a uniform user. Ranks map to ids through a fixed permutation,
 *       so popular ids are spread over the id space. A user follows another at most once and never itself.
 *   <li><b>{@value #CELEBRITY}</b> is followed by {@value #CELEBRITY_SHARE} of the users, at a random place among their
 *       edges; it follows nobody.
 *   <li><b>Time:</b> about a third of the edges carry one, between the follower's first follow (2010–2025) and
 *       2026-01-01.
 * </ul>
 *
 * Not thread-safe; one instance writes one file.
 */
final class GraphGenerator implements LineGenerator {
    static final String CELEBRITY = "celebrity";
    static final double CELEBRITY_SHARE = 0.30;
    static final int MAX_DEGREE = 1_000;
    static final double ZIPF_SHARE = 0.8;

    private static final double DEGREE_TAIL = 0.8;
    private static final double TIMED_SHARE = 1.0 / 3;
    private static final long FIRST_TIME = 1_262_304_000_000L; // 2010-01-01T00:00:00Z
    private static final long LAST_TIME = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
    /** A prime above any user count: {@code rank × STRIDE mod n} is a permutation of the ranks. */
    private static final long STRIDE = 2_147_483_647L;

    private static final long STREAM_SALT = 0x3a7c_52e1_94bd_0f68L;
    private static final long GRAPH_SALT = 0x6b0e_d9f2_1c85_a437L;
    private static final byte[] CELEBRITY_ID = CELEBRITY.getBytes(StandardCharsets.US_ASCII);

    private final FilePart part;
    private final SplittableRandom random;
    private final long users;
    private final int width;
    private final int maxDegree;
    private final double degreeFloor;
    private final ZipfSampler popularity;
    private final long rankOffset;
    private final DistinctLongs targets;

    // The follower being written.
    private long followerNumber = -1;
    private long follower;
    private int edgesLeft;
    private int celebrityAt;
    private long firstFollow;

    GraphGenerator(FilePart part) {
        this.part = part;
        this.random = part.random(STREAM_SALT);
        // The degree cap depends on n and n on the mean degree: a few rounds settle both.
        long n = Long.MAX_VALUE;
        for (int round = 0; round < 8; round++) {
            double mean = meanDegree(maxDegree(n)) + CELEBRITY_SHARE;
            n = Math.max(2, Math.min(STRIDE - 1, (long) Math.ceil(part.totalLines() / mean)));
        }
        this.users = n;
        this.maxDegree = maxDegree(n);
        this.degreeFloor = StrictMath.pow(maxDegree + 1, -DEGREE_TAIL);
        this.width = Math.max(6, LineWriter.digits(n - 1));
        this.popularity = new ZipfSampler(n, 1.0);
        this.rankOffset = Math.floorMod(part.shared(GRAPH_SALT).nextLong(), n);
        this.targets = new DistinctLongs(maxDegree);
    }

    @Override
    public void writeLine(LineWriter out) {
        while (edgesLeft == 0) {
            nextFollower();
        }
        edgesLeft--;
        out.ascii('u').padded(follower, width).ascii('\t');
        if (edgesLeft == celebrityAt) {
            out.bytes(CELEBRITY_ID);
        } else {
            out.ascii('u').padded(followed(), width);
        }
        if (random.nextDouble() < TIMED_SHARE) {
            out.ascii('\t').number(firstFollow + (long) (random.nextDouble() * (LAST_TIME - firstFollow)));
        }
        out.endLine();
    }

    private void nextFollower() {
        followerNumber++;
        follower = part.index() + followerNumber * part.count();
        // Truncated power law by inversion: u in (floor, 1], degree = ⌊u^(-1/tail)⌋ ≤ maxDegree.
        double u = degreeFloor + (1 - degreeFloor) * (1 - random.nextDouble());
        int degree = (int) Math.min(maxDegree, (long) StrictMath.pow(u, -1 / DEGREE_TAIL));
        boolean celebrity = random.nextDouble() < CELEBRITY_SHARE;
        edgesLeft = degree + (celebrity ? 1 : 0);
        celebrityAt = celebrity ? random.nextInt(edgesLeft) : -1;
        firstFollow = FIRST_TIME + (long) (random.nextDouble() * (LAST_TIME - FIRST_TIME));
        targets.clear();
    }

    /** A user the current follower does not follow yet and is not. */
    private long followed() {
        while (true) {
            long user = random.nextDouble() < ZIPF_SHARE
                    ? Math.floorMod((popularity.next(random) - 1) * STRIDE + rankOffset, users)
                    : random.nextLong(users);
            if (user != follower && targets.add(user)) {
                return user;
            }
        }
    }

    /** The degree cap for {@code n} users: {@value #MAX_DEGREE}, or a twentieth of them if fewer. */
    private static int maxDegree(long n) {
        return (int) Math.max(1, Math.min(MAX_DEGREE, n / 20));
    }

    /** Mean of the degree law truncated at {@code max}: the sum of P(degree ≥ k) for k = 1..max. */
    private static double meanDegree(int max) {
        double floor = StrictMath.pow(max + 1, -DEGREE_TAIL);
        double mean = 0;
        for (int k = 1; k <= max; k++) {
            mean += (StrictMath.pow(k, -DEGREE_TAIL) - floor) / (1 - floor);
        }
        return mean;
    }
}
