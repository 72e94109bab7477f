package io.dumptruck.loaders.generate;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Buffered line output for the generators. Text goes straight into one byte array: words are written as pre-encoded
 * UTF-8 {@code byte[]}s, numbers digit by digit, so writing a line makes no {@code String}. Lines end with
 * {@code '\n'}. I/O errors surface as {@link UncheckedIOException}. Not thread-safe.
 */
final class LineWriter implements Closeable {
    private static final int CAPACITY = 1 << 16;
    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

    private final OutputStream out;
    private final byte[] buffer = new byte[CAPACITY];
    private int size;
    private long lines;

    LineWriter(OutputStream out) {
        this.out = out;
    }

    /** Appends {@code text} as it is (already UTF-8). */
    LineWriter bytes(byte[] text) {
        if (text.length > CAPACITY - size) {
            drain();
            if (text.length > CAPACITY) {
                write(text, text.length);
                return this;
            }
        }
        System.arraycopy(text, 0, buffer, size, text.length);
        size += text.length;
        return this;
    }

    /** Appends one ASCII character. */
    LineWriter ascii(char c) {
        room(1);
        buffer[size++] = (byte) c;
        return this;
    }

    /** Appends {@code value} in decimal. */
    LineWriter number(long value) {
        if (value < 0) {
            if (value == Long.MIN_VALUE) {
                return bytes(Long.toString(value).getBytes(StandardCharsets.US_ASCII));
            }
            ascii('-');
            value = -value;
        }
        return padded(value, 1);
    }

    /** Appends a non-negative {@code value} in decimal, with leading zeros up to {@code width} digits. */
    LineWriter padded(long value, int width) {
        int digits = Math.max(width, digits(value));
        room(digits);
        int end = size + digits;
        for (int i = end - 1; i >= size; i--) {
            buffer[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        size = end;
        return this;
    }

    /** Appends {@code scaled / 10^places} with {@code places} decimals: (305, 1) → {@code 30.5}. */
    LineWriter decimal(long scaled, int places) {
        if (scaled < 0) {
            ascii('-');
            scaled = -scaled;
        }
        long unit = 1;
        for (int i = 0; i < places; i++) {
            unit *= 10;
        }
        padded(scaled / unit, 1);
        if (places > 0) {
            ascii('.');
            padded(scaled % unit, places);
        }
        return this;
    }

    /** Appends the low {@code digits} hex digits of {@code value}, lower case, leading zeros kept. */
    LineWriter hex(long value, int digits) {
        room(digits);
        for (int i = digits - 1; i >= 0; i--) {
            buffer[size++] = HEX[(int) (value >>> (4 * i)) & 0xf];
        }
        return this;
    }

    /** Ends the line. */
    void endLine() {
        room(1);
        buffer[size++] = '\n';
        lines++;
    }

    long lines() {
        return lines;
    }

    @Override
    public void close() throws IOException {
        try {
            drain();
        } finally {
            out.close();
        }
    }

    /** Number of decimal digits of a non-negative value. */
    static int digits(long value) {
        int n = 1;
        long bound = 10;
        while (n < 19 && value >= bound) {
            n++;
            bound *= 10;
        }
        return n;
    }

    private void room(int n) {
        if (size + n > CAPACITY) {
            drain();
        }
    }

    private void drain() {
        write(buffer, size);
        size = 0;
    }

    private void write(byte[] bytes, int length) {
        try {
            out.write(bytes, 0, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
