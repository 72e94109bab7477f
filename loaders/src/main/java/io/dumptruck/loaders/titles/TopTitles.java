package io.dumptruck.loaders.titles;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The best {@code limit} titles seen (10 by default), the value of one {@code title_autocomp} row.
 * Order: rank descending, then title ascending by code point (= by UTF-8 bytes; unlike
 * {@link String#compareTo} this puts an emoji after {@code U+FFFD}, as every other tool reading the
 * UTF-8 would). A rank of −0.0 ties with 0.0. A title added again keeps its best rank and is listed
 * once. Memory and time per {@link #add} are O(limit), whatever the number of titles offered, so a
 * prefix shared by millions of titles costs nothing more than one shared by ten. Not thread-safe.
 */
public final class TopTitles {
  /** Titles per {@code title_autocomp} row. */
  public static final int DEFAULT_LIMIT = 10;

  private static final JsonFactory JSON = new JsonFactory();

  private final int limit;
  /** Best first, at most {@code limit}. */
  private final List<Entry> entries;

  private record Entry(String title, double rank) {}

  public TopTitles() {
    this(DEFAULT_LIMIT);
  }

  /** @throws IllegalArgumentException unless {@code limit ≥ 1} */
  public TopTitles(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be >= 1: " + limit);
    }
    this.limit = limit;
    this.entries = new ArrayList<>(limit + 1);
  }

  public int limit() {
    return limit;
  }

  /**
   * Offers a title (as displayed) with its rank; true if it is now among the best.
   *
   * @throws IllegalArgumentException if the rank is not finite
   */
  public boolean add(String title, double rank) {
    Objects.requireNonNull(title, "title");
    if (!Double.isFinite(rank)) {
      throw new IllegalArgumentException("rank must be finite: " + rank);
    }
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      if (e.title.equals(title)) {
        if (rank <= e.rank) {
          return false;
        }
        entries.remove(i);
        break;
      }
    }
    if (entries.size() == limit && compare(title, rank, entries.get(limit - 1)) >= 0) {
      return false;
    }
    int at = entries.size();
    while (at > 0 && compare(title, rank, entries.get(at - 1)) < 0) {
      at--;
    }
    entries.add(at, new Entry(title, rank));
    if (entries.size() > limit) {
      entries.remove(limit);
    }
    return true;
  }

  /** Offers {@code record.title()} with its rank. */
  public boolean add(TitleRecord record) {
    return add(record.title(), record.rank());
  }

  /** Offers every title of {@code other}, e.g. to merge partial results. */
  public void addAll(TopTitles other) {
    for (Entry e : List.copyOf(other.entries)) {
      add(e.title, e.rank);
    }
  }

  public int size() {
    return entries.size();
  }

  /** The titles, best first. */
  public List<String> titles() {
    List<String> titles = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      titles.add(e.title);
    }
    return titles;
  }

  /** The ranks, in the order of {@link #titles()}. */
  public double[] ranks() {
    double[] ranks = new double[entries.size()];
    for (int i = 0; i < ranks.length; i++) {
      ranks[i] = entries.get(i).rank;
    }
    return ranks;
  }

  /**
   * The {@code j:} value: a JSON array of the titles, best first, no white space, non-ASCII written
   * as is, control characters escaped — {@code ["Paris","Paris Hilton"]}.
   */
  public String toJsonArray() {
    StringWriter out = new StringWriter();
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartArray();
      for (Entry e : entries) {
        json.writeString(e.title);
      }
      json.writeEndArray();
    } catch (IOException e) {
      throw new UncheckedIOException("writing JSON to a string", e);
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return toJsonArray();
  }

  /** Negative if ({@code title}, {@code rank}) goes before {@code e}. */
  private static int compare(String title, double rank, Entry e) {
    if (rank != e.rank) {
      return rank > e.rank ? -1 : 1;
    }
    return compareCodePoints(title, e.title);
  }

  /** Compares by code point, i.e. as the UTF-8 encodings compare byte by byte (unsigned). */
  static int compareCodePoints(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        // Surrogates (U+D800..DFFF) encode code points above U+FFFF: lift them above U+E000..FFFF.
        return Integer.compare(lift(x), lift(y));
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  private static int lift(char c) {
    return Character.isSurrogate(c) ? c + 0x2000 : c >= 0xE000 ? c - 0x800 : c;
  }
}
