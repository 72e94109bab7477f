package io.dumptruck.loaders.ipblocks;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.Question;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/** {@code dumptruck load ipblocks}: IPv4/IPv6 blocks with their country into ip_geo. */
public final class IpBlockLoader implements Loader, LineDataset<IpRange> {
    @Override
    public List<Question> questions() {
        return IpQueries.QUESTIONS;
    }

    @Override
    public String name() {
        return "ipblocks";
    }

    @Override
    public String summary() {
        return "IP blocks (start_ip,end_ip,country[,…] or network,country[,…], v4 or v6; GeoLite2 with --locations) "
                + "into ip_geo; overlapping blocks are rejected";
    }

    static final String LOCATIONS = "locations";
    /** The qualified path of {@code --locations}, for the map tasks. */
    static final ConfKey LOCATIONS_FILE = new ConfKey.Key(
            "dumptruck.load.ipblocks.locations", null, "internal: the ipblocks loader's GeoLite2 locations file");

    @Override
    public List<ConfKey> confKeys() {
        return List.of(LOCATIONS_FILE);
    }

    @Override
    public Map<String, String> options() {
        return Map.of(
                LOCATIONS,
                "a GeoLite2 locations CSV (GeoLite2-Country-Locations-en.csv): the input is then GeoLite2's blocks "
                        + "files, network,geoname_id,…, each block's country looked up by its geoname id");
    }

    @Override
    public Set<String> fileOptions() {
        return Set.of(LOCATIONS);
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        if (options.extra().containsKey(LOCATIONS)) { // read before any task: a bad file is a one-line error
            GeoLite2Locations.read(new Path(options.get(LOCATIONS, null)), conf);
        }
        return IpGeoSchema.tables();
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, IpBlockLoader.class);
        output.fold(IpGeoSchema.IP_GEO, IpOverlapFold.class);
        if (options.extra().containsKey(LOCATIONS)) {
            Path locations = new Path(options.get(LOCATIONS, null));
            try {
                FileSystem fs = locations.getFileSystem(job.getConfiguration());
                job.getConfiguration()
                        .set(LOCATIONS_FILE.key(), fs.makeQualified(locations).toString());
            } catch (IOException e) {
                throw new UncheckedIOException("--" + LOCATIONS + " " + locations + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public LineParser<IpRange> parser(Configuration conf, RecordSource source) {
        String locations = conf.get(LOCATIONS_FILE.key());
        return new IpRangeParser(locations == null ? null : GeoLite2Locations.read(new Path(locations), conf))::parse;
    }

    @Override
    public RecordSchema<IpRange> schema(Configuration conf) {
        return new IpGeoSchema();
    }
}
