package io.dumptruck.formats.read;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A tagged file's cells, each checked for a MOB reference tag: such a cell's value is a pointer to a MOB file, not the
 * value, and dumptruck does not read MOB files — so it fails naming the file rather than return the pointer as data. A
 * family still flagged MOB is refused when the table is opened; this catches the cells a family wrote while it was one.
 * Files without tags (every dumptruck load, most HBase tables) never get this wrapper.
 */
final class MobReferenceCheck extends CursorFilter {
    private final Path file;

    MobReferenceCheck(FileCursor inner, Path file) {
        super(inner);
        this.file = file;
    }

    @Override
    boolean keep() throws IOException {
        Cell c = inner.cell();
        if (c.getTagsLength() > 0
                && PrivateCellUtil.getTag(c, TagType.MOB_REFERENCE_TAG_TYPE).isPresent()) {
            throw new IOException(
                    "cell " + Bytes.toStringBinary(c.getRowArray(), c.getRowOffset(), c.getRowLength()) + "/"
                            + Bytes.toStringBinary(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()) + ":"
                            + Bytes.toStringBinary(
                                    c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength())
                            + " of " + file
                            + " is a MOB reference (its value is kept in a MOB file, which dumptruck does not read): read this table through HBase");
        }
        return true;
    }
}
