/**
 * The read path: a table on disk — a load's table directory, an HBase snapshot or an HBase table directory
 * ({@code TableDir}, {@code HBaseTableFiles}) — read back as HBase {@code Result}s. {@code HFileTableInputFormat} feeds
 * a MapReduce job, one split per region the scan touches; {@code TableReader} does point gets and range scans without a
 * job. Both read through a {@code RowScanner}, which applies a {@code ScanSpec} to the merged cells of a region's files
 * ({@code CellMergeScanner}, {@code BlockCursor}) with versions, TTLs and delete markers as HBase does. For library
 * users: {@code HFileTableInputFormat}, {@code TableReader}, {@code ScanSpec}, {@code RowScanner} (marked
 * {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.formats.read;
