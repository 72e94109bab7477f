package io.dumptruck.formats.table;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.SpecException;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CompressionTest;

/**
 * One column family and the settings its HFiles are written with. Immutable; change a setting with the {@code withX}
 * methods: {@code FamilySpec.named("f").withMaxVersions(3).withBloom(BloomType.ROW)}.
 *
 * @param ttlSeconds cell time-to-live; {@link HConstants#FOREVER} means never expires
 * @param blockSize HFile data block size in bytes, 1 KiB to 16 MiB (HBase's own bounds)
 * @param minVersions HBase's MIN_VERSIONS: the newest this many versions of a column are served even once the TTL has
 *     expired them (0: the TTL applies to every version)
 */
@PublicApi
public record FamilySpec(
        String name,
        int maxVersions,
        int ttlSeconds,
        BloomType bloom,
        Compression.Algorithm compression,
        int blockSize,
        DataBlockEncoding encoding,
        boolean inMemory,
        int minVersions) {

    public static final int MIN_BLOCK_SIZE = 1024;
    public static final int MAX_BLOCK_SIZE = 16 * 1024 * 1024;

    public FamilySpec {
        checkFamilyName(name);
        if (maxVersions < 1) {
            throw new SpecException("family '" + name + "': maxVersions must be at least 1, got " + maxVersions);
        }
        if (minVersions < 0 || minVersions > maxVersions) {
            throw new SpecException("family '" + name + "': minVersions must be between 0 and maxVersions ("
                    + maxVersions + "), got " + minVersions);
        }
        if (ttlSeconds < 1) {
            throw new SpecException("family '" + name + "': ttlSeconds must be positive, got " + ttlSeconds);
        }
        if (bloom != BloomType.NONE && bloom != BloomType.ROW && bloom != BloomType.ROWCOL) {
            throw new SpecException("family '" + name + "': bloom must be NONE, ROW or ROWCOL, got " + bloom);
        }
        if (blockSize < MIN_BLOCK_SIZE || blockSize > MAX_BLOCK_SIZE) {
            throw new SpecException("family '" + name + "': blockSize must be between " + MIN_BLOCK_SIZE + " and "
                    + MAX_BLOCK_SIZE + " bytes, got " + blockSize);
        }
        if (encoding != DataBlockEncoding.NONE
                && encoding != DataBlockEncoding.PREFIX
                && encoding != DataBlockEncoding.DIFF
                && encoding != DataBlockEncoding.FAST_DIFF) {
            throw new SpecException(
                    "family '" + name + "': encoding must be NONE, PREFIX, DIFF or FAST_DIFF, got " + encoding);
        }
    }

    /** A family whose expired cells all go (MIN_VERSIONS 0), as every family dumptruck writes. */
    public FamilySpec(
            String name,
            int maxVersions,
            int ttlSeconds,
            BloomType bloom,
            Compression.Algorithm compression,
            int blockSize,
            DataBlockEncoding encoding,
            boolean inMemory) {
        this(name, maxVersions, ttlSeconds, bloom, compression, blockSize, encoding, inMemory, 0);
    }

    /** A family with HBase's usual defaults except a ROW bloom: 1 version, no TTL, 64 KiB blocks, no compression. */
    public static FamilySpec named(String name) {
        return new FamilySpec(
                name,
                1,
                HConstants.FOREVER,
                BloomType.ROW,
                Compression.Algorithm.NONE,
                HConstants.DEFAULT_BLOCKSIZE,
                DataBlockEncoding.NONE,
                false);
    }

    /** The same settings under another name. */
    public FamilySpec withName(String v) {
        return new FamilySpec(
                v, maxVersions, ttlSeconds, bloom, compression, blockSize, encoding, inMemory, minVersions);
    }

    public FamilySpec withMaxVersions(int v) {
        return new FamilySpec(name, v, ttlSeconds, bloom, compression, blockSize, encoding, inMemory, minVersions);
    }

    public FamilySpec withTtlSeconds(int v) {
        return new FamilySpec(name, maxVersions, v, bloom, compression, blockSize, encoding, inMemory, minVersions);
    }

    public FamilySpec withBloom(BloomType v) {
        return new FamilySpec(
                name, maxVersions, ttlSeconds, v, compression, blockSize, encoding, inMemory, minVersions);
    }

    public FamilySpec withCompression(Compression.Algorithm v) {
        return new FamilySpec(name, maxVersions, ttlSeconds, bloom, v, blockSize, encoding, inMemory, minVersions);
    }

    public FamilySpec withBlockSize(int v) {
        return new FamilySpec(name, maxVersions, ttlSeconds, bloom, compression, v, encoding, inMemory, minVersions);
    }

    public FamilySpec withEncoding(DataBlockEncoding v) {
        return new FamilySpec(name, maxVersions, ttlSeconds, bloom, compression, blockSize, v, inMemory, minVersions);
    }

    public FamilySpec withInMemory(boolean v) {
        return new FamilySpec(name, maxVersions, ttlSeconds, bloom, compression, blockSize, encoding, v, minVersions);
    }

    public FamilySpec withMinVersions(int v) {
        return new FamilySpec(name, maxVersions, ttlSeconds, bloom, compression, blockSize, encoding, inMemory, v);
    }

    public byte[] nameBytes() {
        return Bytes.toBytes(name);
    }

    /** True when cells of this family expire. */
    public boolean hasTtl() {
        return ttlSeconds != HConstants.FOREVER;
    }

    /**
     * The settings a file of this family is written with, for a plan or a summary: {@code compression GZ, bloom ROW,
     * …}.
     */
    public String describe() {
        return "compression " + compression + ", bloom " + bloom + ", encoding " + encoding + ", block size "
                + blockSize + ", VERSIONS " + maxVersions + ", TTL " + (hasTtl() ? ttlSeconds + " s" : "forever")
                + (inMemory ? ", in-memory" : "");
    }

    /** The HBase descriptor of this family, for creating the table a load goes into. */
    public ColumnFamilyDescriptor toDescriptor() {
        return ColumnFamilyDescriptorBuilder.newBuilder(nameBytes())
                .setMaxVersions(maxVersions)
                .setTimeToLive(ttlSeconds)
                .setBloomFilterType(bloom)
                .setCompressionType(compression)
                .setBlocksize(blockSize)
                .setDataBlockEncoding(encoding)
                .setInMemory(inMemory)
                .build();
    }

    /**
     * Fails, naming the family and the codec, when this JVM cannot compress with the family's codec (Snappy, LZ4 and
     * ZSTD need native libraries or HBase's pure-Java codec modules).
     */
    public void checkCodecAvailable() {
        if (compression == Compression.Algorithm.NONE) {
            return;
        }
        try {
            CompressionTest.testCompression(compression);
        } catch (IOException | RuntimeException | LinkageError e) {
            throw new SpecException("family '" + name + "': compression "
                    + compression.getName().toUpperCase(Locale.ROOT) + " is not available on this machine ("
                    + e.getMessage() + "); use GZ or NONE, or install the codec");
        }
    }

    static Compression.Algorithm parseCompression(String family, String text) {
        for (Compression.Algorithm a : Compression.Algorithm.values()) {
            if (a.getName().equalsIgnoreCase(text) || a.name().equalsIgnoreCase(text)) {
                return a;
            }
        }
        throw new SpecException("family '" + family + "': unknown compression '" + text
                + "' (use NONE or GZ; SNAPPY, LZ4, ZSTD where installed)");
    }

    /** The longest family name HBase can store: a cell keeps its family's length in one signed byte. */
    public static final int MAX_NAME_BYTES = Byte.MAX_VALUE;

    /** HBase's family name rule, plus: a family becomes a directory name, so nothing a path could misread. */
    static void checkFamilyName(String name) {
        if (name == null || name.isEmpty()) {
            throw new SpecException("a family needs a name");
        }
        try {
            ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName(Bytes.toBytes(name));
        } catch (IllegalArgumentException e) {
            throw new SpecException(
                    "family name '" + Bytes.toStringBinary(Bytes.toBytes(name)) + "' is not allowed: " + e.getMessage(),
                    e);
        }
        if (Bytes.toBytes(name).length > MAX_NAME_BYTES) {
            throw new SpecException("family name '" + name.substring(0, 40) + "…' is " + Bytes.toBytes(name).length
                    + " bytes long; at most " + MAX_NAME_BYTES
                    + " (HBase stores a family's length in one signed byte of every cell)");
        }
        if (name.startsWith("_") || name.equals("..")) {
            throw new SpecException("family name '" + name
                    + "' is not allowed: it must not start with '_' (reserved for metadata files)");
        }
    }
}
