package io.dumptruck.jobs.graphstats;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.io.VLongWritable;

/**
 * How many of a reduce task's accounts have each in-degree and out-degree, summed in memory and written once at the end
 * of the task. It holds one entry per distinct degree, at most about √(2 × edges) per direction, however many accounts
 * the task sees.
 */
final class DegreeTally {
    /** Where the counts go. */
    @FunctionalInterface
    interface Sink {
        void write(DegreeBucket bucket, VLongWritable users) throws IOException;
    }

    private final Map<Long, long[]> in = new HashMap<>();
    private final Map<Long, long[]> out = new HashMap<>();

    void add(long inDegree, long outDegree) {
        in.computeIfAbsent(inDegree, d -> new long[1])[0]++;
        out.computeIfAbsent(outDegree, d -> new long[1])[0]++;
    }

    void writeTo(Sink sink) throws IOException {
        VLongWritable users = new VLongWritable();
        for (Map.Entry<Long, long[]> e : in.entrySet()) {
            users.set(e.getValue()[0]);
            sink.write(new DegreeBucket(true, e.getKey()), users);
        }
        for (Map.Entry<Long, long[]> e : out.entrySet()) {
            users.set(e.getValue()[0]);
            sink.write(new DegreeBucket(false, e.getKey()), users);
        }
    }
}
