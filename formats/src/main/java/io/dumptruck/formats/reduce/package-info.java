/**
 * The reduce side of a load: {@code CellStreamReducer} streams the shuffle's cells to the HFile writer in key order
 * without holding a row. {@code CellMerge} merges the sorted {@code CellRun}s (a {@code WinnerTree});
 * {@code CellConflicts} keeps one value of cells that share a whole key; a table's {@code CellFold} computes its cells
 * from many records, row by row ({@code FoldRowEnds}) — counters with {@code SumLongFold}, lists and top-k in the
 * loaders — and on the map side too ({@code CellCombiner}); {@code HeldRowsFold} folds in what a live table already
 * holds. For library users: {@code CellFold}, {@code SumLongFold} (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.formats.reduce;
