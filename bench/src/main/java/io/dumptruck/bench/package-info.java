/**
 * Benchmarks of dumptruck against HBase's own tools, outside the data flow. Whole-job loads ({@code LoadBench}, each
 * contender in its own JVM through {@code LoadRun}) against the reference guide's bulk load ({@code TextbookJobs}),
 * {@code ImportTsvJob} and the bare writer's floor ({@code SortedCells}); loads into live tables ({@code FoldBench},
 * {@code LiveLoadBench}); reads ({@code SnapshotReadBench}, and the JMH benchmarks {@code ScanBench}, {@code GetBench},
 * {@code CellKeyComparatorBench}, {@code WebLogParserBench}); table size against naive designs ({@code BytesPerCell}).
 * Plumbing: not for library users.
 */
package io.dumptruck.bench;
