package io.dumptruck.formats.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.read.FileCursor.KeyChange;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileBlockIndex;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.ChecksumType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BlockCursor} decodes blocks itself; HBase's own scanner over the same file is the reference. Files are written
 * by HBase's writer with small blocks (rows spanning blocks, a multi-level block index and bloom chunks between the
 * data blocks) from cells chosen to hit every branch of FAST_DIFF and PREFIX: rows of other lengths and shared
 * prefixes, keys and values longer than one compressed-int byte, empty qualifiers and values, versions, repeated
 * values, another type, tags and memstore timestamps. Every cell must come out equal in every part — read whole, and
 * from seeks to rows inside, between, before and after the file's — and stay valid after the cursor has moved on.
 */
class BlockCursorTest {
    @TempDir
    static File tmp;

    private static final byte[] FAMILY = Bytes.toBytes("fam");

    static Stream<Arguments> layouts() {
        List<Arguments> out = new ArrayList<>();
        for (DataBlockEncoding encoding :
                new DataBlockEncoding[] {DataBlockEncoding.FAST_DIFF, DataBlockEncoding.PREFIX, DataBlockEncoding.NONE
                }) {
            for (boolean tags : new boolean[] {true, false}) {
                for (boolean mvcc : new boolean[] {true, false}) {
                    out.add(Arguments.of(encoding, Compression.Algorithm.NONE, tags, mvcc));
                }
            }
            out.add(Arguments.of(encoding, Compression.Algorithm.GZ, true, true));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} tags={2} mvcc={3}")
    @MethodSource("layouts")
    void decodesWhatHBaseDecodes(DataBlockEncoding encoding, Compression.Algorithm codec, boolean tags, boolean mvcc)
            throws IOException {
        Configuration conf = new Configuration();
        conf.setInt(HFileBlockIndex.MAX_CHUNK_SIZE_KEY, 256); // a multi-level index, leaf blocks between data blocks
        List<KeyValue> written =
                cells(new Random(encoding.ordinal() * 31L + (tags ? 7 : 0) + (mvcc ? 3 : 0)), tags, mvcc);
        Path path = new Path(tmp.getPath(), encoding + "-" + codec + "-" + tags + "-" + mvcc);
        write(conf, path, written, encoding, codec, tags, mvcc);

        try (StoredFile file = StoredFile.open(conf, FileSystem.getLocal(conf), path, "fam")) {
            assertNotNull(BlockCursor.over(file.reader()), "the cursor reads " + encoding);
            assertTrue(BlockCursor.seeks(), "HBase's block index reader is reachable");
            List<Cell> reference = hbaseCells(conf, file);
            assertEquals(written.size(), reference.size());
            assertEquals(
                    mvcc,
                    reference.stream().anyMatch(c -> c.getSequenceId() > 127),
                    "memstore timestamps read by HBase");

            List<Cell> whole = new ArrayList<>();
            List<KeyChange> changes = new ArrayList<>();
            try (BlockCursor cursor = BlockCursor.over(file.reader())) {
                for (boolean more = cursor.seek(new byte[0]); more; more = cursor.next()) {
                    whole.add(cursor.cell());
                    changes.add(cursor.keyChange());
                }
            }
            assertSameCells(reference, whole); // compared after the whole file was read: earlier cells still intact
            assertKeyChanges(whole, changes, encoding);

            TreeSet<byte[]> rows = new TreeSet<>(Bytes.BYTES_COMPARATOR);
            reference.forEach(c -> rows.add(CellUtil.cloneRow(c)));
            List<byte[]> starts =
                    new ArrayList<>(List.of(new byte[] {0}, Bytes.toBytes("zzzz"), rows.first(), rows.last()));
            Random random = new Random(5);
            List<byte[]> all = new ArrayList<>(rows);
            for (int i = 0; i < 25; i++) {
                byte[] row = all.get(random.nextInt(all.size()));
                starts.add(row);
                starts.add(Bytes.add(row, new byte[] {0})); // between this row and the next
                starts.add(Bytes.head(row, Math.max(1, row.length - 1))); // before it
            }
            for (byte[] start : starts) {
                List<Cell> expected = reference.stream()
                        .filter(c -> Bytes.compareTo(
                                        c.getRowArray(), c.getRowOffset(), c.getRowLength(), start, 0, start.length)
                                >= 0)
                        .toList();
                List<Cell> got = new ArrayList<>();
                try (BlockCursor cursor = BlockCursor.over(file.reader())) {
                    for (boolean more = cursor.seek(start); more; more = cursor.next()) {
                        got.add(cursor.cell());
                    }
                }
                assertSameCells(expected, got);
            }

            // reseeks forward, to the same targets in ascending order, a few steps between, by this class and by a
            // cursor over HBase's scanner: each lands on the first cell of its row or after, as a seek from the file's
            // start would
            starts.sort(Bytes.BYTES_COMPARATOR);
            try (BlockCursor cursor = BlockCursor.over(file.reader())) {
                assertReseeks(cursor, reference, starts, new Random(6));
            }
            try (ScannerCursor cursor = new ScannerCursor(file.scanner(conf))) {
                assertReseeks(cursor, reference, starts, new Random(6));
            }
        }
    }

    private static void assertReseeks(FileCursor cursor, List<Cell> reference, List<byte[]> targets, Random random)
            throws IOException {
        boolean more = cursor.seek(new byte[0]);
        int at = 0; // where the cursor is in the reference
        for (byte[] target : targets) {
            while (at < reference.size() && rowBefore(reference.get(at), target)) {
                at++;
            }
            more = cursor.reseek(target);
            assertEquals(at < reference.size(), more, "a cell at or after " + Bytes.toStringBinary(target));
            for (int step = random.nextInt(4); more && step > 0; step--) {
                assertSameCells(List.of(reference.get(at)), List.of(cursor.cell()));
                more = cursor.next();
                at++;
            }
            if (more) {
                assertSameCells(List.of(reference.get(at)), List.of(cursor.cell()));
            }
        }
    }

    /**
     * A reseek from the file's first row to its last reads the blocks the index names, not the ones between: a small
     * part of what reading the whole file reads.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("encodings")
    void aReseekFarAheadReadsByTheIndexNotThroughTheBlocks(DataBlockEncoding encoding) throws IOException {
        Configuration conf = new Configuration();
        Path path = new Path(tmp.getPath(), "reseek-" + encoding);
        List<KeyValue> written = writeWithSmallIndex(conf, path, encoding, 11);
        byte[] last = CellUtil.cloneRow(written.get(written.size() - 1));
        try (StoredFile file = StoredFile.open(conf, FileSystem.getLocal(conf), path, "fam")) {
            long start = localBytesRead();
            try (BlockCursor cursor = BlockCursor.over(file.reader())) {
                for (boolean more = cursor.seek(new byte[0]); more; more = cursor.next()) {
                    cursor.cell();
                }
            }
            long whole = localBytesRead() - start;
            start = localBytesRead();
            try (BlockCursor cursor = BlockCursor.over(file.reader())) {
                assertTrue(cursor.seek(new byte[0]));
                assertTrue(cursor.reseek(last));
                assertTrue(CellUtil.matchingRows(cursor.cell(), last));
            }
            long reseeking = localBytesRead() - start;
            assertTrue(
                    reseeking * 4 < whole, "a reseek to the last row read " + reseeking + " bytes, the file " + whole);
        }
    }

    /**
     * Reseeks through every row of a file in turn, and to every gap between two rows, read no more than the file holds:
     * the index blocks the seeks walk through are kept, and a block the index names again is not read again (a key
     * between a block's last row and the next block's indexed key names the block before).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("encodings")
    void reseeksThroughEveryRowReadEachBlockOnce(DataBlockEncoding encoding) throws IOException {
        Configuration conf = new Configuration();
        Path path = new Path(tmp.getPath(), "every-row-" + encoding);
        List<KeyValue> written = writeWithSmallIndex(conf, path, encoding, 12);
        TreeSet<byte[]> rows = new TreeSet<>(Bytes.BYTES_COMPARATOR);
        written.forEach(c -> rows.add(CellUtil.cloneRow(c)));
        long fileLength = FileSystem.getLocal(conf).getFileStatus(path).getLen();
        LongAdder bytesRead = new LongAdder(); // what the reader asks for, not what the local file system buffers
        try (StoredFile file =
                StoredFile.open(conf, new CountingFileSystem(FileSystem.getLocal(conf), bytesRead), path, "fam")) {
            long start = bytesRead.sum();
            try (BlockCursor cursor = BlockCursor.over(file.reader())) {
                assertTrue(cursor.seek(new byte[0]));
                for (byte[] row : rows) {
                    assertTrue(cursor.reseek(row));
                    assertTrue(CellUtil.matchingRows(cursor.cell(), row));
                    byte[] gap = Bytes.add(row, new byte[] {0}); // between this row and the next
                    if (cursor.reseek(gap)) {
                        assertFalse(rowBefore(cursor.cell(), gap));
                    }
                }
            }
            long read = bytesRead.sum() - start;
            assertTrue(
                    read <= fileLength,
                    "reseeks through every row read " + read + " bytes, the file has " + fileLength);
        }
    }

    /** Random cells (no tags, no memstore timestamps) written with a multi-level index of 256-byte chunks. */
    private static List<KeyValue> writeWithSmallIndex(
            Configuration conf, Path path, DataBlockEncoding encoding, long seed) throws IOException {
        conf.setInt(HFileBlockIndex.MAX_CHUNK_SIZE_KEY, 256);
        List<KeyValue> written = cells(new Random(seed), false, false);
        write(conf, path, written, encoding, Compression.Algorithm.NONE, false, false);
        return written;
    }

    private static long localBytesRead() {
        return FileSystem.getAllStatistics().stream()
                .filter(s -> s.getScheme().equals("file"))
                .mapToLong(FileSystem.Statistics::getBytesRead)
                .sum();
    }

    private static boolean rowBefore(Cell c, byte[] row) {
        return Bytes.compareTo(c.getRowArray(), c.getRowOffset(), c.getRowLength(), row, 0, row.length) < 0;
    }

    /**
     * A damaged block fails with an error instead of looping or handing out garbage past its end: a NONE cell whose
     * value length steps back onto itself, a FAST_DIFF or PREFIX block with a negative decoded size, and random bytes
     * overwritten in either (each read must end, with cells or an error). The files carry no checksum at all (the local
     * file system's checksum file removed, written without HBase's block checksums), so the damage reaches the decoder;
     * with HBase's checksums, as dumptruck writes them, the same damage is found before any decoding.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("encodings")
    void aDamagedBlockFailsInsteadOfLooping(DataBlockEncoding encoding) throws Exception {
        Configuration conf = new Configuration();
        List<KeyValue> written = cells(new Random(11), false, false);
        Path path = new Path(tmp.getPath(), "damaged-" + encoding);
        write(conf, path, written, encoding, Compression.Algorithm.NONE, false, false, ChecksumType.NULL);
        byte[] intact = java.nio.file.Files.readAllBytes(java.nio.file.Path.of(path.toString()));
        java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(tmp.getPath(), "." + path.getName() + ".crc"));

        // the first data block starts the file, after its header; NONE: key length, value length, ...;
        // FAST_DIFF, PREFIX: the encoding id, then the block's decoded size
        int firstCell = HConstants.HFILEBLOCK_HEADER_SIZE;
        byte[] damaged = intact.clone();
        if (encoding == DataBlockEncoding.NONE) {
            Bytes.putInt(
                    damaged, firstCell + Bytes.SIZEOF_INT, -(KeyValue.ROW_OFFSET + Bytes.toInt(damaged, firstCell)));
        } else {
            Bytes.putInt(damaged, firstCell + DataBlockEncoding.ID_SIZE, -1);
        }
        IOException e =
                org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> readAll(conf, path, damaged));
        assertTrue(e.getMessage().startsWith("damaged data block"), e.getMessage());

        // the first key's row length, made longer than the key: comparisons would read past the cell
        byte[] longRow = intact.clone();
        int key = firstCell + KeyValue.ROW_OFFSET;
        if (encoding != DataBlockEncoding.NONE) {
            // FAST_DIFF: after the flag; PREFIX: no flag
            key = firstCell
                    + DataBlockEncoding.ID_SIZE
                    + Bytes.SIZEOF_INT
                    + (encoding == DataBlockEncoding.FAST_DIFF ? 1 : 0);
            for (int ints = 0; ints < 3; ints++) { // key length (rest), value length, shared prefix: compressed ints
                while (longRow[key++] < 0) {
                    // the high bit marks a byte followed by another
                }
            }
        }
        Bytes.putShort(longRow, key, Short.MAX_VALUE);
        e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> readAll(conf, path, longRow));
        assertTrue(e.getMessage().startsWith("damaged data block: a key of length"), e.getMessage());

        Random random = new Random(3);
        int dataEnd = Math.min(intact.length, 4096); // the first data blocks
        for (int i = 0; i < 200; i++) {
            byte[] copy = intact.clone();
            copy[firstCell + random.nextInt(dataEnd - firstCell)] = (byte) random.nextInt(256);
            try {
                readAll(conf, path, copy);
            } catch (IOException | RuntimeException expected) {
                // an error is a fine outcome; looping (the timeout) is not
            }
        }

        Path checked = new Path(tmp.getPath(), "checksummed-" + encoding);
        write(
                conf,
                checked,
                written,
                encoding,
                Compression.Algorithm.NONE,
                false,
                false,
                ChecksumType.getDefaultChecksumType());
        byte[] flipped = java.nio.file.Files.readAllBytes(java.nio.file.Path.of(checked.toString()));
        java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(tmp.getPath(), "." + checked.getName() + ".crc"));
        flipped[firstCell + 40] ^= 1;
        e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> readAll(conf, checked, flipped));
        assertTrue(e.getMessage().contains("a block fails its checksum"), e.getMessage());
    }

    static Stream<DataBlockEncoding> encodings() {
        return Stream.of(DataBlockEncoding.NONE, DataBlockEncoding.FAST_DIFF, DataBlockEncoding.PREFIX);
    }

    /** Writes {@code bytes} as the file at {@code path} and reads it whole, giving up after 10 s. */
    private static void readAll(Configuration conf, Path path, byte[] bytes) throws IOException {
        java.nio.file.Files.write(java.nio.file.Path.of(path.toString()), bytes);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
            try (StoredFile file = StoredFile.open(conf, FileSystem.getLocal(conf), path, "fam");
                    BlockCursor cursor = BlockCursor.over(file.reader())) {
                for (boolean more = cursor.seek(new byte[0]); more; more = cursor.next()) {
                    cursor.cell();
                }
            }
        });
    }

    /** Rows of several lengths with long shared prefixes, each with a few columns and versions. */
    private static List<KeyValue> cells(Random random, boolean tags, boolean mvcc) {
        TreeSet<KeyValue> out = new TreeSet<>(CellComparator.getInstance());
        String[] prefixes = {"", "a", "user-0000", "user-0000-", "u".repeat(140)};
        byte[] repeated = Bytes.toBytes("same value");
        for (int r = 0; r < 600; r++) {
            byte[] row =
                    Bytes.toBytes(prefixes[random.nextInt(prefixes.length)] + random.nextInt(r < 300 ? 40 : 100000));
            int columns = 1 + random.nextInt(5);
            for (int q = 0; q < columns; q++) {
                byte[] qualifier = switch (random.nextInt(4)) {
                    case 0 -> new byte[0];
                    case 1 -> Bytes.toBytes("q" + random.nextInt(3));
                    case 2 -> Bytes.toBytes("qualifier-" + "x".repeat(random.nextInt(200)));
                    default -> new byte[] {(byte) random.nextInt(256)};
                };
                int versions = random.nextInt(4) == 0 ? 3 : 1;
                for (int v = 0; v < versions; v++) {
                    long ts = random.nextInt(3) == 0 ? 1_700_000_000_000L + v : random.nextLong() & Long.MAX_VALUE;
                    byte[] value = switch (random.nextInt(4)) {
                        case 0 -> new byte[0];
                        case 1 -> repeated;
                        case 2 -> randomBytes(random, 1 + random.nextInt(300));
                        default -> randomBytes(random, random.nextInt(8));
                    };
                    KeyValue.Type type = random.nextInt(10) == 0 ? KeyValue.Type.DeleteColumn : KeyValue.Type.Put;
                    List<Tag> cellTags = tags && random.nextInt(5) == 0
                            ? List.of(new ArrayBackedTag(
                                    (byte) 7, randomBytes(random, random.nextBoolean() ? 300 : 1 + random.nextInt(20))))
                            : List.of();
                    KeyValue kv = new KeyValue(
                            row,
                            0,
                            row.length,
                            FAMILY,
                            0,
                            FAMILY.length,
                            qualifier,
                            0,
                            qualifier.length,
                            ts,
                            type,
                            value,
                            0,
                            value.length,
                            cellTags);
                    if (mvcc) {
                        kv.setSequenceId(
                                switch (random.nextInt(3)) {
                                    case 0 -> 0;
                                    case 1 -> random.nextInt(128); // one vlong byte
                                    default -> random.nextInt(1 << 20);
                                });
                    }
                    out.add(kv);
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static byte[] randomBytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private static void write(
            Configuration conf,
            Path path,
            List<KeyValue> cells,
            DataBlockEncoding encoding,
            Compression.Algorithm codec,
            boolean tags,
            boolean mvcc)
            throws IOException {
        write(conf, path, cells, encoding, codec, tags, mvcc, ChecksumType.getDefaultChecksumType());
    }

    private static void write(
            Configuration conf,
            Path path,
            List<KeyValue> cells,
            DataBlockEncoding encoding,
            Compression.Algorithm codec,
            boolean tags,
            boolean mvcc,
            ChecksumType checksum)
            throws IOException {
        StoreFileWriter w = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, FileSystem.getLocal(conf))
                .withFilePath(path)
                .withBloomType(BloomType.ROW)
                .withFileContext(new HFileContextBuilder()
                        .withBlockSize(512)
                        .withCompression(codec)
                        .withDataBlockEncoding(encoding)
                        .withIncludesTags(tags)
                        .withIncludesMvcc(mvcc)
                        .withChecksumType(checksum)
                        .build())
                .build();
        try {
            for (KeyValue kv : cells) {
                w.append(kv);
            }
        } finally {
            w.close();
        }
    }

    /**
     * The file's cells as HBase's own scanner reads them (each copied: that scanner reuses nothing, but no need to rely
     * on it).
     */
    private static List<Cell> hbaseCells(Configuration conf, StoredFile file) throws IOException {
        List<Cell> out = new ArrayList<>();
        HFileScanner s = file.scanner(conf);
        try {
            if (s.seekTo()) {
                do {
                    out.add(s.getCell());
                } while (s.next());
            }
        } finally {
            s.close();
        }
        return out;
    }

    private static void assertSameCells(List<Cell> expected, List<Cell> got) {
        assertEquals(expected.size(), got.size(), "cells");
        for (int i = 0; i < expected.size(); i++) {
            Cell e = expected.get(i);
            Cell g = got.get(i);
            String at = "cell " + i + " " + e;
            assertTrue(CellUtil.equals(e, g), at + ": key, got " + g);
            assertArrayEquals(CellUtil.cloneValue(e), CellUtil.cloneValue(g), at + ": value");
            assertArrayEquals(PrivateCellUtil.cloneTags(e), PrivateCellUtil.cloneTags(g), at + ": tags");
            assertEquals(e.getSequenceId(), g.getSequenceId(), at + ": memstore timestamp");
            assertEquals(e.getSerializedSize(), g.getSerializedSize(), at + ": size");
        }
    }

    /**
     * Every change the cursor claims to know is the true one; FAST_DIFF and PREFIX know it for all but each block's
     * first cell.
     */
    private static void assertKeyChanges(List<Cell> cells, List<KeyChange> changes, DataBlockEncoding encoding) {
        int known = 0;
        for (int i = 1; i < cells.size(); i++) {
            Cell a = cells.get(i - 1);
            Cell b = cells.get(i);
            KeyChange truth = !CellUtil.matchingRows(a, b)
                    ? KeyChange.NEW_ROW
                    : CellUtil.matchingQualifier(a, b) ? KeyChange.SAME_COLUMN : KeyChange.NEW_COLUMN;
            if (changes.get(i) != KeyChange.UNKNOWN) {
                assertEquals(truth, changes.get(i), "change at cell " + i);
                known++;
            }
        }
        if (encoding != DataBlockEncoding.NONE) {
            assertTrue(known > cells.size() / 2, known + " of " + cells.size() + " changes known");
        } else {
            assertEquals(0, known);
        }
        assertFalse(changes.isEmpty());
    }
}
