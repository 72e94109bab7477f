package io.dumptruck.formats.shuffle;

/** Counters of the map side's {@link PrefixSort}, summed over the job's spills. */
public enum PrefixSortCounter {
    /** Map output records sorted by their prefixes (the rest, if any, by Hadoop's QuickSort). */
    RECORDS_SORTED_BY_PREFIX,
    /** Of those, records whose sort strings tied with another's, so that whole keys were compared. */
    RECORDS_COMPARED_WHOLE
}
