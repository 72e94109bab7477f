package io.dumptruck.loaders;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * The one mapper of every line-oriented loader: decodes each line (or CSV record, or GeoJSON feature) as strict UTF-8 —
 * invalid bytes reject the line, a byte order mark that starts a file is dropped — then runs the data set's parser,
 * then its schema ({@link LineDataset}). Lines come in {@link LineBatch}es ({@link LineBatchInputFormat}, and the CSV
 * and GeoJSON formats). The data set is the one {@link #use} names in the job's configuration; a job with a second kind
 * of input (MultipleInputs names a mapper class per input) subclasses this mapper with that input's data set.
 */
public class LineLoaderMapper<R> extends LoaderMapper<LongWritable, LineBatch, R> {
    private static final String BYTE_ORDER_MARK = "\uFEFF";
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private LineDataset<R> dataset;
    private LineDataset.LineParser<R> parser;

    /** The mapper of the data set {@link #use} names in the job's configuration. */
    public LineLoaderMapper() {}

    /** A mapper of {@code dataset} whatever the configuration names (a job's second kind of input). */
    protected LineLoaderMapper(LineDataset<R> dataset) {
        this.dataset = dataset;
    }

    /** Sets {@code job} to load its input lines through {@code dataset}'s parser and schema. */
    public static void use(Job job, Class<? extends LineDataset<?>> dataset) {
        job.setMapperClass(LineLoaderMapper.class);
        job.getConfiguration().setClass(LoaderConf.DATASET.key(), dataset, LineDataset.class);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected final RecordSchema<R> schema(Context context) {
        Configuration conf = context.getConfiguration();
        if (dataset == null) {
            Class<?> named = conf.getClass(LoaderConf.DATASET.key(), null);
            if (named == null) {
                throw new IllegalStateException(LoaderConf.DATASET.key()
                        + " is not set: configure the job with LineLoaderMapper.use(job, dataset)");
            }
            dataset = (LineDataset<R>) ReflectionUtils.newInstance(named, conf);
        }
        parser = dataset.parser(conf, this);
        return dataset.schema(conf);
    }

    @Override
    protected final void map(LongWritable firstOffset, LineBatch batch, Context context)
            throws IOException, InterruptedException {
        byte[] bytes = batch.bytes();
        for (int i = 0; i < batch.records(); i++) {
            map(batch.offset(i), bytes, batch.start(i), batch.length(i), context);
        }
    }

    private void map(long offset, byte[] bytes, int start, int length, Context context)
            throws IOException, InterruptedException {
        String line = new String(bytes, start, length, StandardCharsets.UTF_8);
        try {
            // the JDK's decoder (fast for ASCII) replaces invalid bytes with U+FFFD: only a line holding
            // one (in a Latin-1 string it cannot) needs the strict decoder, to tell invalid bytes from a
            // U+FFFD written as such
            if (line.indexOf('\uFFFD') >= 0) {
                line = utf8.decode(ByteBuffer.wrap(bytes, start, length)).toString();
            }
        } catch (CharacterCodingException e) {
            rejectUnparsed(
                    context,
                    offset,
                    CommonReject.INVALID_UTF8,
                    "the line is not valid UTF-8",
                    Arrays.copyOfRange(bytes, start, start + length));
            return;
        }
        if (offset == 0
                && line.startsWith(BYTE_ORDER_MARK)) { // a UTF-8 file may start with one: not part of the first record
            line = line.substring(1);
        }
        setCurrent(line, offset);
        load(context, offset, line, parser.parse(line));
    }
}
