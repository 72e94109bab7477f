package io.dumptruck.loaders;

import io.dumptruck.formats.InjectedFaults;
import io.dumptruck.formats.output.CellSink;
import io.dumptruck.formats.output.ExpiredCellException;
import io.dumptruck.formats.output.MapOutputSampler;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import java.io.IOException;
import java.lang.reflect.Method;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The mapper of every loader: hands each parsed record to the loader's schema and sends whatever
 * cannot be loaded to the {@link RejectSink} with its source position and reason. Nothing a record
 * contains can fail the task: a parser rejects, and a schema that refuses a record (an
 * {@code IllegalArgumentException}, e.g. a key too long for HBase) rejects it too, with none of its
 * cells written. Counts per {@link LoadCounter}. {@link LineLoaderMapper} reads text lines; other
 * inputs (Avro, Parquet) call {@link #load} with their own records.
 */
public abstract class LoaderMapper<KIN, VIN, R> extends Mapper<KIN, VIN, CellKey, CellRun> {
  /** Reasons every loader shares. */
  public enum CommonReject { INVALID_UTF8, SCHEMA, EXPIRED_BY_TTL }

  private RejectSink rejects;
  private CellSink sink;
  private String source;
  private long loadTimestamp;
  private String line;
  private long offset;
  /**
   * The counters of every record, looked up once rather than per record, and added to once per
   * {@value #COUNT_EVERY} records and at the end of the task: a Hadoop counter's increment takes a
   * lock, two per line were 5% of an edge load's map time.
   */
  private static final int COUNT_EVERY = 1024;
  private Counter recordsRead;
  private Counter recordsLoaded;
  private int uncountedRead;
  private int uncountedLoaded;

  /** Emits the cells of one record; an IllegalArgumentException rejects the record. */
  protected abstract void emit(R record, CellSink sink) throws IOException, InterruptedException;

  /** Resolves the loader's tables and families; called once per task. */
  protected abstract void setup(CellSink sink, Context context);

  /**
   * The file name of a split, as positions in the rejects use it ({@code name:offset}). A job with
   * several input formats (MultipleInputs: the geo loader with {@code --regions-file}) hands each
   * mapper its split wrapped in Hadoop's package-private {@code TaggedInputSplit}, whose public
   * {@code getInputSplit()} is called here by reflection; any other split is named by its toString.
   */
  static String sourceName(InputSplit split) {
    if (split instanceof FileSplit f) {
      return f.getPath().getName();
    }
    try {
      Method inner = split.getClass().getMethod("getInputSplit");
      inner.setAccessible(true);
      if (inner.invoke(split) instanceof InputSplit wrapped && wrapped != split) {
        return sourceName(wrapped);
      }
    } catch (ReflectiveOperationException | RuntimeException notWrapped) {
      // not a wrapper: named by its toString below
    }
    return String.valueOf(split);
  }

  /** Sets the record being parsed, so that parsers may ask {@link #offset()} (e.g. for a CSV header). */
  protected final void setCurrent(String raw, long offset) {
    this.line = raw;
    this.offset = offset;
  }

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

  /**
   * Sets the task up, after raising the test-only faults of {@link InjectedFaults} (never while the
   * split-point sampler runs this mapper in the submitting process).
   */
  @Override
  protected final void setup(Context context) throws InterruptedException {
    boolean sampling = MapOutputSampler.isSampling(context.getConfiguration());
    if (!sampling) {
      InjectedFaults.atTaskSetup(context);
    }
    rejects = sampling ? null : new RejectSink(context);
    sink = CellSink.buffered(context);
    source = sourceName(context.getInputSplit());
    loadTimestamp = LoaderConf.loadTimestamp(context.getConfiguration());
    recordsRead = context.getCounter(LoadCounter.RECORDS_READ);
    recordsLoaded = context.getCounter(LoadCounter.RECORDS_LOADED);
    setup(sink, context);
  }

  /**
   * Loads one record that {@code raw} (its text, for the rejects) parsed to: counts it, sends a reject
   * to the rejects, or emits its cells — all or none of them.
   */
  protected final void load(Context context, long offset, String raw, Parsed<R> parsed) throws IOException, InterruptedException {
    this.line = raw;
    this.offset = offset;
    if (parsed.isSkip()) {
      context.getCounter(LoadCounter.LINES_SKIPPED).increment(1);
      return;
    }
    countRead();
    if (parsed.isReject()) {
      reject(context, offset, parsed.reason(), parsed.detail(), raw);
      return;
    }
    sink.begin();
    try {
      emit(parsed.record(), sink);
    } catch (IllegalArgumentException e) {
      sink.rollback();
      reject(context, offset, e instanceof ExpiredCellException ? CommonReject.EXPIRED_BY_TTL : CommonReject.SCHEMA, e.getMessage(), raw);
      return;
    }
    sink.commit();
    uncountedLoaded++;
  }

  private void countRead() {
    if (++uncountedRead == COUNT_EVERY) {
      publishCounts();
    }
  }

  private void publishCounts() {
    recordsRead.increment(uncountedRead);
    recordsLoaded.increment(uncountedLoaded);
    uncountedRead = 0;
    uncountedLoaded = 0;
  }

  /** Counts a record that is rejected before it parses (e.g. invalid UTF-8) and sends it to the rejects. */
  protected final void rejectUnparsed(Context context, long offset, Enum<?> reason, String detail, byte[] raw)
      throws IOException, InterruptedException {
    countRead();
    reject(context, offset, reason, detail, raw);
  }

  private void reject(Context context, long offset, Enum<?> reason, String detail, String raw)
      throws IOException, InterruptedException {
    reject(context, offset, reason, detail, raw.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private void reject(Context context, long offset, Enum<?> reason, String detail, byte[] raw)
      throws IOException, InterruptedException {
    context.getCounter(LoadCounter.RECORDS_REJECTED).increment(1);
    context.getCounter(LoadCounter.REASON_GROUP, reason.name()).increment(1);
    if (rejects != null) {
      rejects.reject(source + ":" + offset, reason, detail, raw);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    publishCounts();
    sink.close();
    if (rejects != null) {
      rejects.close();
    }
  }
}
