package io.dumptruck.jobs.toppages;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * One cell of a visitor's row, as the per-visitor stage shuffles it (keyed by the visitor): either a
 * {@code cookie_url_count} cell (a path and its count) or the {@code cookie_stats} {@code c:} cell (the stored most
 * requested path and its count, the cell's timestamp). Bytes: {@code byte(source) ‖ vlong(count) ‖ vint(path length) ‖
 * path}. The path buffer is reused from record to record: copy what must outlive the next {@link #readFields}.
 */
final class VisitorCell implements Writable {
    /** Where the cell comes from. */
    public enum Source {
        /** {@code cookie_url_count u:<path>} → count. */
        URL_COUNT,
        /** {@code cookie_stats c:} → the stored most requested path; its count is the cell timestamp. */
        STORED_TOP
    }

    private static final Source[] SOURCES = Source.values();

    private Source source = Source.URL_COUNT;
    private long count;
    private byte[] path = new byte[32];
    private int pathLength;

    public VisitorCell set(Source source, byte[] buffer, int offset, int length, long count) {
        this.source = source;
        this.count = count;
        ensure(length);
        System.arraycopy(buffer, offset, path, 0, length);
        pathLength = length;
        return this;
    }

    public Source source() {
        return source;
    }

    public long count() {
        return count;
    }

    /** The path's UTF-8 bytes are {@code pathBuffer()[0, pathLength())}. */
    public byte[] pathBuffer() {
        return path;
    }

    public int pathLength() {
        return pathLength;
    }

    public byte[] pathCopy() {
        return Arrays.copyOf(path, pathLength);
    }

    private void ensure(int length) {
        if (path.length < length) {
            path = new byte[Math.max(length, path.length * 2)];
        }
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeByte(source.ordinal());
        WritableUtils.writeVLong(out, count);
        WritableUtils.writeVInt(out, pathLength);
        out.write(path, 0, pathLength);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        int s = in.readByte();
        if (s < 0 || s >= SOURCES.length) {
            throw new IOException("unknown visitor cell source " + s);
        }
        source = SOURCES[s];
        count = WritableUtils.readVLong(in);
        pathLength = WritableUtils.readVInt(in);
        ensure(pathLength);
        in.readFully(path, 0, pathLength);
    }
}
