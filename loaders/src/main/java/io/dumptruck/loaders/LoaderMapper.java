package io.dumptruck.loaders;

import io.dumptruck.formats.InjectedFaults;
import io.dumptruck.formats.internals.HadoopInternals;
import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.map.ExpiredCellException;
import io.dumptruck.formats.map.MapOutputSampler;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.loaders.ledger.BatchContent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The mapper of every loader: hands each parsed record to the loader's {@link RecordSchema} and sends whatever cannot
 * be loaded to the {@link RejectSink} with its source position and reason. Nothing a record contains can fail the task:
 * a parser rejects, and a schema that refuses a record (an {@code IllegalArgumentException}, e.g. a key too long for
 * HBase) rejects it too, with none of its cells written. Counts per {@link LoadCounter}. {@link LineLoaderMapper} reads
 * text lines for every line loader; other inputs (Avro, Parquet) call {@link #load} with their own records.
 */
public abstract class LoaderMapper<KIN, VIN, R> extends Mapper<KIN, VIN, CellKey, CellRun> implements RecordSource {
    /** Reasons every loader shares. */
    public enum CommonReject {
        INVALID_UTF8,
        SCHEMA,
        EXPIRED_BY_TTL
    }

    private RejectSink rejects;
    private CellSink sink;
    private RecordSchema<R> schema;
    private String source;
    private Path file;
    private long loadTimestamp;
    private String line;
    private long offset;
    /**
     * The counters of every record, looked up once rather than per record, and added to once per {@value #COUNT_EVERY}
     * records and at the end of the task: a Hadoop counter's increment takes a lock, two per line were 5% of an edge
     * load's map time.
     */
    private static final int COUNT_EVERY = 1024;

    private Counter recordsRead;
    private Counter recordsLoaded;
    private Counter contentHash1;
    private Counter contentHash2;
    private int uncountedRead;
    private int uncountedLoaded;
    /** The batch's content ({@link BatchContent}): every record read is added, published with the counts. */
    private final BatchContent.Sum content = new BatchContent.Sum();
    /** A content pass ({@link LoaderConf#CONTENT_ONLY}): records are parsed and added up, nothing else. */
    private boolean contentOnly;

    /** The schema records load through, made once per task from the job's configuration. */
    protected abstract RecordSchema<R> schema(Context context);

    /**
     * The file name of a split, as positions in the rejects use it ({@code name:offset}). A job with several input
     * formats (MultipleInputs: the geo loader with {@code --regions-file}) hands each mapper its split wrapped
     * ({@link HadoopInternals#unwrap}); any other split is named by its toString.
     */
    static String sourceName(InputSplit split) {
        Path file = sourceFile(split);
        return file != null ? file.getName() : String.valueOf(split);
    }

    private static Path sourceFile(InputSplit split) {
        return HadoopInternals.unwrap(split) instanceof FileSplit f ? f.getPath() : null;
    }

    /** Sets the record being parsed, so that parsers may ask {@link #offset()} (e.g. for a CSV header). */
    protected final void setCurrent(String raw, long offset) {
        this.line = raw;
        this.offset = offset;
    }

    @Override
    public final String line() {
        return line;
    }

    @Override
    public final long offset() {
        return offset;
    }

    @Override
    public final Path file() {
        return file;
    }

    @Override
    public final String position() {
        return source + ":" + offset;
    }

    @Override
    public final long loadTimestamp() {
        return loadTimestamp;
    }

    /**
     * Sets the task up, after raising the test-only faults of {@link InjectedFaults} (never while the split-point
     * sampler runs this mapper in the submitting process).
     */
    @Override
    protected final void setup(Context context) throws InterruptedException {
        boolean sampling = MapOutputSampler.isSampling(context.getConfiguration());
        contentOnly = context.getConfiguration().getBoolean(LoaderConf.CONTENT_ONLY.key(), false);
        if (!sampling) {
            InjectedFaults.atTaskSetup(context);
        }
        rejects = sampling || contentOnly ? null : new RejectSink(context);
        source = sourceName(context.getInputSplit());
        file = sourceFile(context.getInputSplit());
        loadTimestamp = LoaderConf.loadTimestamp(context.getConfiguration());
        recordsRead = context.getCounter(LoadCounter.RECORDS_READ);
        recordsLoaded = context.getCounter(LoadCounter.RECORDS_LOADED);
        contentHash1 = context.getCounter(BatchContent.Counter.CONTENT_HASH_1);
        contentHash2 = context.getCounter(BatchContent.Counter.CONTENT_HASH_2);
        schema = schema(context);
        if (!contentOnly) {
            sink = CellSink.buffered(context);
            schema.resolve(sink);
        }
    }

    /**
     * Loads one record that {@code raw} (its text, for the rejects) parsed to: counts it, sends a reject to the
     * rejects, or emits its cells — all or none of them.
     */
    protected final void load(Context context, long offset, String raw, Parsed<R> parsed)
            throws IOException, InterruptedException {
        this.line = raw;
        this.offset = offset;
        if (parsed.isSkip()) {
            context.getCounter(LoadCounter.LINES_SKIPPED).increment(1);
            return;
        }
        countRead();
        content.add(raw);
        if (contentOnly) {
            return;
        }
        if (parsed.isReject()) {
            reject(context, offset, parsed.reason(), parsed.detail(), raw);
            return;
        }
        sink.begin();
        try {
            schema.emit(parsed.record(), this, sink);
        } catch (IllegalArgumentException e) {
            sink.rollback();
            reject(
                    context,
                    offset,
                    e instanceof ExpiredCellException ? CommonReject.EXPIRED_BY_TTL : CommonReject.SCHEMA,
                    e.getMessage(),
                    raw);
            return;
        }
        sink.commit();
        uncountedLoaded++;
    }

    /**
     * Counts a record read; every {@value #COUNT_EVERY} records, also stops the task if its thread was interrupted (a
     * local job killed: the stop's clean-up waits for its threads to end, and a mapper reading a file would otherwise
     * run to the end of its split).
     */
    private void countRead() throws InterruptedException {
        if (++uncountedRead == COUNT_EVERY) {
            publishCounts();
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("the task was stopped");
            }
        }
    }

    private void publishCounts() {
        recordsRead.increment(uncountedRead);
        recordsLoaded.increment(uncountedLoaded);
        content.drain(contentHash1, contentHash2);
        uncountedRead = 0;
        uncountedLoaded = 0;
    }

    /** Counts a record that is rejected before it parses (e.g. invalid UTF-8) and sends it to the rejects. */
    protected final void rejectUnparsed(Context context, long offset, Enum<?> reason, String detail, byte[] raw)
            throws IOException, InterruptedException {
        countRead();
        content.add(raw, 0, raw.length);
        if (!contentOnly) {
            reject(context, offset, reason, detail, raw);
        }
    }

    private void reject(Context context, long offset, Enum<?> reason, String detail, String raw)
            throws IOException, InterruptedException {
        reject(context, offset, reason, detail, raw.getBytes(StandardCharsets.UTF_8));
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
        if (sink != null) {
            sink.close();
        }
        if (rejects != null) {
            rejects.close();
        }
    }
}
