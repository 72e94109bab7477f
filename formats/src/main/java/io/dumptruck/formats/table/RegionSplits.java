package io.dumptruck.formats.table;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.SpecException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * How a table's key space is cut into regions. Region i holds the rows in {@code [point(i-1), point(i))}: the first
 * region starts at the empty key, the last is unbounded.
 *
 * <ul>
 *   <li>{@code SINGLE}: one region.
 *   <li>{@code EXPLICIT}: the given split points (strictly increasing, none empty).
 *   <li>{@code UNIFORM n}: n regions even over the first four key bytes, for keys that start with a hash (md5) and so
 *       spread evenly; trailing zero bytes are dropped from each point.
 *   <li>{@code SALTED n}: one region per salt byte 0..n-1 (points {@code \x01 … \x(n-1)}).
 *   <li>{@code SAMPLED n}: n regions at quantiles of row keys sampled from the input when the job is configured;
 *       resolved to {@code EXPLICIT} before any task runs.
 * </ul>
 */
@PublicApi
public record RegionSplits(Kind kind, int count, List<byte[]> points) {

    public enum Kind {
        SINGLE,
        EXPLICIT,
        UNIFORM,
        SALTED,
        SAMPLED
    }

    public static final int MAX_REGIONS = 4096;

    public RegionSplits {
        points = points == null ? List.of() : List.copyOf(points);
        if (kind == Kind.EXPLICIT || !points.isEmpty()) {
            // explicit points, or the points another kind resolved to (the kind stays, to say how they were made)
            count = points.size() + 1;
            if (count > MAX_REGIONS) {
                throw new SpecException(points.size() + " split points make more than " + MAX_REGIONS + " regions");
            }
            for (int i = 0; i < points.size(); i++) {
                if (points.get(i).length == 0) {
                    throw new SpecException(
                            "split point " + i + " is empty; the first region already starts at the empty key");
                }
                if (i > 0 && Bytes.compareTo(points.get(i - 1), points.get(i)) >= 0) {
                    throw new SpecException(
                            "split points must be strictly increasing: '" + Bytes.toStringBinary(points.get(i - 1))
                                    + "' is not before '" + Bytes.toStringBinary(points.get(i)) + "'");
                }
            }
        } else if (kind == Kind.SINGLE) {
            count = 1;
        } else if (count < 1 || count > MAX_REGIONS || (kind == Kind.SALTED && count > 256)) {
            throw new SpecException(kind.name().toLowerCase(Locale.ROOT) + " regions: count must be 1.."
                    + (kind == Kind.SALTED ? 256 : MAX_REGIONS) + ", got " + count);
        }
    }

    /** Equal when kind, count and every split point's bytes are equal. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RegionSplits r) || r.kind != kind || r.count != count || r.points.size() != points.size()) {
            return false;
        }
        for (int i = 0; i < points.size(); i++) {
            if (!Arrays.equals(points.get(i), r.points.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = kind.hashCode() * 31 + count;
        for (byte[] p : points) {
            h = h * 31 + Arrays.hashCode(p);
        }
        return h;
    }

    public static RegionSplits single() {
        return new RegionSplits(Kind.SINGLE, 1, List.of());
    }

    public static RegionSplits explicit(List<byte[]> points) {
        return new RegionSplits(Kind.EXPLICIT, 0, points);
    }

    public static RegionSplits explicit(byte[]... points) {
        return explicit(Arrays.asList(points));
    }

    public static RegionSplits uniform(int regions) {
        return new RegionSplits(Kind.UNIFORM, regions, List.of());
    }

    public static RegionSplits salted(int buckets) {
        return new RegionSplits(Kind.SALTED, buckets, List.of());
    }

    public static RegionSplits sampled(int regions) {
        return new RegionSplits(Kind.SAMPLED, regions, List.of());
    }

    /** True when the split points are only known after sampling the input. */
    public boolean needsSample() {
        return kind == Kind.SAMPLED && count > 1 && points.isEmpty();
    }

    /** The split points; for SAMPLED call {@link #fromSample} first. */
    public List<byte[]> splitPoints() {
        if (!points.isEmpty()) {
            return points;
        }
        switch (kind) {
            case SINGLE:
                return List.of();
            case EXPLICIT:
                return points;
            case SALTED: {
                List<byte[]> out = new ArrayList<>();
                for (int i = 1; i < count; i++) {
                    out.add(new byte[] {(byte) i});
                }
                return out;
            }
            case UNIFORM: {
                List<byte[]> out = new ArrayList<>();
                for (int i = 1; i < count; i++) {
                    long point = (i * (1L << 32)) / count;
                    out.add(trimTrailingZeros(Bytes.toBytes((int) point)));
                }
                return out;
            }
            default:
                if (count == 1) {
                    return List.of();
                }
                throw new IllegalStateException("sampled split points are not resolved yet: sample the input first");
        }
    }

    /** The same cut with its points written out; the kind is kept, to say how they were made. */
    public RegionSplits resolved() {
        if (!points.isEmpty() || kind == Kind.EXPLICIT) {
            return this;
        }
        List<byte[]> p = splitPoints();
        return p.isEmpty() ? this : new RegionSplits(kind, p.size() + 1, p);
    }

    /**
     * Split points at the quantiles of a sample of row keys (sorted here), kind SAMPLED. Fewer regions come out when
     * the sample has fewer distinct keys than regions asked for.
     */
    public static RegionSplits fromSample(List<byte[]> rows, int regions) {
        List<byte[]> sorted = new ArrayList<>(rows);
        sorted.sort(Bytes.BYTES_COMPARATOR);
        List<byte[]> out = new ArrayList<>();
        for (int i = 1; i < regions && !sorted.isEmpty(); i++) {
            byte[] candidate = sorted.get((int) ((long) i * sorted.size() / regions));
            if (candidate.length > 0 && (out.isEmpty() || Bytes.compareTo(out.get(out.size() - 1), candidate) < 0)) {
                out.add(candidate);
            }
        }
        return out.isEmpty()
                ? new RegionSplits(Kind.SAMPLED, 1, List.of())
                : new RegionSplits(Kind.SAMPLED, out.size() + 1, out);
    }

    /**
     * The region of every row that starts with byte {@code first} ({@link #regionOf} for any of them), or -1 when a
     * split point falls among such rows: one that starts with {@code first} and goes on.
     */
    public static int regionOfRowsStartingWith(List<byte[]> points, int first) {
        int region = 0;
        for (byte[] p : points) {
            int b = p.length == 0 ? -1 : p[0] & 0xFF;
            if (b == first && p.length > 1) {
                return -1;
            }
            if (b <= first) {
                region++; // at or below every row that starts with first
            }
        }
        return region;
    }

    /** Index of the region holding {@code row[off, off+len)}: the number of split points at or below it. */
    public static int regionOf(List<byte[]> points, byte[] row, int off, int len) {
        int lo = 0;
        int hi = points.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            byte[] p = points.get(mid);
            if (Bytes.compareTo(p, 0, p.length, row, off, len) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static byte[] trimTrailingZeros(byte[] b) {
        int n = b.length;
        while (n > 1 && b[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(b, n);
    }
}
