/**
 * {@code graph-stats}: degrees, mutual follows and friend-of-friend suggestions from the graph loader's {@code follows}
 * and {@code followed_by}, into {@code degrees}, {@code reciprocal_pairs}, {@code suggestions} and
 * {@code degree_distribution} ({@code GraphStatsDatasets}). Three stages: neighbourhoods ({@code NeighbourMapper},
 * {@code NeighbourKey}, {@code NeighbourhoodReducer}), pairs ({@code PairKey}, {@code UserPairsReducer}) and the degree
 * distribution ({@code DistributionReducer}). Entry point: {@code GraphStatsJob}. Plumbing: not for library users; run
 * by {@code dumptruck run}.
 */
package io.dumptruck.jobs.graphstats;
