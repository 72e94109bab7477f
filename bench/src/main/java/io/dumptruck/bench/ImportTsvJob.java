package io.dumptruck.bench;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.mapreduce.ImportTsv;
import org.apache.hadoop.mapreduce.Job;

/**
 * HBase's ImportTsv with {@code importtsv.bulk.output}, as {@code hbase importtsv} sets it up (TsvImporterMapper →
 * PutCombiner → PutSortReducer → HFileOutputFormat2), reading the visits TSV that {@link WebLogInput} writes: row key,
 * cell time, then one column per visits qualifier, an empty field for an absent value.
 */
final class ImportTsvJob extends ImportTsv {
    static final String COLUMNS = "HBASE_ROW_KEY,HBASE_TS_KEY,p:u,p:q,p:r,p:s,p:d,p:i,p:m";

    private ImportTsvJob() {}

    /** The job, configured against the existing, pre-split {@code table} of the cluster {@code conf} names. */
    static Job create(Configuration conf, String table, Path input, Path output) throws IOException {
        conf.set(COLUMNS_CONF_KEY, COLUMNS);
        conf.set(BULK_OUTPUT_CONF_KEY, output.toString());
        conf.setBoolean(SKIP_EMPTY_COLUMNS, true);
        conf.set(CREATE_TABLE_CONF_KEY, "no");
        try {
            return createSubmittableJob(conf, new String[] {table, input.toString()});
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }
}
