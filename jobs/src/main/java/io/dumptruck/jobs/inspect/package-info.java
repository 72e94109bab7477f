/**
 * Table inspection ({@code dumptruck inspect <table-dir>}), read straight from a table's files with no MapReduce job:
 * per region and family the files, rows, cells, bytes, key and value lengths, blooms, encodings and time ranges
 * ({@code TableInspection}, {@code RegionScan}, {@code Figures}, {@code FileFacts}), and a {@code Balance} verdict on
 * region skew and hot key prefixes ({@code KeyPrefixSpread}). Written as text ({@code InspectionText}), JSON
 * ({@code InspectionJson}) or a bar chart of region sizes ({@code RegionSizePicture}). Plumbing: not for library users;
 * used by the {@code inspect} command.
 */
package io.dumptruck.jobs.inspect;
