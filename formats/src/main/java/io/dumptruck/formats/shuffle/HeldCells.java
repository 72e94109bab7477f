package io.dumptruck.formats.shuffle;

/**
 * Where a cell of a table that folds held cells comes from ({@code HFileTableJob.foldingHeldCells}):
 * the first byte of each of its map output values, before the cell's value. The map side writes it
 * ({@code CellSink.put} / {@code putHeld}); the fold's wrapper reads and removes it
 * ({@code HeldCellsFold}).
 */
public final class HeldCells {
  /** A cell of the load's own input. */
  public static final byte FROM_INPUT = 0;
  /** A cell the table held before the load (read from it). */
  public static final byte HELD = 1;

  private HeldCells() {}
}
