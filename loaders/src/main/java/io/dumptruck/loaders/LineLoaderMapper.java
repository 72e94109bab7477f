package io.dumptruck.loaders;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.LongWritable;

/**
 * The mapper of every line-oriented loader: decodes each line (or CSV record) as strict UTF-8 —
 * invalid bytes reject the line, a byte order mark that starts a file is dropped — and hands it to
 * the loader's parser. Lines come in
 * {@link LineBatch}es ({@link LineBatchInputFormat}, and the CSV and GeoJSON formats).
 */
public abstract class LineLoaderMapper<R> extends LoaderMapper<LongWritable, LineBatch, R> {
  private static final String BYTE_ORDER_MARK = "\uFEFF";
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

  /** The record of one line, a skip or a reject. */
  protected abstract Parsed<R> parse(String line);

  @Override
  protected final void map(LongWritable firstOffset, LineBatch batch, Context context) throws IOException, InterruptedException {
    byte[] bytes = batch.bytes();
    for (int i = 0; i < batch.records(); i++) {
      map(batch.offset(i), bytes, batch.start(i), batch.length(i), context);
    }
  }

  private void map(long offset, byte[] bytes, int start, int length, Context context) throws IOException, InterruptedException {
    String line = new String(bytes, start, length, StandardCharsets.UTF_8);
    try {
      // the JDK's decoder (fast for ASCII) replaces invalid bytes with U+FFFD: only a line holding
      // one (in a Latin-1 string it cannot) needs the strict decoder, to tell invalid bytes from a
      // U+FFFD written as such
      if (line.indexOf('\uFFFD') >= 0) {
        line = utf8.decode(ByteBuffer.wrap(bytes, start, length)).toString();
      }
    } catch (CharacterCodingException e) {
      rejectUnparsed(context, offset, CommonReject.INVALID_UTF8, "the line is not valid UTF-8",
          java.util.Arrays.copyOfRange(bytes, start, start + length));
      return;
    }
    if (offset == 0 && line.startsWith(BYTE_ORDER_MARK)) { // a UTF-8 file may start with one: not part of the first record
      line = line.substring(1);
    }
    setCurrent(line, offset);
    load(context, offset, line, parse(line));
  }
}
