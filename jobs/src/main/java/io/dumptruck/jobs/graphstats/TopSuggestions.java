package io.dumptruck.jobs.graphstats;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.io.WritableComparator;

/**
 * The best {@code k} suggestions offered for one user: most {@code via} first, ties by the suggested
 * name in UTF-8 byte order. A heap of {@code k} entries with the worst on top; an offer that does not
 * beat it is not even copied.
 */
final class TopSuggestions {
  /** A suggested account and its count of shared follows. */
  record Suggestion(byte[] name, long via) {
    String suggested() {
      return new String(name, StandardCharsets.UTF_8);
    }
  }

  /** Best first. */
  static final Comparator<Suggestion> BEST_FIRST = Comparator.comparingLong(Suggestion::via).reversed()
      .thenComparing(Suggestion::name, (x, y) -> WritableComparator.compareBytes(x, 0, x.length, y, 0, y.length));

  private final int k;
  private final PriorityQueue<Suggestion> worstFirst;

  TopSuggestions(int k) {
    this.k = k;
    this.worstFirst = new PriorityQueue<>(k + 1, BEST_FIRST.reversed());
  }

  void clear() {
    worstFirst.clear();
  }

  /** Offers {@code name[0..length)} with its via count. */
  void offer(byte[] name, int length, long via) {
    if (worstFirst.size() == k && !beatsWorst(name, length, via)) {
      return;
    }
    worstFirst.add(new Suggestion(Arrays.copyOf(name, length), via));
    if (worstFirst.size() > k) {
      worstFirst.poll();
    }
  }

  private boolean beatsWorst(byte[] name, int length, long via) {
    Suggestion worst = worstFirst.peek();
    if (via != worst.via()) {
      return via > worst.via();
    }
    return WritableComparator.compareBytes(name, 0, length, worst.name(), 0, worst.name().length) < 0;
  }

  /** The suggestions kept, best first. */
  List<Suggestion> ranked() {
    List<Suggestion> out = new ArrayList<>(worstFirst);
    out.sort(BEST_FIRST);
    return out;
  }
}
