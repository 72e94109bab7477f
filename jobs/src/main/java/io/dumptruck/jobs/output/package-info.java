/**
 * The analytics jobs' output: data sets of records, each an Avro schema, written by {@code DatasetOutputFormat} to
 * {@code <output>/<dataset>/part-r-NNNNN.<ext>} as Parquet, Avro or TSV ({@code OutputKind}, {@code DatasetWriter},
 * {@code TsvText}), and read back whatever their kind by {@code DatasetReader} for previews and pictures. For library
 * users: {@code DatasetOutputFormat} (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.jobs.output;
