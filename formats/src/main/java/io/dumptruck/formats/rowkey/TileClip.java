package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;
import java.util.ArrayList;
import java.util.List;

/**
 * Polygon rings clipped to a map tile's rectangle (Sutherland–Hodgman, in longitude/latitude), and the tile rectangles
 * of the Bing Maps / Web Mercator tiling. Rings are lists of {lon, lat} points, closed (first point = last point) on
 * output.
 */
@PublicApi
public final class TileClip {
    private TileClip() {}

    /** West, south, east, north of tile (x, y) at {@code zoom}, in degrees. */
    public static double[] bounds(int x, int y, int zoom) {
        double n = 1L << zoom;
        return new double[] {x / n * 360 - 180, lat(y + 1, n), (x + 1) / n * 360 - 180, lat(y, n)};
    }

    private static double lat(double y, double n) {
        return Math.toDegrees(Math.atan(Math.sinh(Math.PI * (1 - 2 * y / n))));
    }

    /** The ring clipped to the rectangle; empty when nothing of it is inside. */
    public static List<double[]> clip(List<double[]> ring, double[] box) {
        List<double[]> out = open(ring);
        for (int edge = 0; edge < 4 && !out.isEmpty(); edge++) {
            List<double[]> in = out;
            out = new ArrayList<>();
            for (int i = 0; i < in.size(); i++) {
                double[] cur = in.get(i);
                double[] prev = in.get((i + in.size() - 1) % in.size());
                boolean curIn = inside(cur, box, edge);
                boolean prevIn = inside(prev, box, edge);
                if (curIn) {
                    if (!prevIn) {
                        out.add(cross(prev, cur, box, edge));
                    }
                    out.add(cur);
                } else if (prevIn) {
                    out.add(cross(prev, cur, box, edge));
                }
            }
        }
        if (out.size() < 3) {
            return List.of();
        }
        out.add(out.get(0));
        return out;
    }

    /**
     * The area a ring encloses, in square degrees of longitude and latitude (the shoelace formula; 0 for an empty
     * ring). For a ring {@link #clip} returned it is the area of the original ring's part of the rectangle: the edges
     * clipping adds along the rectangle's sides enclose none.
     */
    public static double area(List<double[]> ring) {
        double twice = 0;
        for (int i = 0; i < ring.size(); i++) {
            double[] a = ring.get(i);
            double[] b = ring.get((i + 1) % ring.size());
            twice += a[0] * b[1] - b[0] * a[1];
        }
        return Math.abs(twice) / 2;
    }

    private static List<double[]> open(List<double[]> ring) {
        List<double[]> out = new ArrayList<>(ring);
        if (out.size() > 1
                && out.get(0)[0] == out.get(out.size() - 1)[0]
                && out.get(0)[1] == out.get(out.size() - 1)[1]) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /** Edges: 0 west (lon ≥ w), 1 east (lon ≤ e), 2 south (lat ≥ s), 3 north (lat ≤ n). */
    private static boolean inside(double[] p, double[] box, int edge) {
        return switch (edge) {
            case 0 -> p[0] >= box[0];
            case 1 -> p[0] <= box[2];
            case 2 -> p[1] >= box[1];
            default -> p[1] <= box[3];
        };
    }

    private static double[] cross(double[] a, double[] b, double[] box, int edge) {
        boolean vertical = edge < 2;
        double bound = switch (edge) {
            case 0 -> box[0];
            case 1 -> box[2];
            case 2 -> box[1];
            default -> box[3];
        };
        int axis = vertical ? 0 : 1;
        double t = (bound - a[axis]) / (b[axis] - a[axis]);
        double[] p = {a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])};
        p[axis] = bound;
        return p;
    }
}
