package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.picture.Picture;
import io.dumptruck.loaders.geo.GeoSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The checked options of one tile-density run.
 *
 * @param zoom the level of the tiles counted, 1..16
 * @param families the prominence families counted, in h, m, l order
 * @param bbox the box the tiles must meet, or null for the whole world
 * @param picture the picture file as given: absolute, or relative to the output directory
 * @param basemap the GeoJSON file drawn under the tiles, {@link Basemap#NONE}, or null for the built-in world
 */
record TileDensitySettings(int zoom, List<String> families, BoundingBox bbox, String picture, String basemap) {
    static final String ZOOM = "zoom";
    static final String FAMILIES = "families";
    static final String BBOX = "bbox";
    static final String PICTURE = "picture";
    static final String BASEMAP = "basemap";

    static final int DEFAULT_ZOOM = 6;
    static final String DEFAULT_PICTURE = "density.png";
    /** The prominence families of {@code tile_places} (docs/tables.md, geo loader), in order. */
    static final List<String> ALL_FAMILIES = GeoSchema.PROMINENCE;
    /**
     * The one column read per place: {@code k}, {@code class.code}, which every place has (its feature class is
     * required) and which is a few bytes long; {@code n} may be missing and is longer.
     */
    static final byte[] PLACE_COLUMN = Bytes.toBytes(GeoSchema.KIND);
    /**
     * Key ranges a bounding box is turned into, at most. Each range is a scan of its own, which opens again the files
     * of every region it meets (their trailer and index): a few ranges skip most of the table's data blocks, many would
     * cost more in openings than they save.
     */
    static final int MAX_KEY_RANGES = 4;

    public TileDensitySettings {
        families = List.copyOf(families);
    }

    /**
     * Reads and checks the options.
     *
     * @throws IllegalArgumentException naming the option and what it takes
     */
    public static TileDensitySettings of(JobOptions options) {
        int zoom = options.getInt(ZOOM, DEFAULT_ZOOM, 1, QuadKey.MAX_PACKED_LEVEL);
        String bbox = options.get(BBOX, null);
        String picture = options.get(PICTURE, DEFAULT_PICTURE);
        if (picture.isBlank() || !Picture.isPictureName(picture) || picture.endsWith("/")) {
            throw new IllegalArgumentException(
                    "--" + PICTURE + " takes a file name ending in .png or .svg, got '" + picture + "'");
        }
        String basemap = options.get(BASEMAP, null);
        if (basemap != null && basemap.isBlank()) {
            throw new IllegalArgumentException(
                    "--" + BASEMAP + " takes a GeoJSON file or " + Basemap.NONE + ", got ''");
        }
        return new TileDensitySettings(
                zoom,
                families(options.get(FAMILIES, String.join(",", ALL_FAMILIES))),
                bbox == null ? null : BoundingBox.parse(BBOX, bbox),
                picture,
                basemap);
    }

    private static List<String> families(String text) {
        Set<String> given = new LinkedHashSet<>();
        for (String f : text.split(",", -1)) {
            String family = f.trim();
            if (!ALL_FAMILIES.contains(family)) {
                throw new IllegalArgumentException("--" + FAMILIES + " takes a comma-separated list of h, m, l "
                        + "(population >= 100,000, >= 10,000, below), got '" + text + "'");
            }
            given.add(family);
        }
        return ALL_FAMILIES.stream().filter(given::contains).toList();
    }

    /** The tiles counted, or null for every tile. */
    public TileArea area() {
        return bbox == null ? null : bbox.tiles(zoom);
    }

    /**
     * The scans of {@code tile_places}: only the chosen families, only their {@link #PLACE_COLUMN}; one scan per key
     * range of the box, or one of the whole table without a box.
     */
    public List<ScanSpec> scans() {
        ScanSpec base = ScanSpec.all()
                .withFamilies(families)
                .withColumns(families.stream()
                        .map(f -> new ScanSpec.Column(f, PLACE_COLUMN))
                        .toList());
        if (bbox == null) {
            return List.of(base);
        }
        List<ScanSpec> out = new ArrayList<>();
        for (long[] range : area().keyRanges(MAX_KEY_RANGES)) {
            byte[] start = Bytes.toBytes((int) range[0]);
            byte[] stop = range[1] == 0xFFFF_FFFFL ? new byte[0] : Bytes.toBytes((int) (range[1] + 1));
            out.add(base.withRange(start, stop));
        }
        return out;
    }

    /**
     * What the map is drawn over: the built-in world, none, or the GeoJSON file given (read now; an
     * IllegalArgumentException if it cannot be).
     */
    public Basemap basemap(Configuration conf) {
        if (basemap == null) {
            return Basemap.world();
        }
        return basemap.equals(Basemap.NONE) ? Basemap.EMPTY : Basemap.read(conf, new Path(basemap));
    }

    /** Where the picture goes: the path given, under the output directory unless it is absolute. */
    public Path picturePath(Path output) {
        Path given = new Path(picture);
        return given.isAbsoluteAndSchemeAuthorityNull() || given.toUri().getScheme() != null
                ? given
                : new Path(output, picture);
    }
}
