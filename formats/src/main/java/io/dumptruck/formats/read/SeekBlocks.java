package io.dumptruck.formats.read;

import java.io.IOException;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.BlockType;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlock;

/**
 * The block reader a {@link BlockCursor}'s seeks by the block index read through. HBase's index seek walks down from
 * the root index (held in memory) on every call and reads the index blocks below it through the reader it is given;
 * HBase's own reader, opened without a block cache as dumptruck opens it, reads and unpacks the same leaf block again
 * for every seek (on a 2-level index of a 48 MB file, a 115 KB block: more than the data block it leads to). Here the
 * index block each level below the root read last is kept (seeks forward use one leaf block after another), and the
 * cursor's current data block is handed back, not read again, when the index names it.
 *
 * <p>Blocks are reference counted: a kept block holds one reference of its own and is handed out retained, for the
 * caller to release, as HBase's reader hands out blocks.
 */
final class SeekBlocks implements HFile.CachingBlockReader, AutoCloseable {
    private final HFile.Reader reader;
    /** Per index level below the root, from the top, the block read there last and its offset. */
    private final HFileBlock[] kept;

    private final long[] keptOffsets;
    /** The level of the next index block a seek reads: seeks read one block per level, from the top. */
    private int level;

    private HFileBlock current;
    private long currentOffset = -1;

    SeekBlocks(HFile.Reader reader) {
        this.reader = reader;
        int levels = Math.max(1, reader.getTrailer().getNumDataIndexLevels() - 1);
        this.kept = new HFileBlock[levels];
        this.keptOffsets = new long[levels];
    }

    /** Called before each seek by the index: its index blocks are read from the top level down. */
    void startSeek() {
        level = 0;
    }

    /** Makes {@code block}, at {@code offset}, the cursor's current data block (this takes the caller's reference). */
    void current(HFileBlock block, long offset) {
        if (current != null) {
            current.release();
        }
        current = block;
        currentOffset = offset;
    }

    @Override
    public HFileBlock readBlock(
            long offset,
            long onDiskBlockSize,
            boolean cacheBlock,
            boolean pread,
            boolean isCompaction,
            boolean updateCacheMetrics,
            BlockType expectedBlockType,
            DataBlockEncoding expectedDataBlockEncoding)
            throws IOException {
        if (current != null && offset == currentOffset) {
            return current.retain();
        }
        boolean index = expectedBlockType != null && expectedBlockType.getCategory() == BlockType.BlockCategory.INDEX;
        int at = Math.min(level, kept.length - 1);
        if (index) {
            level++;
            if (kept[at] != null && keptOffsets[at] == offset) {
                return kept[at].retain();
            }
        }
        HFileBlock block = reader.readBlock(
                offset,
                onDiskBlockSize,
                false,
                pread,
                isCompaction,
                updateCacheMetrics,
                expectedBlockType,
                expectedDataBlockEncoding);
        if (!index) {
            return block;
        }
        if (kept[at] != null) {
            kept[at].release();
        }
        kept[at] = block;
        keptOffsets[at] = offset;
        return block.retain();
    }

    @Override
    public HFileBlock readBlock(
            long offset,
            long onDiskBlockSize,
            boolean cacheBlock,
            boolean pread,
            boolean isCompaction,
            boolean updateCacheMetrics,
            BlockType expectedBlockType,
            DataBlockEncoding expectedDataBlockEncoding,
            boolean cacheOnly)
            throws IOException {
        if (cacheOnly) {
            return null; // nothing is cached here
        }
        return readBlock(
                offset,
                onDiskBlockSize,
                cacheBlock,
                pread,
                isCompaction,
                updateCacheMetrics,
                expectedBlockType,
                expectedDataBlockEncoding);
    }

    @Override
    public void close() {
        current(null, -1);
        for (int i = 0; i < kept.length; i++) {
            if (kept[i] != null) {
                kept[i].release();
                kept[i] = null;
            }
        }
    }
}
