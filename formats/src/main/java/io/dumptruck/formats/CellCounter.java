package io.dumptruck.formats;

/** Counters of the write side, summed over all tables. Per-table figures: {@code TableFigures}. */
public enum CellCounter {
    CELLS_WRITTEN,
    ROWS_WRITTEN,
    HFILES_WRITTEN,
    HFILE_BYTES_WRITTEN,
    /** Copies of a cell already written: same whole key (row, family, qualifier, timestamp), same value. */
    DUPLICATE_CELLS_DROPPED,
    /**
     * Cells whose whole key was written with another value, the greatest ({@code CellConflicts}); listed in
     * {@code _conflicts/}.
     */
    CONFLICTING_CELLS_DROPPED,
    /**
     * Delete markers written (of cells that are not Puts: a load of deletes, e.g. unfollows); also in each table's
     * figures.
     */
    DELETE_MARKERS_WRITTEN,
    /**
     * Rows of folded tables the load's cells reach that the live table held (of a fold that needs only the columns the
     * load writes, those holding one of them): its cells folded with the load's.
     */
    HELD_ROWS_FOLDED,
    /** Cells older than the newest VERSIONS of their column, which HBase would never serve. */
    OLD_VERSIONS_DROPPED,
    /** Times a reducer held more overlapping records of one row than its merge buffer and spilled them to disk. */
    MERGE_SPILLS,
    /**
     * Records the map tasks sorted themselves and sent in blocks ({@code CellSink.buffered}): a record's cells of one
     * row each.
     */
    MAP_RUNS_IN_BLOCKS,
    /** The blocks they sent them in: map output records of many cells each. */
    MAP_BLOCKS,
    /** Cells of tables whose fold has a combiner that went through it as the map tasks cut their blocks. */
    MAP_COMBINER_INPUT_CELLS,
    /** The cells those combiners wrote into the blocks (equal keys summed, rows cut, ...). */
    MAP_COMBINER_OUTPUT_CELLS;
}
