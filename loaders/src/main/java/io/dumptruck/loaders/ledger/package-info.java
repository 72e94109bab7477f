/**
 * The ledger of folded batches: which batches of input every table a load folds into holds, kept in HBase (the table
 * {@code dumptruck:ledger}, laid out in docs/tables.md), and the bulk load that commits a folded load's output against
 * it — refusing a load whose snapshot saw an older state, so that every input counts exactly once whatever a scheduler
 * retries, runs side by side or backfills. For users: {@link io.dumptruck.loaders.ledger.BulkLoad} and
 * {@link io.dumptruck.loaders.ledger.Ledger}.
 */
package io.dumptruck.loaders.ledger;
