package io.dumptruck.jobs.inspect;

import io.dumptruck.formats.read.FileCursor;
import io.dumptruck.formats.read.RowClip;
import io.dumptruck.formats.read.StoredFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;

/**
 * Scans the HFiles of one region once, all families together, merged in row order, so that distinct rows are counted
 * per family and over the region even when a row's cells lie in several files. Holds one open scanner per file and one
 * row key, whatever the region's size.
 */
final class RegionScan {
    /**
     * A file of the region, the rows of it that are the region's ({@link RowClip#NONE} but for a reference file: its
     * half of the parent's file), and the index of its family in the table's family list.
     */
    record RegionFile(Path path, String family, RowClip clip, int familyIndex) {}

    /** An open file positioned on its next cell of the region. */
    private static final class Cursor {
        final StoredFile file;
        final FileCursor cells;
        final int family;
        final int order;
        Cell cell;
        /** The cells of the region read so far. */
        long read;

        Cursor(StoredFile file, FileCursor cells, int family, int order) {
            this.file = file;
            this.cells = cells;
            this.family = family;
            this.order = order;
        }

        /** Moves to the next cell; false at the end of the file's cells of the region. */
        boolean advance(boolean first) throws IOException {
            try {
                if (first ? cells.seek(new byte[0]) : cells.next()) {
                    cell = cells.cell();
                    read++;
                    return true;
                }
                return false;
            } catch (IOException | RuntimeException e) {
                throw new IOException("cannot read HFile " + file.path() + ": " + e.getMessage(), e);
            }
        }
    }

    private final Figures total;
    private final Figures[] families;
    private final KeyPrefixSpread prefixes;

    /**
     * A scan adding every file and cell of the region to {@code total} and to {@code families[familyIndex]}, and every
     * distinct row to both and to {@code prefixes}.
     */
    RegionScan(Figures total, Figures[] families, KeyPrefixSpread prefixes) {
        this.total = total;
        this.families = families;
        this.prefixes = prefixes;
    }

    void scan(Configuration conf, FileSystem fs, List<RegionFile> files) throws IOException {
        List<Cursor> cursors = new ArrayList<>();
        Exception failure = null;
        try {
            PriorityQueue<Cursor> heap = new PriorityQueue<>((a, b) -> {
                int c = CellComparator.getInstance().compareRows(a.cell, b.cell);
                return c != 0 ? c : Integer.compare(a.order, b.order);
            });
            List<FileFacts> facts = new ArrayList<>();
            for (RegionFile f : files) {
                StoredFile file = StoredFile.open(conf, fs, f.path(), f.family(), f.clip());
                Cursor cursor;
                try {
                    cursor = new Cursor(file, file.regionCells(conf), f.familyIndex(), cursors.size());
                } catch (RuntimeException e) {
                    file.close();
                    throw e;
                }
                cursors.add(cursor);
                facts.add(FileFacts.of(file));
                if (cursor.advance(true)) {
                    heap.add(cursor);
                }
            }
            merge(heap);
            for (Cursor c : cursors) {
                // a reference file's half holds part of its parent's bytes: its share of the cells
                FileFacts f = facts.get(c.order).share(c.read, c.file.range().entries());
                total.addFile(f);
                families[c.family].addFile(f);
            }
        } catch (IOException | RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            close(cursors, failure);
        }
    }

    private void merge(PriorityQueue<Cursor> heap) throws IOException {
        byte[] row = null;
        boolean[] familyHasRow = new boolean[families.length];
        while (!heap.isEmpty()) {
            Cursor c = heap.poll();
            Cell cell = c.cell;
            if (row == null || !CellUtil.matchingRows(cell, row)) {
                row = CellUtil.cloneRow(cell);
                Arrays.fill(familyHasRow, false);
                total.addRow(row.length);
                prefixes.add(row);
            }
            if (!familyHasRow[c.family]) {
                familyHasRow[c.family] = true;
                families[c.family].addRow(row.length);
            }
            total.addCell(cell);
            families[c.family].addCell(cell);
            if (c.advance(false)) {
                heap.add(c);
            }
        }
    }

    /** Closes every scanner and file, carrying on past failures; the first is thrown unless the scan failed. */
    private static void close(List<Cursor> cursors, Exception failure) throws IOException {
        IOException first = null;
        for (Cursor c : cursors) {
            try {
                c.cells.close();
                c.file.close();
            } catch (IOException | RuntimeException e) {
                if (failure != null) {
                    failure.addSuppressed(e);
                } else if (first == null) {
                    first = new IOException("cannot close HFile " + c.file.path() + ": " + e.getMessage(), e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
