package io.dumptruck.loaders.ipblocks;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.Question;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
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
        return "IP blocks (start_ip,end_ip,country[,…], v4 or v6) into ip_geo; overlapping blocks are rejected";
    }

    @Override
    public Map<String, String> options() {
        return Map.of();
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        return IpGeoSchema.tables();
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, IpBlockLoader.class);
        output.fold(IpGeoSchema.IP_GEO, IpOverlapFold.class);
    }

    @Override
    public LineParser<IpRange> parser(Configuration conf, RecordSource source) {
        return new IpRangeParser()::parse;
    }

    @Override
    public RecordSchema<IpRange> schema(Configuration conf) {
        return new IpGeoSchema();
    }
}
