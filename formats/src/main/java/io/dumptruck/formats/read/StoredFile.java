package io.dumptruck.formats.read;

import java.io.Closeable;
import java.io.DataInput;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.fs.HFileSystem;
import org.apache.hadoop.hbase.io.FSDataInputStreamWrapper;
import org.apache.hadoop.hbase.io.FileLink;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileInfo;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.io.hfile.ReaderContext;
import org.apache.hadoop.hbase.io.hfile.ReaderContextBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.TimeRangeTracker;
import org.apache.hadoop.hbase.util.BloomFilter;
import org.apache.hadoop.hbase.util.BloomFilterFactory;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One open HFile of a table: its {@link FileRange} (read from the trailer and index without touching data blocks) and
 * its general bloom filter, loaded on first use.
 */
public final class StoredFile implements Closeable {
    private final HFile.Reader reader;
    private final FileRange range;
    private final BloomType bloomType;
    private BloomFilter bloom;
    private boolean bloomLoaded;

    private final RowClip clip;

    private StoredFile(Path path, String family, long length, HFile.Reader reader, RowClip clip) {
        this.reader = reader;
        this.clip = clip;
        byte[] loaded = reader.getHFileInfo().get(HStoreFile.BULKLOAD_TIME_KEY);
        long[] times = timeRange(reader.getHFileInfo().get(HStoreFile.TIMERANGE_KEY));
        this.range = new FileRange(
                path,
                family,
                length,
                reader.getEntries(),
                reader.getFirstRowKey().orElse(null),
                reader.getLastRowKey().orElse(null),
                sequenceId(path, reader.getHFileInfo().get(HStoreFile.MAX_SEQ_ID_KEY), loaded),
                loaded == null || loaded.length != Bytes.SIZEOF_LONG ? 0 : Bytes.toLong(loaded),
                times[0],
                times[1],
                clip);
        byte[] type = reader.getHFileInfo().get(HStoreFile.BLOOM_FILTER_TYPE_KEY);
        this.bloomType = type == null ? BloomType.NONE : BloomType.valueOf(Bytes.toString(type));
    }

    /**
     * The sequence id a region server would give the file: a bulk-loaded file's from its name
     * ({@code <name>_SeqId_N_}), any other's from its {@code MAX_SEQ_ID_KEY}; 0 when it has neither.
     */
    private static long sequenceId(Path path, byte[] maxSeqId, byte[] bulkLoaded) {
        if (bulkLoaded != null) {
            Matcher m = BULK_LOADED_SEQ_ID.matcher(path.getName());
            return m.find() ? Long.parseLong(m.group(1)) : 0;
        }
        return maxSeqId != null && maxSeqId.length == Bytes.SIZEOF_LONG ? Bytes.toLong(maxSeqId) : 0;
    }

    private static final Pattern BULK_LOADED_SEQ_ID = Pattern.compile("_SeqId_(\\d{1,18})_");

    /**
     * The smallest and largest cell timestamp (both inclusive) as HBase's writer records them; all of time when absent
     * or unreadable.
     */
    private static long[] timeRange(byte[] info) {
        if (info != null) {
            try {
                TimeRangeTracker t = TimeRangeTracker.parseFrom(info);
                if (t.getMin() <= t.getMax()) {
                    return new long[] {t.getMin(), t.getMax()};
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable range only costs the pruning
            }
        }
        return new long[] {0, Long.MAX_VALUE};
    }

    /** Opens an HFile; a missing, truncated or corrupt file fails with an error naming it. */
    public static StoredFile open(Configuration conf, FileSystem fs, Path path, String family) throws IOException {
        return open(conf, fs, path, family, RowClip.NONE);
    }

    /**
     * Opens an HFile of which only the rows in {@code clip} are read (a reference file's half). A store file of an
     * HBase table that a compaction, split or merge has moved to the archive since it was listed — before it is opened
     * or while it is read — is read there ({@link HBaseTableFiles#link}); one that HBase's cleaner has deleted since
     * fails naming it.
     */
    public static StoredFile open(Configuration conf, FileSystem fs, Path path, String family, RowClip clip)
            throws IOException {
        HFile.Reader reader = null;
        try {
            FileLink link = HBaseTableFiles.link(path);
            FileStatus status = HBaseTableFiles.status(fs, link, path);
            Path where = status.getPath();
            long length = status.getLen();
            VerifiedStreams streams = new VerifiedStreams(fs, link, where);
            ReaderContext context = new ReaderContextBuilder()
                    .withFilePath(where)
                    .withInputStreamWrapper(streams)
                    .withFileSize(length)
                    .withFileSystem(streams.getHfs())
                    .withPrimaryReplicaReader(true)
                    .withReaderType(ReaderContext.ReaderType.PREAD)
                    .build();
            HFileInfo info = new HFileInfo(context, conf);
            reader = HFile.createReader(context, info, CacheConfig.DISABLED, conf);
            info.initMetaAndIndex(reader);
            return new StoredFile(path, family, length, reader, clip);
        } catch (IOException | RuntimeException e) {
            if (reader != null) {
                closeQuietly(reader, e);
            }
            throw new IOException("cannot read HFile " + path + ": " + rootMessage(e), e);
        }
    }

    /**
     * HBase's two streams of an HFile, set up so that every block is checked against HBase's own per-block checksum,
     * and a block that fails it is an error naming the file. HBase checks them only through a region server's file
     * system: for any other it trusts the file system's checksums, which a local file system does not have once its
     * {@code .crc} files are gone (common after a copy) and an object store never has, so damaged bytes would be
     * returned as data. On a failure HBase reads the block again through the file system's checksums: on HDFS a real
     * check that also finds a good replica, kept; elsewhere no check at all, refused.
     */
    private static final class VerifiedStreams extends FSDataInputStreamWrapper {
        private final Path path;
        private final boolean fileSystemVerifies;

        /** Streams over {@code link} (a store file's path and its archive twin), opened at {@code path}. */
        VerifiedStreams(FileSystem fs, FileLink link, Path path) throws IOException {
            super(new ChecksumReadingFs(fs), link, false, -1L);
            this.path = path;
            this.fileSystemVerifies = "hdfs".equals(fs.getUri().getScheme());
        }

        @Override
        public FSDataInputStream fallbackToFsChecksum(int offCount) throws IOException {
            if (!fileSystemVerifies) {
                throw new ChecksumException(
                        "a block fails its checksum, the file is damaged (a changed byte: disk error, "
                                + "bit rot or an overwrite); restore the file from a good copy",
                        0);
            }
            return super.fallbackToFsChecksum(offCount);
        }
    }

    /** {@code fs} for HBase's reader, with HBase's checksums on and the blocks read without the file system's own. */
    private static final class ChecksumReadingFs extends HFileSystem {
        private final FileSystem withoutChecksums;

        ChecksumReadingFs(FileSystem fs) {
            super(fs);
            this.withoutChecksums = fs instanceof ChecksumFileSystem c
                    ? c.getRawFileSystem()
                    : fs instanceof CountingFileSystem c ? c.withoutChecksums() : fs;
        }

        @Override
        public boolean useHBaseChecksum() {
            return true;
        }

        @Override
        public FileSystem getNoChecksumFs() {
            return withoutChecksums;
        }
    }

    private static void closeQuietly(HFile.Reader reader, Exception failure) {
        try {
            reader.close();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }

    public Path path() {
        return range.path();
    }

    public String family() {
        return range.family();
    }

    public FileRange range() {
        return range;
    }

    /** True when the file holds no cell (its range is then meaningless). */
    public boolean isEmpty() {
        return range.firstRow() == null;
    }

    public BloomType bloomType() {
        return bloomType;
    }

    public HFile.Reader reader() {
        return reader;
    }

    /**
     * False when the file's ROW bloom filter rules {@code row} out (read without any data block); true otherwise. Call
     * only for rows inside the file's range.
     */
    public boolean bloomMayContain(byte[] row) throws IOException {
        if (bloomType != BloomType.ROW) {
            return true;
        }
        if (!bloomLoaded) {
            DataInput meta = reader.getGeneralBloomFilterMetadata();
            bloom = meta == null ? null : BloomFilterFactory.createFromMeta(meta, reader);
            bloomLoaded = true;
        }
        return bloom == null || bloom.contains(row, 0, row.length, null);
    }

    /**
     * HBase's own scanner over the file: positional reads, no block cache (for whole-file walks outside the table
     * readers, and as an independent reader in tests).
     */
    public HFileScanner scanner(Configuration conf) {
        return reader.getScanner(conf, false, true);
    }

    /**
     * HBase's own scanner over the file's cells that are its region's (a reference file's half of its parent's file):
     * positional reads, no block cache, for whole-file walks outside the table readers ({@code inspect}).
     */
    public FileCursor regionCells(Configuration conf) {
        FileCursor cursor = new ScannerCursor(scanner(conf));
        return clip.isNone() ? cursor : new ClippedCursor(cursor, clip);
    }

    /**
     * A fresh cursor over the file, to be positioned at {@code startRow}, no block cache. {@code pread}: positional
     * reads through HBase's scanner, which share the file's stream with any other scanner (for gets, on a reader's
     * cache of open files). Otherwise seek and sequential reads on the file's one stream, far cheaper when reading
     * block after block (a positional read on a checksummed local file system opens the file and its checksum file
     * again for every block), with the blocks decoded by {@link BlockCursor} when it reads their layout (NONE,
     * FAST_DIFF), by HBase's scanner otherwise.
     *
     * <p>The reader is opened with {@link CacheConfig#DISABLED}, whose blocks come from the plain heap allocator, never
     * pooled nor reused: the cells a cursor hands out stay valid after it moves on or closes ({@link CellMergeScanner}
     * relies on this to hand them out uncopied).
     */
    FileCursor cursor(Configuration conf, boolean pread, byte[] startRow) {
        byte[] from = Bytes.compareTo(startRow, clip.start()) >= 0 ? startRow : clip.start();
        BlockCursor own = pread || (from.length > 0 && !BlockCursor.seeks()) ? null : BlockCursor.over(reader);
        FileCursor cursor = own != null ? own : new ScannerCursor(reader.getScanner(conf, false, pread));
        if (hasTags()) {
            cursor = new MobReferenceCheck(cursor, range.path());
        }
        return clip.isNone() ? cursor : new ClippedCursor(cursor, clip);
    }

    /**
     * Whether any cell of the file carries tags: the writer records the longest tags it wrote (absent before HFile v3).
     */
    private boolean hasTags() {
        byte[] max = reader.getHFileInfo().get(HFileInfo.MAX_TAGS_LEN);
        return max != null && max.length == Bytes.SIZEOF_INT && Bytes.toInt(max) > 0;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }

    /** Closes every file, carrying on past failures; the first failure is thrown with the rest suppressed. */
    static void closeAll(Iterable<StoredFile> files) throws IOException {
        IOException first = null;
        for (StoredFile f : files) {
            try {
                f.close();
            } catch (IOException | RuntimeException e) {
                if (first == null) {
                    first = new IOException("cannot close HFile " + f.path() + ": " + rootMessage(e), e);
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public String toString() {
        return range.path().toString();
    }
}
