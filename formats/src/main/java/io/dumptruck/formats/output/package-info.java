/**
 * The write end of a load: the reducers' cells become HBase HFiles under {@code <output>/<table>/<family>/}, ready for
 * HBase's bulk load. {@code HFileTableOutputFormat} is the format; {@code HFileTableRecordWriter} hands each
 * {@code CellBatch} (cells already in KeyValue layout) to a {@code FamilyFileWriter} per table and family, which rolls
 * files at row boundaries; {@code HFileTableCommitter} commits the whole output or nothing, writing each table's
 * {@code _spec.json} and {@code TableFigures} (rows, cells, files, bytes) before {@code _SUCCESS}. For library users:
 * {@code HFileTableOutputFormat}, {@code TableFigures} (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.formats.output;
