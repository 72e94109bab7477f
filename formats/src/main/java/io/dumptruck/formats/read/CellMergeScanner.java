package io.dumptruck.formats.read;

import java.io.Closeable;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;

/**
 * Merges the cells of several HFiles (any families) into HBase's cell order: row, family, qualifier, timestamp
 * descending. Cells with the same whole key in several files come newest file first (the later one in the list). Each
 * file is positioned with one seek through its block index.
 *
 * <p>As HBase's {@code KeyValueHeap}, the file holding the next cell is kept out of the heap: while it keeps holding
 * the smallest cell, a step costs one comparison with the heap's top and no heap operation; with a single file (one
 * file per region and family, as a load writes them) a step costs no comparison at all.
 *
 * <p>Cells are handed out as the file scanners make them, without a copy: {@link StoredFile} reads with no block cache,
 * so every block is a fresh heap buffer that is never pooled nor reused, and a cell stays valid after its scanner has
 * moved on or closed.
 */
final class CellMergeScanner implements Closeable {
    private static final class Cursor {
        final FileCursor scanner;
        final int order;
        Cell cell;

        Cursor(FileCursor scanner, int order) {
            this.scanner = scanner;
            this.order = order;
        }
    }

    private static final CellComparator CELLS = CellComparator.getInstance();
    /**
     * Cell order; the same key in several files: the newest file (highest order) first, whatever memstore timestamps
     * the cells carry (HBase replaces those of a bulk-loaded file's cells with the file's own sequence number, so the
     * file loaded last wins).
     */
    private static final Comparator<Cursor> ORDER = (a, b) -> {
        int c = CELLS.compare(a.cell, b.cell, true);
        return c != 0 ? c : Integer.compare(b.order, a.order);
    };

    /** The files after the current one, each positioned on its next cell. */
    private final PriorityQueue<Cursor> others = new PriorityQueue<>(ORDER);

    private final List<StoredFile> files;
    /** The file holding the smallest cell, or null at the end. */
    private Cursor current;
    /** The file of the cell consumed last. */
    private Cursor consumedFrom;

    /**
     * Positions every file at the first cell of {@code startRow} or after (empty = the beginning); {@code pread}:
     * positional reads (see {@link StoredFile#cursor(Configuration, boolean, byte[])}).
     */
    CellMergeScanner(Configuration conf, List<StoredFile> files, byte[] startRow, boolean pread) throws IOException {
        this.files = files;
        for (int i = 0; i < files.size(); i++) {
            StoredFile f = files.get(i);
            FileCursor s = null;
            try {
                s = f.cursor(conf, pread, startRow);
                Cursor cursor = new Cursor(s, i);
                if (s.seek(startRow)) {
                    cursor.cell = s.cell();
                    others.add(cursor);
                } else {
                    s.close();
                }
            } catch (IOException | RuntimeException e) {
                if (s != null) {
                    s.close();
                }
                close();
                throw new IOException("cannot read HFile " + f.path() + ": " + StoredFile.rootMessage(e), e);
            }
        }
        current = others.poll();
    }

    /** The next cell without consuming it, or null at the end. */
    Cell peek() {
        return current == null ? null : current.cell;
    }

    /** True when the next cell comes from the file of the cell consumed last (so of its family too). */
    boolean sameFileAsConsumed() {
        return current != null && current == consumedFrom;
    }

    /** How the next cell's key differs from the key of the cell consumed last, as far as the files tell. */
    FileCursor.KeyChange keyChange() {
        return sameFileAsConsumed() ? current.scanner.keyChange() : FileCursor.KeyChange.UNKNOWN;
    }

    /** Consumes and returns the next cell, or null at the end. */
    Cell next() throws IOException {
        Cursor c = current;
        if (c == null) {
            return null;
        }
        consumedFrom = c;
        Cell out = c.cell;
        try {
            if (c.scanner.next()) {
                c.cell = c.scanner.cell();
            } else {
                c.scanner.close();
                c = null;
            }
        } catch (IOException | RuntimeException e) {
            c.scanner.close();
            current = others.poll();
            throw new IOException(
                    "cannot read HFile " + files.get(c.order).path() + ": " + StoredFile.rootMessage(e), e);
        }
        Cursor top = others.peek();
        if (c == null) {
            current = others.poll();
        } else if (top != null && ORDER.compare(c, top) > 0) {
            others.poll();
            others.add(c);
            current = top;
        }
        return out;
    }

    /**
     * Moves every file on to its first cell of {@code row} or after ({@link FileCursor#reseek}), without handing out
     * the cells stepped over; files already there stay where they are.
     */
    void reseek(byte[] row) throws IOException {
        if (!CellBytes.rowBefore(peek(), row)) {
            return; // every other file's next cell is at or after the current one
        }
        consumedFrom = null; // the cell consumed last is no longer the one before the next
        List<Cursor> all = new java.util.ArrayList<>(others);
        all.add(current);
        others.clear();
        current = null;
        for (int i = 0; i < all.size(); i++) {
            Cursor c = all.get(i);
            try {
                if (!CellBytes.rowBefore(c.cell, row) || c.scanner.reseek(row)) {
                    c.cell = c.scanner.cell();
                    others.add(c);
                } else {
                    c.scanner.close();
                }
            } catch (IOException | RuntimeException e) {
                all.subList(i, all.size()).forEach(left -> left.scanner.close());
                close();
                throw new IOException(
                        "cannot read HFile " + files.get(c.order).path() + ": " + StoredFile.rootMessage(e), e);
            }
        }
        current = others.poll();
    }

    @Override
    public void close() {
        if (current != null) {
            current.scanner.close();
            current = null;
        }
        for (Cursor c : others) {
            c.scanner.close();
        }
        others.clear();
    }
}
