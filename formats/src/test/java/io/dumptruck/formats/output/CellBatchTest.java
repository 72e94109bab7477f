package io.dumptruck.formats.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagUtil;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.junit.jupiter.api.Test;

class CellBatchTest {
    private static final KeyValue.Type[] TYPES = {
        KeyValue.Type.Put,
        KeyValue.Type.Delete,
        KeyValue.Type.DeleteColumn,
        KeyValue.Type.DeleteFamily,
        KeyValue.Type.DeleteFamilyVersion
    };

    /** One random cell: what the batch is given, and the KeyValue HBase's own constructor makes of it. */
    private record Given(
            boolean startsRow,
            CellKey key,
            byte[] family,
            KeyValue.Type type,
            byte[] value,
            byte[] tags,
            KeyValue expected) {}

    private static byte[] bytes(Random r, int max) {
        byte[] b = new byte[r.nextInt(max + 1)];
        r.nextBytes(b);
        return b;
    }

    private static Given random(Random r) {
        byte[] row = bytes(r, 40);
        if (row.length == 0) {
            row = new byte[] {(byte) r.nextInt()};
        }
        byte[] qualifier = bytes(r, 30);
        byte[] family = new byte[1 + r.nextInt(8)];
        r.nextBytes(family);
        long ts = r.nextBoolean() ? r.nextLong() & Long.MAX_VALUE - 1 : r.nextInt(1000);
        CellKey key = new CellKey(r.nextInt(3), r.nextInt(4), row, qualifier, ts);
        KeyValue.Type type = TYPES[r.nextInt(TYPES.length)];
        byte[] value = bytes(r, 100);
        byte[] tags = new byte[0];
        List<Tag> tagList = new ArrayList<>();
        if (r.nextInt(3) == 0) {
            tagList.add(new ArrayBackedTag((byte) (1 + r.nextInt(100)), bytes(r, 20)));
            tags = TagUtil.fromList(tagList);
        }
        KeyValue expected = new KeyValue(
                row,
                0,
                row.length,
                family,
                0,
                family.length,
                qualifier,
                0,
                qualifier.length,
                ts,
                type,
                value,
                0,
                value.length,
                tagList);
        return new Given(r.nextBoolean(), key, family, type, value, tags, expected);
    }

    /** Every cell reads back as the very bytes of HBase's KeyValue for it, with its flags, table and family. */
    @Test
    void cellsAreHBasesKeyValuesByteForByte() throws IOException {
        Random r = new Random(7);
        CellBatch batch = new CellBatch();
        List<Given> given = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            Given g = random(r);
            given.add(g);
            byte[] padded = new byte[g.value().length + 5]; // a value and tags inside larger arrays
            System.arraycopy(g.value(), 0, padded, 3, g.value().length);
            byte[] paddedTags = new byte[g.tags().length + 2];
            System.arraycopy(g.tags(), 0, paddedTags, 1, g.tags().length);
            batch.add(
                    g.startsRow(),
                    g.key(),
                    g.family(),
                    g.type().getCode(),
                    padded,
                    3,
                    g.value().length,
                    paddedTags,
                    1,
                    g.tags().length);
        }
        DataOutputBuffer out = new DataOutputBuffer();
        batch.write(out);
        CellBatch copy = new CellBatch();
        DataInputBuffer in = new DataInputBuffer();
        in.reset(out.getData(), out.getLength());
        copy.readFields(in);
        assertEquals(batch, copy);
        CellBatch.Reader reader = new CellBatch.Reader().reset(copy);
        for (Given g : given) {
            assertTrue(reader.next());
            KeyValue kv = reader.cell();
            assertArrayEquals(
                    g.expected().getBuffer(),
                    java.util.Arrays.copyOfRange(kv.getBuffer(), kv.getOffset(), kv.getOffset() + kv.getLength()));
            assertEquals(g.key().table(), reader.table());
            assertEquals(g.key().family(), reader.family());
            assertEquals(g.startsRow(), reader.startsRow());
            assertEquals(g.tags().length, kv.getTagsLength());
        }
        assertFalse(reader.next());
    }

    /** HBase's writer keeps cells it was given: clearing a batch must not change the bytes under them. */
    @Test
    void clearingLeavesCellsAlreadyReadIntact() {
        Random r = new Random(11);
        CellBatch batch = new CellBatch();
        Given g = random(r);
        batch.add(
                true,
                g.key(),
                g.family(),
                g.type().getCode(),
                g.value(),
                0,
                g.value().length,
                g.tags(),
                0,
                g.tags().length);
        CellBatch.Reader reader = new CellBatch.Reader().reset(batch);
        assertTrue(reader.next());
        KeyValue kept = reader.cell();
        byte[] before = kept.getBuffer().clone();
        batch.clear();
        assertTrue(batch.isEmpty());
        Given other = random(r);
        batch.add(
                true,
                other.key(),
                other.family(),
                other.type().getCode(),
                other.value(),
                0,
                other.value().length,
                other.tags(),
                0,
                other.tags().length);
        assertNotSame(before, kept.getBuffer());
        assertArrayEquals(before, kept.getBuffer());
    }

    /**
     * A batch that grew for one big cell starts small again: a task with one 8 MB cell does not allocate 8 MB per batch
     * after it.
     */
    @Test
    void aBigCellDoesNotSizeTheBatchesAfterIt() {
        CellBatch batch = new CellBatch(1024);
        CellKey key = new CellKey(0, 0, new byte[] {1}, new byte[] {2}, 3);
        byte[] big = new byte[8 << 20];
        batch.add(true, key, new byte[] {'f'}, KeyValue.Type.Put.getCode(), big, 0, big.length, null, 0, 0);
        assertTrue(batch.capacity() > big.length);
        batch.clear();
        assertEquals(1024, batch.capacity());
    }

    @Test
    void tagsLongerThanHBaseTakesAreRefused() {
        CellKey key = new CellKey(0, 0, new byte[] {1}, new byte[] {2}, 3);
        byte[] tags = new byte[0x10000];
        assertThrows(
                IllegalArgumentException.class,
                () -> new CellBatch()
                        .add(
                                true,
                                key,
                                new byte[] {'f'},
                                KeyValue.Type.Put.getCode(),
                                tags,
                                0,
                                0,
                                tags,
                                0,
                                tags.length));
    }

    @Test
    void aDamagedBatchIsNamedAsOne() throws IOException {
        CellBatch batch = new CellBatch();
        batch.add(
                true,
                new CellKey(0, 0, new byte[] {1}, new byte[] {2}, 3),
                new byte[] {'f'},
                KeyValue.Type.Put.getCode(),
                new byte[4],
                0,
                4,
                null,
                0,
                0);
        DataOutputBuffer out = new DataOutputBuffer();
        batch.write(out);
        byte[] cut = java.util.Arrays.copyOf(out.getData(), out.getLength());
        cut[0] = (byte) (cut[0] - 3); // the vint length of the batch: its last three bytes are lost
        DataInputBuffer in = new DataInputBuffer();
        in.reset(cut, cut.length - 3);
        CellBatch damaged = new CellBatch();
        damaged.readFields(in);
        CellBatch.Reader reader = new CellBatch.Reader().reset(damaged);
        IllegalStateException e = assertThrows(IllegalStateException.class, reader::next);
        assertTrue(e.getMessage().contains("damaged cell batch"), e.getMessage());
    }
}
