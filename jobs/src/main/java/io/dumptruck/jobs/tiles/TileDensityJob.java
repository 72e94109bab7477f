package io.dumptruck.jobs.tiles;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.jobs.AnalyticsJob;
import io.dumptruck.jobs.JobOptions;
import io.dumptruck.jobs.JobRunner;
import io.dumptruck.jobs.output.DatasetOutputFormat;
import io.dumptruck.jobs.output.DatasetReader;
import io.dumptruck.loaders.geo.GeoSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.mapreduce.Job;

/**
 * {@code dumptruck run tile-density}: places of {@code tile_places} per map tile at one zoom, by prominence family,
 * into the {@code tile_density} data set ({@link TileDensitySchema}), then a density map of them ({@link DensityMap}).
 *
 * <p>One stage. The scan reads only the chosen families — the other families' HFiles are never opened — and of each
 * place only its short {@code k} cell. A place's tile at zoom Z is the first Z digits of its {@code qk16}, {@code qk16
 * >>> 2·(16 − Z)}; the mapper emits (tile, one count in its family), a combiner sums them per tile on the map side, the
 * reducer sums again and writes the tile's record. With {@code --bbox} the job counts the tiles meeting the box
 * ({@link BoundingBox#tiles}), whole: all their places, also those just outside the box. The box becomes at most
 * {@value TileDensitySettings#MAX_KEY_RANGES} {@code qk16} key ranges ({@link TileArea#keyRanges}), each its own scan,
 * so the rest of the table is not read; the mapper drops the few places of these ranges outside the box's tiles.
 */
public final class TileDensityJob implements AnalyticsJob {
    @Override
    public String name() {
        return "tile-density";
    }

    @Override
    public List<ConfKey> confKeys() {
        return TileDensityConf.ALL;
    }

    @Override
    public String summary() {
        return "places per map tile at one zoom, by prominence family, and a density map (tile_places)";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(TileDensitySettings.ZOOM, "tile level 1..16 (default " + TileDensitySettings.DEFAULT_ZOOM + ")");
        o.put(
                TileDensitySettings.FAMILIES,
                "prominence families to count, comma-separated: h (population >= 100,000), "
                        + "m (>= 10,000), l (the rest) (default h,m,l); the others are not read");
        o.put(TileDensitySettings.BBOX, "only tiles meeting the box " + BoundingBox.USAGE + " (default: the world)");
        o.put(
                TileDensitySettings.PICTURE,
                "density map, .png or .svg, relative to the output directory unless absolute " + "(default "
                        + TileDensitySettings.DEFAULT_PICTURE + ")");
        o.put(
                TileDensitySettings.BASEMAP,
                "GeoJSON drawn under the tiles (polygons as land, lines as borders), or " + Basemap.NONE
                        + " (default: Natural Earth's 1:110m land and borders, built in)");
        return o;
    }

    @Override
    public String loader() {
        return "geo";
    }

    @Override
    public List<String> tables(JobOptions options) {
        TileDensitySettings.of(options);
        return List.of(GeoSchema.TILE_PLACES);
    }

    @Override
    public List<Job> stages(Configuration conf, JobOptions options) throws IOException {
        TileDensitySettings settings = TileDensitySettings.of(options);
        settings.basemap(conf); // a basemap that cannot be drawn is refused before the job runs
        Job stage = JobRunner.stage(conf, this, "count places per tile");
        HFileTableInputFormat.Configurator input = HFileTableInputFormat.configure(stage);
        for (ScanSpec scan : settings.scans()) {
            input.table(options.table(GeoSchema.TILE_PLACES)).scan(scan);
        }
        input.apply();
        TileDensityMapper.configure(stage.getConfiguration(), settings.zoom(), settings.area());
        stage.setMapperClass(TileDensityMapper.class);
        stage.setCombinerClass(PlaceCountsCombiner.class);
        stage.setReducerClass(TileDensityReducer.class);
        stage.setMapOutputKeyClass(IntWritable.class);
        stage.setMapOutputValueClass(PlaceCounts.class);
        DatasetOutputFormat.configure(stage, options.output(), options.format(), TileDensitySchema.TILE_DENSITY);
        return List.of(stage);
    }

    /**
     * Draws the density map from the data set just written (any output kind), streaming its records into the map's
     * bounded grid: the client holds the picture, never the whole data set.
     */
    @Override
    public void afterStages(Configuration conf, JobOptions options) throws IOException {
        TileDensitySettings settings = TileDensitySettings.of(options);
        DensityMap map = new DensityMap(settings.zoom(), settings.families(), settings.bbox(), settings.basemap(conf));
        DatasetReader.forEach(
                conf,
                new Path(options.output(), TileDensitySchema.DATASET),
                r -> map.add(
                        ((Number) r.get("tile_x")).intValue(),
                        ((Number) r.get("tile_y")).intValue(),
                        ((Number) r.get("places")).longValue()));
        map.draw().write(conf, settings.picturePath(options.output()));
    }
}
