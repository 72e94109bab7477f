package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.jobs.picture.Picture;
import java.awt.Color;
import java.util.List;
import java.util.Locale;

/**
 * The picture of a tile-density run: the Web Mercator world (or the bounding box) with every counted
 * tile filled in {@link Picture#heat} of {@code log(places) / log(max)}, a title, and a legend of the
 * colour scale up to the largest count.
 *
 * <pre>
 *   ┌ MARGIN ─────────────────────────────────────┐
 *   │ title, subtitle                     HEADER  │
 *   │ map: MAP_SIZE px on its longer side         │
 *   │ legend: LEGEND_STEPS colour steps   FOOTER  │
 *   └─────────────────────────────────────────────┘
 * </pre>
 *
 * A world map is 800 × 888 pixels. Tiles are {@link #add added} one at a time, streamed from the
 * data set, into a grid of cells bounded by the picture's size, not by the number of tiles:
 * <ul>
 *   <li>when a tile is at least one pixel wide on the map, a cell is a tile: the SVG form holds
 *       exactly one {@code rect} per tile besides its {@link #FIXED_RECTS} (the page, the map's
 *       background and the legend's steps); a tile cut by the box's edge is drawn cut, and at least
 *       one pixel wide and high;
 *   <li>when tiles are smaller than a pixel (zoom 10 and more over the world), a cell is a pixel of
 *       the map, holding the tiles whose centre falls in it: it is drawn as one 1 × 1 {@code rect} in
 *       the colour of its densest tile, so the SVG holds at most one {@code rect} per map pixel.
 * </ul>
 * The title and legend count every tile and place added; the largest count is that of a tile.
 */
public final class DensityMap {
  public static final int MAP_SIZE = 768;
  public static final int MARGIN = 16;
  public static final int HEADER = 56;
  public static final int FOOTER = 64;
  public static final int LEGEND_STEPS = 10;
  /** Rectangles of every picture that are not tiles: the page, the map background, the legend steps. */
  public static final int FIXED_RECTS = 2 + LEGEND_STEPS;
  /** Colour of the map where no place was counted. */
  public static final Color BACKGROUND = new Color(0xdc, 0xe4, 0xec);

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
  private long tiles;
  private long places;
  private long max;

  /** A map of tiles at {@code zoom}, of the whole world or, when {@code bbox} is not null, of the box. */
  public DensityMap(int zoom, List<String> families, BoundingBox bbox) {
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
   * The cells of a map whose tiles are at least a pixel wide: the tiles of the view, and one more on
   * each side (a tile meeting the box may reach past the view's edge). At most (MAP_SIZE + 3)² cells.
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
  }

  public Picture draw() {
    Picture p = new Picture(Math.max(mapWidth + 2 * MARGIN, MIN_PAGE_WIDTH), HEADER + mapHeight + FOOTER);
    p.text(MARGIN, 26, "Places per tile at zoom " + zoom, 18, INK);
    p.text(MARGIN, 46, String.format(Locale.ROOT, "families %s · %,d place%s in %,d tile%s%s", String.join(", ", families),
        places, places == 1 ? "" : "s", tiles, tiles == 1 ? "" : "s", bbox == null ? "" : " · box " + bbox), 12, INK);

    p.rect(MARGIN, HEADER, mapWidth, mapHeight, BACKGROUND);
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
    frame(p, MARGIN, HEADER, mapWidth, mapHeight);
    legend(p, HEADER + mapHeight + 14, max);
    return p;
  }

  private void drawTile(Picture p, int x, int y, Color colour) {
    double[] xs = span(MARGIN + (x / tilesPerSide - view.x0()) * scale, MARGIN + ((x + 1) / tilesPerSide - view.x0()) * scale,
        MARGIN, MARGIN + mapWidth);
    double[] ys = span(HEADER + (y / tilesPerSide - view.y0()) * scale, HEADER + ((y + 1) / tilesPerSide - view.y0()) * scale,
        HEADER, HEADER + mapHeight);
    p.rect(xs[0], ys[0], xs[1], ys[1], colour);
  }

  /**
   * The largest count of each cell, {@code columns × rows} of them; a cell outside is counted in the
   * nearest edge cell. Cells are tiles from ({@code x0}, {@code y0}), or map pixels.
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
    p.line(x, y, x + w, y, FRAME, 1);
    p.line(x + w, y, x + w, y + h, FRAME, 1);
    p.line(x + w, y + h, x, y + h, FRAME, 1);
    p.line(x, y + h, x, y, FRAME, 1);
  }

  private static void legend(Picture p, double top, long max) {
    for (int i = 0; i < LEGEND_STEPS; i++) {
      p.rect(MARGIN + i * LEGEND_STEP_WIDTH, top, LEGEND_STEP_WIDTH, 12, Picture.heat(i / (LEGEND_STEPS - 1.0)));
    }
    p.text(MARGIN, top + 28, "1", 12, INK);
    String maxText = String.format(Locale.ROOT, "%,d", max);
    p.text(MARGIN + LEGEND_STEPS * LEGEND_STEP_WIDTH - 7 * maxText.length(), top + 28, maxText, 12, INK);
    p.text(MARGIN + LEGEND_STEPS * LEGEND_STEP_WIDTH + 12, top + 11,
        String.format(Locale.ROOT, "places per tile, log scale (max %,d)", max), 12, INK);
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

    /** The Bing Maps y of a latitude (SCHEMAS.md, geo loader), 0 at the north edge, 1 at the south. */
    private static double mercatorY(double lat) {
      double s = Math.sin(Math.max(-QuadKey.MAX_LATITUDE, Math.min(QuadKey.MAX_LATITUDE, lat)) * Math.PI / 180);
      return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
    }
  }
}
