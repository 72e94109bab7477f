/**
 * The declarative loader ({@code dumptruck load spec --spec FILE}): CSV, TSV, JSON lines, Avro or Parquet input into
 * tables a JSON spec describes. {@code LoadSpec} (read by {@code SpecJson}) gives per table a {@code TableSpec}, a row
 * key ({@code KeyTemplate} of {@code KeyPart}s) and the cells ({@code CellMapping}, times by {@code TimeRef});
 * {@code SpecLoader} runs it over {@code FieldRecord}s from {@code CsvRecordInputFormat}, {@code AvroFileInputFormat}
 * or {@code ParquetFileInputFormat}. Plumbing: not for library users; run by {@code dumptruck load}.
 */
package io.dumptruck.loaders.jsonspec;
