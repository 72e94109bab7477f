package io.dumptruck.jobs.output;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/** The configuration keys of {@code DatasetOutputFormat}, which every analytics job writes its data sets through. */
public final class DatasetConf {
    public static final ConfKey KIND = new ConfKey.Key(
            "dumptruck.job.output.kind", null, "internal: the output kind of a job's data sets (parquet, avro)");

    public static final ConfKey SCHEMA = new ConfKey.Key(
            "dumptruck.job.output.schema.",
            null,
            "internal: dumptruck.job.output.schema.<i> = the Avro schema of the i-th data set");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(KIND, SCHEMA);

    private DatasetConf() {}
}
