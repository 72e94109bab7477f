/**
 * Small drawings for the jobs' pictures (the tile-density map, the region sizes of an inspection): {@code Picture}
 * draws rectangles, shapes, lines and text and writes them as PNG or SVG, whichever the file name ends with. Plumbing:
 * not for library users.
 */
package io.dumptruck.jobs.picture;
