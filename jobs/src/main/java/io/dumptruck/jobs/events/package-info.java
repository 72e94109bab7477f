/**
 * {@code event-rollup}: per host, event type and UTC hour, how many events there were and the count, sum, minimum and
 * maximum of their values that are numbers ({@code DecimalValue}), from {@code log_data} under any of the events
 * loader's four key layouts, into the {@code rollup} data set. {@code RollupScans} plans scans that read only what the
 * layout and the options need; {@code RollupMapper}, {@code RollupCombiner} and {@code RollupReducer} merge
 * {@code RollupPartial}s per {@code RollupKey}. Entry point: {@code EventRollupJob}. Plumbing: not for library users;
 * run by {@code dumptruck run}.
 */
package io.dumptruck.jobs.events;
