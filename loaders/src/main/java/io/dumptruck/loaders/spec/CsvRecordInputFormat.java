package io.dumptruck.loaders.spec;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
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
 * CSV records as (byte offset, raw record bytes), a record ending at a line break outside double
 * quotes — so a quoted field may hold line breaks (RFC 4180). Files are not split (a split point
 * could fall inside a quoted field); gzip/bzip2 files are decompressed by extension. The bytes are
 * passed on undecoded, so the loader can reject invalid UTF-8 per record. A record longer than
 * {@value #MAX_RECORD_BYTES} bytes (a stray quote swallowing the file) is cut at the next line break
 * and left for the parser to reject.
 */
public final class CsvRecordInputFormat extends FileInputFormat<LongWritable, Text> {
  static final int MAX_RECORD_BYTES = 1 << 20;

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }

  @Override
  public RecordReader<LongWritable, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new CsvRecordReader();
  }

  static final class CsvRecordReader extends RecordReader<LongWritable, Text> {
    private InputStream in;
    private long position;
    private long length;
    private final LongWritable key = new LongWritable();
    private final Text value = new Text();
    private final byte[] buffer = new byte[64 * 1024];
    private int bufferLength;
    private int bufferPos;
    private byte[] record = new byte[1024];

    @Override
    public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
      FileSplit split = (FileSplit) genericSplit;
      Configuration conf = context.getConfiguration();
      FSDataInputStream raw = split.getPath().getFileSystem(conf).open(split.getPath());
      CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(split.getPath());
      in = codec == null ? raw : codec.createInputStream(raw);
      length = split.getLength();
    }

    private int next() throws IOException {
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
      boolean quoted = false;
      int b;
      while ((b = next()) >= 0) {
        if (b == '"' && n < MAX_RECORD_BYTES) {
          quoted = !quoted;
        } else if (b == '\n' && (!quoted || n >= MAX_RECORD_BYTES)) {
          break;
        }
        if (n == record.length) {
          record = java.util.Arrays.copyOf(record, n * 2);
        }
        record[n++] = (byte) b;
      }
      if (b < 0 && n == 0) {
        return false;
      }
      if (n > 0 && record[n - 1] == '\r') {
        n--;
      }
      key.set(start);
      value.set(record, 0, n);
      return true;
    }

    @Override
    public LongWritable getCurrentKey() { return key; }

    @Override
    public Text getCurrentValue() { return value; }

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
