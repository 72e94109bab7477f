package io.dumptruck.formats.read;

import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A cell {@link BlockCursor} laid out itself in KeyValue layout: made without the check of the layout that KeyValue's
 * constructors run (a third of the decoding time; the cursor checks what the bytes could get wrong itself), its row and
 * key lengths kept as HBase's {@code SizeCachedKeyValue} keeps them.
 */
final class DecodedKeyValue extends KeyValue {
    private final int keyLength;
    private final short rowLength;

    DecodedKeyValue(byte[] bytes, int offset, int length, int keyLength, short rowLength, long seqId) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
        this.keyLength = keyLength;
        this.rowLength = rowLength;
        setSequenceId(seqId);
    }

    @Override
    public int getKeyLength() {
        return keyLength;
    }

    @Override
    public short getRowLength() {
        return rowLength;
    }

    @Override
    public long heapSize() {
        return super.heapSize() + Bytes.SIZEOF_INT + Bytes.SIZEOF_SHORT;
    }

    @Override
    public boolean equals(Object other) {
        return super.equals(other);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
