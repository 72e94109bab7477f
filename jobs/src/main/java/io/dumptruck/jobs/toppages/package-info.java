/**
 * {@code top-pages}: the most viewed pages over all visitors and per visitor, from the web-log loader's
 * {@code cookie_url_count}, and a check of {@code cookie_stats} against it, into {@code top_pages},
 * {@code visitor_top_pages} and {@code stats_check} ({@code TopPagesDatasets}). Stage 1 streams each visitor's cells
 * ({@code VisitorCellMapper}, {@code VisitorCell}, {@code VisitorPagesReducer}, {@code StatsCheck}); stages 2 and 3 sum
 * {@code PageTally}s per page and merge the global ranking ({@code TopPagesReducers}). Entry point:
 * {@code TopPagesJob}. Plumbing: not for library users; run by {@code dumptruck run}.
 */
package io.dumptruck.jobs.toppages;
