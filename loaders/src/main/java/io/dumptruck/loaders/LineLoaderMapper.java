package io.dumptruck.loaders;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * The mapper of every line-oriented loader: decodes each line (or CSV record) as strict UTF-8 —
 * invalid bytes reject the line — and hands it to the loader's parser.
 */
public abstract class LineLoaderMapper<R> extends LoaderMapper<LongWritable, Text, R> {
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

  /** The record of one line, a skip or a reject. */
  protected abstract Parsed<R> parse(String line);

  @Override
  protected final void map(LongWritable offset, Text value, Context context) throws IOException, InterruptedException {
    String line = new String(value.getBytes(), 0, value.getLength(), StandardCharsets.UTF_8);
    try {
      // the JDK's decoder (fast for ASCII) replaces invalid bytes with U+FFFD: only a line holding
      // one (in a Latin-1 string it cannot) needs the strict decoder, to tell invalid bytes from a
      // U+FFFD written as such
      if (line.indexOf('\uFFFD') >= 0) {
        line = utf8.decode(ByteBuffer.wrap(value.getBytes(), 0, value.getLength())).toString();
      }
    } catch (CharacterCodingException e) {
      rejectUnparsed(context, offset.get(), CommonReject.INVALID_UTF8, "the line is not valid UTF-8",
          new String(value.getBytes(), 0, value.getLength(), StandardCharsets.ISO_8859_1));
      return;
    }
    setCurrent(line, offset.get());
    load(context, offset.get(), line, parse(line));
  }
}
