package io.dumptruck.jobs.graphstats;

import io.dumptruck.jobs.WorkFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * One reduce call per account {@code b}, which gets (in this order, see {@link NeighbourKey}) its name, its out-degree
 * count, the names of its followers {@code a}, the names of the accounts {@code c} it follows; the key object holds the
 * current one as the values are iterated. It writes:
 *
 * <ul>
 *   <li>the {@code degrees} record of {@code b};
 *   <li>to the {@value GraphStatsJob#PAIRS_WORK} work file, for each follower {@code a} {@code (b, a, FOLLOWED_BY)} and
 *       for each followed {@code c} {@code (b, c, FOLLOWS)}, so the pairs stage has every edge by name under both ends;
 *       and the <b>friend-of-friend join</b> at {@code b}: {@code (a, c, VIA) → 1} for every follower {@code a} and
 *       followed {@code c ≠ a};
 *   <li>to the {@value GraphStatsJob#DEGREE_COUNTS_WORK} work file, at the end of the task, the task's
 *       {@link DegreeTally}.
 * </ul>
 *
 * <p><b>Memory and fan-out.</b> The join at {@code b} makes in(b) × out(b) pairs. The followers arrive first and are
 * held; the accounts {@code b} follows are streamed past them, so out(b) is never held, however many accounts {@code b}
 * follows. {@code b} is a middle only when
 *
 * <ul>
 *   <li>in(b) ≤ N ({@code --max-fanout}): bounds the names held, and
 *   <li>in(b) × out(b) ≤ P ({@code --max-pairs}): bounds the pairs one middle makes, also for an account with few
 *       followers that follows millions.
 * </ul>
 *
 * out(b) is known before the first follower arrives (the {@code OUT_DEGREE} count sorts before them), so the held
 * followers are dropped as soon as the follower that breaks either bound arrives; the rest stream by. Such an account
 * is counted in {@link GraphStatsCounter#MIDDLES_OVER_FANOUT} (in(b) &gt; N) or else
 * {@link GraphStatsCounter#MIDDLES_OVER_PAIR_BUDGET} and yields no VIA pairs (its edges and degrees are still written).
 * So a task holds at most N names, and a middle yields at most P pairs.
 */
final class NeighbourhoodReducer extends Reducer<NeighbourKey, VLongWritable, NullWritable, GenericRecord> {
    /** The fan-out limit N (set by the job from {@code --max-fanout}). */
    static final String MAX_FANOUT = GraphStatsConf.MAX_FANOUT.key();
    /** The pair budget P of one middle (set by the job from {@code --max-pairs}). */
    static final String MAX_PAIRS = GraphStatsConf.MAX_PAIRS.key();

    private final List<byte[]> followers = new ArrayList<>();
    private final PairKey pair = new PairKey();
    private final VLongWritable one = new VLongWritable(1);
    private final DegreeTally tally = new DegreeTally();
    private long maxFanout;
    private long maxPairs;
    private SequenceFile.Writer pairs;
    private SequenceFile.Writer degreeCounts;
    private Counter users;
    private Counter overFanout;
    private Counter overPairBudget;
    private Counter twoHopPaths;
    private Counter usersWithoutName;

    @Override
    protected void setup(Context context) throws IOException, InterruptedException {
        maxFanout = context.getConfiguration().getInt(MAX_FANOUT, -1);
        maxPairs = context.getConfiguration().getLong(MAX_PAIRS, -1);
        if (maxFanout < 1 || maxPairs < 1) {
            throw new IllegalStateException(
                    MAX_FANOUT + " or " + MAX_PAIRS + " is not set: configure the stage through GraphStatsJob");
        }
        pairs = WorkFiles.create(context, GraphStatsJob.PAIRS_WORK, PairKey.class, VLongWritable.class);
        try {
            degreeCounts = WorkFiles.create(
                    context, GraphStatsJob.DEGREE_COUNTS_WORK, DegreeBucket.class, VLongWritable.class);
        } catch (IOException | InterruptedException | RuntimeException e) {
            try {
                pairs.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        users = context.getCounter(GraphStatsCounter.USERS);
        overFanout = context.getCounter(GraphStatsCounter.MIDDLES_OVER_FANOUT);
        overPairBudget = context.getCounter(GraphStatsCounter.MIDDLES_OVER_PAIR_BUDGET);
        twoHopPaths = context.getCounter(GraphStatsCounter.TWO_HOP_PATHS);
        usersWithoutName = context.getCounter(GraphStatsCounter.USERS_WITHOUT_NAME);
    }

    @Override
    protected void reduce(NeighbourKey key, Iterable<VLongWritable> values, Context context)
            throws IOException, InterruptedException {
        byte[] name = null;
        long inDegree = 0;
        long outDegree = 0;
        long declaredOutDegree = 0;
        boolean middle = true;
        followers.clear();
        for (VLongWritable value : values) { // each step loads the next record into `key`
            switch (key.kind()) {
                case NAME -> {
                    if (name == null) {
                        name = key.name();
                    }
                }
                case OUT_DEGREE -> declaredOutDegree += value.get();
                case FOLLOWER -> {
                    inDegree++;
                    if (name != null) {
                        write(name, name.length, key.nameBuffer(), key.nameLength(), PairKey.Kind.FOLLOWED_BY);
                    }
                    if (middle && isMiddle(inDegree, declaredOutDegree)) {
                        followers.add(key.name());
                    } else {
                        middle = false;
                        followers.clear();
                    }
                }
                case FOLLOWED -> {
                    outDegree++;
                    if (name != null) {
                        write(name, name.length, key.nameBuffer(), key.nameLength(), PairKey.Kind.FOLLOWS);
                    }
                    joinAtMiddle(key);
                }
            }
        }
        if (inDegree > maxFanout) {
            overFanout.increment(1);
        } else if (!isMiddle(inDegree, declaredOutDegree)) {
            overPairBudget.increment(1);
        }
        if (name == null) {
            usersWithoutName.increment(1);
            return;
        }
        context.write(
                NullWritable.get(),
                GraphStatsDatasets.degrees(new String(name, StandardCharsets.UTF_8), outDegree, inDegree));
        tally.add(inDegree, outDegree);
        users.increment(1);
    }

    /** True when an account with these degrees is within both bounds: in ≤ N and in × out ≤ P. */
    private boolean isMiddle(long inDegree, long outDegree) {
        return inDegree <= maxFanout && (outDegree == 0 || inDegree <= maxPairs / outDegree);
    }

    /** {@code (a, c, VIA) → 1} for each held follower {@code a} of the middle and the account {@code c} it follows. */
    private void joinAtMiddle(NeighbourKey followed) throws IOException {
        byte[] c = followed.nameBuffer();
        int length = followed.nameLength();
        long paths = 0;
        for (byte[] a : followers) {
            if (!Arrays.equals(a, 0, a.length, c, 0, length)) {
                write(a, a.length, c, length, PairKey.Kind.VIA);
                paths++;
            }
        }
        twoHopPaths.increment(paths);
    }

    private void write(byte[] user, int userLength, byte[] other, int otherLength, PairKey.Kind kind)
            throws IOException {
        pairs.append(pair.set(user, userLength, other, otherLength, kind), one);
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        try {
            tally.writeTo(degreeCounts::append);
        } finally {
            try {
                degreeCounts.close();
            } finally {
                pairs.close();
            }
        }
    }
}
