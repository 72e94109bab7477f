package io.dumptruck.jobs.graphstats;

import io.dumptruck.jobs.TopK;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * One reduce call per user {@code a}, which streams what the neighbourhood stage found about {@code a} and each other
 * account {@code c}, sorted by {@code c} ({@link PairKey}): whether {@code a} follows {@code c}, whether {@code c}
 * follows {@code a}, and the VIA counts (summed by the combiner as far as it got). The key object holds the current
 * record as the values are iterated; when {@code c} changes, the facts about the previous one are settled:
 *
 * <ul>
 *   <li>both follows → a {@code reciprocal_pairs} record, written by the smaller name of the two;
 *   <li>some VIA, {@code a} does not follow {@code c}, {@code c ≠ a} → offered to the user's {@link TopK} (count = via,
 *       name = {@code c}), written as {@code suggestions} (rank 1 = best) when the user is done.
 * </ul>
 *
 * Memory: the facts about one {@code c} and the {@code --top} best suggestions.
 */
final class UserPairsReducer extends Reducer<PairKey, VLongWritable, NullWritable, GenericRecord> {
    /** Suggestions kept per user (set by the job from {@code --top}). */
    static final String TOP = GraphStatsConf.TOP.key();

    private final Facts facts = new Facts();
    private TopK top;

    /** What is known about the user and one other account. */
    private static final class Facts {
        /** False before the first record of a user: no other account yet. */
        boolean open;

        byte[] other = new byte[32];
        int otherLength;
        boolean follows;
        boolean followedBy;
        long via;

        boolean isAbout(PairKey key) {
            return open && Arrays.equals(other, 0, otherLength, key.otherBuffer(), 0, key.otherLength());
        }

        void start(PairKey key) {
            if (other.length < key.otherLength()) {
                other = new byte[Math.max(key.otherLength(), other.length * 2)];
            }
            System.arraycopy(key.otherBuffer(), 0, other, 0, key.otherLength());
            otherLength = key.otherLength();
            open = true;
            follows = false;
            followedBy = false;
            via = 0;
        }

        void add(PairKey.Kind kind, long count) {
            switch (kind) {
                case FOLLOWS -> follows = true;
                case FOLLOWED_BY -> followedBy = true;
                case VIA -> via += count;
            }
        }
    }

    @Override
    protected void setup(Context context) {
        int k = context.getConfiguration().getInt(TOP, -1);
        if (k < 1) {
            throw new IllegalStateException(TOP + " is not set: configure the stage through GraphStatsJob");
        }
        top = new TopK(k);
    }

    @Override
    protected void reduce(PairKey key, Iterable<VLongWritable> counts, Context context)
            throws IOException, InterruptedException {
        byte[] user = key.user();
        String userName = key.userName();
        top.clear();
        facts.open = false;
        for (VLongWritable count : counts) { // each step loads the next record into `key`
            if (!facts.isAbout(key)) {
                settle(user, userName, context);
                facts.start(key);
            }
            facts.add(key.kind(), count.get());
        }
        settle(user, userName, context);
        List<TopK.Entry> ranked = top.ranked();
        for (int i = 0; i < ranked.size(); i++) {
            TopK.Entry s = ranked.get(i);
            context.write(NullWritable.get(), GraphStatsDatasets.suggestion(userName, i + 1, s.nameText(), s.count()));
        }
    }

    private void settle(byte[] user, String userName, Context context) throws IOException, InterruptedException {
        if (!facts.open) {
            return;
        }
        if (facts.follows
                && facts.followedBy
                && WritableComparator.compareBytes(user, 0, user.length, facts.other, 0, facts.otherLength) < 0) {
            context.write(
                    NullWritable.get(),
                    GraphStatsDatasets.reciprocalPair(
                            userName, new String(facts.other, 0, facts.otherLength, StandardCharsets.UTF_8)));
        }
        if (facts.via > 0
                && !facts.follows
                && !Arrays.equals(user, 0, user.length, facts.other, 0, facts.otherLength)) {
            top.offer(facts.other, 0, facts.otherLength, facts.via);
        }
    }
}
