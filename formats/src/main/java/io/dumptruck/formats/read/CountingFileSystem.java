package io.dumptruck.formats.read;

import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A view of a file system that counts the bytes read through the streams it opens — sequential and positional reads
 * alike — so a reader can report exactly what a scan cost.
 */
final class CountingFileSystem extends FilterFileSystem {
    private final LongAdder bytesRead;

    CountingFileSystem(FileSystem fs, LongAdder bytesRead) {
        super(fs);
        this.bytesRead = bytesRead;
    }

    /** The same view over the file system's raw one when it is a ChecksumFileSystem, counting into the same total. */
    FileSystem withoutChecksums() {
        return fs instanceof ChecksumFileSystem c ? new CountingFileSystem(c.getRawFileSystem(), bytesRead) : this;
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        return new FSDataInputStream(new CountingStream(fs.open(f, bufferSize), bytesRead));
    }

    @Override
    public FSDataInputStream open(Path f) throws IOException {
        return open(f, getConf().getInt("io.file.buffer.size", 4096));
    }

    private static final class CountingStream extends FSInputStream {
        private final FSDataInputStream in;
        private final LongAdder bytes;

        CountingStream(FSDataInputStream in, LongAdder bytes) {
            this.in = in;
            this.bytes = bytes;
        }

        private int counted(int n) {
            if (n > 0) {
                bytes.add(n);
            }
            return n;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                bytes.increment();
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return counted(in.read(b, off, len));
        }

        @Override
        public int read(long position, byte[] buffer, int offset, int length) throws IOException {
            return counted(in.read(position, buffer, offset, length));
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
            in.readFully(position, buffer, offset, length);
            bytes.add(length);
        }

        @Override
        public void seek(long pos) throws IOException {
            in.seek(pos);
        }

        @Override
        public long getPos() throws IOException {
            return in.getPos();
        }

        @Override
        public boolean seekToNewSource(long targetPos) throws IOException {
            return in.seekToNewSource(targetPos);
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
