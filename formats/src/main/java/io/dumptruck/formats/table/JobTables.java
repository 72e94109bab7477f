package io.dumptruck.formats.table;

import io.dumptruck.formats.FormatConf;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;

/**
 * The tables a job writes, as its configuration carries them from job set-up to the tasks (the sampler, the map-side
 * sink, the partitioner, the reducer's folds, the record writer, the committer): the one place that writes and reads
 * {@link FormatConf#OUTPUT_TABLES}.
 */
public final class JobTables {
    private JobTables() {}

    /** The table specs of a configured job, in the order given at set-up (a cell key's table index). */
    public static List<TableSpec> of(Configuration conf) {
        return TableSpecJson.listFromJson(FormatConf.OUTPUT_TABLES.require(
                conf, "Call HFileTableJob.configure(job).tables(...).apply() before submitting the job."));
    }

    /**
     * Per table index, whether the table's cells may be delete markers: the values the reducer writes for such a table
     * lead with the cell's {@code KeyValue.Type} code, which it moves into the cell — put there by {@code CellSink} or,
     * for a folded table, by its fold.
     */
    public static boolean[] markers(Configuration conf, List<TableSpec> tables) {
        return named(FormatConf.OUTPUT_MARKERS, conf, tables);
    }

    /**
     * Per table index, whether the table's cells carry tags ({@code HFileTableJob.tagged}): the values the reducer
     * writes for it lead with a 2-byte length and that many bytes of tags, in HBase's serialized form, after the type
     * code of a table with markers.
     */
    public static boolean[] tagged(Configuration conf, List<TableSpec> tables) {
        return named(FormatConf.OUTPUT_TAGGED, conf, tables);
    }

    /**
     * Per table index, whether the table's fold also folds what the live table holds
     * ({@code HFileTableJob.foldingHeldRows}).
     */
    public static boolean[] held(Configuration conf, List<TableSpec> tables) {
        return named(FormatConf.OUTPUT_HELD, conf, tables);
    }

    private static boolean[] named(FormatConf key, Configuration conf, List<TableSpec> tables) {
        List<String> names = List.of(key.get(conf).split(","));
        boolean[] out = new boolean[tables.size()];
        for (int t = 0; t < tables.size(); t++) {
            out[t] = names.contains(tables.get(t).name());
        }
        return out;
    }

    /** Records the job's tables; split points should be resolved by the time the tasks read them. */
    public static void set(Configuration conf, List<TableSpec> tables) {
        FormatConf.OUTPUT_TABLES.set(conf, TableSpecJson.toJson(tables));
    }

    /**
     * Per table and family index, the oldest timestamp a reader will still show: the family's TTL counted back from the
     * job's set-up ({@link FormatConf#OUTPUT_TTL_NOW}), else Long.MIN_VALUE.
     */
    public static long[][] oldestShown(Configuration conf, List<TableSpec> tables) {
        String now = FormatConf.OUTPUT_TTL_NOW.get(conf);
        long[][] oldest = new long[tables.size()][];
        for (int t = 0; t < tables.size(); t++) {
            List<FamilySpec> families = tables.get(t).families();
            oldest[t] = new long[families.size()];
            for (int f = 0; f < families.size(); f++) {
                int ttl = families.get(f).ttlSeconds();
                oldest[t][f] =
                        ttl == HConstants.FOREVER || now == null ? Long.MIN_VALUE : Long.parseLong(now) - ttl * 1000L;
            }
        }
        return oldest;
    }
}
