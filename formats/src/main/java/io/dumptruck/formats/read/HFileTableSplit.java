package io.dumptruck.formats.read;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * One region (or a part of a large one) of a table directory: rows in {@code [start, stop)}, and the HFiles (with their
 * families, oldest first) whose rows meet that range — the only files its task opens.
 */
final class HFileTableSplit extends InputSplit implements Writable {
    /** Which of the job's configured tables (and so which scan) this split reads. */
    private int input;

    private String tableDir;
    /** The table's name (its spec's): a snapshot's directory is named after the snapshot, not the table. */
    private String tableName;

    private byte[] start;
    private byte[] stop;
    private long length;
    private String[] hosts;
    private String[] files;
    private String[] families;

    public HFileTableSplit() {}

    HFileTableSplit(
            int input,
            String tableDir,
            String tableName,
            byte[] start,
            byte[] stop,
            long length,
            String[] hosts,
            List<FileRange> ranges) {
        this.input = input;
        this.tableDir = tableDir;
        this.tableName = tableName;
        this.start = start;
        this.stop = stop;
        this.length = length;
        this.hosts = hosts;
        this.files = ranges.stream().map(r -> r.path().toString()).toArray(String[]::new);
        this.families = ranges.stream().map(FileRange::family).toArray(String[]::new);
    }

    int input() {
        return input;
    }

    public String tableDir() {
        return tableDir;
    }

    public String tableName() {
        return tableName;
    }

    public byte[] start() {
        return start;
    }

    public byte[] stop() {
        return stop;
    }

    /** The split's files, oldest first. */
    public List<Path> paths() {
        List<Path> out = new ArrayList<>();
        for (String f : files) {
            out.add(new Path(f));
        }
        return out;
    }

    /** The family of each of {@link #paths()}. */
    public List<String> families() {
        return List.of(families);
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public String[] getLocations() {
        return hosts;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeInt(input);
        Text.writeString(out, tableDir);
        Text.writeString(out, tableName);
        Bytes.writeByteArray(out, start);
        Bytes.writeByteArray(out, stop);
        out.writeLong(length);
        WritableUtils.writeStringArray(out, hosts);
        WritableUtils.writeStringArray(out, files);
        WritableUtils.writeStringArray(out, families);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        input = in.readInt();
        tableDir = Text.readString(in);
        tableName = Text.readString(in);
        start = Bytes.readByteArray(in);
        stop = Bytes.readByteArray(in);
        length = in.readLong();
        hosts = WritableUtils.readStringArray(in);
        files = WritableUtils.readStringArray(in);
        families = WritableUtils.readStringArray(in);
    }

    @Override
    public String toString() {
        return tableDir + " [" + Bytes.toStringBinary(start) + ", " + Bytes.toStringBinary(stop) + ") " + files.length
                + " file(s)";
    }
}
