package io.dumptruck.loaders;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.runtime.NamedOptions;
import io.dumptruck.loaders.live.LiveMatch;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * The options of one load.
 *
 * @param regions regions per table (split points: uniform over hashed keys, sampled otherwise)
 * @param timestamp the cell timestamp of records without a time of their own (epoch ms)
 * @param maxRejectRatio the load fails when rejected / read exceeds this (0..1)
 * @param extra the loader's own options, by name
 * @param live the live HBase tables the load is matched to ({@link LiveMatch}); null for a load with its own split
 *     points and family settings
 */
@PublicApi
public record LoadOptions(
        List<Path> inputs,
        Path output,
        int regions,
        long timestamp,
        double maxRejectRatio,
        Map<String, String> extra,
        LiveMatch live)
        implements NamedOptions {

    /** A load with its own split points and family settings. */
    public LoadOptions(
            List<Path> inputs,
            Path output,
            int regions,
            long timestamp,
            double maxRejectRatio,
            Map<String, String> extra) {
        this(inputs, output, regions, timestamp, maxRejectRatio, extra, null);
    }

    /** The same load matched to live tables. */
    public LoadOptions matching(LiveMatch tables) {
        return new LoadOptions(inputs, output, regions, timestamp, maxRejectRatio, extra, tables);
    }

    /** The most regions {@code --regions} asks for per table. */
    public static final int MAX_REGIONS = 4096;

    public LoadOptions {
        inputs = List.copyOf(inputs);
        extra = Map.copyOf(extra);
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no input: give --input PATH (files, directories or globs)");
        }
        if (regions < 1 || regions > MAX_REGIONS) {
            throw new IllegalArgumentException("--regions must be 1.." + MAX_REGIONS + ", got " + regions);
        }
        if (timestamp < 0 || timestamp == Long.MAX_VALUE) {
            throw new IllegalArgumentException("--timestamp must be epoch milliseconds >= 0, got " + timestamp);
        }
        if (!(maxRejectRatio >= 0 && maxRejectRatio <= 1)) {
            throw new IllegalArgumentException("--max-reject-ratio must be between 0 and 1, got " + maxRejectRatio);
        }
    }
}
