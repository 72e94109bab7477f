package io.dumptruck.jobs.toppages;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The best {@code k} pages of a stream of pages, in memory proportional to {@code k} alone. The order
 * is the job's ranking: more views first; equal views by path bytes ascending (unsigned, as HBase
 * orders qualifiers), so the ranking is total and the same on every run. A page's path is copied
 * only when it is kept.
 */
final class RankedPages {
  /** One kept page; {@code path} holds UTF-8 bytes. */
  record Page(byte[] path, long views, long visitors) {
    String pathText() {
      return Bytes.toString(path);
    }

    @Override
    public String toString() {
      return pathText() + " (" + views + " views, " + visitors + " visitors)";
    }
  }

  /** The ranking: the best page first. */
  static final Comparator<Page> BEST_FIRST = (a, b) -> a.views != b.views
      ? Long.compare(b.views, a.views)
      : Bytes.compareTo(a.path, b.path);

  private final int k;
  /** The kept pages, the worst at the head, so it is the one a better page replaces. */
  private final PriorityQueue<Page> kept;

  RankedPages(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    this.k = k;
    this.kept = new PriorityQueue<>(Math.min(k, 1024) + 1, BEST_FIRST.reversed());
  }

  /** Offers the page {@code path[offset, offset + length)}; returns whether it is kept (for now). */
  boolean offer(byte[] path, int offset, int length, long views, long visitors) {
    if (kept.size() < k) {
      kept.add(new Page(Arrays.copyOfRange(path, offset, offset + length), views, visitors));
      return true;
    }
    Page worst = kept.peek();
    boolean better = views > worst.views
        || (views == worst.views && Bytes.compareTo(path, offset, length, worst.path, 0, worst.path.length) < 0);
    if (!better) {
      return false;
    }
    kept.poll();
    kept.add(new Page(Arrays.copyOfRange(path, offset, offset + length), views, visitors));
    return true;
  }

  /** The kept pages, best first: rank 1 is element 0. */
  List<Page> ranked() {
    List<Page> out = new ArrayList<>(kept);
    out.sort(BEST_FIRST);
    return out;
  }

  void clear() {
    kept.clear();
  }
}
