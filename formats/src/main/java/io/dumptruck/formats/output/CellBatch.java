package io.dumptruck.formats.output;

import io.dumptruck.formats.shuffle.CellKey;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * The reduce output value of every load: cells in HBase's order, each already laid out as HBase's {@link KeyValue}, so
 * that {@link HFileTableRecordWriter} hands HBase's writer cells over these bytes without building or copying a cell
 * again. A batch holds the cells of many rows (of any tables of the job), which spares Hadoop's per-record output
 * bookkeeping for every cell.
 *
 * <p>Layout, per cell:
 *
 * <pre>
 *   uint8   flags         bit 0: the cell starts a row (another table or row than the cell before it,
 *                         in this batch or the one before)
 *   uint16  table         index of the table in the job
 *   uint8   family        index of the family in the table spec
 *   int32   kvLength
 *   byte[]  KeyValue      int32 keyLength, int32 valueLength, int16 rowLength, row, uint8 familyLength,
 *                         family, qualifier, int64 timestamp, uint8 type, value, and when there are
 *                         tags: uint16 tagsLength, tags
 * </pre>
 *
 * <p>Contract: HBase's writer keeps references to cells it was given (the last one, a block's first), so a batch's
 * bytes never change once handed on: {@link #clear} starts a new array.
 */
public final class CellBatch implements Writable {
    private static final int HEADER = 1 + 2 + 1 + 4;
    private static final int STARTS_ROW = 1;
    private final int initialBytes;
    private byte[] buf;
    private int length;

    /** A batch whose array starts at {@code initialBytes} and grows as needed. */
    public CellBatch(int initialBytes) {
        this.initialBytes = Math.max(64, initialBytes);
        this.buf = new byte[this.initialBytes];
    }

    public CellBatch() {
        this(64);
    }

    /**
     * Appends a cell: {@code key}'s table, row, family, qualifier and timestamp, the family's name, the cell's type,
     * its value and tags ({@code tagsLength} 0 for none).
     */
    public CellBatch add(
            boolean startsRow,
            CellKey key,
            byte[] familyName,
            byte type,
            byte[] value,
            int valueOffset,
            int valueLength,
            byte[] tags,
            int tagsOffset,
            int tagsLength) {
        int rowLength = key.rowLength();
        int qualifierLength = key.qualifierLength();
        int keyLength = 2 + rowLength + 1 + familyName.length + qualifierLength + 8 + 1;
        long kvLength = 8L + keyLength + valueLength + (tagsLength > 0 ? 2 + tagsLength : 0);
        if (kvLength > Integer.MAX_VALUE - HEADER || tagsLength > 0xFFFF) {
            throw new IllegalArgumentException(
                    "a cell of " + kvLength + " bytes (" + tagsLength + " of tags) is larger than HBase takes: " + key);
        }
        ensure(HEADER + (int) kvLength);
        byte[] b = buf;
        int at = length;
        b[at++] = (byte) (startsRow ? STARTS_ROW : 0);
        at = Bytes.putShort(b, at, (short) key.table());
        b[at++] = (byte) key.family();
        at = Bytes.putInt(b, at, (int) kvLength);
        at = Bytes.putInt(b, at, keyLength);
        at = Bytes.putInt(b, at, valueLength);
        at = Bytes.putShort(b, at, (short) rowLength);
        at = Bytes.putBytes(b, at, key.buffer(), key.rowOffset(), rowLength);
        b[at++] = (byte) familyName.length;
        at = Bytes.putBytes(b, at, familyName, 0, familyName.length);
        at = Bytes.putBytes(b, at, key.buffer(), key.qualifierOffset(), qualifierLength);
        at = Bytes.putLong(b, at, key.timestamp());
        b[at++] = type;
        at = Bytes.putBytes(b, at, value, valueOffset, valueLength);
        if (tagsLength > 0) {
            at = Bytes.putShort(b, at, (short) tagsLength);
            at = Bytes.putBytes(b, at, tags, tagsOffset, tagsLength);
        }
        length = at;
        return this;
    }

    /**
     * Empties the batch into a new array of the initial size (the old one may still be read: see the class contract); a
     * batch that grew for one big cell does not make every later one that big.
     */
    public void clear() {
        buf = new byte[initialBytes];
        length = 0;
    }

    /** Bytes held. */
    public int length() {
        return length;
    }

    public boolean isEmpty() {
        return length == 0;
    }

    /** The bytes the batch's array holds now, used or not. */
    int capacity() {
        return buf.length;
    }

    private void ensure(int more) {
        if (length + more > buf.length) {
            buf = Arrays.copyOf(buf, (int)
                    Math.min(Integer.MAX_VALUE - 8, Math.max((long) length + more, buf.length * 2L)));
        }
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, length);
        out.write(buf, 0, length);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        int n = WritableUtils.readVInt(in);
        buf = new byte[Math.max(initialBytes, n)];
        in.readFully(buf, 0, n);
        length = n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CellBatch c && Arrays.equals(buf, 0, length, c.buf, 0, c.length);
    }

    @Override
    public int hashCode() {
        return WritableComparator.hashBytes(buf, length);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("CellBatch[");
        Reader r = new Reader().reset(this);
        for (int i = 0; r.next(); i++) {
            s.append(i == 0 ? "" : ", ")
                    .append(r.startsRow() ? "^" : "")
                    .append("table#")
                    .append(r.table())
                    .append(' ')
                    .append(r.cell());
        }
        return s.append(']').toString();
    }

    /** Walks a batch's cells: after {@link #reset}, each {@link #next} moves to the next cell. */
    public static final class Reader {
        private byte[] buf;
        private int end;
        private int next;
        private int flags;
        private int table;
        private int family;
        private int kvOffset;
        private int kvLength;

        public Reader reset(CellBatch batch) {
            buf = batch.buf;
            end = batch.length;
            next = 0;
            return this;
        }

        /** Moves to the next cell; false when there is none. */
        public boolean next() {
            if (next >= end) {
                return false;
            }
            flags = buf[next];
            table = Bytes.toShort(buf, next + 1) & 0xFFFF;
            family = buf[next + 3] & 0xFF;
            kvLength = Bytes.toInt(buf, next + 4);
            kvOffset = next + HEADER;
            if (kvLength < 0 || kvOffset + kvLength > end) {
                throw new IllegalStateException(
                        "a damaged cell batch: a cell of " + kvLength + " bytes at byte " + next + " of " + end);
            }
            next = kvOffset + kvLength;
            return true;
        }

        public boolean startsRow() {
            return (flags & STARTS_ROW) != 0;
        }

        public int table() {
            return table;
        }

        public int family() {
            return family;
        }

        /** The current cell, a new KeyValue over the batch's bytes (HBase's writer may keep it). */
        public KeyValue cell() {
            return new KeyValue(buf, kvOffset, kvLength);
        }
    }
}
