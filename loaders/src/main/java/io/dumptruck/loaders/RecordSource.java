package io.dumptruck.loaders;

import org.apache.hadoop.fs.Path;

/** Where the record being loaded comes from, as a parser or a schema may need it. */
public interface RecordSource {
    /** The record's text: the line (or CSV record, or GeoJSON feature) being loaded. */
    String line();

    /** The byte offset of the record in its file (a record's number within the task for Avro and Parquet). */
    long offset();

    /** The file the record is read from, or null when it comes from no file. */
    Path file();

    /** {@code file:offset}, as the rejects name a record. */
    String position();

    /** The cell timestamp for records without a time of their own: one for the whole load. */
    long loadTimestamp();
}
