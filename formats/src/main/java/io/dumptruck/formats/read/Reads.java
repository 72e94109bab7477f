package io.dumptruck.formats.read;

import io.dumptruck.formats.PublicApi;

/**
 * What reads a {@link TableReader} has made: gets, scans, and the rows and cells they read from its files (every cell a
 * scan passed over, served or not). Shows a design's one-read-per-request at work.
 */
@PublicApi
public final class Reads {
    private long gets;
    private long scans;
    private long rows;
    private long cells;

    void get(boolean found, long cellsRead) {
        gets++;
        rows += found ? 1 : 0;
        cells += cellsRead;
    }

    void scanned(long rowsServed, long cellsRead) {
        scans++;
        rows += rowsServed;
        cells += cellsRead;
    }

    /** Adds {@code other}'s counts to these. */
    public void add(Reads other) {
        gets += other.gets;
        scans += other.scans;
        rows += other.rows;
        cells += other.cells;
    }

    /** These counts as they are now, kept apart from later reads. */
    public Reads copy() {
        Reads c = new Reads();
        c.add(this);
        return c;
    }

    /** The reads made since {@code before} (a {@link #copy} of these taken earlier). */
    public Reads minus(Reads before) {
        Reads d = new Reads();
        d.gets = gets - before.gets;
        d.scans = scans - before.scans;
        d.rows = rows - before.rows;
        d.cells = cells - before.cells;
        return d;
    }

    public long gets() {
        return gets;
    }

    /** Scans closed so far. */
    public long scans() {
        return scans;
    }

    /** Rows served by the gets and the closed scans. */
    public long rows() {
        return rows;
    }

    /** Cells read from the files by the gets and the closed scans, served or not. */
    public long cells() {
        return cells;
    }

    @Override
    public String toString() {
        return gets + " get(s), " + scans + " scan(s), " + rows + " row(s), " + cells + " cell(s) read";
    }
}
