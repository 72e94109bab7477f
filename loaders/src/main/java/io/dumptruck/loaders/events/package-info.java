/**
 * Event logs ({@code host TAB epoch_ms TAB event TAB value}) into {@code log_data} ({@code dumptruck load events}),
 * under one of the four key layouts of docs/tables.md: bucketed, host-first, hashed or numeric (host and event ids kept
 * in {@code log_types}, numbered by {@code IdDictionary}). {@code EventLoader} runs it, {@code EventParser} reads the
 * lines into {@code Event}s, {@code EventSchema} makes the cells, {@code EventQueries} reads a host's events in a time
 * range under each layout. Plumbing: not for library users; run by {@code dumptruck load}.
 */
package io.dumptruck.loaders.events;
