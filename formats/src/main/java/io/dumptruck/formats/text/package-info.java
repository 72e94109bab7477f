/**
 * Bytes as text the way the HBase shell writes them, {@code \xNN} for every byte that is not printable ASCII:
 * {@code ShellBytes}, for the split points of specs, the list of conflicting cells and the keys the command line prints
 * and reads. Plumbing: not for library users.
 */
package io.dumptruck.formats.text;
