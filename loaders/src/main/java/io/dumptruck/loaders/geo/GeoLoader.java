package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.databind.JsonNode;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.LineBatchInputFormat;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderConf;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.Question;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;

/** {@code dumptruck load geo}: a GeoNames dump into geonames_info and tile_places. */
public final class GeoLoader implements Loader, LineDataset<GeoNamesRecord> {
    @Override
    public List<Question> questions() {
        return java.util.stream.Stream.concat(GeoQueries.QUESTIONS.stream(), RegionQueries.QUESTIONS.stream())
                .toList();
    }

    @Override
    public String name() {
        return "geo";
    }

    @Override
    public String summary() {
        return "GeoNames dumps (19-column TSV, e.g. cities1000.txt) into geonames_info and tile_places; "
                + "GeoJSON regions into region_info and tile_bounds";
    }

    static final String REGIONS_FILE = "regions-file";
    static final String ZOOMS = "zooms";

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(
                REGIONS_FILE,
                "a GeoJSON FeatureCollection of regions (properties type, id, name) for region_info and tile_bounds");
        o.put(ZOOMS, "zoom range of tile_bounds, MIN-MAX within 1-16 (default 2-6)");
        return o;
    }

    @Override
    public Set<String> fileOptions() {
        return Set.of(REGIONS_FILE);
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        List<TableSpec> out = new ArrayList<>(GeoSchema.tables(options.regions()));
        if (options.extra().containsKey(REGIONS_FILE)) {
            new RegionSchema(options.get(ZOOMS, "2-6"));
            requireUniqueIds(new Path(options.get(REGIONS_FILE, null)), conf);
            out.addAll(RegionSchema.tables(options.regions()));
        }
        return out;
    }

    /**
     * Refuses regions of one type with the same id (ignoring case), in one file or across the files of
     * {@code --regions-file}: both would write the one region_info row and tile_bounds qualifier of that id, and one
     * would vanish. What the parser rejects (a file that is not a FeatureCollection, a feature without an id) is left
     * to the load, which rejects it with a reason.
     */
    private static void requireUniqueIds(Path regions, Configuration conf) {
        RegionParser parser = new RegionParser();
        Map<String, String> seen = new HashMap<>();
        try {
            for (FileStatus file : InputFiles.of(List.of(regions), conf).files()) {
                Iterator<JsonNode> features =
                        GeoJsonFeatureInputFormat.features(GeoJsonFeatureInputFormat.read(file.getPath(), conf));
                for (int i = 0; features != null && features.hasNext(); i++) {
                    Parsed<Region> p = parser.parse(features.next().toString());
                    if (!p.isRecord()) {
                        continue;
                    }
                    Region r = p.record();
                    String where = file.getPath().getName() + " feature " + i;
                    String first = seen.putIfAbsent(r.type() + r.id().toLowerCase(Locale.ROOT), where);
                    if (first != null) {
                        throw new IllegalArgumentException(
                                "--" + REGIONS_FILE + ": " + first + " and " + where + " are both region '" + r.id()
                                        + "' of type " + r.type()
                                        + " (ids are compared ignoring case); an id names one row, so give each region its own");
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--" + REGIONS_FILE + " " + regions + " cannot be read: " + e.getMessage(), e);
        }
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, GeoLoader.class);
        if (!options.extra().containsKey(REGIONS_FILE)) {
            return;
        }
        for (Path input : options.inputs()) {
            MultipleInputs.addInputPath(job, input, LineBatchInputFormat.class, LineLoaderMapper.class);
        }
        MultipleInputs.addInputPath(
                job, new Path(options.get(REGIONS_FILE, null)), GeoJsonFeatureInputFormat.class, RegionsMapper.class);
    }

    @Override
    public LineParser<GeoNamesRecord> parser(Configuration conf, RecordSource source) {
        return new GeoNamesParser()::parse;
    }

    @Override
    public RecordSchema<GeoNamesRecord> schema(Configuration conf) {
        return new GeoSchema();
    }

    /** The regions of {@code --regions-file}, one GeoJSON feature per record, into region_info and tile_bounds. */
    public static final class Regions implements LineDataset<Region> {
        @Override
        public LineParser<Region> parser(Configuration conf, RecordSource source) {
            return new RegionParser()::parse;
        }

        @Override
        public RecordSchema<Region> schema(Configuration conf) {
            return new RegionSchema(LoaderConf.option(conf, ZOOMS, "2-6"));
        }
    }

    /** The mapper of the regions input (MultipleInputs names a mapper class per input). */
    public static final class RegionsMapper extends LineLoaderMapper<Region> {
        public RegionsMapper() {
            super(new Regions());
        }
    }
}
