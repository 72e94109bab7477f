package io.dumptruck.formats.map;

import io.dumptruck.formats.table.FamilyRef;
import java.time.Instant;

/**
 * A cell older than its family's TTL when the job was set up: HBase would never show it (readers hide it, compactions
 * delete it), so {@link CellSink} refuses it rather than load what nobody reads. The loaders reject the record with
 * reason {@code EXPIRED_BY_TTL}.
 */
public final class ExpiredCellException extends IllegalArgumentException {
    ExpiredCellException(FamilyRef ref, long timestamp, int ttlSeconds) {
        super("a cell of " + ref.tableName() + ":" + ref.familyName() + " has timestamp " + timestamp + " ("
                + Instant.ofEpochMilli(timestamp) + "), older than the family's TTL of " + ttlSeconds
                + " s allows at load time: no reader would show it");
    }
}
