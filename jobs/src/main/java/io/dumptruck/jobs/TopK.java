package io.dumptruck.jobs;

import io.dumptruck.formats.runtime.NamedOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.io.WritableComparator;

/**
 * The best {@code k} of a stream of named counts, in memory proportional to the entries kept. The ranking: the larger
 * count first; equal counts by name bytes ascending (unsigned, i.e. UTF-8 code point order, as HBase orders
 * qualifiers), so it is total and the same on every run. The kept entries are a heap with the worst on top; an offer
 * that does not beat it is not even copied. The heap starts small and grows with what is kept, so a large {@code k}
 * costs nothing until used.
 */
public final class TopK {
    /** The largest {@code k} an option may ask for: every reducer of a ranking keeps that many entries. */
    public static final int MAX_K = 100_000;
    /** Initial heap capacity at most: the heap grows as entries are kept. */
    private static final int INITIAL_CAPACITY = 1024;

    /**
     * One kept entry.
     *
     * @param name the name's bytes (UTF-8)
     * @param count what the ranking orders by
     * @param extra a figure carried with the entry that plays no part in the ranking (0 when unused)
     */
    public record Entry(byte[] name, long count, long extra) {
        public String nameText() {
            return new String(name, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return nameText() + " (" + count + ", " + extra + ")";
        }
    }

    /** The ranking: the best entry first. */
    public static final Comparator<Entry> BEST_FIRST = (a, b) -> a.count != b.count
            ? Long.compare(b.count, a.count)
            : WritableComparator.compareBytes(a.name, 0, a.name.length, b.name, 0, b.name.length);

    private final int k;
    /** The kept entries, the worst at the head, so it is the one a better entry replaces. */
    private final PriorityQueue<Entry> kept;

    /** A ranking keeping the best {@code k} (at least 1). */
    public TopK(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, got " + k);
        }
        this.k = k;
        this.kept = new PriorityQueue<>(Math.min(k, INITIAL_CAPACITY) + 1, BEST_FIRST.reversed());
    }

    /**
     * Reads a top-K option: a whole number from 1 to {@link #MAX_K}. Anything else is an IllegalArgumentException
     * naming the option, thrown before any task runs.
     */
    public static int option(NamedOptions options, String name, int dflt) {
        return options.getInt(name, dflt, 1, MAX_K);
    }

    /** Offers {@code name[offset, offset + length)} with its count; returns whether it is kept (for now). */
    public boolean offer(byte[] name, int offset, int length, long count, long extra) {
        if (kept.size() == k && !beatsWorst(name, offset, length, count)) {
            return false;
        }
        kept.add(new Entry(Arrays.copyOfRange(name, offset, offset + length), count, extra));
        if (kept.size() > k) {
            kept.poll();
        }
        return true;
    }

    /** {@link #offer(byte[], int, int, long, long)} without an extra figure. */
    public boolean offer(byte[] name, int offset, int length, long count) {
        return offer(name, offset, length, count, 0);
    }

    private boolean beatsWorst(byte[] name, int offset, int length, long count) {
        Entry worst = kept.peek();
        if (count != worst.count) {
            return count > worst.count;
        }
        return WritableComparator.compareBytes(name, offset, length, worst.name, 0, worst.name.length) < 0;
    }

    /** The kept entries, best first: rank 1 is element 0. */
    public List<Entry> ranked() {
        List<Entry> out = new ArrayList<>(kept);
        out.sort(BEST_FIRST);
        return out;
    }

    /** Forgets every entry, to rank the next group. */
    public void clear() {
        kept.clear();
    }
}
