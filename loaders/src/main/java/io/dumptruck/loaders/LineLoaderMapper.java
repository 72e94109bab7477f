package io.dumptruck.loaders;

import io.dumptruck.formats.output.CellSink;
import io.dumptruck.formats.output.MapOutputSampler;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The mapper of every line-oriented loader: decodes each line as strict UTF-8, hands it to the
 * loader's parser and its record to the loader's schema, and sends whatever cannot be loaded to the
 * {@link RejectSink} with its source position and reason. Nothing a line contains can fail the task:
 * a parser rejects, and a schema that refuses a record (an {@code IllegalArgumentException}, e.g. a
 * key too long for HBase) rejects it too, with none of its cells written. Counts per {@link LoadCounter}.
 */
public abstract class LineLoaderMapper<R> extends Mapper<LongWritable, Text, CellKey, BytesWritable> {
  /** Reasons every line loader shares. */
  public enum CommonReject { INVALID_UTF8, SCHEMA }

  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
  private RejectSink rejects;
  private CellSink sink;
  private String source;
  private long loadTimestamp;
  private String line;
  private long offset;

  /** The record of one line, a skip or a reject. */
  protected abstract Parsed<R> parse(String line);

  /** Emits the cells of one record; an IllegalArgumentException rejects the record. */
  protected abstract void emit(R record, CellSink sink) throws IOException, InterruptedException;

  /** Resolves the loader's tables and families; called once per task. */
  protected abstract void setup(CellSink sink, Context context);

  /** The line being loaded (for schemas that key on the raw line). */
  protected final String line() {
    return line;
  }

  /** The byte offset of the line being loaded in its file. */
  protected final long offset() {
    return offset;
  }

  /** Where the line being loaded comes from: {@code file:byte offset}, as in the rejects. */
  protected final String position() {
    return source + ":" + offset;
  }

  /** The cell timestamp for records without a time of their own. */
  protected final long loadTimestamp() {
    return loadTimestamp;
  }

  @Override
  protected final void setup(Context context) {
    rejects = MapOutputSampler.isSampling(context.getConfiguration()) ? null : new RejectSink(context);
    sink = CellSink.of(context);
    source = context.getInputSplit() instanceof FileSplit f ? f.getPath().getName() : String.valueOf(context.getInputSplit());
    loadTimestamp = LoaderConf.loadTimestamp(context.getConfiguration());
    setup(sink, context);
  }

  @Override
  protected final void map(LongWritable offset, Text value, Context context) throws IOException, InterruptedException {
    String line;
    try {
      line = utf8.decode(ByteBuffer.wrap(value.getBytes(), 0, value.getLength())).toString();
    } catch (CharacterCodingException e) {
      context.getCounter(LoadCounter.RECORDS_READ).increment(1);
      reject(context, offset.get(), CommonReject.INVALID_UTF8, "the line is not valid UTF-8",
          new String(value.getBytes(), 0, value.getLength(), StandardCharsets.ISO_8859_1));
      return;
    }
    this.line = line;
    this.offset = offset.get();
    Parsed<R> parsed = parse(line);
    if (parsed.isSkip()) {
      context.getCounter(LoadCounter.LINES_SKIPPED).increment(1);
      return;
    }
    context.getCounter(LoadCounter.RECORDS_READ).increment(1);
    if (parsed.isReject()) {
      reject(context, offset.get(), parsed.reason(), parsed.detail(), line);
      return;
    }
    sink.begin();
    try {
      emit(parsed.record(), sink);
    } catch (IllegalArgumentException e) {
      sink.rollback();
      reject(context, offset.get(), CommonReject.SCHEMA, e.getMessage(), line);
      return;
    }
    sink.commit();
    context.getCounter(LoadCounter.RECORDS_LOADED).increment(1);
  }

  private void reject(Context context, long offset, Enum<?> reason, String detail, String raw)
      throws IOException, InterruptedException {
    context.getCounter(LoadCounter.RECORDS_REJECTED).increment(1);
    context.getCounter(LoadCounter.REASON_GROUP, reason.name()).increment(1);
    if (rejects != null) {
      rejects.reject(source + ":" + offset, reason, detail, raw);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    if (rejects != null) {
      rejects.close();
    }
  }
}
