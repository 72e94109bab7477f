package io.dumptruck.loaders;

import org.apache.hadoop.conf.Configuration;

/**
 * A line-oriented data set: how one line parses and the schema its records load through. A loader implements it, and
 * {@link LineLoaderMapper} runs parser then schema for every line; both are made once per task from the job's
 * configuration (the loader's options are in it: {@link LoaderConf#option}).
 *
 * @param <R> the record a line parses to
 */
public interface LineDataset<R> {
    /** The parser of one task; {@code source} tells where the line being parsed comes from (its offset, say). */
    LineParser<R> parser(Configuration conf, RecordSource source);

    /** The schema of one task. */
    RecordSchema<R> schema(Configuration conf);

    /** Parses one line (strict UTF-8 already checked) into a record, a skip or a reject — never an exception. */
    @FunctionalInterface
    interface LineParser<R> {
        Parsed<R> parse(String line);
    }
}
