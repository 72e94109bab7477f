package io.dumptruck.jobs;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * One analytics job over dumptruck tables ({@code dumptruck run <name> --tables DIR --output OUT …}): the tables it
 * reads, and the MapReduce stages that turn them into data sets of records (see
 * {@link io.dumptruck.jobs.output.DatasetOutputFormat}). {@link JobRunner} drives every job the same way: checks first,
 * stages in order, all or nothing.
 */
@PublicApi
public interface AnalyticsJob {
    /** The name on the command line, e.g. {@code journeys}. */
    String name();

    /** One line for the command list. */
    String summary();

    /** The job's own options (without the leading {@code --}) with one line of help each, in order. */
    Map<String, String> options();

    /** The job's own configuration keys ({@code dumptruck help config} lists them); none by default. */
    default List<ConfKey> confKeys() {
        return List.of();
    }

    /** The loader that writes the tables this job reads (named in the error when one is missing). */
    String loader();

    /** The tables read under {@code --tables}, by name; a bad option value is an IllegalArgumentException naming it. */
    List<String> tables(JobOptions options);

    /**
     * The stages, in the order they run; a later stage may read what an earlier one left in {@link JobOptions#work}.
     * Each is a fully configured job; create them with {@link JobRunner#stage}.
     */
    List<Job> stages(Configuration conf, JobOptions options) throws IOException;

    /** Work after every stage succeeded (drawing a picture of the output, say); the output is deleted if it fails. */
    default void afterStages(Configuration conf, JobOptions options) throws IOException {}
}
