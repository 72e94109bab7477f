package io.dumptruck.formats.internals;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.BlockWithScanInfo;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlock;

/**
 * HBase's non-public parts dumptruck reads, each with its fallback (see the package). HBase keeps the type of an
 * HFile's block index reader and a block's offset package-private, so the calls below are made reflectively on objects
 * its public API hands out.
 */
public final class HBaseInternals {
    private static final Method LOAD_BLOCK;
    private static final Method BLOCK_OFFSET;

    static {
        Method load = null;
        Method offset = null;
        try {
            load = Class.forName("org.apache.hadoop.hbase.io.hfile.HFileBlockIndex$BlockIndexReader")
                    .getMethod(
                            "loadDataBlockWithScanInfo",
                            Cell.class,
                            HFileBlock.class,
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            DataBlockEncoding.class,
                            HFile.CachingBlockReader.class);
            load.setAccessible(true);
            offset = HFileBlock.class.getDeclaredMethod("getOffset");
            offset.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            load = null;
        }
        LOAD_BLOCK = load;
        BLOCK_OFFSET = offset;
    }

    private HBaseInternals() {}

    /**
     * The rows of the file's root block index entries (its two public methods, on a package-private type); should that
     * ever fail, the file's mid key row, or none.
     */
    public static List<byte[]> rootIndexRows(HFile.Reader reader) throws IOException {
        List<byte[]> rows = new ArrayList<>();
        Object index = reader.getDataBlockIndexReader();
        try {
            Method count = index.getClass().getMethod("getRootBlockCount");
            Method key = index.getClass().getMethod("getRootBlockKey", int.class);
            count.setAccessible(true);
            key.setAccessible(true);
            int n = (Integer) count.invoke(index);
            for (int i = 0; i < n; i++) {
                rows.add(CellUtil.cloneRow((Cell) key.invoke(index, i)));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            rows.clear();
            reader.midKey().ifPresent(mid -> rows.add(CellUtil.cloneRow(mid)));
        }
        return rows;
    }

    /**
     * True when {@link #dataBlockOf} and {@link #offsetOf} work in this HBase; when not, a reader leaves seeks to a row
     * to HBase's scanner.
     */
    public static boolean seeksByIndex() {
        return LOAD_BLOCK != null;
    }

    /**
     * The data block the file's index names for {@code key}, or null when the key precedes the file; the index blocks
     * below the root and the data block read through {@code blocks}.
     */
    public static HFileBlock dataBlockOf(HFile.Reader reader, Cell key, HFile.CachingBlockReader blocks)
            throws IOException {
        BlockWithScanInfo found = (BlockWithScanInfo)
                invoke(LOAD_BLOCK, reader.getDataBlockIndexReader(), key, null, false, false, false, null, blocks);
        return found == null ? null : found.getHFileBlock();
    }

    /** The offset of {@code block} in its file. */
    public static long offsetOf(HFileBlock block) throws IOException {
        return (Long) invoke(BLOCK_OFFSET, block);
    }

    private static Object invoke(Method m, Object target, Object... args) throws IOException {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause);
        } catch (IllegalAccessException e) {
            throw new IOException(e);
        }
    }
}
