package io.dumptruck.formats.output;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The thin MapReduce face of {@link FamilyFileWriter}: hands each cell of a {@link CellBatch} to the writer of its
 * table and family under {@code <work dir>/<table>/<family>/}. Cells must arrive in HBase's order
 * ({@code CellStreamReducer} sends the cells of many rows as one record, which spares Hadoop's per-record bookkeeping
 * for every cell). On failure every file of the task is deleted.
 */
final class HFileTableRecordWriter extends RecordWriter<NullWritable, CellBatch> {
    private final Configuration conf;
    private final FileSystem fs;
    private final Path workDir;
    private final List<TableSpec> tables;
    private final String namePrefix;
    private final long rollBytes;
    private final int maxFiles;
    private final String taskId;
    private final InetSocketAddress[] favoredNodes;
    private final FamilyFileWriter[][] writers;
    private final long[] tableRows;
    /** Rows written so far (of any table): changes with every row, so the family writers compare no row keys. */
    private long rowSerial;
    /** Walks the cells of each record written; reused. */
    private final CellBatch.Reader cells = new CellBatch.Reader();

    HFileTableRecordWriter(
            Configuration conf,
            Path workDir,
            List<TableSpec> tables,
            String namePrefix,
            long rollBytes,
            int maxFiles,
            String taskId,
            InetSocketAddress[] favoredNodes)
            throws IOException {
        this.conf = conf;
        this.fs = workDir.getFileSystem(conf);
        this.workDir = workDir;
        this.tables = tables;
        this.namePrefix = namePrefix;
        this.rollBytes = rollBytes;
        this.maxFiles = maxFiles;
        this.taskId = taskId;
        this.favoredNodes = favoredNodes;
        this.writers = new FamilyFileWriter[tables.size()][];
        this.tableRows = new long[tables.size()];
    }

    /**
     * Row changes are known without comparing keys: the batch marks the cells that start a row. A task thread that was
     * interrupted (a local job killed: the stop's clean-up waits for its threads to end) stops here, writing no more.
     */
    @Override
    public void write(NullWritable ignored, CellBatch batch) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("the task was stopped");
        }
        cells.reset(batch);
        while (cells.next()) {
            int t = cells.table();
            if (cells.startsRow()) {
                rowSerial++;
                tableRows[t]++;
            }
            writer(t, cells.family()).append(cells.cell(), rowSerial);
        }
    }

    private FamilyFileWriter writer(int t, int f) {
        if (writers[t] == null) {
            writers[t] = new FamilyFileWriter[tables.get(t).families().size()];
        }
        if (writers[t][f] == null) {
            TableSpec table = tables.get(t);
            FamilySpec family = table.families().get(f);
            Path dir = new Path(new Path(workDir, table.name()), family.name());
            writers[t][f] = new FamilyFileWriter(
                            conf, fs, dir, table.name(), family, namePrefix, rollBytes, maxFiles, taskId)
                    .favoring(favoredNodes);
        }
        return writers[t][f];
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException {
        try {
            for (FamilyFileWriter w : all()) {
                w.finish();
            }
        } catch (IOException | RuntimeException e) {
            abandon();
            throw e;
        }
        for (int t = 0; t < tables.size(); t++) {
            if (writers[t] == null) {
                continue;
            }
            String name = tables.get(t).name();
            long cells = 0;
            long bytes = 0;
            long files = 0;
            long versionsDropped = 0;
            long markersWritten = 0;
            for (FamilyFileWriter w : writers[t]) {
                if (w != null) {
                    versionsDropped += w.versionsDropped();
                    markersWritten += w.markers();
                    cells += w.cells();
                    bytes += w.bytes();
                    files += w.files().size();
                }
            }
            new TableFigures(tableRows[t], cells, files, bytes, markersWritten)
                    .write(fs, new Path(new Path(workDir, name), TableFigures.SHARE_PREFIX + taskId));
            context.getCounter(CellCounter.ROWS_WRITTEN).increment(tableRows[t]);
            context.getCounter(CellCounter.CELLS_WRITTEN).increment(cells);
            context.getCounter(CellCounter.HFILE_BYTES_WRITTEN).increment(bytes);
            context.getCounter(CellCounter.HFILES_WRITTEN).increment(files);
            context.getCounter(CellCounter.OLD_VERSIONS_DROPPED).increment(versionsDropped);
            context.getCounter(CellCounter.DELETE_MARKERS_WRITTEN).increment(markersWritten);
        }
    }

    /** Deletes every file written by this task. */
    void abandon() {
        all().forEach(FamilyFileWriter::abandon);
    }

    private List<FamilyFileWriter> all() {
        List<FamilyFileWriter> out = new ArrayList<>();
        for (FamilyFileWriter[] ws : writers) {
            if (ws != null) {
                for (FamilyFileWriter w : ws) {
                    if (w != null) {
                        out.add(w);
                    }
                }
            }
        }
        return out;
    }
}
