package io.dumptruck.loaders;

import io.dumptruck.formats.map.RecordBatch;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * Consecutive records of one split, as a line loader's mapper gets them: each record is its byte offset in the file and
 * its bytes (a line without its terminator, a CSV record, a GeoJSON feature), undecoded. Hadoop's map task does
 * per-record bookkeeping around every value it reads — twice a walk over every thread's file-system statistics, a
 * progress update, a counter — which for short lines in local mode costs as much as parsing them; a batch pays it once
 * for up to {@value #MAX_RECORDS} records or about {@value #MAX_BYTES} bytes.
 *
 * <p>Writable (a mapper's tests may pass batches through MRUnit): the record count, then each record's offset and
 * length (Hadoop's variable-length ints), then their bytes.
 *
 * <p>Layout: record {@code i} is {@code bytes[start(i), ends[i])}, where {@code start(0) = 0} and {@code start(i) =
 * ends[i - 1]}; its offset is {@code offsets[i]}.
 */
public final class LineBatch implements RecordBatch, Writable {
    static final int MAX_RECORDS = 1024;
    static final int MAX_BYTES = 256 * 1024;
    private final long[] offsets = new long[MAX_RECORDS];
    private final int[] ends = new int[MAX_RECORDS];
    private byte[] bytes = new byte[64 * 1024];
    private int size;

    public void clear() {
        size = 0;
    }

    /** True when no further record should be added; a single record may be larger than the cap. */
    boolean isFull() {
        return size == MAX_RECORDS || start(size) >= MAX_BYTES;
    }

    /** Appends a record read at {@code offset} of its file (a mapper's own tests build batches so). */
    public void add(long offset, Text record) {
        if (size == MAX_RECORDS) {
            throw new IllegalStateException("a line batch holds at most " + MAX_RECORDS + " records");
        }
        int start = start(size);
        int end = start + record.getLength();
        if (end > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(end, bytes.length * 2));
        }
        System.arraycopy(record.getBytes(), 0, bytes, start, record.getLength());
        offsets[size] = offset;
        ends[size++] = end;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, size);
        for (int i = 0; i < size; i++) {
            WritableUtils.writeVLong(out, offsets[i]);
            WritableUtils.writeVInt(out, length(i));
        }
        out.write(bytes, 0, start(size));
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        int count = WritableUtils.readVInt(in);
        if (count < 0 || count > MAX_RECORDS) {
            throw new IOException("damaged line batch: " + count + " records");
        }
        int end = 0;
        for (int i = 0; i < count; i++) {
            offsets[i] = WritableUtils.readVLong(in);
            end += WritableUtils.readVInt(in);
            ends[i] = end;
        }
        if (end > bytes.length) {
            bytes = new byte[end];
        }
        in.readFully(bytes, 0, end);
        size = count;
    }

    @Override
    public int records() {
        return size;
    }

    /** The byte offset of record {@code i} in its file. */
    public long offset(int i) {
        return offsets[i];
    }

    /** The bytes of every record; record {@code i} is at {@link #start}, {@link #length} long. */
    public byte[] bytes() {
        return bytes;
    }

    public int start(int i) {
        return i == 0 ? 0 : ends[i - 1];
    }

    public int length(int i) {
        return ends[i] - start(i);
    }
}
