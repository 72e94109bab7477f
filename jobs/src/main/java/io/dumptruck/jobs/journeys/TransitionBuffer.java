package io.dumptruck.jobs.journeys;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.VLongWritable;

/**
 * Sums transitions in memory before they are written (in-reducer combining), holding at most {@code capacity} distinct
 * transitions: when one more would not fit, everything summed so far is written and the buffer starts again. Memory is
 * bounded whatever the input; the later stage adds up the partial sums.
 */
final class TransitionBuffer {
    /** Where summed transitions go. */
    @FunctionalInterface
    interface Sink {
        void write(TransitionKey transition, VLongWritable count) throws IOException;
    }

    private final int capacity;
    private final Sink sink;
    private final Map<TransitionKey, long[]> counts = new HashMap<>();
    private final TransitionKey probe = new TransitionKey();
    private final VLongWritable count = new VLongWritable();

    TransitionBuffer(int capacity, Sink sink) {
        if (capacity < 1) {
            throw new IllegalArgumentException("transition buffer capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
        this.sink = sink;
    }

    /** Counts one transition; {@code from} and {@code to} are copied if kept. */
    void add(Text from, Text to) throws IOException {
        probe.from().set(from);
        probe.to().set(to);
        long[] n = counts.get(probe);
        if (n != null) {
            n[0]++;
            return;
        }
        if (counts.size() >= capacity) {
            flush();
        }
        counts.put(new TransitionKey(from, to), new long[] {1});
    }

    /** Writes every sum held and empties the buffer. */
    void flush() throws IOException {
        for (Map.Entry<TransitionKey, long[]> e : counts.entrySet()) {
            count.set(e.getValue()[0]);
            sink.write(e.getKey(), count);
        }
        counts.clear();
    }
}
