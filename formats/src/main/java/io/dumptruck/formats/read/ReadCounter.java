package io.dumptruck.formats.read;

/**
 * What reading a table cost, counted by {@link HFileTableInputFormat}'s record reader (group
 * {@value #GROUP}). Set beside the table's size ({@link TableDir#bytes()}), they show that a scan
 * limited to a family, a key range or a time range reads only what it needs.
 */
public enum ReadCounter {
  /** HFiles the tasks opened: those of the scanned families whose key and time ranges meet the scan. */
  FILES_OPENED,
  /** HFile bytes read from the file system: trailers, indexes, blooms and the data blocks reached. */
  BYTES_READ,
  /** Data blocks read (HBase's own count of data block reads). */
  DATA_BLOCKS_READ,
  /** Cells read from the files, kept by the scan or not. */
  CELLS_READ,
  /** Results handed to the mapper (rows, or parts of a row when the scan sets a batch). */
  RESULTS;

  public static final String GROUP = "dumptruck read";
}
