/**
 * The map side of a load: how a loader's mapper hands its cells to the shuffle. {@code CellSink} resolves each (table,
 * family) once and puts cells, one record's cells of a row leaving as one {@code CellRun}; a buffered sink holds them
 * in a {@code CellBlockBuffer} and sends them sorted, in blocks of many rows of one region. {@code MapOutputSampler}
 * runs the job's own mapper at set-up to place sampled split points ({@code RecordBatch} lets it count a batch of input
 * records as many); a cell already past its family's TTL is refused with an {@code ExpiredCellException}. For library
 * users: {@code CellSink} (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.formats.map;
