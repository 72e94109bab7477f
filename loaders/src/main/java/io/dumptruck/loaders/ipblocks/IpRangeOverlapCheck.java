package io.dumptruck.loaders.ipblocks;

import io.dumptruck.loaders.Parsed;

/**
 * Finds overlapping blocks in a stream of ranges sorted by start, which {@code ip_geo} rejects
 * (SCHEMAS.md): a lookup takes the first row whose end is ≥ the address, which answers correctly
 * only if no two stored blocks share an address.
 *
 * <p>REQUIRES: ranges arrive ordered by (version, start) — IPv4 before IPv6, ascending start within
 * a version, ties in any order. The map-side parser sees lines in file order, so the loader puts the
 * ranges in this order in the shuffle (sort key: version, start), and all ranges of one version must
 * pass through the same check, in one reducer. A range out of order is an
 * {@link IllegalArgumentException} naming both ranges: it is a bug in the job, not bad input.
 *
 * <p>The first range (lowest start) wins: a range that shares an address with a range kept before
 * is rejected ({@link Reject#OVERLAP}) and does not count for the ranges after it. The kept ranges
 * are disjoint, so their order by start is also their order by end, i.e. by {@code ip_geo} row key:
 * a reducer can write them as they come. Not thread-safe; one instance per stream.
 */
public final class IpRangeOverlapCheck {
  /** Why a range is rejected. */
  public enum Reject { OVERLAP }

  private IpRange lastKept;
  private IpRange lastSeen;

  /** The range itself if it is kept, else a reject naming the kept range it overlaps. */
  public Parsed<IpRange> check(IpRange range) {
    if (lastSeen != null && (range.version() < lastSeen.version()
        || range.version() == lastSeen.version() && range.start().compareTo(lastSeen.start()) < 0)) {
      throw new IllegalArgumentException("ranges out of order: " + text(range) + " after " + text(lastSeen)
          + "; sort them by (version, start) first");
    }
    lastSeen = range;
    if (lastKept != null && lastKept.version() == range.version() && range.start().compareTo(lastKept.end()) <= 0) {
      return Parsed.reject(Reject.OVERLAP, text(range) + " overlaps " + text(lastKept));
    }
    lastKept = range;
    return Parsed.of(range);
  }

  private static String text(IpRange r) {
    return "IPv" + r.version() + " " + r.startHex() + "-" + r.endHex() + " " + r.country();
  }
}
