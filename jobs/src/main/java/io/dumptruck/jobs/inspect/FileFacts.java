package io.dumptruck.jobs.inspect;

import io.dumptruck.formats.read.StoredFile;
import java.io.DataInput;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomFilterFactory;

/**
 * What an HFile says about itself without a data block being read: its size on disk, the trailer's
 * total uncompressed bytes (every block as written before compression, after data block encoding),
 * its general bloom filter (type from the {@code BLOOM_FILTER_TYPE} file info, size from the bloom
 * index in the load-on-open section: the sum of its chunks), data block encoding and compression codec.
 */
record FileFacts(long bytesOnDisk, long uncompressedBytes, String bloomType, long bloomBytes, String encoding,
    String compression) {

  static FileFacts of(StoredFile file) throws IOException {
    HFile.Reader reader = file.reader();
    long bloomBytes = 0;
    if (file.bloomType() != BloomType.NONE) {
      DataInput meta = reader.getGeneralBloomFilterMetadata();
      if (meta != null) {
        bloomBytes = BloomFilterFactory.createFromMeta(meta, reader).getByteSize();
      }
    }
    return new FileFacts(file.range().length(), reader.getTrailer().getTotalUncompressedBytes(), file.bloomType().name(),
        bloomBytes, reader.getDataBlockEncoding().name(),
        reader.getFileContext().getCompression().name().toUpperCase(Locale.ROOT));
  }
}
