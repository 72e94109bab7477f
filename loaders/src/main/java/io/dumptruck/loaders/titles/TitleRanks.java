package io.dumptruck.loaders.titles;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagUtil;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The ranks behind a {@code title_autocomp} cell, kept as an HBase tag on it: the cell's JSON lists titles only, but
 * folding a later day's titles into the top 10 needs the ranks of the ten already listed. The tag's value is the
 * titles' 8-byte sort keys ({@link TitleSchema#descending}), in the order the JSON lists them:
 *
 * <pre>
 *   tag type 68 (custom tags start at 64), value = key(title 1) ‖ key(title 2) ‖ … (8 bytes each)
 * </pre>
 *
 * Tags stay in the HFiles and through HBase's compactions and snapshots; a client's Get or Scan never sees them, so the
 * table reads exactly as docs/tables.md pins it.
 */
final class TitleRanks {
    static final byte TAG_TYPE = 68;
    static final int KEY_BYTES = 8;

    private TitleRanks() {}

    /** The serialized tags of a cell listing titles with these sort keys (in list order). */
    static byte[] tags(List<byte[]> keys) {
        byte[] value = new byte[keys.size() * KEY_BYTES];
        for (int i = 0; i < keys.size(); i++) {
            System.arraycopy(keys.get(i), 0, value, i * KEY_BYTES, KEY_BYTES);
        }
        return TagUtil.fromList(List.of(new ArrayBackedTag(TAG_TYPE, value)));
    }

    /**
     * The sort keys of the {@code titles} titles a cell lists: from its tag, or, for a cell without one (written before
     * ranks were kept, or by another tool) or with a tag of another length, keys that rank its titles above any real
     * rank, in the order listed — a title listed stays listed.
     */
    static List<byte[]> of(Cell cell, int titles) {
        Optional<Tag> tag = PrivateCellUtil.getTag(cell, TAG_TYPE);
        byte[] value = tag.isPresent() ? Tag.cloneValue(tag.get()) : null;
        List<byte[]> keys = new ArrayList<>(titles);
        boolean ranked = value != null && value.length == titles * KEY_BYTES;
        for (int i = 0; i < titles; i++) {
            keys.add(ranked ? Bytes.copy(value, i * KEY_BYTES, KEY_BYTES) : Bytes.toBytes((long) i));
        }
        return keys;
    }
}
