package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.jobs.picture.Picture;
import java.awt.Color;
import java.util.List;
import java.util.Locale;

/**
 * The picture of a tile-density run: the Web Mercator world (or the bounding box) over a basemap (land and borders,
 * Natural Earth's 1:110m world unless {@code --basemap} names another), with every counted tile filled in
 * {@link Picture#heat} of {@code log(places) / log(max)}, coastlines and borders drawn faintly over the tiles, a
 * graticule with its latitudes and longitudes, the {@value #NAMED} densest tiles outlined, numbered and named (their
 * centre in degrees, their count), a title, and a legend of the colour scale up to the largest count.
 *
 * <pre>
 *   ┌ MARGIN ─────────────────────────────────────┐
 *   │ title, subtitle                     HEADER  │
 *   │ map: MAP_SIZE px on its longer side         │
 *   │ legend: LEGEND_STEPS colour steps   FOOTER  │
 *   │ the densest tiles, one line each    NAMES   │
 *   └─────────────────────────────────────────────┘
 * </pre>
 *
 * A world map is 800 × 976 pixels. Tiles are {@link #add added} one at a time, streamed from the data set, into a grid
 * of cells bounded by the picture's size, not by the number of tiles:
 *
 * <ul>
 *   <li>when a tile is at least one pixel wide on the map, a cell is a tile: the SVG form holds exactly one
 *       {@code rect} per tile besides its {@link #FIXED_RECTS} (the page, the map's background and the legend's steps);
 *       a tile cut by the box's edge is drawn cut, and at least one pixel wide and high;
 *   <li>when tiles are smaller than a pixel (zoom 10 and more over the world), a cell is a pixel of the map, holding
 *       the tiles whose centre falls in it: it is drawn as one 1 × 1 {@code rect} in the colour of its densest tile, so
 *       the SVG holds at most one {@code rect} per map pixel.
 * </ul>
 *
 * The title and legend count every tile and place added; the largest count is that of a tile.
 */
final class DensityMap {
    public static final int MAP_SIZE = 768;
    public static final int MARGIN = 16;
    public static final int HEADER = 56;
    public static final int FOOTER = 64;
    public static final int LEGEND_STEPS = 10;
    /** Rectangles of every picture that are not tiles: the page, the map background, the legend steps. */
    public static final int FIXED_RECTS = 2 + LEGEND_STEPS;
    /** Colour of the map where no place was counted: water. */
    public static final Color BACKGROUND = new Color(0xdc, 0xe4, 0xec);
    /** Colour of land where no place was counted. */
    public static final Color LAND = new Color(0xe9, 0xe7, 0xdf);
    /** The densest tiles named below the legend. */
    public static final int NAMED = 5;

    public static final int NAMES = 8 + NAMED * 16;
    /** Coastlines and borders, drawn over the tiles see-through. */
    private static final Color OUTLINE = new Color(0x33, 0x33, 0x33, 0x80);

    private static final Color GRATICULE = new Color(0x55, 0x66, 0x77, 0x50);
    private static final Color LABEL = new Color(0x33, 0x44, 0x55);
    /** Graticule steps in degrees, widest first: the first giving at least 3 lines across the view is used. */
    private static final double[] STEPS = {30, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001};

    private static final int MIN_PAGE_WIDTH = 520;
    private static final int LEGEND_STEP_WIDTH = 24;
    private static final Color INK = new Color(0x22, 0x22, 0x22);
    private static final Color FRAME = new Color(0x88, 0x88, 0x88);

    private final int zoom;
    private final List<String> families;
    private final BoundingBox bbox;
    private final View view;
    /** Pixels per unit of the Web Mercator square. */
    private final double scale;

    private final int mapWidth;
    private final int mapHeight;
    private final double tilesPerSide;
    private final Grid grid;
    private final Basemap basemap;
    /** The {@value #NAMED} densest tiles so far as {x, y, places}, densest first (ties: the smaller quadkey first). */
    private final java.util.List<long[]> densest = new java.util.ArrayList<>();

    private long tiles;
    private long places;
    private long max;

    /**
     * A map of tiles at {@code zoom}, of the whole world or, when {@code bbox} is not null, of the box, over
     * {@code basemap}.
     */
    public DensityMap(int zoom, List<String> families, BoundingBox bbox, Basemap basemap) {
        this.basemap = basemap;
        this.zoom = zoom;
        this.families = List.copyOf(families);
        this.bbox = bbox;
        this.view = bbox == null ? View.WORLD : View.of(bbox);
        this.scale = MAP_SIZE / Math.max(view.width(), view.height());
        this.mapWidth = (int) Math.round(view.width() * scale);
        this.mapHeight = (int) Math.round(view.height() * scale);
        this.tilesPerSide = 1L << zoom;
        this.grid = scale / tilesPerSide >= 1 ? tileGrid() : new Grid(false, 0, 0, mapWidth, mapHeight);
    }

    /**
     * The cells of a map whose tiles are at least a pixel wide: the tiles of the view, and one more on each side (a
     * tile meeting the box may reach past the view's edge). At most (MAP_SIZE + 3)² cells.
     */
    private Grid tileGrid() {
        int last = (int) tilesPerSide - 1;
        int x0 = Math.max(0, (int) Math.floor(view.x0() * tilesPerSide) - 1);
        int y0 = Math.max(0, (int) Math.floor(view.y0() * tilesPerSide) - 1);
        int x1 = Math.min(last, (int) Math.floor(view.x1() * tilesPerSide) + 1);
        int y1 = Math.min(last, (int) Math.floor(view.y1() * tilesPerSide) + 1);
        return new Grid(true, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }

    /** Counts the tile in column {@code x}, row {@code y} at the map's zoom, with its places. */
    public void add(int x, int y, long placesInTile) {
        tiles++;
        places += placesInTile;
        max = Math.max(max, placesInTile);
        int column;
        int row;
        if (grid.cellsAreTiles()) {
            column = x - grid.x0();
            row = y - grid.y0();
        } else {
            column = (int) Math.floor(((x + 0.5) / tilesPerSide - view.x0()) * scale);
            row = (int) Math.floor(((y + 0.5) / tilesPerSide - view.y0()) * scale);
        }
        grid.keepMax(column, row, placesInTile);
        rank(x, y, placesInTile);
    }

    /** Keeps the tile among the {@value #NAMED} densest if it is one of them. */
    private void rank(int x, int y, long placesInTile) {
        long[] tile = {x, y, placesInTile};
        int at = densest.size();
        while (at > 0 && denser(tile, densest.get(at - 1))) {
            at--;
        }
        if (at < NAMED) {
            densest.add(at, tile);
            if (densest.size() > NAMED) {
                densest.remove(NAMED);
            }
        }
    }

    private boolean denser(long[] a, long[] b) {
        if (a[2] != b[2]) {
            return a[2] > b[2];
        }
        return QuadKey.tileToQuadKey((int) a[0], (int) a[1], zoom)
                        .compareTo(QuadKey.tileToQuadKey((int) b[0], (int) b[1], zoom))
                < 0;
    }

    public Picture draw() {
        Picture p = new Picture(Math.max(mapWidth + 2 * MARGIN, MIN_PAGE_WIDTH), HEADER + mapHeight + FOOTER + NAMES);
        p.text(MARGIN, 26, "Places per tile at zoom " + zoom, 18, INK);
        p.text(
                MARGIN,
                46,
                String.format(
                        Locale.ROOT,
                        "families %s · %,d place%s in %,d tile%s%s",
                        String.join(", ", families),
                        places,
                        places == 1 ? "" : "s",
                        tiles,
                        tiles == 1 ? "" : "s",
                        bbox == null ? "" : " · box " + bbox),
                12,
                INK);

        p.rect(MARGIN, HEADER, mapWidth, mapHeight, BACKGROUND);
        p.clip(MARGIN, HEADER, mapWidth, mapHeight);
        for (List<double[][]> polygon : basemap.land()) {
            p.polygon(polygon.stream().map(this::project).toList(), LAND);
        }
        for (int row = 0; row < grid.rows(); row++) {
            for (int column = 0; column < grid.columns(); column++) {
                long count = grid.count(column, row);
                if (count == 0) {
                    continue;
                }
                Color colour = Picture.heat(fraction(count, max));
                if (grid.cellsAreTiles()) {
                    drawTile(p, grid.x0() + column, grid.y0() + row, colour);
                } else {
                    p.rect(MARGIN + column, HEADER + row, 1, 1, colour);
                }
            }
        }
        for (List<double[][]> polygon : basemap.land()) {
            polygon.forEach(ring -> p.polyline(project(ring), OUTLINE, 0.6));
        }
        basemap.lines().forEach(line -> p.polyline(project(line), OUTLINE, 0.6));
        graticule(p);
        p.unclip();
        markDensest(p);
        frame(p, MARGIN, HEADER, mapWidth, mapHeight);
        legend(p, HEADER + mapHeight + 14, max);
        nameDensest(p, HEADER + mapHeight + FOOTER);
        return p;
    }

    /** Lon/lat points as pixels of the map. */
    private double[][] project(double[][] lonLat) {
        double[][] out = new double[lonLat.length][];
        for (int i = 0; i < lonLat.length; i++) {
            out[i] = new double[] {pixelX((lonLat[i][0] + 180) / 360), pixelY(View.mercatorY(lonLat[i][1]))};
        }
        return out;
    }

    private double pixelX(double x) {
        return MARGIN + (x - view.x0()) * scale;
    }

    private double pixelY(double y) {
        return HEADER + (y - view.y0()) * scale;
    }

    /** Meridians and parallels every {@link #STEPS step} degrees, labelled along the map's bottom and left edges. */
    private void graticule(Picture p) {
        double west = view.x0() * 360 - 180;
        double east = view.x1() * 360 - 180;
        double north = View.latitude(view.y0());
        double south = View.latitude(view.y1());
        double step = STEPS[STEPS.length - 1];
        for (double s : STEPS) {
            if (Math.max(east - west, north - south) / s >= 3) {
                step = s;
                break;
            }
        }
        for (double lon = Math.ceil(west / step) * step; lon <= east + 1e-9; lon += step) {
            double x = pixelX((lon + 180) / 360);
            p.line(x, HEADER, x, HEADER + mapHeight, GRATICULE, 0.8);
            p.text(x + 2, HEADER + mapHeight - 4, degrees(lon, step, "E", "W"), 10, LABEL);
        }
        for (double lat = Math.ceil(south / step) * step; lat <= north + 1e-9; lat += step) {
            double y = pixelY(View.mercatorY(lat));
            p.line(MARGIN, y, MARGIN + mapWidth, y, GRATICULE, 0.8);
            p.text(MARGIN + 3, y - 3, degrees(lat, step, "N", "S"), 10, LABEL);
        }
    }

    /** {@code 30°E}, {@code 0°}, {@code 2.5°S}: as many decimals as the step needs. */
    static String degrees(double value, double step, String positive, String negative) {
        int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
        double rounded = Math.abs(value) < step / 2 ? 0 : value;
        String number = String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(rounded));
        return number + "°" + (rounded == 0 ? "" : rounded > 0 ? positive : negative);
    }

    /** Outlines the densest tiles and numbers them from 1. */
    private void markDensest(Picture p) {
        for (int i = 0; i < densest.size(); i++) {
            long[] t = densest.get(i);
            double x0 = Math.max(MARGIN, pixelX(t[0] / tilesPerSide));
            double x1 = Math.min(MARGIN + mapWidth, Math.max(pixelX((t[0] + 1) / tilesPerSide), x0 + 1));
            double y0 = Math.max(HEADER, pixelY(t[1] / tilesPerSide));
            double y1 = Math.min(HEADER + mapHeight, Math.max(pixelY((t[1] + 1) / tilesPerSide), y0 + 1));
            frame(p, x0 - 2, y0 - 2, x1 - x0 + 4, y1 - y0 + 4, INK);
            p.text(
                    Math.min(x1 + 4, MARGIN + mapWidth - 8),
                    Math.max(y0 + 8, HEADER + 12),
                    String.valueOf(i + 1),
                    12,
                    INK);
        }
    }

    /** One line per densest tile: its number, centre, quadkey and count. */
    private void nameDensest(Picture p, double top) {
        for (int i = 0; i < densest.size(); i++) {
            long[] t = densest.get(i);
            double lon = (t[0] + 0.5) / tilesPerSide * 360 - 180;
            double lat = View.latitude((t[1] + 0.5) / tilesPerSide);
            p.text(
                    MARGIN,
                    top + 14 + 16 * i,
                    String.format(
                            Locale.ROOT,
                            "%d. %s %s, tile %s: %,d place%s",
                            i + 1,
                            degrees(lat, 0.01, "N", "S"),
                            degrees(lon, 0.01, "E", "W"),
                            QuadKey.tileToQuadKey((int) t[0], (int) t[1], zoom),
                            t[2],
                            t[2] == 1 ? "" : "s"),
                    12,
                    INK);
        }
    }

    private void drawTile(Picture p, int x, int y, Color colour) {
        double[] xs = span(
                MARGIN + (x / tilesPerSide - view.x0()) * scale,
                MARGIN + ((x + 1) / tilesPerSide - view.x0()) * scale,
                MARGIN,
                MARGIN + mapWidth);
        double[] ys = span(
                HEADER + (y / tilesPerSide - view.y0()) * scale,
                HEADER + ((y + 1) / tilesPerSide - view.y0()) * scale,
                HEADER,
                HEADER + mapHeight);
        p.rect(xs[0], ys[0], xs[1], ys[1], colour);
    }

    /**
     * The largest count of each cell, {@code columns × rows} of them; a cell outside is counted in the nearest edge
     * cell. Cells are tiles from ({@code x0}, {@code y0}), or map pixels.
     */
    private static final class Grid {
        private final boolean cellsAreTiles;
        private final int x0;
        private final int y0;
        private final int columns;
        private final int rows;
        private final long[] counts;

        Grid(boolean cellsAreTiles, int x0, int y0, int columns, int rows) {
            this.cellsAreTiles = cellsAreTiles;
            this.x0 = x0;
            this.y0 = y0;
            this.columns = columns;
            this.rows = rows;
            this.counts = new long[Math.multiplyExact(columns, rows)];
        }

        boolean cellsAreTiles() {
            return cellsAreTiles;
        }

        int x0() {
            return x0;
        }

        int y0() {
            return y0;
        }

        int columns() {
            return columns;
        }

        int rows() {
            return rows;
        }

        void keepMax(int column, int row, long count) {
            int i = index(column, row);
            counts[i] = Math.max(counts[i], count);
        }

        long count(int column, int row) {
            return counts[index(column, row)];
        }

        private int index(int column, int row) {
            int c = Math.max(0, Math.min(columns - 1, column));
            int r = Math.max(0, Math.min(rows - 1, row));
            return r * columns + c;
        }
    }

    /** Where a tile goes on the scale from white to dark red. */
    static double fraction(long places, long max) {
        return max <= 1 ? 1 : Math.log(places) / Math.log(max);
    }

    private static void frame(Picture p, double x, double y, double w, double h) {
        frame(p, x, y, w, h, FRAME);
    }

    private static void frame(Picture p, double x, double y, double w, double h, Color colour) {
        p.line(x, y, x + w, y, colour, 1);
        p.line(x + w, y, x + w, y + h, colour, 1);
        p.line(x + w, y + h, x, y + h, colour, 1);
        p.line(x, y + h, x, y, colour, 1);
    }

    private static void legend(Picture p, double top, long max) {
        for (int i = 0; i < LEGEND_STEPS; i++) {
            p.rect(MARGIN + i * LEGEND_STEP_WIDTH, top, LEGEND_STEP_WIDTH, 12, Picture.heat(i / (LEGEND_STEPS - 1.0)));
        }
        p.text(MARGIN, top + 28, "1", 12, INK);
        String maxText = String.format(Locale.ROOT, "%,d", max);
        p.text(MARGIN + LEGEND_STEPS * LEGEND_STEP_WIDTH - 7 * maxText.length(), top + 28, maxText, 12, INK);
        p.text(
                MARGIN + LEGEND_STEPS * LEGEND_STEP_WIDTH + 12,
                top + 11,
                String.format(Locale.ROOT, "places per tile, log scale (max %,d)", max),
                12,
                INK);
    }

    /** The part of [a, b] inside [lo, hi] as {start, length}, at least one pixel long and inside [lo, hi]. */
    private static double[] span(double a, double b, double lo, double hi) {
        double start = Math.max(a, lo);
        double end = Math.min(b, hi);
        if (end - start < 1) {
            start = Math.min(Math.max(start, lo), hi - 1);
            end = start + 1;
        }
        return new double[] {start, end - start};
    }

    /** A rectangle of the Web Mercator square, in fractions of the world: x east from −180°, y south from the top. */
    record View(double x0, double y0, double x1, double y1) {
        static final View WORLD = new View(0, 0, 1, 1);
        /** The shorter side of a box's view is made at least this fraction of the longer. */
        static final double MIN_ASPECT = 0.25;

        static View of(BoundingBox box) {
            double x0 = (box.minLon() + 180) / 360;
            double x1 = (box.maxLon() + 180) / 360;
            double y0 = mercatorY(box.maxLat());
            double y1 = mercatorY(box.minLat());
            double longer = Math.max(Math.max(x1 - x0, y1 - y0), 1.0 / (1 << QuadKey.MAX_PACKED_LEVEL));
            double[] xs = widen(x0, x1, longer * MIN_ASPECT);
            double[] ys = widen(y0, y1, longer * MIN_ASPECT);
            return new View(xs[0], ys[0], xs[1], ys[1]);
        }

        double width() {
            return x1 - x0;
        }

        double height() {
            return y1 - y0;
        }

        /** [a, b] grown about its middle to at least {@code min}, kept inside [0, 1]. */
        private static double[] widen(double a, double b, double min) {
            if (b - a >= min) {
                return new double[] {a, b};
            }
            double start = Math.min(Math.max((a + b) / 2 - min / 2, 0), 1 - min);
            return new double[] {start, start + min};
        }

        /** The latitude of a Bing Maps y, the inverse of {@link #mercatorY}. */
        static double latitude(double y) {
            return 90 - 360 * Math.atan(Math.exp((y - 0.5) * 2 * Math.PI)) / Math.PI;
        }

        /** The Bing Maps y of a latitude (docs/tables.md, geo loader), 0 at the north edge, 1 at the south. */
        static double mercatorY(double lat) {
            double s = Math.sin(Math.max(-QuadKey.MAX_LATITUDE, Math.min(QuadKey.MAX_LATITUDE, lat)) * Math.PI / 180);
            return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
        }
    }
}
