package io.dumptruck.jobs.journeys;

/** What the {@code journeys} job counted. */
enum JourneyCounter {
    /** Visits rows with a path, i.e. page views, in the time range (sessions stage, map side). */
    PAGE_VIEWS,
    /** Visitors with at least one page view in the time range (sessions stage, reduce side). */
    VISITORS,
    /** Sessions written (sessions stage, reduce side). */
    SESSIONS,
    /** Transitions found in sessions, one per page view, before they are summed (sessions stage, reduce side). */
    SESSION_TRANSITIONS
}
