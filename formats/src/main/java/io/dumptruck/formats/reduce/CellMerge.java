package io.dumptruck.formats.reduce;

import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.WritableUtils;

/**
 * Turns the shuffle's {@link CellRun}s, which arrive sorted by their first cell, into one stream of cells in
 * {@link CellKey} order. A run's later cells may sort after the first cells of runs that follow it (two records of one
 * row), so runs are held in a {@link WinnerTree}, and a run leaves the source only when its first cell sorts before
 * every held cell: what is held is the runs that overlap the current key — one or none for distinct rows, and a
 * single-cell run is never held past its cell. Blocks of many rows ({@code CellBlockBuffer}) from every map overlap one
 * another. Among equal keys the run that arrived first comes first ({@link CellStreamReducer} keeps it).
 *
 * <p>Memory is bounded: once the held runs exceed {@code maxHeldBytes} (many records of one row, say a line repeated a
 * million times), their remaining cells are written, merged, to a local file that then takes their place in the tree
 * and is read back sequentially.
 */
final class CellMerge implements Closeable {
    /** Where the runs come from: the reduce task's input. */
    interface Source {
        boolean next() throws IOException, InterruptedException;

        CellKey key() throws IOException, InterruptedException;

        CellRun run() throws IOException, InterruptedException;
    }

    /** Names a new local file for spilled cells. */
    interface SpillFiles {
        File newFile() throws IOException;
    }

    private final Source source;
    private final long maxHeldBytes;
    private final SpillFiles spillFiles;
    private final WinnerTree<Cursor> held = new WinnerTree<>(CellMerge::order);
    private final ArrayDeque<RunCursor> free = new ArrayDeque<>();
    private final List<FileCursor> files = new ArrayList<>();
    private RunCursor incoming;
    private boolean sourceDone;
    private long arrivals;
    private long heldBytes;
    private long spills;
    private final CellKey key = new CellKey();
    private final BytesWritable value = new BytesWritable();

    CellMerge(Source source, long maxHeldBytes, SpillFiles spillFiles) {
        this.source = source;
        this.maxHeldBytes = maxHeldBytes;
        this.spillFiles = spillFiles;
    }

    /** Moves to the next cell; false at the end. */
    boolean next() throws IOException, InterruptedException {
        fill();
        Cursor top = held.top();
        if (top == null) {
            return false;
        }
        key.copyFrom(top.key());
        value.set(top.valueBuffer(), top.valueOffset(), top.valueLength());
        if (top.advance()) {
            held.topChanged();
        } else {
            held.removeTop();
            retire(top);
        }
        return true;
    }

    /** True when the cell after the current one has the same whole key. */
    boolean nextHasSameKey() throws IOException, InterruptedException {
        fill();
        Cursor top = held.top();
        return top != null && top.key().equals(key);
    }

    /** The current cell's key; rewritten by {@link #next}. */
    CellKey key() {
        return key;
    }

    /** The current cell's value; rewritten by {@link #next}. */
    BytesWritable value() {
        return value;
    }

    /** How many times held runs went to a local file. */
    long spills() {
        return spills;
    }

    /** Takes runs from the source while the next one starts before every held cell. */
    private void fill() throws IOException, InterruptedException {
        while (true) {
            if (incoming == null && !sourceDone) {
                if (source.next()) {
                    incoming = free.isEmpty() ? new RunCursor() : free.pop();
                    incoming.load(source.key(), source.run(), arrivals++);
                } else {
                    sourceDone = true;
                }
            }
            Cursor top = held.top();
            if (incoming == null || (top != null && compareKeys(incoming, top) >= 0)) {
                return;
            }
            held.add(incoming);
            heldBytes += incoming.bytes();
            incoming = null;
            if (heldBytes > maxHeldBytes) {
                spill();
            }
        }
    }

    /** Writes the held runs' remaining cells, in order, to a local file that replaces them in the tree. */
    private void spill() throws IOException {
        WinnerTree<Cursor> runs = new WinnerTree<>(CellMerge::order);
        long firstArrival = Long.MAX_VALUE;
        for (Cursor c : held.removeAll()) {
            if (c instanceof RunCursor) {
                runs.add(c);
                firstArrival = Math.min(firstArrival, c.arrival);
            } else {
                held.add(c);
            }
        }
        File file = spillFiles.newFile();
        long cells = 0;
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file.toPath()), 1 << 16))) {
            for (Cursor c = runs.top(); c != null; c = runs.top()) {
                c.key().write(out);
                WritableUtils.writeVInt(out, c.valueLength());
                out.write(c.valueBuffer(), c.valueOffset(), c.valueLength());
                cells++;
                if (c.advance()) {
                    runs.topChanged();
                } else {
                    runs.removeTop();
                    free.push((RunCursor) c);
                }
            }
        }
        FileCursor spilled = new FileCursor(file, cells, firstArrival);
        files.add(spilled);
        if (spilled.advance()) {
            held.add(spilled);
        }
        heldBytes = 0;
        spills++;
    }

    private void retire(Cursor c) {
        if (c instanceof RunCursor r) {
            heldBytes -= r.bytes();
            free.push(r);
        }
    }

    /** Deletes the spill files. */
    @Override
    public void close() throws IOException {
        for (FileCursor f : files) {
            f.close();
        }
    }

    private static int order(Cursor a, Cursor b) {
        int c = compareKeys(a, b);
        return c != 0 ? c : Long.compare(a.arrival, b.arrival);
    }

    /** The order of two cursors' current keys: by their prefixes where those differ (most cells). */
    private static int compareKeys(Cursor a, Cursor b) {
        return a.prefix != b.prefix
                ? Long.compareUnsigned(a.prefix, b.prefix)
                : a.key().compareTo(b.key());
    }

    /** A source of cells in key order, positioned on its current cell. */
    private abstract static class Cursor {
        long arrival;
        /** {@link CellKey#prefix} of the current key; set on every move. */
        long prefix;

        abstract CellKey key();

        abstract byte[] valueBuffer();

        abstract int valueOffset();

        abstract int valueLength();

        /** Moves to the next cell; false when there is none. */
        abstract boolean advance() throws IOException;
    }

    /** One shuffle record, copied out of the reduce input. */
    private static final class RunCursor extends Cursor {
        private final CellKey first = new CellKey();
        private byte[] data = new byte[64];
        private int length;
        private final CellRun.Reader reader = new CellRun.Reader();

        void load(CellKey key, CellRun run, long arrival) {
            this.arrival = arrival;
            first.copyFrom(key);
            length = run.length();
            if (data.length < length) {
                data = new byte[Math.max(length, data.length * 2)];
            }
            System.arraycopy(run.bytes(), 0, data, 0, length);
            reader.reset(first, data, length);
            prefix = reader.key().prefix();
        }

        long bytes() {
            return length + 64L;
        }

        @Override
        CellKey key() {
            return reader.key();
        }

        @Override
        byte[] valueBuffer() {
            return data;
        }

        @Override
        int valueOffset() {
            return reader.valueOffset();
        }

        @Override
        int valueLength() {
            return reader.valueLength();
        }

        @Override
        boolean advance() {
            if (!reader.next()) {
                return false;
            }
            prefix = reader.key().prefix();
            return true;
        }
    }

    /** Cells spilled to a local file: (CellKey, vint length, value) each, read back sequentially. */
    private static final class FileCursor extends Cursor implements Closeable {
        private final File file;
        private final DataInputStream in;
        private long remaining;
        private final CellKey key = new CellKey();
        private byte[] value = new byte[64];
        private int valueLength;

        FileCursor(File file, long cells, long arrival) throws IOException {
            this.file = file;
            this.remaining = cells;
            this.arrival = arrival;
            this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file.toPath()), 1 << 16));
        }

        @Override
        CellKey key() {
            return key;
        }

        @Override
        byte[] valueBuffer() {
            return value;
        }

        @Override
        int valueOffset() {
            return 0;
        }

        @Override
        int valueLength() {
            return valueLength;
        }

        @Override
        boolean advance() throws IOException {
            if (remaining == 0) {
                close();
                return false;
            }
            remaining--;
            key.readFields(in);
            prefix = key.prefix();
            valueLength = WritableUtils.readVInt(in);
            if (value.length < valueLength) {
                value = new byte[Math.max(valueLength, value.length * 2)];
            }
            in.readFully(value, 0, valueLength);
            return true;
        }

        @Override
        public void close() throws IOException {
            in.close();
            Files.deleteIfExists(file.toPath());
        }
    }
}
