package io.dumptruck.bench;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What a table directory ({@code <table>/<family>/<hfile>}) holds, whoever wrote it: the number of cells, their key and
 * value bytes, an MD5 over every cell in HBase order (row, family, qualifier, timestamp, type, value), the files and
 * their bytes on disk, whether every file stays inside one region of the given split points, and the shape of the rows:
 * how many rows (counted per family) and the most cells one row holds in one family. Two loads hold the same cells
 * exactly when the counts and digests agree.
 */
record CellDigest(
        long cells,
        long keyValueBytes,
        String md5,
        int files,
        long fileBytes,
        boolean filesWithinRegions,
        long rows,
        long widestRow) {

    static CellDigest of(Configuration conf, Path tableDir, List<byte[]> splitPoints) throws IOException {
        FileSystem fs = tableDir.getFileSystem(conf);
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long cells = 0;
        long bytes = 0;
        int files = 0;
        long fileBytes = 0;
        boolean withinRegions = true;
        long rows = 0;
        long widest = 0;
        FileStatus[] families = fs.listStatus(tableDir, p -> !hidden(p));
        Arrays.sort(families, Comparator.comparing(s -> s.getPath().getName()));
        for (FileStatus family : families) {
            if (!family.isDirectory()) {
                continue;
            }
            List<HFile.Reader> readers = new ArrayList<>();
            try {
                for (FileStatus f : fs.listStatus(family.getPath(), p -> !hidden(p))) {
                    HFile.Reader r = HFile.createReader(fs, f.getPath(), CacheConfig.DISABLED, true, conf);
                    readers.add(r);
                    files++;
                    fileBytes += f.getLen();
                    if (r.getEntries() > 0
                            && region(r.getFirstRowKey().get(), splitPoints)
                                    != region(r.getLastRowKey().get(), splitPoints)) {
                        withinRegions = false;
                    }
                }
                readers.removeIf(r -> r.getEntries() == 0);
                readers.sort((a, b) -> CellComparator.getInstance()
                        .compare(a.getFirstKey().get(), b.getFirstKey().get()));
                Cell last = null;
                long rowCells = 0;
                for (HFile.Reader r : readers) {
                    HFileScanner s = r.getScanner(conf, false, false);
                    if (!s.seekTo()) {
                        continue;
                    }
                    do {
                        Cell c = s.getCell();
                        if (last != null && CellComparator.getInstance().compare(last, c) >= 0) {
                            throw new IllegalStateException(
                                    "files of " + family.getPath() + " overlap or are out of order at " + c);
                        }
                        if (last == null || !CellUtil.matchingRows(last, c)) {
                            rows++;
                            rowCells = 0;
                        }
                        widest = Math.max(widest, ++rowCells);
                        update(md5, c);
                        cells++;
                        bytes += c.getRowLength()
                                + c.getFamilyLength()
                                + c.getQualifierLength()
                                + 9
                                + c.getValueLength();
                        last = KeyValueUtil.copyToNewKeyValue(c); // the scanner's cell is only valid until next()
                    } while (s.next());
                    s.close();
                }
            } finally {
                for (HFile.Reader r : readers) {
                    r.close();
                }
            }
        }
        return new CellDigest(
                cells, bytes, HexFormat.of().formatHex(md5.digest()), files, fileBytes, withinRegions, rows, widest);
    }

    /** The same cells: counts and digest agree (files and their bytes may differ). */
    boolean sameCells(CellDigest o) {
        return cells == o.cells && keyValueBytes == o.keyValueBytes && md5.equals(o.md5);
    }

    /** Adds one cell to the digest: row, family, qualifier (each with its length), timestamp, type, value. */
    static void update(MessageDigest md5, Cell c) {
        part(md5, c.getRowArray(), c.getRowOffset(), c.getRowLength());
        part(md5, c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
        part(md5, c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
        md5.update(Bytes.toBytes(c.getTimestamp()));
        md5.update(c.getType().getCode());
        part(md5, c.getValueArray(), c.getValueOffset(), c.getValueLength());
    }

    private static void part(MessageDigest md5, byte[] b, int off, int len) {
        md5.update(Bytes.toBytes(len));
        md5.update(b, off, len);
    }

    /** The index of the region holding {@code row}: the number of split points at or below it. */
    static int region(byte[] row, List<byte[]> splitPoints) {
        int i = 0;
        while (i < splitPoints.size() && Bytes.compareTo(splitPoints.get(i), row) <= 0) {
            i++;
        }
        return i;
    }

    private static boolean hidden(Path p) {
        return p.getName().startsWith("_") || p.getName().startsWith(".");
    }
}
