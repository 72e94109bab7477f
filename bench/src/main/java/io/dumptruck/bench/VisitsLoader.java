package io.dumptruck.bench;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import io.dumptruck.loaders.weblogs.WebLogParser;
import io.dumptruck.loaders.weblogs.WebLogRecord;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * The weblogs loader cut down to its {@code visits} table: the same parser, table spec (sampled split points, GZ,
 * FAST_DIFF) and output format, so that it writes exactly the cells ImportTsv and the textbook job are asked to write.
 * Option {@code splits}: the split points, as HBase's jobs read them from the pre-split table (no sampling).
 */
public final class VisitsLoader implements Loader, LineDataset<WebLogRecord> {
    @Override
    public String name() {
        return "visits";
    }

    @Override
    public String summary() {
        return "Apache combined logs into the visits table only";
    }

    @Override
    public Map<String, String> options() {
        return Map.of("splits", "split points, hex, comma-separated (default: sampled)");
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        TableSpec visits = visitsSpec(options.regions());
        String splits = options.extra().get("splits");
        if (splits == null) {
            return List.of(visits);
        }
        List<byte[]> points =
                Arrays.stream(splits.split(",")).map(HexFormat.of()::parseHex).toList();
        return List.of(visits.withRegions(RegionSplits.explicit(points)));
    }

    static TableSpec visitsSpec(int regions) {
        return WebLogSchema.tables(regions).stream()
                .filter(t -> t.name().equals(WebLogSchema.VISITS))
                .findFirst()
                .orElseThrow();
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        LineLoaderMapper.use(job, VisitsLoader.class);
    }

    @Override
    public LineParser<WebLogRecord> parser(Configuration conf, RecordSource source) {
        return new WebLogParser()::parse;
    }

    @Override
    public RecordSchema<WebLogRecord> schema(Configuration conf) {
        return new VisitsSchema();
    }

    /** The visit's cells, as the weblogs schema writes them. */
    static final class VisitsSchema implements RecordSchema<WebLogRecord> {
        private final RowKeyBuilder key = new RowKeyBuilder(64);
        private FamilyRef visits;

        @Override
        public void resolve(CellSink sink) {
            visits = sink.family(WebLogSchema.VISITS, "p");
        }

        @Override
        public void emit(WebLogRecord record, RecordSource source, CellSink sink)
                throws IOException, InterruptedException {
            VisitCells cells = VisitCells.of(record, source.line(), key);
            for (int i = 0; i < VisitCells.QUALIFIERS.length; i++) {
                if (cells.values()[i] != null) {
                    sink.put(visits, cells.row(), VisitCells.QUALIFIERS[i], cells.timestamp(), cells.values()[i]);
                }
            }
        }
    }
}
