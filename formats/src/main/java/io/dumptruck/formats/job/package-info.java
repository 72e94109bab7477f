/**
 * Job set-up for writing HFile tables. {@code HFileTableJob} is the one entry point that sets every stage of the write
 * path at once from the table specs and an output directory: the map output types, the raw cell comparator, the region
 * partitioner, the streaming reducer with its folds and combiner, a reducer per region or per run of regions, and the
 * output format and committer. {@code LiveTables} reads, once at set-up, the region bounds and family settings of the
 * live HBase tables a job is matched to. For library users: {@code HFileTableJob} (marked {@code @PublicApi}); the rest
 * is plumbing.
 */
package io.dumptruck.formats.job;
