package io.dumptruck.jobs.graphstats;

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
 * One reduce call per account {@code b}, which gets (in this order, see {@link NeighbourKey}) its
 * name, the names of its followers {@code a}, the names of the accounts {@code c} it follows; the key
 * object holds the current one as the values are iterated. It writes:
 * <ul>
 *   <li>the {@code degrees} record of {@code b};
 *   <li>to the {@value WorkFile#PAIRS} work file, for each follower {@code a}
 *       {@code (b, a, FOLLOWED_BY)} and for each followed {@code c} {@code (b, c, FOLLOWS)}, so the pairs
 *       stage has every edge by name under both ends; and the <b>friend-of-friend join</b> at
 *       {@code b}: {@code (a, c, VIA) → 1} for every follower {@code a} and followed {@code c ≠ a};
 *   <li>to the {@value WorkFile#DEGREE_COUNTS} work file, at the end of the task, the task's
 *       {@link DegreeTally}.
 * </ul>
 *
 * <p><b>Memory and fan-out.</b> The join needs in(b) × out(b) pairs. The followers arrive first and
 * are held, at most N ({@code --max-fanout}) names of them; the accounts {@code b} follows are
 * streamed past them, so out(b) is never held, however many accounts {@code b} follows. An account
 * with more than N followers is not a middle at all: its held followers are dropped as the (N+1)-th
 * arrives, the rest stream by, it is counted in {@link GraphStatsCounter#MIDDLES_OVER_FANOUT} and it
 * yields no VIA pairs (its edges and degrees are still written). So a task holds at most N names,
 * and the pairs a middle yields are bounded by N × out(b).
 */
public final class NeighbourhoodReducer extends Reducer<NeighbourKey, NullWritable, NullWritable, GenericRecord> {
  /** The fan-out limit N (set by the job from {@code --max-fanout}). */
  static final String MAX_FANOUT = "dumptruck.graphstats.max-fanout";

  private final List<byte[]> followers = new ArrayList<>();
  private final PairKey pair = new PairKey();
  private final VLongWritable one = new VLongWritable(1);
  private final DegreeTally tally = new DegreeTally();
  private long maxFanout;
  private SequenceFile.Writer pairs;
  private SequenceFile.Writer degreeCounts;
  private Counter users;
  private Counter overFanout;
  private Counter twoHopPaths;
  private Counter usersWithoutName;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    maxFanout = context.getConfiguration().getInt(MAX_FANOUT, -1);
    if (maxFanout < 1) {
      throw new IllegalStateException(MAX_FANOUT + " is not set: configure the stage through GraphStatsJob");
    }
    pairs = WorkFile.create(context, WorkFile.PAIRS, PairKey.class, VLongWritable.class);
    degreeCounts = WorkFile.create(context, WorkFile.DEGREE_COUNTS, DegreeBucket.class, VLongWritable.class);
    users = context.getCounter(GraphStatsCounter.USERS);
    overFanout = context.getCounter(GraphStatsCounter.MIDDLES_OVER_FANOUT);
    twoHopPaths = context.getCounter(GraphStatsCounter.TWO_HOP_PATHS);
    usersWithoutName = context.getCounter(GraphStatsCounter.USERS_WITHOUT_NAME);
  }

  @Override
  protected void reduce(NeighbourKey key, Iterable<NullWritable> records, Context context)
      throws IOException, InterruptedException {
    byte[] name = null;
    long inDegree = 0;
    long outDegree = 0;
    followers.clear();
    for (NullWritable ignored : records) { // each step loads the next record into `key`
      switch (key.kind()) {
        case NAME -> {
          if (name == null) {
            name = key.name();
          }
        }
        case FOLLOWER -> {
          inDegree++;
          if (name != null) {
            write(name, name.length, key.nameBuffer(), key.nameLength(), PairKey.Kind.FOLLOWED_BY);
          }
          if (inDegree <= maxFanout) {
            followers.add(key.name());
          } else {
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
    }
    if (name == null) {
      usersWithoutName.increment(1);
      return;
    }
    context.write(NullWritable.get(), GraphStatsDatasets.degrees(new String(name, StandardCharsets.UTF_8), outDegree, inDegree));
    tally.add(inDegree, outDegree);
    users.increment(1);
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

  private void write(byte[] user, int userLength, byte[] other, int otherLength, PairKey.Kind kind) throws IOException {
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
