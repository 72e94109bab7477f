package io.dumptruck.formats.read;

import io.dumptruck.formats.internals.HBaseInternals;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlock;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.nio.ByteBuff;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * A {@link FileCursor} that reads an HFile's data blocks one after another (seek and sequential reads on the file's own
 * stream, no block cache) and decodes their cells itself, for the block layouts dumptruck's tables use: NONE (cells
 * stored as KeyValues), FAST_DIFF and PREFIX. HBase's seekers read their block byte by byte through reference-counted
 * buffers, decode each key into a buffer of its own and copy it again for every cell they hand out; here a block is
 * decoded once, cell by cell, into one array in KeyValue layout, each cell a {@link KeyValue} over its part of the
 * array — the layout HBase's reader hands out for NONE blocks, where the cells point into the block itself.
 *
 * <p>The arrays are never reused (the blocks come from the plain heap allocator, see {@link StoredFile}), so a cell
 * stays valid after the cursor has moved on.
 *
 * <p>FAST_DIFF, as HBase's {@code FastDiffDeltaEncoder} writes it. A block (after the 2-byte encoding id) is the int
 * size of its cells in KeyValue layout, then per cell:
 *
 * <pre>
 *   flag         1 byte: bits 0-2 = bytes the timestamp shares with the previous cell's (0-7),
 *                8 = same key length, 16 = same value length, 32 = same type, 64 = same value
 *   key length   compressed int (7 bits a byte, low first), absent with "same key length"
 *   value length compressed int, absent with "same value length"
 *   common       compressed int: bytes the key (row length, row, family length, family, qualifier)
 *                shares with the previous cell's; the family counts as shared whenever the row is
 *   key rest     first cell of a block: the whole key (timestamp and type included); then, when
 *                the row differs (common &lt; the previous row length + 2): the rest of row length +
 *                row, then the qualifier (the family is the previous cell's); when the row is the
 *                same: the rest of the qualifier
 *   timestamp    the bytes not shared with the previous cell's (first cell: in the key)
 *   type         1 byte, absent with "same type" (first cell: in the key)
 *   value        value length bytes, absent with "same value"
 *   tags         compressed int length + the tags, when the file includes tags
 *   memstore ts  vlong, when the file includes it
 * </pre>
 *
 * <p>PREFIX, as HBase's {@code PrefixKeyDeltaEncoder} writes it: the same int size, then per cell:
 *
 * <pre>
 *   key rest     compressed int: the key's length less the bytes it shares with the previous cell's key
 *   value length compressed int
 *   common       compressed int: the bytes the whole key (timestamp and type included) shares with the
 *                previous cell's; 0 for a block's first cell. With the same row, the family counts as shared
 *   key          the key's bytes past the common ones
 *   value, tags, memstore ts   as FAST_DIFF
 * </pre>
 */
final class BlockCursor implements FileCursor {
    private static final int SAME_KEY_LENGTH = 1 << 3;
    private static final int SAME_VALUE_LENGTH = 1 << 4;
    private static final int SAME_TYPE = 1 << 5;
    private static final int SAME_VALUE = 1 << 6;
    private static final int TIMESTAMP_SHARED = 7;
    /** Key length and value length ints before a KeyValue's key. */
    private static final int LENGTHS = KeyValue.ROW_OFFSET;
    /** Timestamp and type, the last bytes of a key. */
    private static final int TIMESTAMP_TYPE = KeyValue.TIMESTAMP_TYPE_SIZE;

    /** 8-byte words of a byte array, for {@link #copy}. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final HFile.Reader reader;
    /** What the index seeks read through: the index blocks they read last, and the current data block. */
    private final SeekBlocks blocks;
    /** NONE, FAST_DIFF or PREFIX. */
    private final DataBlockEncoding encoding;

    private final boolean tags;
    private final boolean mvcc;
    private final long lastDataBlockOffset;
    /** Where the data block after the current one may start; -1 before the first block is read. */
    private long nextBlockOffset = -1;

    /** The encoded cells of the current block: {@code src[pos, end)} not read yet. */
    private byte[] src;

    private int pos;
    private int end;

    /** FAST_DIFF, PREFIX: the current block's cells decoded in KeyValue layout, written up to {@code written}. */
    private byte[] cells;

    private int written;
    /** FAST_DIFF, PREFIX: the previous cell of the block (its key's offset in {@code cells}, ...); -1: none yet. */
    private int prevKey = -1;

    private int prevKeyLength;
    private int prevRowWithLength;
    /** Where the qualifier starts in the previous key: its row length, row, family length and family. */
    private int prevQualifier;

    private int prevValue;
    private int prevValueLength;

    private Cell cell;
    private KeyChange keyChange = KeyChange.UNKNOWN;

    private BlockCursor(HFile.Reader reader, DataBlockEncoding encoding) {
        this.reader = reader;
        this.blocks = new SeekBlocks(reader);
        this.encoding = encoding;
        HFileContext context = reader.getFileContext();
        this.tags = context.isIncludesTags();
        this.mvcc = context.isIncludesMvcc();
        this.lastDataBlockOffset = reader.getTrailer().getLastDataBlockOffset();
    }

    /** A cursor decoding the file's blocks here, or null when their layout is not one this class reads. */
    static BlockCursor over(HFile.Reader reader) {
        DataBlockEncoding encoding = reader.getDataBlockEncoding();
        if (reader.getFileContext().isCompressTags()
                || (encoding != DataBlockEncoding.NONE
                        && encoding != DataBlockEncoding.FAST_DIFF
                        && encoding != DataBlockEncoding.PREFIX)) {
            return null;
        }
        return new BlockCursor(reader, encoding);
    }

    /**
     * True when this class can seek to a row: the index seek is one of HBase's internals
     * ({@link HBaseInternals#seeksByIndex}); without it, scans from a row are left to HBase's scanner (see
     * {@link StoredFile}).
     */
    static boolean seeks() {
        return HBaseInternals.seeksByIndex();
    }

    @Override
    public boolean seek(byte[] startRow) throws IOException {
        if (reader.getEntries() == 0) {
            return false;
        }
        if (startRow.length > 0 && !seeks()) {
            throw new IllegalStateException("seeks need HBase's block index reader: use HBase's scanner");
        }
        if (startRow.length == 0 || !jumpTo(startRow, 0)) { // the row precedes the file: its first block
            if (!readBlock(reader.getTrailer().getFirstDataBlockOffset())) {
                return false;
            }
        }
        cell = null;
        return stepTo(startRow);
    }

    /**
     * Steps through what is left of the block in memory; past its end, when HBase's index is reachable, asks the index
     * which block holds {@code row} and goes on from there, so that the blocks between are not read at all. The index
     * answers the block whose first key (or the shortened key HBase indexes it by) is at or before the row: its cells
     * before the row are stepped over.
     */
    @Override
    public boolean reseek(byte[] row) throws IOException {
        if (!CellBytes.rowBefore(cell, row)) {
            return cell != null;
        }
        return stepTo(row);
    }

    /**
     * Moves to the first cell of {@code row} or after, from the current position in the block: the cells before it are
     * stepped over, and past the block's end the index is asked whether a later block holds the row. False at the end
     * of the file.
     */
    private boolean stepTo(byte[] row) throws IOException {
        while (true) {
            if (pos >= end) {
                if (!(seeks() && jumpTo(row, nextBlockOffset)) && !nextBlock()) {
                    cell = null;
                    return false;
                }
            }
            while (pos < end) {
                next();
                if (!CellBytes.rowBefore(cell, row)) {
                    return true;
                }
            }
        }
    }

    /**
     * Loads the block the index names for {@code row} when it starts at {@code from} or later; false when the index
     * names an earlier block (the row falls after the current block's last cell, or precedes the file) or none.
     */
    private boolean jumpTo(byte[] row, long from) throws IOException {
        blocks.startSeek();
        HFileBlock block = HBaseInternals.dataBlockOf(reader, PrivateCellUtil.createFirstOnRow(row), blocks);
        if (block == null) {
            return false;
        }
        long offset = HBaseInternals.offsetOf(block);
        if (offset < from) {
            block.release();
            return false;
        }
        load(block, offset);
        return true;
    }

    @Override
    public Cell cell() {
        return cell;
    }

    /**
     * FAST_DIFF and PREFIX tell from the key prefix a cell shares with the one before it in its block; the first cell
     * of a block, and every cell of a NONE block: unknown.
     */
    @Override
    public KeyChange keyChange() {
        return keyChange;
    }

    @Override
    public boolean next() throws IOException {
        while (pos >= end) {
            if (!nextBlock()) {
                cell = null;
                return false;
            }
        }
        cell = switch (encoding) {
            case FAST_DIFF -> decodeFastDiff();
            case PREFIX -> decodePrefix();
            default -> nextKeyValue();
        };
        if (pos > end) {
            throw damaged("a cell runs past the end of the block");
        }
        return true;
    }

    /** Reads the data block after the current one; false past the last. */
    private boolean nextBlock() throws IOException {
        return nextBlockOffset >= 0 && readBlock(nextBlockOffset);
    }

    /** Reads the first data block at {@code offset} or after (skipping index and bloom blocks); false past the last. */
    private boolean readBlock(long offset) throws IOException {
        while (offset <= lastDataBlockOffset) {
            HFileBlock block = reader.readBlock(offset, -1, false, false, false, true, null, null);
            if (block.getBlockType().isData()) {
                load(block, offset);
                return true;
            }
            offset += block.getOnDiskSizeWithHeader();
            block.release();
        }
        nextBlockOffset = -1;
        return false;
    }

    /**
     * Makes {@code block} (a data block, at {@code offset} in the file) the current one; it is kept (and released) by
     * {@link #blocks}.
     */
    private void load(HFileBlock block, long offset) throws IOException {
        blocks.current(block, offset);
        nextBlockOffset = offset + block.getOnDiskSizeWithHeader();
        int length = block.getUncompressedSizeWithoutHeader();
        ByteBuff buffer = block.getBufferWithoutHeader();
        if (buffer.hasArray()) {
            src = buffer.array();
            pos = buffer.arrayOffset() + buffer.position();
        } else {
            src = new byte[length];
            buffer.get(src, 0, length);
            pos = 0;
        }
        end = pos + length;
        if (encoding != DataBlockEncoding.NONE) {
            pos += DataBlockEncoding.ID_SIZE;
            int decodedSize = Bytes.toInt(src, pos);
            if (decodedSize < 0) {
                throw damaged("a decoded size of " + decodedSize);
            }
            cells = new byte[decodedSize];
            pos += Bytes.SIZEOF_INT;
            written = 0;
            prevKey = -1;
        }
    }

    /** NONE: the next cell as stored, key length, value length, key, value, [tags length, tags], [memstore ts]. */
    private Cell nextKeyValue() throws IOException {
        int kv = pos;
        int keyLength = Bytes.toInt(src, kv);
        int valueLength = Bytes.toInt(src, kv + Bytes.SIZEOF_INT);
        checkLengths(keyLength, valueLength);
        if ((long) LENGTHS + keyLength + valueLength > end - kv) {
            throw damaged("a cell runs past the end of the block");
        }
        qualifierStart(src, kv + LENGTHS, keyLength);
        pos = kv + LENGTHS + keyLength + valueLength;
        int tagsLength = 0;
        if (tags) {
            tagsLength = Bytes.toShort(src, pos) & 0xffff;
            pos += Bytes.SIZEOF_SHORT + tagsLength;
        }
        return new DecodedKeyValue(
                src,
                kv,
                length(keyLength, valueLength, tagsLength),
                keyLength,
                Bytes.toShort(src, kv + LENGTHS),
                memstoreTs());
    }

    /** FAST_DIFF: decodes the next cell into {@code cells} (see the class comment for the layout). */
    private Cell decodeFastDiff() throws IOException {
        int flag = src[pos++];
        int keyLength = (flag & SAME_KEY_LENGTH) != 0 ? prevKeyLength : compressedInt();
        int valueLength = (flag & SAME_VALUE_LENGTH) != 0 ? prevValueLength : compressedInt();
        int common = compressedInt();
        checkLengths(keyLength, valueLength);
        if (common < 0
                || common > keyLength - TIMESTAMP_TYPE
                || (prevKey >= 0 && common > prevKeyLength - TIMESTAMP_TYPE)) {
            throw damaged("a key shares " + common + " bytes with the one before");
        }
        int kv = written;
        Bytes.putInt(cells, kv, keyLength);
        Bytes.putInt(cells, kv + Bytes.SIZEOF_INT, valueLength);
        int key = kv + LENGTHS;
        int rowWithLength;
        int qualifier;
        if (prevKey < 0) {
            read(key, keyLength);
            qualifier = qualifierStart(cells, key, keyLength);
            rowWithLength = Bytes.SIZEOF_SHORT + Bytes.toShort(cells, key);
            keyChange = KeyChange.UNKNOWN;
        } else {
            copy(cells, prevKey, cells, key, common);
            if (common < prevRowWithLength) {
                keyChange = KeyChange.NEW_ROW;
                // a new row: the rest of row length and row, the family from the previous key, the qualifier
                if (common < Bytes.SIZEOF_SHORT) {
                    read(key + common, Bytes.SIZEOF_SHORT - common);
                    common = Bytes.SIZEOF_SHORT;
                }
                rowWithLength = Bytes.SIZEOF_SHORT + Bytes.toShort(cells, key);
                read(key + common, rowWithLength - common); // a negative row length fails here
                int familyWithLength = prevQualifier - prevRowWithLength;
                copy(cells, prevKey + prevRowWithLength, cells, key + rowWithLength, familyWithLength);
                qualifier = rowWithLength + familyWithLength;
                read(key + qualifier, keyLength - TIMESTAMP_TYPE - qualifier); // and a row running past the key here
            } else {
                // the same row; the same column when the whole key but timestamp and type is shared
                keyChange = keyLength == prevKeyLength && common == keyLength - TIMESTAMP_TYPE
                        ? KeyChange.SAME_COLUMN
                        : KeyChange.NEW_COLUMN;
                if (common < prevQualifier) {
                    throw damaged("a key shares its row with the one before but not its family");
                }
                rowWithLength = prevRowWithLength;
                qualifier = prevQualifier;
                read(key + common, keyLength - TIMESTAMP_TYPE - common);
            }
            int timestamp = key + keyLength - TIMESTAMP_TYPE;
            int prevTimestamp = prevKey + prevKeyLength - TIMESTAMP_TYPE;
            int shared = flag & TIMESTAMP_SHARED;
            copy(cells, prevTimestamp, cells, timestamp, shared);
            read(timestamp + shared, Bytes.SIZEOF_LONG - shared);
            int type = timestamp + Bytes.SIZEOF_LONG;
            cells[type] = (flag & SAME_TYPE) != 0 ? cells[prevTimestamp + Bytes.SIZEOF_LONG] : src[pos++];
        }
        int value = key + keyLength;
        if ((flag & SAME_VALUE) != 0) {
            copy(cells, prevValue, cells, value, valueLength);
        } else {
            read(value, valueLength);
        }
        return decoded(kv, key, keyLength, rowWithLength, qualifier, value, valueLength);
    }

    /** PREFIX: decodes the next cell into {@code cells} (see the class comment for the layout). */
    private Cell decodePrefix() throws IOException {
        int rest = compressedInt();
        int valueLength = compressedInt();
        int common = compressedInt();
        int keyLength = rest + common;
        checkLengths(keyLength, valueLength);
        if (rest < 0 || common < 0 || common > (prevKey < 0 ? 0 : prevKeyLength)) {
            throw damaged("a key shares " + common + " bytes with the one before");
        }
        int kv = written;
        Bytes.putInt(cells, kv, keyLength);
        Bytes.putInt(cells, kv + Bytes.SIZEOF_INT, valueLength);
        int key = kv + LENGTHS;
        if (common > 0) {
            copy(cells, prevKey, cells, key, common);
        }
        read(key + common, rest);
        int qualifier = qualifierStart(cells, key, keyLength);
        int rowWithLength = Bytes.SIZEOF_SHORT + Bytes.toShort(cells, key);
        if (prevKey < 0) {
            keyChange = KeyChange.UNKNOWN;
        } else if (common < prevRowWithLength) {
            keyChange = KeyChange.NEW_ROW;
        } else { // the same row; the same column when the whole key but timestamp and type is shared
            keyChange = keyLength == prevKeyLength && common >= keyLength - TIMESTAMP_TYPE
                    ? KeyChange.SAME_COLUMN
                    : KeyChange.NEW_COLUMN;
        }
        int value = key + keyLength;
        read(value, valueLength);
        return decoded(kv, key, keyLength, rowWithLength, qualifier, value, valueLength);
    }

    /**
     * The tags and memstore timestamp after the value of the cell decoded at {@code cells[kv]}, read into it; the cell,
     * now the block's previous one.
     */
    private Cell decoded(int kv, int key, int keyLength, int rowWithLength, int qualifier, int value, int valueLength)
            throws IOException {
        int tagsLength = 0;
        if (tags) {
            tagsLength = compressedInt();
            if (tagsLength > 0xffff) {
                throw damaged("tags of length " + tagsLength);
            }
            if (tagsLength > 0) {
                Bytes.putShort(cells, value + valueLength, (short) tagsLength);
                read(value + valueLength + Bytes.SIZEOF_SHORT, tagsLength);
            }
        }
        prevKey = key;
        prevKeyLength = keyLength;
        prevRowWithLength = rowWithLength;
        prevQualifier = qualifier;
        prevValue = value;
        prevValueLength = valueLength;
        Cell c = new DecodedKeyValue(
                cells,
                kv,
                length(keyLength, valueLength, tagsLength),
                keyLength,
                (short) (rowWithLength - Bytes.SIZEOF_SHORT),
                memstoreTs());
        written = kv + length(keyLength, valueLength, tagsLength);
        return c;
    }

    /** Copies the next {@code length} encoded bytes to {@code cells[at]}. */
    private void read(int at, int length) throws IOException {
        if (length < 0) { // past the end: next() fails the cell
            throw damaged("a part of a cell has length " + length);
        }
        copy(src, pos, cells, at, length);
        pos += length;
    }

    /**
     * Where the qualifier starts in the key at {@code b[key]}, once its row and family are checked to fit in it (part
     * of the check KeyValue's constructors make): comparisons read the parts where the cell says they are, some without
     * bounds checks.
     */
    private static int qualifierStart(byte[] b, int key, int keyLength) throws IOException {
        int rowLength = Bytes.toShort(b, key);
        int family = Bytes.SIZEOF_SHORT + rowLength;
        if (rowLength < 0 || family + Bytes.SIZEOF_BYTE + TIMESTAMP_TYPE > keyLength) {
            throw damaged("a key of length " + keyLength + " with a row of length " + rowLength);
        }
        int familyLength = b[key + family];
        int qualifier = family + Bytes.SIZEOF_BYTE + familyLength;
        if (familyLength < 0 || qualifier + TIMESTAMP_TYPE > keyLength) {
            throw damaged("a key of length " + keyLength + " with a family of length " + familyLength);
        }
        return qualifier;
    }

    /**
     * A damaged block must fail, not loop (a negative length would step back) nor overwrite cells already handed out:
     * HBase's reader checks the same.
     */
    private static void checkLengths(int keyLength, int valueLength) throws IOException {
        if (keyLength < KeyValue.KEY_INFRASTRUCTURE_SIZE || valueLength < 0) {
            throw damaged("a cell of key length " + keyLength + " and value length " + valueLength);
        }
    }

    private static IOException damaged(String what) {
        return new IOException("damaged data block: " + what);
    }

    /**
     * {@link System#arraycopy}, with the few bytes most key parts are (a timestamp's last bytes, a qualifier's rest, a
     * family) moved as one or two 8-byte words: for them the call, or a loop's unpredictable end, costs more than the
     * copy. The words may write up to 15 bytes past {@code length}: harmless here, as {@code cells} is written front to
     * back, the source always lies wholly before the destination, and what is written past a cell's end is overwritten
     * by the next one (or lies in the array's slack past the block's last cell).
     */
    private static void copy(byte[] from, int fromPos, byte[] to, int toPos, int length) {
        if (length <= 2 * Long.BYTES
                && fromPos + 2 * Long.BYTES <= from.length
                && toPos + 2 * Long.BYTES <= to.length) {
            WORDS.set(to, toPos, (long) WORDS.get(from, fromPos));
            if (length > Long.BYTES) {
                WORDS.set(to, toPos + Long.BYTES, (long) WORDS.get(from, fromPos + Long.BYTES));
            }
        } else {
            System.arraycopy(from, fromPos, to, toPos, length);
        }
    }

    /** HBase's compressed int: 7 bits a byte, lowest first, the high bit set on every byte but the last. */
    private int compressedInt() {
        byte b = src[pos++];
        if (b >= 0) {
            return b; // one byte: lengths below 128, as most are
        }
        int value = b & 0x7f;
        int shift = 7;
        do {
            b = src[pos++];
            value |= (b & 0x7f) << shift;
            shift += 7;
        } while (b < 0);
        return value;
    }

    private long memstoreTs() throws IOException {
        if (!mvcc) {
            return 0;
        }
        byte first = src[pos];
        if (first >= -112) {
            pos++;
            return first; // one byte: a bulk load's 0
        }
        long ts = WritableComparator.readVLong(src, pos);
        pos += WritableUtils.decodeVIntSize(first);
        return ts;
    }

    /** A KeyValue's length: with tags, their 2-byte length and the tags; without, neither. */
    private static int length(int keyLength, int valueLength, int tagsLength) {
        return LENGTHS + keyLength + valueLength + (tagsLength > 0 ? Bytes.SIZEOF_SHORT + tagsLength : 0);
    }

    @Override
    public void close() {
        blocks.close();
        src = null;
        cells = null;
        cell = null;
    }
}
