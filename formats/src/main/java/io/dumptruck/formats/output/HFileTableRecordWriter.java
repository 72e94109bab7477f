package io.dumptruck.formats.output;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The thin MapReduce face of {@link FamilyFileWriter}: hands each cell of a {@link CellBatch} to the writer of its
 * table, family and region under {@code <work dir>/<table>/<family>/}. Cells must arrive in HBase's order
 * ({@code CellStreamReducer} sends the cells of many rows as one record, which spares Hadoop's per-record bookkeeping
 * for every cell). A task that takes several regions of a table ({@link RegionPartitioner#reducerOf}) ends its files of
 * the table at each split point and starts new ones, so every file lies within one region, named by the region's
 * partition. On failure every file of the task is deleted.
 */
final class HFileTableRecordWriter extends RecordWriter<NullWritable, CellBatch> {
    private final Configuration conf;
    private final FileSystem fs;
    private final Path workDir;
    private final List<TableSpec> tables;
    private final String fileToken;
    private final long rollBytes;
    private final int maxFiles;
    private final String taskId;
    private final IntFunction<InetSocketAddress[]> favoredNodes;
    /** Per table, the writers of its families for the region being written; null until the table's first row. */
    private final FamilyFileWriter[][] writers;
    /** Per table, the writers of the regions written before, finished. */
    private final List<List<FamilyFileWriter>> finished = new ArrayList<>();
    /** The partitions (regions) of every table's rows, and where this task's run of them ends (exclusive). */
    private final RegionPartitioner<?> partitioner;

    private final int endTaskPartition;
    /** Per table, the partition being written, and the split point that ends it (null: the task's last one). */
    private final int[] partition;

    private final byte[][] regionEnd;
    private final long[] tableRows;
    /** Rows written so far (of any table): changes with every row, so the family writers compare no row keys. */
    private long rowSerial;
    /** Walks the cells of each record written; reused. */
    private final CellBatch.Reader cells = new CellBatch.Reader();

    HFileTableRecordWriter(
            Configuration conf,
            Path workDir,
            List<TableSpec> tables,
            RegionPartitioner<?> partitioner,
            int endTaskPartition,
            String fileToken,
            long rollBytes,
            int maxFiles,
            String taskId,
            IntFunction<InetSocketAddress[]> favoredNodes)
            throws IOException {
        this.conf = conf;
        this.fs = workDir.getFileSystem(conf);
        this.workDir = workDir;
        this.tables = tables;
        this.fileToken = fileToken;
        this.rollBytes = rollBytes;
        this.maxFiles = maxFiles;
        this.taskId = taskId;
        this.favoredNodes = favoredNodes;
        this.partitioner = partitioner;
        this.endTaskPartition = endTaskPartition;
        int n = tables.size();
        this.writers = new FamilyFileWriter[n][];
        this.partition = new int[n];
        this.regionEnd = new byte[n][];
        this.tableRows = new long[n];
        for (int t = 0; t < n; t++) {
            finished.add(new ArrayList<>());
        }
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
            Cell cell = cells.cell();
            if (cells.startsRow()) {
                rowSerial++;
                tableRows[t]++;
                if (writers[t] == null || (regionEnd[t] != null && reaches(cell, regionEnd[t]))) {
                    startRegion(t, cell);
                }
            }
            writer(t, cells.family()).append(cell, rowSerial);
        }
    }

    private static boolean reaches(Cell cell, byte[] splitPoint) {
        return Bytes.compareTo(
                        cell.getRowArray(), cell.getRowOffset(), cell.getRowLength(), splitPoint, 0, splitPoint.length)
                >= 0;
    }

    /** Finishes the files of table {@code t}'s region before {@code row}'s, if any, and starts on {@code row}'s. */
    private void startRegion(int t, Cell row) throws IOException {
        finishRegion(t);
        writers[t] = new FamilyFileWriter[tables.get(t).families().size()];
        partition[t] = partitioner.partition(t, row.getRowArray(), row.getRowOffset(), row.getRowLength());
        regionEnd[t] = partition[t] + 1 < endTaskPartition ? partitioner.endOf(t, partition[t]) : null;
    }

    /** Finishes the files of table {@code t}'s region being written, if any. */
    private void finishRegion(int t) throws IOException {
        if (writers[t] != null) {
            for (FamilyFileWriter w : writers[t]) {
                if (w != null) {
                    w.finish();
                    finished.get(t).add(w);
                }
            }
            writers[t] = null;
        }
    }

    private FamilyFileWriter writer(int t, int f) {
        if (writers[t][f] == null) {
            TableSpec table = tables.get(t);
            FamilySpec family = table.families().get(f);
            Path dir = new Path(new Path(workDir, table.name()), family.name());
            String namePrefix = String.format("%06x", partition[t]) + fileToken;
            writers[t][f] = new FamilyFileWriter(
                            conf, fs, dir, table.name(), family, namePrefix, rollBytes, maxFiles, taskId)
                    .favoring(favoredNodes.apply(partition[t]));
        }
        return writers[t][f];
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException {
        try {
            for (int t = 0; t < tables.size(); t++) {
                finishRegion(t);
            }
        } catch (IOException | RuntimeException e) {
            abandon();
            throw e;
        }
        for (int t = 0; t < tables.size(); t++) {
            if (finished.get(t).isEmpty()) {
                continue;
            }
            long cells = 0;
            long bytes = 0;
            long files = 0;
            long versionsDropped = 0;
            long markersWritten = 0;
            for (FamilyFileWriter w : finished.get(t)) {
                versionsDropped += w.versionsDropped();
                markersWritten += w.markers();
                cells += w.cells();
                bytes += w.bytes();
                files += w.files().size();
            }
            new TableFigures(tableRows[t], cells, files, bytes, markersWritten)
                    .write(fs, new Path(new Path(workDir, tables.get(t).name()), TableFigures.SHARE_PREFIX + taskId));
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
        for (int t = 0; t < tables.size(); t++) {
            out.addAll(finished.get(t));
            if (writers[t] != null) {
                for (FamilyFileWriter w : writers[t]) {
                    if (w != null) {
                        out.add(w);
                    }
                }
            }
        }
        return out;
    }
}
