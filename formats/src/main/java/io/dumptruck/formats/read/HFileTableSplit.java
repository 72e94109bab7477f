package io.dumptruck.formats.read;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.InputSplit;

/** One region (or a part of a large one) of a table directory: rows in {@code [start, stop)}. */
public final class HFileTableSplit extends InputSplit implements Writable {
  private String tableDir;
  private byte[] start;
  private byte[] stop;
  private long length;
  private String[] hosts;

  public HFileTableSplit() {}

  HFileTableSplit(String tableDir, byte[] start, byte[] stop, long length, String[] hosts) {
    this.tableDir = tableDir;
    this.start = start;
    this.stop = stop;
    this.length = length;
    this.hosts = hosts;
  }

  public String tableDir() { return tableDir; }

  public byte[] start() { return start; }

  public byte[] stop() { return stop; }

  @Override
  public long getLength() { return length; }

  @Override
  public String[] getLocations() { return hosts; }

  @Override
  public void write(DataOutput out) throws IOException {
    Text.writeString(out, tableDir);
    Bytes.writeByteArray(out, start);
    Bytes.writeByteArray(out, stop);
    out.writeLong(length);
    WritableUtils.writeStringArray(out, hosts);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    tableDir = Text.readString(in);
    start = Bytes.readByteArray(in);
    stop = Bytes.readByteArray(in);
    length = in.readLong();
    hosts = WritableUtils.readStringArray(in);
  }

  @Override
  public String toString() {
    return tableDir + " [" + Bytes.toStringBinary(start) + ", " + Bytes.toStringBinary(stop) + ")";
  }
}
