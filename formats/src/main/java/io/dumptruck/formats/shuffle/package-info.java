/**
 * The shuffle between a load's map and reduce sides, and the map-side sort of every job. The wire format is
 * {@code CellKey} (one whole cell key, the map output key) and {@code CellRun} (the cells of one row, or a sorted block
 * of many rows), their byte layouts documented on each; {@code CellKeyComparator} sorts and groups serialized keys in
 * HBase's cell order, {@code RegionPartitioner} sends each cell to its region's reducer, {@code RowChange} tells when
 * keys move to another row. {@code PrefixSort} sorts map output by 8-byte prefixes of a {@code KeyPrefix}. Plumbing:
 * not for library users; set up through {@code HFileTableJob} and {@code JobDefaults}.
 */
package io.dumptruck.formats.shuffle;
