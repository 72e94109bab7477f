/**
 * Apache combined logs, with the visitor cookie and duration, into {@code visits}, {@code cookie_url_count} and
 * {@code cookie_stats} ({@code dumptruck load weblogs}, docs/tables.md). {@code WebLogParser} reads a line into a
 * {@code WebLogRecord}, {@code WebLogSchema} makes the cells, {@code CookieStatsFold} builds a visitor's most requested
 * and recent paths; folding into the live tables, {@code UrlCountsHeld} and {@code RecentPathsHeld} re-emit what they
 * hold. {@code WebLogLoader} runs it, {@code WebLogQueries} answers a visitor's questions. Plumbing: not for library
 * users; run by {@code dumptruck load}.
 */
package io.dumptruck.loaders.weblogs;
