/**
 * Held state: what a live table already holds, folded with a load's own cells in the reducers. For library users who
 * fold into live tables; the loaders' side is {@code io.dumptruck.loaders.live}.
 *
 * <p><b>Held.</b> A load matched to live tables whose folded tables (counts, top-k, lists) should add up day after day
 * writes, for each row its input touches, what one load of every day so far would have: its fold sees, beside the day's
 * cells, the row's <i>held</i> cells — what the live table holds for that row, re-emitted in the form the load's map
 * side emits its own. Rows the input does not touch are never asked for: not shuffled, not written again.
 *
 * <p><b>Who does what.</b> {@code HFileTableJob.foldingHeldRows(table)} marks a folded table that folds held cells,
 * {@code HFileTableJob.heldRowsFrom(Class)} names the job's {@link io.dumptruck.formats.reduce.held.HeldRows} (one per
 * reduce task). At the first cell of each row of such a table, the reducer's {@code HeldRowsFold} asks the HeldRows for
 * the row; it puts the row's held cells into a {@link io.dumptruck.formats.reduce.held.HeldCellsOut}, and they are
 * merged in key order with the load's cells of that row into what the fold sees.
 *
 * <p><b>Provenance rules</b>, which a HeldRows keeps so that a fold cannot tell a held cell from one of the load's:
 *
 * <ul>
 *   <li>a held cell has the form the map side gives the same fact: a held count at the load's timestamp (so it sums
 *       with the day's into one cell), a held list as one cell per entry;
 *   <li>a held cell past its family's TTL is dropped ({@code HeldCellsOut.shows}), as HBase would not show it; only
 *       cells of the table and row asked for are kept;
 *   <li>held cells never cross the shuffle: a table's combiner sees the load's own cells only;
 *   <li>the rows of one table are asked for in ascending order, so a source may read forward.
 * </ul>
 *
 * <p><b>Lead bytes.</b> A map output value is the cell's value, except for two leads the reducer moves into the cell it
 * writes ({@code CellStreamReducer.write}); a fold's input has no lead, and the fold writes the leads of what it
 * writes:
 *
 * <pre>
 *   table with delete markers ({@code JobTables.markers}):  type(1: KeyValue.Type code) ‖ value
 *   table with tags ({@code JobTables.tagged}):              [type(1)] ‖ tagsLength(2, big-endian) ‖ tags ‖ value
 * </pre>
 *
 * An unfolded table with markers gets its type lead from {@code CellSink}; tags are HBase's serialized form.
 *
 * <p>For library users: {@code HeldRows}, {@code HeldCellsOut} (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.formats.reduce.held;
