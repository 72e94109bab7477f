/**
 * Loads matched to the live HBase tables ({@code load --live}): matching ({@link io.dumptruck.loaders.live.LiveMatch},
 * {@link io.dumptruck.loaders.live.MatchedTable}), the connection set-up opens
 * ({@link io.dumptruck.loaders.live.LiveHBase}), and folding into what the live tables hold: the snapshots read
 * ({@link io.dumptruck.loaders.live.HeldSnapshots}), the reducers' reader of their touched rows
 * ({@link io.dumptruck.loaders.live.SnapshotHeldRows}), and the loaders' re-emitters of a live row as held cells
 * ({@link io.dumptruck.loaders.live.HeldState}, with the bases {@link io.dumptruck.loaders.live.OneFamilyHeld} and
 * {@link io.dumptruck.loaders.live.JsonListHeld}). What "held" means, and the rules a re-emitter keeps:
 * {@code io.dumptruck.formats.reduce.held}. Plumbing of the load command and the loaders, not for library users.
 */
package io.dumptruck.loaders.live;
