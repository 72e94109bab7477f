package io.dumptruck.jobs.inspect;

import java.util.Map;

/**
 * One region of a table: rows in {@code [startKey, endKey)} (empty start = the first region, empty end = the last). An
 * HFile belongs to the region holding its first row; a reference file (a split daughter's half of its parent's file) to
 * its own region.
 *
 * @param total the region's figures over all its families; rows are the distinct rows of any family
 * @param families the figures of each family of the table, in the table's family order (zeros where the region has no
 *     file of that family)
 */
record RegionInspection(int index, byte[] startKey, byte[] endKey, Figures total, Map<String, Figures> families) {}
