package io.dumptruck.jobs.output;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * How a data set is written: Parquet (via parquet-avro, Snappy) and Avro container files (Snappy) carry the record
 * schema, so Spark, Hive, DuckDB or parquet-tools read them as they are; TSV (a header line, then one line per record)
 * is for quick looks.
 */
public enum OutputKind {
    PARQUET("parquet"),
    AVRO("avro"),
    TSV("tsv");

    private final String extension;

    OutputKind(String extension) {
        this.extension = extension;
    }

    /** The file name extension, also the name on the command line. */
    public String extension() {
        return extension;
    }

    /** The kind named on the command line; an unknown name is an error listing the known ones. */
    public static OutputKind named(String name) {
        for (OutputKind k : values()) {
            if (k.extension.equals(name.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("--format must be one of "
                + String.join(
                        ", ", Arrays.stream(values()).map(OutputKind::extension).toList()) + ", got '" + name + "'");
    }

    /** Creates {@code file} (which must not exist) for records of {@code schema}. */
    public DatasetWriter create(Configuration conf, Path file, Schema schema) throws IOException {
        return switch (this) {
            case PARQUET -> DatasetWriter.parquet(conf, file, schema);
            case AVRO -> DatasetWriter.avro(conf, file, schema);
            case TSV -> DatasetWriter.tsv(conf, file, schema);
        };
    }
}
