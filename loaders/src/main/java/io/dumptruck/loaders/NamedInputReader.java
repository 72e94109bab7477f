package io.dumptruck.loaders;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * A record reader whose every read error names its input file — a truncated gzip file (Hadoop: "Unexpected end of input
 * stream"), a damaged bzip2 block (an ArrayIndexOutOfBoundsException from the decoder), a Parquet footer that is not
 * there — so that the failed load's one line says which file to look at. Formats that know where they end get an
 * {@link EndCheck} too: the last split of a file checks that the file is whole before any record is read, where the
 * format's own reader would take a cut as its end. A file whose name says it is compressed and that decompresses to
 * nothing though it holds bytes (plain text named {@code .snappy}, say) fails too, where it would read as empty.
 */
public final class NamedInputReader<K, V> extends RecordReader<K, V> {
    /** Checks that {@code file}, {@code length} bytes long, ends as its format says a whole file ends. */
    public interface EndCheck {
        void check(Path file, long length, Configuration conf) throws IOException;
    }

    /** More compressed bytes than an empty input compresses to (a gzip header with a long file name included). */
    private static final long NOTHING_COMPRESSED = 1024;

    private final RecordReader<K, V> reader;
    private final EndCheck endCheck;
    private Path file;
    private long records;
    /** The length of a file whose name says it is compressed (it is read whole, as one split), else -1. */
    private long compressedLength = -1;

    public NamedInputReader(RecordReader<K, V> reader, EndCheck endCheck) {
        this.reader = reader;
        this.endCheck = endCheck;
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException, InterruptedException {
        if (split instanceof FileSplit f) {
            file = f.getPath();
            if (new CompressionCodecFactory(context.getConfiguration()).getCodec(file) != null) {
                compressedLength = file.getFileSystem(context.getConfiguration())
                        .getFileStatus(file)
                        .getLen();
            }
        }
        try {
            if (endCheck != null && split instanceof FileSplit f) {
                long length = file.getFileSystem(context.getConfiguration())
                        .getFileStatus(file)
                        .getLen();
                if (f.getStart() + f.getLength() >= length) {
                    endCheck.check(file, length, context.getConfiguration());
                }
            }
            reader.initialize(split, context);
        } catch (IOException | RuntimeException e) {
            throw unreadable(e);
        }
    }

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
        try {
            boolean more = reader.nextKeyValue();
            records += more ? 1 : 0;
            if (!more && records == 0 && compressedLength > NOTHING_COMPRESSED) {
                throw new IOException("input " + file + " holds " + compressedLength
                        + " bytes but decompressed to nothing: it is not " + "compressed as its name says ("
                        + file.getName().substring(file.getName().lastIndexOf('.')) + "), or it is damaged");
            }
            return more;
        } catch (IOException | RuntimeException e) {
            throw unreadable(e);
        } catch (
                OutOfMemoryError
                        e) { // a decoder that took garbage for a block length asked for gigabytes, and got nothing
            throw unreadable(new IOException(
                    "its decoder asked for more memory than the task has (" + e.getMessage()
                            + "): it is not in the format its name says, or it is damaged",
                    e));
        }
    }

    private IOException unreadable(Exception e) {
        String m = e.getMessage() == null || e.getMessage().isBlank()
                ? e.getClass().getSimpleName()
                : e instanceof RuntimeException ? e.getClass().getSimpleName() + ": " + e.getMessage() : e.getMessage();
        if (file == null || m.startsWith("input " + file)) {
            return e instanceof IOException io ? io : new IOException(m, e);
        }
        return new IOException(
                "input " + file + " cannot be read after " + records + " records, it is truncated or damaged: "
                        + m.lines().findFirst().orElse(""),
                e);
    }

    @Override
    public K getCurrentKey() throws IOException, InterruptedException {
        return reader.getCurrentKey();
    }

    @Override
    public V getCurrentValue() throws IOException, InterruptedException {
        return reader.getCurrentValue();
    }

    @Override
    public float getProgress() throws IOException, InterruptedException {
        return reader.getProgress();
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
