package io.dumptruck.formats.testing;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.text.ShellBytes;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Loads cells written out one per line, every field in HBase shell notation ({@code Bytes.toStringBinary}: {@code \xNN}
 * for bytes that are not printable ASCII):
 *
 * <pre>
 *   table TAB row TAB family:qualifier TAB timestamp TAB value
 * </pre>
 *
 * Blank lines and lines starting with {@code #} are skipped. A line that does not parse is counted as
 * {@link Counter#REJECTED_LINES}; the first {@value #LOGGED_REJECTS} of each task are logged with their position.
 */
public class CellTextMapper
        extends Mapper<LongWritable, Text, io.dumptruck.formats.shuffle.CellKey, io.dumptruck.formats.shuffle.CellRun> {
    /** What happened to the input lines. */
    public enum Counter {
        LINES_READ,
        CELLS_LOADED,
        REJECTED_LINES,
        SKIPPED_LINES
    }

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CellTextMapper.class);
    /** Rejected lines logged per task; all are counted. */
    private static final int LOGGED_REJECTS = 10;

    private CellSink sink;
    private final Map<String, FamilyRef> refs = new HashMap<>();

    @Override
    protected void setup(Context context) {
        sink = CellSink.buffered(context);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
        String s = line.toString();
        context.getCounter(Counter.LINES_READ).increment(1);
        if (s.isBlank() || s.startsWith("#")) {
            context.getCounter(Counter.SKIPPED_LINES).increment(1);
            return;
        }
        try {
            String[] f = s.split("\t", -1);
            if (f.length != 5) {
                throw new IllegalArgumentException("expected 5 tab-separated fields, found " + f.length);
            }
            int colon = f[2].indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("column '" + f[2] + "' is not family:qualifier");
            }
            String family = f[2].substring(0, colon);
            String table = f[0];
            FamilyRef ref = refs.get(table + '\0' + family);
            if (ref == null) {
                ref = sink.family(table, family);
                refs.put(table + '\0' + family, ref);
            }
            byte[] row = ShellBytes.parse(f[1]);
            byte[] qualifier = ShellBytes.parse(f[2].substring(colon + 1));
            sink.put(ref, row, qualifier, Long.parseLong(f[3]), ShellBytes.parse(f[4]));
            context.getCounter(Counter.CELLS_LOADED).increment(1);
        } catch (IllegalArgumentException e) {
            long rejected = context.getCounter(Counter.REJECTED_LINES).getValue() + 1;
            context.getCounter(Counter.REJECTED_LINES).increment(1);
            if (rejected <= LOGGED_REJECTS) {
                LOG.warn("rejected line at byte {} of {}: {}", offset.get(), context.getInputSplit(), e.getMessage());
            }
        }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        sink.close();
    }

    /** One line of this format. */
    public static String line(String table, byte[] row, String family, byte[] qualifier, long ts, byte[] value) {
        return table
                + '\t'
                + Bytes.toStringBinary(row)
                + '\t'
                + family
                + ':'
                + Bytes.toStringBinary(qualifier)
                + '\t'
                + ts
                + '\t'
                + Bytes.toStringBinary(value);
    }
}
