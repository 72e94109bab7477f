package io.dumptruck.jobs.inspect;

import io.dumptruck.formats.read.StoredFile;
import java.io.DataInput;
import java.io.IOException;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomFilterFactory;

/**
 * What an HFile says about itself without a data block being read: its size on disk, the trailer's total uncompressed
 * bytes (every block as written before compression, after data block encoding), its general bloom filter (type from the
 * {@code BLOOM_FILTER_TYPE} file info, size from the bloom index in the load-on-open section: the sum of its chunks),
 * data block encoding and compression codec.
 */
record FileFacts(
        long bytesOnDisk,
        long uncompressedBytes,
        String bloomType,
        long bloomBytes,
        String encoding,
        String compression) {

    /**
     * The facts of the part of the file that holds {@code cells} of its {@code entries} cells (a reference file's half
     * of its parent's file): its sizes in that proportion, as HBase itself estimates a half's size; the facts as they
     * are when the part is the whole.
     */
    FileFacts share(long cells, long entries) {
        if (cells >= entries || entries <= 0) {
            return this;
        }
        double share = (double) cells / entries;
        return new FileFacts(
                Math.round(bytesOnDisk * share),
                Math.round(uncompressedBytes * share),
                bloomType,
                Math.round(bloomBytes * share),
                encoding,
                compression);
    }

    /** The facts of an open file; an unreadable bloom filter fails with an error naming the file. */
    static FileFacts of(StoredFile file) throws IOException {
        HFile.Reader reader = file.reader();
        long bloomBytes = 0;
        if (file.bloomType() != BloomType.NONE) {
            try {
                DataInput meta = reader.getGeneralBloomFilterMetadata();
                if (meta != null) {
                    bloomBytes = BloomFilterFactory.createFromMeta(meta, reader).getByteSize();
                }
            } catch (IOException | RuntimeException e) {
                throw new IOException(
                        "cannot read the bloom filter of HFile " + file.path() + ": " + e.getMessage(), e);
            }
        }
        return new FileFacts(
                file.range().length(),
                reader.getTrailer().getTotalUncompressedBytes(),
                file.bloomType().name(),
                bloomBytes,
                reader.getDataBlockEncoding().name(),
                reader.getFileContext().getCompression().name());
    }
}
