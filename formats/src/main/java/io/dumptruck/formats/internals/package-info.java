/**
 * The one boundary where dumptruck reaches into Hadoop's and HBase's non-public internals by reflection. Each reach has
 * a fallback that keeps results identical and only costs speed (or a name in a reject position), and is looked up once:
 *
 * <ul>
 *   <li>{@link io.dumptruck.formats.internals.HadoopInternals#mapOutputBytes}: the map output buffer that
 *       {@code PrefixSort} sorts by key prefix; fallback: Hadoop's QuickSort.
 *   <li>{@link io.dumptruck.formats.internals.HadoopInternals#unwrap}: the split inside {@code MultipleInputs}'
 *       {@code TaggedInputSplit}, to name a reject's file; fallback: the split's {@code toString}.
 *   <li>{@link io.dumptruck.formats.internals.HBaseInternals#rootIndexRows}: the rows of an HFile's root block index,
 *       for sub-splits of a large region; fallback: the file's mid key.
 *   <li>{@link io.dumptruck.formats.internals.HBaseInternals#dataBlockOf} and
 *       {@link io.dumptruck.formats.internals.HBaseInternals#offsetOf}: an index seek for the block decoder
 *       ({@code BlockCursor}); fallback: HBase's own scanner for scans that start at a row.
 * </ul>
 *
 * <p>Plumbing: not for library users.
 */
package io.dumptruck.formats.internals;
