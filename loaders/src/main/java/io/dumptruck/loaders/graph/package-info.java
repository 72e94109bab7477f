/**
 * Follower edges ({@code follower TAB followed [TAB epoch_ms]}) into the graph tables of docs/tables.md
 * ({@code dumptruck load graph}): {@code follows} and {@code followed_by} keyed by md5 pairs, or one row per user,
 * {@code adjacency_ro} folding the user's ids into one JSON list ({@code AdjacencyListFold}, with the live table's list
 * through {@code AdjacencyListHeld}); a load of unfollows writes delete markers or takes ids out of the lists.
 * {@code GraphLoader} runs it, {@code GraphParser} reads {@code Edge}s, {@code GraphSchema} makes the cells,
 * {@code GraphQueries} answers who follows whom. Plumbing: not for library users; run by {@code dumptruck load}.
 */
package io.dumptruck.loaders.graph;
