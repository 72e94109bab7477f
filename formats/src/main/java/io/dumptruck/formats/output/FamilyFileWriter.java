package io.dumptruck.formats.output;

import static org.apache.hadoop.hbase.regionserver.HStoreFile.BULKLOAD_TASK_KEY;
import static org.apache.hadoop.hbase.regionserver.HStoreFile.BULKLOAD_TIME_KEY;
import static org.apache.hadoop.hbase.regionserver.HStoreFile.EXCLUDE_FROM_MINOR_COMPACTION_KEY;
import static org.apache.hadoop.hbase.regionserver.HStoreFile.MAJOR_COMPACTION_KEY;

import io.dumptruck.formats.table.FamilySpec;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.fs.HFileSystem;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.regionserver.StoreUtils;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Writes the sorted cells of one family of one region as HBase HFiles (format version 3) in one directory, honouring
 * the family's block size, codec, data block encoding and bloom filter.
 *
 * <p>A column keeps only its {@code maxVersions} newest cells, as HBase would serve it; older ones are counted and
 * dropped. Delete markers are written as they come, never counted as versions.
 *
 * <p>Contract: {@link #append} REQUIRES each cell to sort strictly after the previous one in HBase's cell order: a
 * repeated key fails here, a decreasing one in HBase's writer (which compares every key anyway), both naming the keys.
 * A new file is started at a row boundary once the current one holds {@code rollBytes}, never more than
 * {@code maxFiles} files: the last one takes the rest. {@link #finish} seals the files with the metadata bulk load
 * expects; {@link #abandon} deletes everything written. Files are named {@code <prefix><seq as 4 hex digits>}; the
 * prefix must be lower-case hex (HBase only loads files whose names match {@code [0-9a-f]+}).
 */
public final class FamilyFileWriter implements Closeable {
    private static final byte PUT = KeyValue.Type.Put.getCode();
    private final Configuration conf;
    private final FileSystem fs;
    private final Path dir;
    private final FamilySpec family;
    private final byte[] familyName;
    private final String table;
    private final String namePrefix;
    private final long rollBytes;
    private final int maxFiles;
    private final String taskId;
    private InetSocketAddress[] favoredNodes;

    private final List<Path> files = new ArrayList<>();
    private StoreFileWriter current;
    private Cell last;
    private long cells;
    private long rows;
    private long versionsDropped;
    private long markers;
    /** The row count of the last cell appended with one ({@link #append(Cell, long)}). */
    private long lastRowSerial;

    private int versionsOfColumn;
    private long bytes;

    public FamilyFileWriter(
            Configuration conf,
            FileSystem fs,
            Path dir,
            String table,
            FamilySpec family,
            String namePrefix,
            long rollBytes,
            int maxFiles,
            String taskId) {
        if (!namePrefix.matches("[0-9a-f]*")) {
            throw new IllegalArgumentException("HFile name prefix must be lower-case hex, got " + namePrefix);
        }
        this.conf = conf;
        this.fs = fs;
        this.dir = dir;
        this.table = table;
        this.family = family;
        this.familyName = family.nameBytes();
        this.namePrefix = namePrefix;
        this.rollBytes = rollBytes;
        this.maxFiles = Math.max(1, maxFiles);
        this.taskId = taskId;
    }

    /**
     * Writes the files with {@code nodes} as HDFS favored nodes (the first replica of each block there when the node
     * has room); null, or a file system other than HDFS, leaves placement to it. HBase's writer only passes favored
     * nodes on when it is handed its own {@link HFileSystem} over HDFS (a region server's), not a plain one — which is
     * why HFileOutputFormat2's locality option places nothing; the writer is given that wrapper here.
     */
    public FamilyFileWriter favoring(InetSocketAddress[] nodes) {
        this.favoredNodes = nodes;
        return this;
    }

    private FileSystem fileSystemFor(InetSocketAddress[] nodes) {
        return nodes != null && fs instanceof DistributedFileSystem ? new HFileSystem(fs) : fs;
    }

    /** The family's name, as the cells appended must carry it. */
    public byte[] familyName() {
        return familyName;
    }

    /** Appends a cell, in HBase's order; it starts a row if its row is not the last cell's. */
    public void append(Cell cell) throws IOException {
        append(cell, last == null || !CellUtil.matchingRows(last, cell));
    }

    /**
     * Appends a cell whose caller counts rows: {@code rowSerial} changes whenever the cells reach another row (of any
     * family), so no row key is compared here.
     */
    public void append(Cell cell, long rowSerial) throws IOException {
        boolean newRow = last == null || rowSerial != lastRowSerial;
        lastRowSerial = rowSerial;
        append(cell, newRow);
    }

    private void append(Cell cell, boolean newRow) throws IOException {
        boolean marker = cell.getTypeByte() != PUT;
        if (!newRow && sameQualifier(last, cell)) {
            if (last.getTimestamp() == cell.getTimestamp() && last.getTypeByte() == cell.getTypeByte()) {
                throw new IllegalArgumentException("cells must arrive in strictly increasing order, but " + cell
                        + " came twice in " + table + ":" + family.name());
            }
        } else {
            versionsOfColumn = 0;
        }
        if (marker) {
            markers++; // never dropped, never a version: it masks what it masks once loaded
        } else if (++versionsOfColumn > family.maxVersions()) {
            versionsDropped++;
            return;
        }
        if (newRow) {
            rows++;
            if (current != null && current.getPos() >= rollBytes && files.size() < maxFiles) {
                seal(current);
                current = null;
            }
        }
        if (current == null) {
            current = open();
        }
        current.append(cell);
        last = cell;
        cells++;
    }

    /**
     * {@code CellUtil.matchingQualifier}, lengths first and then one vectorized comparison (the cells of a row mostly
     * differ in length or first byte).
     */
    private static boolean sameQualifier(Cell a, Cell b) {
        int length = a.getQualifierLength();
        if (length != b.getQualifierLength()) {
            return false;
        }
        int from = a.getQualifierOffset();
        int bFrom = b.getQualifierOffset();
        return Arrays.equals(a.getQualifierArray(), from, from + length, b.getQualifierArray(), bFrom, bFrom + length);
    }

    private StoreFileWriter open() throws IOException {
        HFileContext context = new HFileContextBuilder()
                .withCompression(family.compression())
                .withDataBlockEncoding(family.encoding())
                .withChecksumType(StoreUtils.getChecksumType(conf))
                .withBytesPerCheckSum(StoreUtils.getBytesPerChecksum(conf))
                .withBlockSize(family.blockSize())
                .withColumnFamily(familyName)
                .withTableName(Bytes.toBytes(table))
                .withIncludesTags(HFile.getFormatVersion(conf) >= HFile.MIN_FORMAT_VERSION_WITH_TAGS)
                .withCreateTime(System.currentTimeMillis())
                .build();
        Path path = new Path(dir, namePrefix + String.format("%04x", files.size()));
        files.add(path);
        return new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fileSystemFor(favoredNodes))
                .withFilePath(path)
                .withBloomType(family.bloom())
                .withMaxVersions(family.maxVersions())
                .withFileContext(context)
                .withFavoredNodes(favoredNodes)
                .build();
    }

    private void seal(StoreFileWriter w) throws IOException {
        w.appendFileInfo(BULKLOAD_TIME_KEY, Bytes.toBytes(System.currentTimeMillis()));
        w.appendFileInfo(BULKLOAD_TASK_KEY, Bytes.toBytes(taskId));
        w.appendFileInfo(MAJOR_COMPACTION_KEY, Bytes.toBytes(true));
        w.appendFileInfo(EXCLUDE_FROM_MINOR_COMPACTION_KEY, Bytes.toBytes(false));
        w.appendTrackedTimestampsToMetadata();
        w.close();
        bytes += fs.getFileStatus(w.getPath()).getLen();
    }

    /** Seals the last file. */
    public void finish() throws IOException {
        if (current != null) {
            StoreFileWriter w = current;
            current = null;
            seal(w);
        }
    }

    @Override
    public void close() throws IOException {
        finish();
    }

    /** Stops writing and deletes every file this writer made. */
    public void abandon() {
        if (current != null) {
            try {
                current.close();
            } catch (IOException | RuntimeException ignored) {
                // the file is deleted next
            }
            current = null;
        }
        for (Path p : files) {
            try {
                fs.delete(p, false);
            } catch (IOException ignored) {
                // the task attempt's directory is removed by the committer anyway
            }
        }
    }

    public long cells() {
        return cells;
    }

    /** Cells not written because their column already had the family's VERSIONS newer cells. */
    public long versionsDropped() {
        return versionsDropped;
    }

    /** Delete markers written (cells that are not Puts), counted in {@link #cells} too. */
    public long markers() {
        return markers;
    }

    public long rows() {
        return rows;
    }

    /** Bytes on disk of the sealed files. */
    public long bytes() {
        return bytes;
    }

    public List<Path> files() {
        return List.copyOf(files);
    }
}
