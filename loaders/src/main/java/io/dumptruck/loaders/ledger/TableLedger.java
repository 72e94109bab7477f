package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.PublicApi;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What the ledger says of one live table: how many batches have been committed into it, the lease of a bulk load
 * committing now (or one that crashed), and the batches it holds.
 *
 * @param table the live table, {@code namespace:name}
 * @param commits the state's version: batches committed, forgotten and bulk loads that did not fold, so far (0 for a
 *     table the ledger has never seen)
 * @param lease the bulk load committing into the table, or null
 * @param batches the batches it holds, in commit order
 * @param state the bytes of the ledger's state cell as read (null when absent), which a commit checks are unchanged
 * @param changedAt when the state last moved on (epoch ms; 0 when never): a commit, a batch forgotten, a bulk load of
 *     cells that did not fold
 */
@PublicApi
public record TableLedger(
        String table, long commits, Lease lease, List<LedgerBatch> batches, byte[] state, long changedAt) {
    public TableLedger {
        batches = batches.stream()
                .sorted(Comparator.comparingLong(LedgerBatch::commit))
                .toList();
    }

    /** The batch {@code id} if the table holds it. */
    public Optional<LedgerBatch> holding(String id) {
        return batches.stream().filter(b -> b.batch().equals(id)).findFirst();
    }

    /** The newest commit's time (epoch ms), or 0 for a table that holds no batch. */
    public long lastCommittedAt() {
        return batches.stream().mapToLong(LedgerBatch::committedAt).max().orElse(0);
    }

    /** The batch committed last, if any. */
    public Optional<LedgerBatch> last() {
        return batches.stream().max(Comparator.comparingLong(LedgerBatch::commit));
    }

    /** One line on {@code b}, for messages: {@code batch 2026-11-25 (bulk-loaded 2026-11-26T02:41:07Z from OUTPUT)}. */
    public static String describe(LedgerBatch b) {
        return "batch " + b.batch() + " (" + committed(b) + ")";
    }

    /** When and from where {@code b} was committed: {@code bulk-loaded 2026-11-26T02:41:07Z from OUTPUT}. */
    public static String committed(LedgerBatch b) {
        return "bulk-loaded " + Instant.ofEpochMilli(b.committedAt()) + " from " + b.output();
    }
}
