package io.dumptruck.formats.reduce;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.text.ShellBytes;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;

/**
 * The rule for cells that share a whole key (table, row, family, qualifier, timestamp) in one load, and the list of
 * what it dropped. HBase keeps one value per key, so the load keeps one too:
 *
 * <ul>
 *   <li>copies of the kept value are exact duplicates (two identical input records, say), counted as
 *       {@link CellCounter#DUPLICATE_CELLS_DROPPED};
 *   <li>of different values the <b>greatest</b> in unsigned byte order (the order HBase sorts keys in) is kept — the
 *       same value whichever order the shuffle delivers them in and whichever loader wrote them — and every other one
 *       is counted as {@link CellCounter#CONFLICTING_CELLS_DROPPED} and listed in
 *       {@code <output>/_conflicts/cells-r-NNNNN}, one line per dropped value:
 *       <pre>table TAB row TAB family:qualifier TAB timestamp TAB kept value TAB dropped value TAB times</pre>
 *       row, qualifier and values in the HBase shell's notation ({@link ShellBytes}), so that every byte can be
 *       recovered.
 * </ul>
 *
 * Tables with a {@link CellFold} decide for themselves (a counter sums its values).
 */
public final class CellConflicts {
    /** Beside the tables in the output directory. */
    public static final String DIRECTORY = "_conflicts";
    /** Distinct dropped values listed per key; beyond them the values are only counted. */
    private static final int MAX_LISTED = 100;

    private final TaskInputOutputContext<?, ?, ?, ?> context;
    private final List<TableSpec> tables;
    private Writer list;

    private final BytesWritable kept = new BytesWritable();
    private long keptCopies;
    private long cells;
    /** Distinct values seen for the key (up to {@link #MAX_LISTED} + 1), with how often each came. */
    private final List<byte[]> seen = new ArrayList<>();

    private final List<long[]> seenTimes = new ArrayList<>();

    CellConflicts(TaskInputOutputContext<?, ?, ?, ?> context, List<TableSpec> tables) {
        this.context = context;
        this.tables = tables;
    }

    /** Starts a key with its first value. */
    void first(BytesWritable value) {
        kept.set(value);
        keptCopies = 1;
        cells = 1;
        seen.clear();
        seenTimes.clear();
        note(value);
    }

    /** Another value of the same key. */
    void another(BytesWritable value) {
        cells++;
        int c = Bytes.compareTo(value.getBytes(), 0, value.getLength(), kept.getBytes(), 0, kept.getLength());
        if (c > 0) {
            kept.set(value);
            keptCopies = 1;
        } else if (c == 0) {
            keptCopies++;
        }
        note(value);
    }

    private void note(BytesWritable value) {
        byte[] v = Arrays.copyOf(value.getBytes(), value.getLength());
        for (int i = 0; i < seen.size(); i++) {
            if (Arrays.equals(seen.get(i), v)) {
                seenTimes.get(i)[0]++;
                return;
            }
        }
        if (seen.size() <= MAX_LISTED) {
            seen.add(v);
            seenTimes.add(new long[] {1});
        }
    }

    /** The value to write for the key. */
    BytesWritable kept() {
        return kept;
    }

    /** Counts what the key dropped and lists the values that differ from the kept one. */
    void finish(CellKey key) throws IOException {
        if (keptCopies > 1) {
            context.getCounter(CellCounter.DUPLICATE_CELLS_DROPPED).increment(keptCopies - 1);
        }
        long conflicting = cells - keptCopies;
        if (conflicting == 0) {
            return;
        }
        context.getCounter(CellCounter.CONFLICTING_CELLS_DROPPED).increment(conflicting);
        if (list == null) {
            Path work = ((FileOutputCommitter) context.getOutputCommitter()).getWorkPath();
            Path file = new Path(
                    work,
                    DIRECTORY + "/cells-r-"
                            + String.format(
                                    "%05d",
                                    context.getTaskAttemptID().getTaskID().getId()));
            list = new OutputStreamWriter(
                    file.getFileSystem(context.getConfiguration()).create(file, false), StandardCharsets.UTF_8);
        }
        TableSpec table = tables.get(key.table());
        String where = table.name()
                + '\t'
                + ShellBytes.format(key.buffer(), key.rowOffset(), key.rowLength())
                + '\t'
                + table.families().get(key.family()).name()
                + ':'
                + ShellBytes.format(key.buffer(), key.qualifierOffset(), key.qualifierLength())
                + '\t'
                + key.timestamp()
                + '\t'
                + ShellBytes.format(kept.getBytes(), 0, kept.getLength())
                + '\t';
        for (int i = 0; i < seen.size(); i++) {
            byte[] v = seen.get(i);
            if (!Arrays.equals(v, 0, v.length, kept.getBytes(), 0, kept.getLength())) {
                list.write(where + ShellBytes.format(v) + '\t' + seenTimes.get(i)[0] + '\n');
            }
        }
    }

    void close() throws IOException {
        if (list != null) {
            list.close();
        }
    }
}
