package io.dumptruck.formats.shuffle;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * The map output value of every load: cells in {@link CellKey} order, all of one table. The map output key is the key
 * of the run's first cell; the run carries that cell's value and the rest of the cells without repeating the table, and
 * the row only where it changes. Two kinds of runs use one form: the cells one input record puts into one row (a log
 * line's seven cells cross the shuffle as one record instead of seven), and a block of a map task's sorted cells of
 * many rows of one region ({@code CellBlockBuffer}), so that the shuffle sorts and merges a few records instead of one
 * per cell (the shuffle sorts records, and it compares keys, not cells).
 *
 * <p>Serialized form:
 *
 * <pre>
 *   vint    n                  length of what follows
 *   vint    valueLength        the first cell's value (its key is the map output key)
 *   byte[]  value
 *   repeated for each further cell, in CellKey order:
 *     if the cell starts a new row:
 *       uint8   0xFF           ({@link #ROW_MARK}; a family index is at most {@link CellKey#MAX_FAMILY})
 *       vint    shared         bytes the row shares with the previous cell's row, from its start
 *       vint    tailLength
 *       byte[]  tail           the row's other bytes
 *     uint8   family           index of the family in the table spec
 *     vint    qualifierLength
 *     byte[]  qualifier
 *     vlong   timestamp - first cell's timestamp
 *     vint    valueLength
 *     byte[]  value
 * </pre>
 *
 * Reusable: {@link #first} starts a new run in an internal buffer that only grows.
 */
public final class CellRun implements Writable {
    /** In place of a family index: the cell starts a new row. */
    static final int ROW_MARK = 0xFF;

    private byte[] buf = new byte[64];
    private int length;
    private long firstTimestamp;

    /** Starts a run whose first cell has this key timestamp and value. */
    public CellRun first(long timestamp, byte[] value, int offset, int valueLength) {
        length = 0;
        firstTimestamp = timestamp;
        putVLong(valueLength);
        putBytes(value, offset, valueLength);
        return this;
    }

    /** Appends a cell of the same table and row; it must sort after the previous one. */
    public CellRun add(
            int family,
            byte[] qualifier,
            int qualifierOffset,
            int qualifierLength,
            long timestamp,
            byte[] value,
            int valueOffset,
            int valueLength) {
        ensure(1);
        buf[length++] = (byte) family;
        putVLong(qualifierLength);
        putBytes(qualifier, qualifierOffset, qualifierLength);
        putVLong(timestamp - firstTimestamp);
        putVLong(valueLength);
        putBytes(value, valueOffset, valueLength);
        return this;
    }

    /**
     * Appends a cell of a row that sorts after the previous cell's, in the same table: the row is {@code row[rowOffset,
     * rowOffset + rowLength)}, of which the first {@code shared} bytes equal the previous row's.
     */
    public CellRun addInNewRow(
            int shared,
            byte[] row,
            int rowOffset,
            int rowLength,
            int family,
            byte[] qualifier,
            int qualifierOffset,
            int qualifierLength,
            long timestamp,
            byte[] value,
            int valueOffset,
            int valueLength) {
        ensure(1);
        buf[length++] = (byte) ROW_MARK;
        putVLong(shared);
        putVLong(rowLength - shared);
        putBytes(row, rowOffset + shared, rowLength - shared);
        return add(family, qualifier, qualifierOffset, qualifierLength, timestamp, value, valueOffset, valueLength);
    }

    /** The variable-length long ({@link WritableUtils#writeVLong}) at {@code b[at]} of a serialized run. */
    public static long vlongAt(byte[] b, int at) {
        try {
            return WritableComparator.readVLong(b, at);
        } catch (IOException e) {
            throw new IllegalStateException("a damaged cell run: " + e.getMessage(), e);
        }
    }

    /** The serialized cells (after the length): see {@link Reader}. */
    public byte[] bytes() {
        return buf;
    }

    public int length() {
        return length;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, length);
        out.write(buf, 0, length);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        int n = WritableUtils.readVInt(in);
        length = 0;
        ensure(n);
        in.readFully(buf, 0, n);
        length = n;
    }

    private void putBytes(byte[] b, int offset, int n) {
        ensure(n);
        System.arraycopy(b, offset, buf, length, n);
        length += n;
    }

    /** Hadoop's variable-length long ({@link WritableUtils#writeVLong}), into the buffer. */
    private void putVLong(long v) {
        ensure(9);
        if (v >= -112 && v <= 127) {
            buf[length++] = (byte) v;
            return;
        }
        int head = -112;
        if (v < 0) {
            v ^= -1L;
            head = -120;
        }
        int bytes = (64 - Long.numberOfLeadingZeros(v) + 7) / 8;
        buf[length++] = (byte) (head - bytes);
        for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
            buf[length++] = (byte) (v >>> shift);
        }
    }

    private void ensure(int more) {
        if (length + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(length + more, buf.length * 2));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CellRun r && Arrays.equals(buf, 0, length, r.buf, 0, r.length);
    }

    @Override
    public int hashCode() {
        return WritableComparator.hashBytes(buf, length);
    }

    @Override
    public String toString() {
        return "CellRun[" + length + " bytes]";
    }

    /**
     * Walks the cells of a serialized run, given the key of its first cell: after {@link #reset} the first cell is
     * current; {@link #next} moves to the following one. {@link #key} is rewritten in place for each cell; the value is
     * a slice of the run's bytes.
     */
    public static final class Reader {
        private byte[] buf;
        private int end;
        private int pos;
        private long firstTimestamp;
        private final CellKey key = new CellKey();
        private int valueOffset;
        private int valueLength;

        /** Positions on the first cell: {@code first} is its key, {@code buf[0, length)} the run. */
        public Reader reset(CellKey first, byte[] buf, int length) {
            return reset(first, buf, 0, length);
        }

        /** As {@link #reset(CellKey, byte[], int)}, for a run at {@code buf[offset, offset + length)}. */
        public Reader reset(CellKey first, byte[] buf, int offset, int length) {
            this.buf = buf;
            this.end = offset + length;
            key.copyFrom(first);
            firstTimestamp = first.timestamp();
            pos = offset;
            readValue();
            return this;
        }

        /** Moves to the next cell of the run; false when there is none. */
        public boolean next() {
            if (pos >= end) {
                return false;
            }
            int family = buf[pos++] & 0xFF;
            if (family == ROW_MARK) {
                int shared = readVInt(Integer.MAX_VALUE);
                int tailLength = readVInt();
                key.setRowTail(shared, buf, pos, tailLength);
                pos += tailLength;
                if (pos >= end) {
                    throw new IllegalStateException(
                            "a damaged cell run: a row without a cell at byte " + pos + " of " + end);
                }
                family = buf[pos++] & 0xFF;
            }
            int qualifierLength = readVInt();
            int qualifierOffset = pos;
            pos += qualifierLength;
            long delta = readVLong();
            key.setCellOfSameRow(family, buf, qualifierOffset, qualifierLength, firstTimestamp + delta);
            readValue();
            return true;
        }

        private void readValue() {
            valueLength = readVInt();
            valueOffset = pos;
            pos += valueLength;
        }

        private int readVInt() {
            return readVInt(end - pos);
        }

        /** A vint of 0 .. max (the bytes left, when it is a length). */
        private int readVInt(int max) {
            long v = readVLong();
            if (v < 0 || v > max) {
                throw new IllegalStateException("a damaged cell run: length " + v + " at byte " + pos + " of " + end);
            }
            return (int) v;
        }

        private long readVLong() {
            long v = vlongAt(buf, pos);
            pos += WritableUtils.decodeVIntSize(buf[pos]);
            return v;
        }

        public CellKey key() {
            return key;
        }

        public byte[] valueBuffer() {
            return buf;
        }

        public int valueOffset() {
            return valueOffset;
        }

        public int valueLength() {
            return valueLength;
        }
    }
}
