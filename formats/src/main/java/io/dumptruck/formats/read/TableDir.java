package io.dumptruck.formats.read;

import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;

/**
 * A table directory {@code <output>/<table>}: the table spec (from {@code _spec.json}, or inferred
 * from the family directories with one region and default settings when the directory came from
 * elsewhere) and the HFiles of each family. Names starting with {@code _} or {@code .} are metadata,
 * never HFiles.
 */
public final class TableDir {
  private final Configuration conf;
  private final FileSystem fs;
  private final Path path;
  private final TableSpec spec;
  private final Map<String, List<FileStatus>> files;
  /** File ranges per family, read on first use. */
  private final Map<String, List<FileRange>> ranges = new HashMap<>();

  private TableDir(Configuration conf, FileSystem fs, Path path, TableSpec spec, Map<String, List<FileStatus>> files) {
    this.conf = conf;
    this.fs = fs;
    this.path = path;
    this.spec = spec;
    this.files = files;
  }

  public static TableDir open(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    FileStatus status;
    try {
      status = fs.getFileStatus(dir);
    } catch (FileNotFoundException e) {
      throw new NotATableException("no table directory " + dir + " (expected <output>/<table>, as written by a dumptruck load)");
    }
    if (!status.isDirectory()) {
      throw new NotATableException(dir + " is a file, not a table directory <output>/<table>");
    }
    Map<String, List<FileStatus>> files = new LinkedHashMap<>();
    List<String> subTables = new ArrayList<>();
    FileStatus[] children = fs.listStatus(dir);
    Arrays.sort(children, Comparator.comparing(s -> s.getPath().getName()));
    for (FileStatus family : children) {
      String name = family.getPath().getName();
      if (!family.isDirectory() || isMetadata(name)) {
        continue;
      }
      if (fs.exists(new Path(family.getPath(), TableSpecJson.FILE_NAME))) {
        subTables.add(name);
        continue;
      }
      List<FileStatus> hfiles = new ArrayList<>();
      for (FileStatus f : fs.listStatus(family.getPath())) {
        if (f.isFile() && !isMetadata(f.getPath().getName())) {
          hfiles.add(f);
        }
      }
      hfiles.sort(Comparator.comparing(s -> s.getPath().getName()));
      files.put(name, hfiles);
    }
    Path specFile = new Path(dir, TableSpecJson.FILE_NAME);
    TableSpec spec;
    if (fs.exists(specFile)) {
      spec = TableSpecJson.read(fs, specFile);
    } else if (!subTables.isEmpty()) {
      throw new NotATableException(dir + " is an output directory, not a table: name one of its tables, e.g. "
          + new Path(dir, subTables.get(0)) + " (tables: " + String.join(", ", subTables) + ")");
    } else if (files.isEmpty()) {
      throw new NotATableException(dir + " holds no family directories: not a table directory <output>/<table>");
    } else {
      List<FamilySpec> families = new ArrayList<>();
      // unknown settings: keep every version, as the files may hold several
      files.keySet().forEach(f -> families.add(FamilySpec.named(f).withMaxVersions(HConstants.ALL_VERSIONS)));
      spec = new TableSpec(dir.getName(), families, RegionSplits.single(), null);
    }
    return new TableDir(conf, fs, path(fs, dir), spec, files);
  }

  private static Path path(FileSystem fs, Path dir) {
    return fs.makeQualified(dir);
  }

  static boolean isMetadata(String name) {
    return name.startsWith("_") || name.startsWith(".");
  }

  public Path path() { return path; }

  public TableSpec spec() { return spec; }

  public FileSystem fileSystem() { return fs; }

  /** Region split points the load used. */
  public List<byte[]> splitPoints() {
    return spec.regions().splitPoints();
  }

  /** Family names that have a directory here, in name order. */
  public List<String> families() {
    return List.copyOf(files.keySet());
  }

  public List<FileStatus> files(String family) {
    return files.getOrDefault(family, List.of());
  }

  /** Where the rows of every non-empty HFile lie, oldest file first; each file is opened once, then closed. */
  public List<FileRange> fileRanges() throws IOException {
    List<FileRange> out = new ArrayList<>();
    for (String family : files.keySet()) {
      out.addAll(fileRanges(family));
    }
    out.sort(FileRange.OLDEST_FIRST);
    return out;
  }

  /** The non-empty HFiles of one family, oldest first; read from their trailers on first use, then kept. */
  private synchronized List<FileRange> fileRanges(String family) throws IOException {
    List<FileRange> known = ranges.get(family);
    if (known == null) {
      List<FileRange> out = new ArrayList<>();
      for (FileStatus f : files(family)) {
        try (StoredFile sf = StoredFile.open(conf, fs, f.getPath(), family)) {
          if (!sf.isEmpty()) {
            out.add(sf.range());
          }
        }
      }
      out.sort(FileRange.OLDEST_FIRST);
      known = List.copyOf(out);
      ranges.put(family, known);
    }
    return known;
  }

  /**
   * The files of the families {@code scan} reads whose rows may fall in {@code [start, stop)} and whose
   * cells may fall in the scan's time range, oldest first: the only files a scan opens. Files of the
   * other families are not opened, not even to plan.
   */
  public List<FileRange> fileRanges(ScanSpec scan, byte[] start, byte[] stop) throws IOException {
    List<FileRange> out = new ArrayList<>();
    for (String family : files.keySet()) {
      if (scan.readsFamily(family)) {
        for (FileRange r : fileRanges(family)) {
          if (r.overlaps(start, stop) && r.overlapsTime(scan.minTime(), scan.maxTime())) {
            out.add(r);
          }
        }
      }
    }
    out.sort(FileRange.OLDEST_FIRST);
    return out;
  }

  /** Bytes on disk of all the table's HFiles. */
  public long bytes() {
    return files.values().stream().flatMap(List::stream).mapToLong(FileStatus::getLen).sum();
  }

  /** Number of the table's HFiles (empty ones included). */
  public int fileCount() {
    return files.values().stream().mapToInt(List::size).sum();
  }

  /** Opens the files in the given order; if one fails, those already open are closed. */
  public List<StoredFile> open(List<FileRange> ranges) throws IOException {
    return open(conf, ranges.stream().map(FileRange::path).toList(), ranges.stream().map(FileRange::family).toList(), fs);
  }

  /**
   * Opens {@code paths[i]} as a file of {@code families[i]}, in order, through {@code through} (the
   * table's file system, or a view of it that counts bytes); if one fails, those already open are closed.
   */
  static List<StoredFile> open(Configuration conf, List<Path> paths, List<String> families, FileSystem through)
      throws IOException {
    List<StoredFile> out = new ArrayList<>();
    try {
      for (int i = 0; i < paths.size(); i++) {
        out.add(StoredFile.open(conf, through, paths.get(i), families.get(i)));
      }
    } catch (IOException | RuntimeException e) {
      try {
        StoredFile.closeAll(out);
      } catch (IOException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
    return out;
  }
}
