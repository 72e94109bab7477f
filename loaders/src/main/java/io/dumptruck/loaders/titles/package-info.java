/**
 * Ranked titles ({@code title TAB rank}) into {@code title_autocomp} ({@code dumptruck load titles}): one row per
 * prefix of a normalized title ({@code TitlePrefixes}), its one cell the ten best titles, so one get answers an
 * autocomplete request ({@code TitleSchema}). {@code TopTitlesFold} keeps the top ten as the cells stream past, their
 * ranks kept as a tag ({@code TitleRanks}) for a later load folding into the live table ({@code TopTitlesHeld}).
 * {@code TitleLoader}, {@code TitleParser} ({@code TitleRecord}s) and {@code TitleQueries} complete the package.
 * Plumbing: not for library users; run by {@code dumptruck load}.
 */
package io.dumptruck.loaders.titles;
