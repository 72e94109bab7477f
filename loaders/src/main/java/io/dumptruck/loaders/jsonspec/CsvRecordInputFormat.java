package io.dumptruck.loaders.jsonspec;

import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.LineBatch;
import io.dumptruck.loaders.LineBatchReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * CSV records as (byte offset, raw record bytes) in {@link LineBatch}es, a record ending at a line break outside a
 * quoted field — so a quoted field may hold line breaks (RFC 4180). Quotes are read by {@link CsvParser}'s rules with
 * the load's delimiter ({@link #setDelimiter}): a quote opens a quoted field only at the start of a field, {@code ""}
 * inside one stands for a quote, and a closing quote is followed by the delimiter or the end of the record. A record
 * that breaks these rules is rejected by the parser, and here it costs that record only, never the records after it:
 *
 * <ul>
 *   <li>any other quote (a stray quote in {@code ab"c}, a quote after a closing one) opens nothing: the record ends
 *       with its line;
 *   <li>a record that ran on over line breaks inside a quoted field and then proves broken — text after the closing
 *       quote, the end of the file inside the quotes, or more than {@value #MAX_RECORD_BYTES} bytes (a quote never
 *       closed) — ends at its first line break, and the lines after it are read again as records of their own.
 * </ul>
 *
 * Files are not split (a split point could fall inside a quoted field); gzip/bzip2 files are decompressed by extension.
 * The bytes are passed on undecoded, so the loader can reject invalid UTF-8 per record.
 */
public final class CsvRecordInputFormat extends FileInputFormat<LongWritable, LineBatch> {
    /** The files of the input paths, by {@link InputFiles}' rule. */
    @Override
    protected List<FileStatus> listStatus(JobContext job) throws IOException {
        return InputFiles.listStatus(job);
    }

    static final int MAX_RECORD_BYTES = 1 << 20;
    /** The field delimiter, one character (default {@code ,}); set by the spec loader from the spec. */
    public static final String DELIMITER = SpecConf.CSV_DELIMITER.key();

    public static void setDelimiter(Configuration conf, char delimiter) {
        conf.set(DELIMITER, String.valueOf(delimiter));
    }

    @Override
    protected boolean isSplitable(JobContext context, Path file) {
        return false;
    }

    @Override
    public RecordReader<LongWritable, LineBatch> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new LineBatchReader(new CsvRecordReader());
    }

    static final class CsvRecordReader extends RecordReader<LongWritable, Text> {
        // where the scan of a record stands, by CsvParser's grammar
        private static final int FIELD_START = 0;
        private static final int UNQUOTED = 1;
        private static final int QUOTED = 2;
        private static final int AFTER_QUOTE = 3;
        private static final int AFTER_QUOTE_CR = 4;
        /** The parser will reject the record: it ends with its line, quotes no longer count. */
        private static final int BROKEN = 5;

        private InputStream in;
        private int delimiter = ',';
        private long position;
        private long length;
        private final LongWritable key = new LongWritable();
        private final Text value = new Text();
        private final byte[] buffer = new byte[64 * 1024];
        private int bufferLength;
        private int bufferPos;
        private byte[] record = new byte[1024];
        /** Bytes read again before the stream: the lines after the cut of a broken record. */
        private byte[] pending = new byte[0];

        private int pendingPos;

        @Override
        public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
            FileSplit split = (FileSplit) genericSplit;
            Configuration conf = context.getConfiguration();
            FSDataInputStream raw = split.getPath().getFileSystem(conf).open(split.getPath());
            CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(split.getPath());
            in = codec == null ? raw : codec.createInputStream(raw);
            length = split.getLength();
            SpecConf.CSV_DELIMITER.requireValid(conf); // one character
            delimiter = SpecConf.CSV_DELIMITER.get(conf).charAt(0);
        }

        private int next() throws IOException {
            if (pendingPos < pending.length) {
                position++;
                return pending[pendingPos++] & 0xFF;
            }
            if (bufferPos == bufferLength) {
                bufferLength = in.read(buffer);
                bufferPos = 0;
                if (bufferLength <= 0) {
                    bufferLength = 0;
                    return -1;
                }
            }
            position++;
            return buffer[bufferPos++] & 0xFF;
        }

        @Override
        public boolean nextKeyValue() throws IOException {
            long start = position;
            int n = 0;
            int firstBreak = -1; // where the first line break inside a quoted field is, if any
            int state = FIELD_START;
            boolean endOfLine = false;
            int b;
            while ((b = next()) >= 0) {
                if (b == '\n' && state != QUOTED) {
                    endOfLine = true;
                    break;
                }
                if (n == record.length) {
                    record = Arrays.copyOf(record, n * 2);
                }
                record[n++] = (byte) b;
                switch (state) {
                    case FIELD_START -> state = b == '"' ? QUOTED : b == delimiter ? FIELD_START : UNQUOTED;
                    case UNQUOTED -> state = b == delimiter ? FIELD_START : b == '"' ? BROKEN : UNQUOTED;
                    case QUOTED -> {
                        if (b == '"') {
                            state = AFTER_QUOTE;
                        } else {
                            if (b == '\n' && firstBreak < 0) {
                                firstBreak = n - 1;
                            }
                            if (n > MAX_RECORD_BYTES) {
                                state = BROKEN;
                            }
                        }
                    }
                    case AFTER_QUOTE ->
                        state = b == '"' ? QUOTED : b == delimiter ? FIELD_START : b == '\r' ? AFTER_QUOTE_CR : BROKEN;
                    case AFTER_QUOTE_CR -> state = BROKEN; // a \r not followed by the \n that ends the record
                    default -> {} // BROKEN: on to the end of the line
                }
            }
            if (b < 0 && n == 0) {
                return false;
            }
            if (state == QUOTED) {
                state = BROKEN; // the file ended inside a quoted field
            }
            if (state == BROKEN && firstBreak >= 0) {
                byte[] rest = Arrays.copyOfRange(record, firstBreak + 1, n + (endOfLine ? 1 : 0));
                if (endOfLine) {
                    rest[rest.length - 1] = '\n';
                }
                readAgain(rest);
                n = firstBreak;
            }
            if (n > 0 && record[n - 1] == '\r') {
                n--;
            }
            key.set(start);
            value.set(record, 0, n);
            return true;
        }

        /** Puts {@code bytes} back before whatever is still unread. */
        private void readAgain(byte[] bytes) {
            byte[] unread = Arrays.copyOfRange(pending, pendingPos, pending.length);
            pending = Arrays.copyOf(bytes, bytes.length + unread.length);
            System.arraycopy(unread, 0, pending, bytes.length, unread.length);
            pendingPos = 0;
            position -= bytes.length;
        }

        @Override
        public LongWritable getCurrentKey() {
            return key;
        }

        @Override
        public Text getCurrentValue() {
            return value;
        }

        @Override
        public float getProgress() {
            return length == 0 ? 1f : Math.min(1f, position / (float) length);
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
            }
        }
    }
}
