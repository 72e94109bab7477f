/**
 * Loads: raw input through a loader's mapper into the cells of its tables. {@code LoadJob} is the front door: it checks
 * the {@code LoadOptions} and the inputs, sets a {@code Loader}'s job up as a {@code PreparedLoad}, and turns the
 * finished job's counters into a {@code LoadReport}; {@code LoaderCatalog} names every loader. Input comes in
 * {@code LineBatch}es ({@code LineBatchInputFormat}); {@code LineLoaderMapper} and {@code LoaderMapper} run each data
 * set's parser and {@code RecordSchema}, sending what cannot be loaded to {@code RejectSink}. For library users:
 * {@code Loader}, {@code LoadJob}, {@code PreparedLoad}, {@code LoadReport}, {@code LoadOptions}, {@code LoaderCatalog}
 * (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.loaders;
