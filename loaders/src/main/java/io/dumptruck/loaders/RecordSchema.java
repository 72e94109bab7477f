package io.dumptruck.loaders;

import io.dumptruck.formats.map.CellSink;
import java.io.IOException;

/**
 * A data set's table design: the cells one parsed record becomes. Every loader's schema implements it, and
 * {@link LoaderMapper} drives it — {@link #resolve} once per task, {@link #emit} per record.
 *
 * @param <R> the record its parser produces
 */
public interface RecordSchema<R> {
    /** Looks up the tables and families the schema writes in the job's sink; called once per task. */
    void resolve(CellSink sink);

    /**
     * Puts the cells of one record. An {@code IllegalArgumentException} (a key too long for HBase, say) rejects the
     * record with its message, and none of its cells is written.
     */
    void emit(R record, RecordSource source, CellSink sink) throws IOException, InterruptedException;
}
