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
 * A table to read: a dumptruck table directory {@code <output>/<table>} — the table spec from {@code _spec.json}, or
 * inferred from the family directories with one region and default settings when the directory came from elsewhere — or
 * what HBase holds ({@link HBaseTableFiles}): a snapshot {@code <root>/.hbase-snapshot/<name>} or a table directory
 * {@code <root>/data/<namespace>/<table>}, with the families' settings of the table's descriptor and a split point at
 * every region. Names starting with {@code _} or {@code .} are metadata, never HFiles. A directory that is none of
 * these — an HBase root, namespace or region directory, an output holding several tables — is refused naming what was
 * expected ({@link NotATableException}).
 */
public final class TableDir {
    /** One HFile of a family, and the rows of it that are its region's. */
    public record TableFile(Path path, long length, RowClip clip) {}

    private final Configuration conf;
    private final FileSystem fs;
    private final Path path;
    private final TableSpec spec;
    private final Map<String, List<TableFile>> files;
    private final List<String> mobFamilies;
    private final String warning;
    /** File ranges per family, read on first use. */
    private final Map<String, List<FileRange>> ranges = new HashMap<>();

    private TableDir(
            Configuration conf,
            FileSystem fs,
            Path path,
            TableSpec spec,
            Map<String, List<TableFile>> files,
            List<String> mobFamilies,
            String warning) {
        this.conf = conf;
        this.fs = fs;
        this.path = path;
        this.spec = spec;
        this.files = files;
        this.mobFamilies = mobFamilies;
        this.warning = warning;
    }

    public static TableDir open(Configuration conf, Path dir) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        FileStatus status;
        try {
            status = fs.getFileStatus(dir);
        } catch (FileNotFoundException e) {
            throw new NotATableException(
                    "no table directory " + dir + " (expected <output>/<table>, as written by a dumptruck load, "
                            + "or an HBase snapshot <root>/.hbase-snapshot/<name>)");
        }
        if (!status.isDirectory()) {
            throw new NotATableException(dir + " is a file, not a table directory <output>/<table>");
        }
        if (HBaseTableFiles.isSnapshot(fs, dir)) {
            return ofHBase(conf, fs, dir, HBaseTableFiles.snapshot(fs, dir), null);
        }
        if (HBaseTableFiles.isTable(fs, dir)) {
            return ofHBase(
                    conf,
                    fs,
                    dir,
                    HBaseTableFiles.table(fs, dir),
                    "reading the files of the HBase table directory " + dir
                            + " as they are: a live table's files change under a running job (compactions, splits); a snapshot is the safe way");
        }
        refuseOtherHBaseDirectories(fs, dir);
        Map<String, List<TableFile>> files = new LinkedHashMap<>();
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
            List<TableFile> hfiles = new ArrayList<>();
            for (FileStatus f : fs.listStatus(family.getPath())) {
                if (f.isFile() && !isMetadata(f.getPath().getName())) {
                    hfiles.add(new TableFile(f.getPath(), f.getLen(), RowClip.NONE));
                }
            }
            hfiles.sort(Comparator.comparing(s -> s.path().getName()));
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
        return new TableDir(conf, fs, path(fs, dir), spec, files, List.of(), null);
    }

    private static TableDir ofHBase(
            Configuration conf, FileSystem fs, Path dir, HBaseTableFiles.Found found, String warning) {
        Map<String, List<TableFile>> files = new LinkedHashMap<>();
        found.spec().familyNames().forEach(f -> files.put(f, new ArrayList<>()));
        for (HBaseTableFiles.StoreFile f : found.files()) {
            files.computeIfAbsent(f.family(), k -> new ArrayList<>())
                    .add(new TableFile(f.path(), f.length(), f.clip()));
        }
        return new TableDir(conf, fs, path(fs, dir), found.spec(), files, found.mobFamilies(), warning);
    }

    /**
     * Refuses, naming what to give instead, the directories of an HBase root that are not a table: the root itself, its
     * snapshot directory, a namespace directory, a region directory.
     */
    private static void refuseOtherHBaseDirectories(FileSystem fs, Path dir) throws IOException {
        if (fs.exists(new Path(dir, HBaseTableFiles.REGION_INFO))) {
            throw new NotATableException(dir + " is an HBase region directory: give its table directory "
                    + dir.getParent() + ", or a snapshot of the table");
        }
        if (fs.exists(new Path(dir, HConstants.VERSION_FILE_NAME))
                || fs.exists(new Path(dir, HConstants.SNAPSHOT_DIR_NAME))) {
            throw new NotATableException(dir + " is an HBase root directory: give a snapshot "
                    + new Path(dir, HConstants.SNAPSHOT_DIR_NAME) + "/<name> or a table directory "
                    + new Path(dir, HConstants.BASE_NAMESPACE_DIR) + "/<namespace>/<table>");
        }
        for (FileStatus child : fs.listStatus(dir)) {
            if (!child.isDirectory()) {
                continue;
            }
            if (HBaseTableFiles.isTable(fs, child.getPath())) {
                throw new NotATableException(
                        dir + " is an HBase namespace directory: give one of its tables, e.g. " + child.getPath());
            }
            if (HBaseTableFiles.isSnapshot(fs, child.getPath())) {
                throw new NotATableException(
                        dir + " is HBase's snapshot directory: give one of its snapshots, e.g. " + child.getPath());
            }
            if (fs.exists(new Path(child.getPath(), HBaseTableFiles.REGION_INFO))) {
                throw new NotATableException(
                        dir + " holds HBase regions but no table descriptor (" + HBaseTableFiles.TABLE_DESCRIPTOR_DIR
                                + "): give a snapshot of the table, or its whole table directory");
            }
        }
        Path root = hbaseRootAbove(fs, dir);
        if (root != null) {
            throw new NotATableException(dir + " is " + underRoot(root, dir) + " of the HBase root " + root
                    + ", not a table: give a snapshot " + new Path(root, HConstants.SNAPSHOT_DIR_NAME)
                    + "/<name> or a table directory " + new Path(root, HConstants.BASE_NAMESPACE_DIR)
                    + "/<namespace>/<table>");
        }
    }

    /** How far up an HBase root is looked for above a directory that is no table. */
    private static final int ROOT_DEPTH = 8;

    /** The nearest directory above {@code dir} that is an HBase root (it holds {@code hbase.version}), or null. */
    private static Path hbaseRootAbove(FileSystem fs, Path dir) throws IOException {
        Path p = new Path(dir.toString()).getParent(); // a Path made from a URI keeps a trailing slash
        for (int i = 0; p != null && i < ROOT_DEPTH; i++, p = p.getParent()) {
            if (fs.exists(new Path(p, HConstants.VERSION_FILE_NAME))) {
                return p;
            }
        }
        return null;
    }

    /** What {@code dir}, a directory under the HBase root {@code root} that is no table, is, in a few words. */
    static String underRoot(Path root, Path dir) {
        List<String> parts = new ArrayList<>();
        for (Path p = new Path(dir.toString());
                p != null && !p.equals(root) && p.getParent() != null;
                p = p.getParent()) {
            parts.add(0, p.getName());
        }
        String first = parts.isEmpty() ? "" : parts.get(0);
        int depth = parts.size();
        return switch (first) {
            case HConstants.BASE_NAMESPACE_DIR ->
                switch (depth) {
                    case 1 -> "the data directory (its namespaces)";
                    case 2 -> "a namespace directory with no table";
                    case 3 -> "a table directory without its descriptor";
                    case 5 -> "a family directory of a region";
                    case 6 ->
                        parts.get(5).equals(".filelist")
                                ? "the store file tracker's list of a family"
                                : "a directory inside a table";
                    default -> "a directory inside a table";
                };
            case HConstants.HFILE_ARCHIVE_DIRECTORY ->
                depth == 4 && parts.get(1).equals(HConstants.BASE_NAMESPACE_DIR)
                        ? "an archived table (files that compactions, splits and dropped tables left; snapshots may use them)"
                        : "the archive (files that compactions, splits and dropped tables left; snapshots may use them)";
            case HConstants.HBASE_TEMP_DIRECTORY -> "HBase's temporary directory";
            case "MasterData" -> "the master's own store";
            case HConstants.HREGION_LOGDIR_NAME, HConstants.HREGION_OLDLOGDIR_NAME -> "write-ahead logs";
            case HConstants.CORRUPT_DIR_NAME -> "the corrupt write-ahead logs";
            case HConstants.SNAPSHOT_DIR_NAME -> "a directory of snapshots being taken or of a snapshot";
            default -> "a directory";
        };
    }

    /**
     * A line to show the user before reading, or null: reading a live HBase table's directory is not safe the way
     * reading a snapshot is.
     */
    public String warning() {
        return warning;
    }

    private static Path path(FileSystem fs, Path dir) {
        return fs.makeQualified(dir);
    }

    static boolean isMetadata(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }

    public Path path() {
        return path;
    }

    public TableSpec spec() {
        return spec;
    }

    public FileSystem fileSystem() {
        return fs;
    }

    /** Region split points the load used. */
    public List<byte[]> splitPoints() {
        return spec.regions().splitPoints();
    }

    /** Family names that have a directory here, in name order. */
    public List<String> families() {
        return List.copyOf(files.keySet());
    }

    public List<TableFile> files(String family) {
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
            for (TableFile f : files(family)) {
                try (StoredFile sf = StoredFile.open(conf, fs, f.path(), family, f.clip())) {
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
     * The files of the families {@code scan} reads whose rows may fall in {@code [start, stop)} and whose cells may
     * fall in the scan's time range, oldest first: the only files a scan opens. Files of the other families are not
     * opened, not even to plan.
     */
    public List<FileRange> fileRanges(ScanSpec scan, byte[] start, byte[] stop) throws IOException {
        List<FileRange> out = new ArrayList<>();
        for (String family : files.keySet()) {
            if (scan.readsFamily(family)) {
                if (mobFamilies.contains(family)) {
                    throw new NotATableException(
                            "family '" + family + "' of " + path + " keeps its values in MOB files, which dumptruck "
                                    + "does not read: leave the family out of the scan (--families), or read it through HBase");
                }
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
        return files.values().stream()
                .flatMap(List::stream)
                .mapToLong(TableFile::length)
                .sum();
    }

    /** Number of the table's HFiles (empty ones included). */
    public int fileCount() {
        return files.values().stream().mapToInt(List::size).sum();
    }

    /** Opens the files in the given order, each within its clip; if one fails, those already open are closed. */
    public List<StoredFile> open(List<FileRange> ranges) throws IOException {
        return open(
                conf,
                ranges.stream().map(FileRange::path).toList(),
                ranges.stream().map(FileRange::family).toList(),
                ranges.stream().map(FileRange::clip).toList(),
                fs);
    }

    /**
     * Opens {@code paths[i]} as a file of {@code families[i]} within {@code clips[i]}, in order, through
     * {@code through} (the table's file system, or a view of it that counts bytes); if one fails, those already open
     * are closed.
     */
    static List<StoredFile> open(
            Configuration conf, List<Path> paths, List<String> families, List<RowClip> clips, FileSystem through)
            throws IOException {
        List<StoredFile> out = new ArrayList<>();
        try {
            for (int i = 0; i < paths.size(); i++) {
                out.add(StoredFile.open(conf, through, paths.get(i), families.get(i), clips.get(i)));
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
