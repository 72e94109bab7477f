package io.dumptruck.formats.read;

import java.io.Closeable;
import java.io.DataInput;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.BloomFilter;
import org.apache.hadoop.hbase.util.BloomFilterFactory;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One open HFile of a table: its family, first and last row (from the file's trailer and index,
 * read without touching data blocks) and its general bloom filter, loaded on first use.
 */
public final class StoredFile implements Closeable {
  private final Path path;
  private final String family;
  private final long length;
  private final HFile.Reader reader;
  private final byte[] firstRow;
  private final byte[] lastRow;
  private final BloomType bloomType;
  private BloomFilter bloom;
  private boolean bloomLoaded;

  private StoredFile(Path path, String family, long length, HFile.Reader reader) {
    this.path = path;
    this.family = family;
    this.length = length;
    this.reader = reader;
    this.firstRow = reader.getFirstRowKey().orElse(null);
    this.lastRow = reader.getLastRowKey().orElse(null);
    byte[] type = reader.getHFileInfo().get(HStoreFile.BLOOM_FILTER_TYPE_KEY);
    this.bloomType = type == null ? BloomType.NONE : BloomType.valueOf(Bytes.toString(type));
  }

  /** Opens an HFile; a missing, truncated or corrupt file fails with an error naming it. */
  public static StoredFile open(Configuration conf, FileSystem fs, Path path, String family) throws IOException {
    long length;
    try {
      length = fs.getFileStatus(path).getLen();
      return new StoredFile(path, family, length, HFile.createReader(fs, path, CacheConfig.DISABLED, true, conf));
    } catch (IOException | RuntimeException e) {
      throw new IOException("cannot read HFile " + path + ": " + rootMessage(e), e);
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

  public Path path() { return path; }

  public String family() { return family; }

  /** Bytes on disk. */
  public long length() { return length; }

  public long entries() { return reader.getEntries(); }

  public boolean isEmpty() { return firstRow == null; }

  public BloomType bloomType() { return bloomType; }

  public HFile.Reader reader() { return reader; }

  /** True when some row of the file may fall in {@code [start, stop)} (empty stop = unbounded). */
  public boolean overlaps(byte[] start, byte[] stop) {
    if (isEmpty()) {
      return false;
    }
    return Bytes.compareTo(lastRow, start) >= 0 && (stop.length == 0 || Bytes.compareTo(firstRow, stop) < 0);
  }

  /**
   * False only when the file certainly holds no cell of {@code row}: outside its key range, or ruled
   * out by a ROW bloom filter (without reading any data block).
   */
  public boolean mayContainRow(byte[] row) throws IOException {
    if (isEmpty() || Bytes.compareTo(row, firstRow) < 0 || Bytes.compareTo(row, lastRow) > 0) {
      return false;
    }
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

  /** A fresh scanner over the file (positional reads, no block cache). */
  public HFileScanner scanner(Configuration conf) {
    return reader.getScanner(conf, false, true);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
