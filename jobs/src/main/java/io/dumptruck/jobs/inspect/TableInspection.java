package io.dumptruck.jobs.inspect;

import io.dumptruck.formats.read.FileRange;
import io.dumptruck.formats.read.RowClip;
import io.dumptruck.formats.read.TableDir;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.jobs.inspect.RegionScan.RegionFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What a table directory holds, per region and family, with table totals and a {@link Balance} verdict:
 * {@code dumptruck inspect <table-dir>}.
 *
 * <p>Regions are those of the table spec's split points. An HFile belongs to the region holding its first row (its rows
 * all lie there in a table a load wrote, as files never cross a split point, and in an HBase table's region); a
 * reference file a split left counts its half of the parent's file in its own region, with that half's rows and cells
 * and its share of the file's bytes; an HFile without cells belongs to region 0. Each file is opened twice — once for
 * its key range, read from the trailer and index as {@link TableDir#fileRanges()} does, once to scan it — and its data
 * blocks are read once: the files of a region are scanned together, merged in row order, one region at a time, so that
 * memory stays one scanner per file of a region.
 */
public final class TableInspection {
    private final String table;
    private final Path path;
    private final List<String> families;
    private final List<RegionInspection> regions;
    private final Figures totals;
    private final Map<String, Figures> familyTotals;
    private final KeyPrefixSpread prefixes;
    private final Balance balance;

    private TableInspection(
            String table, Path path, List<String> families, List<RegionInspection> regions, KeyPrefixSpread prefixes) {
        this.table = table;
        this.path = path;
        this.families = List.copyOf(families);
        this.regions = List.copyOf(regions);
        this.prefixes = prefixes;
        this.totals = new Figures();
        Map<String, Figures> byFamily = new LinkedHashMap<>();
        families.forEach(f -> byFamily.put(f, new Figures()));
        for (RegionInspection r : regions) {
            totals.add(r.total());
            r.families().forEach((f, figures) -> byFamily.get(f).add(figures));
        }
        this.familyTotals = Collections.unmodifiableMap(byFamily);
        this.balance = Balance.of(regions, prefixes);
    }

    /**
     * Inspects the table directory {@code dir}; a path that is not one fails with {@link TableDir}'s message (no such
     * directory, a file, an output directory holding tables, no family directories).
     */
    public static TableInspection inspect(Configuration conf, Path dir) throws IOException {
        TableDir table = TableDir.open(conf, dir);
        List<String> families = familyNames(table);
        List<byte[]> points = table.splitPoints();
        List<List<RegionFile>> filesByRegion = filesByRegion(table, families, points);
        KeyPrefixSpread prefixes = new KeyPrefixSpread();
        List<RegionInspection> regions = new ArrayList<>();
        for (int i = 0; i <= points.size(); i++) {
            regions.add(region(conf, table, families, points, i, filesByRegion.get(i), prefixes));
        }
        return new TableInspection(table.spec().name(), table.path(), families, regions, prefixes);
    }

    /** Scans region {@code index} (its files: {@code files}), counting its distinct rows into {@code prefixes}. */
    private static RegionInspection region(
            Configuration conf,
            TableDir table,
            List<String> families,
            List<byte[]> points,
            int index,
            List<RegionFile> files,
            KeyPrefixSpread prefixes)
            throws IOException {
        Figures total = new Figures();
        Figures[] perFamily = new Figures[families.size()];
        Map<String, Figures> byName = new LinkedHashMap<>();
        for (int f = 0; f < perFamily.length; f++) {
            perFamily[f] = new Figures();
            byName.put(families.get(f), perFamily[f]);
        }
        if (!files.isEmpty()) {
            new RegionScan(total, perFamily, prefixes).scan(conf, table.fileSystem(), files);
        }
        byte[] start = index == 0 ? new byte[0] : points.get(index - 1);
        byte[] end = index == points.size() ? new byte[0] : points.get(index);
        return new RegionInspection(index, start, end, total, Collections.unmodifiableMap(byName));
    }

    /** The spec's families in its order, then any family directory the spec does not name. */
    private static List<String> familyNames(TableDir table) {
        List<String> out = new ArrayList<>(table.spec().familyNames());
        table.families().stream().filter(f -> !out.contains(f)).forEach(out::add);
        return out;
    }

    private static List<List<RegionFile>> filesByRegion(TableDir table, List<String> families, List<byte[]> points)
            throws IOException {
        List<List<RegionFile>> out = new ArrayList<>();
        for (int i = 0; i <= points.size(); i++) {
            out.add(new ArrayList<>());
        }
        Set<String> withCells = new HashSet<>();
        for (FileRange r : table.fileRanges()) {
            withCells.add(placed(r.path(), r.clip()));
            // the file's first row of its region: a reference file's half starts at its clip (the split row)
            byte[] first = Bytes.compareTo(r.clip().start(), r.firstRow()) > 0
                    ? r.clip().start()
                    : r.firstRow();
            int region = RegionSplits.regionOf(points, first, 0, first.length);
            out.get(region).add(new RegionFile(r.path(), r.family(), r.clip(), families.indexOf(r.family())));
        }
        for (String family : table.families()) {
            for (TableDir.TableFile f : table.files(family)) {
                if (!withCells.contains(placed(f.path(), f.clip()))) {
                    out.get(0).add(new RegionFile(f.path(), family, f.clip(), families.indexOf(family)));
                }
            }
        }
        return out;
    }

    /** A file or a reference file's half of its parent's file: both halves of a split name the same file. */
    private static String placed(Path file, RowClip clip) {
        return file + " " + Bytes.toStringBinary(clip.start()) + " " + Bytes.toStringBinary(clip.stop());
    }

    /** The table's name (from its spec, else the directory name). */
    public String table() {
        return table;
    }

    /** The table directory, fully qualified. */
    public Path path() {
        return path;
    }

    /** Families: the spec's in its order, then any other family directory. */
    public List<String> families() {
        return families;
    }

    /** Every region of the spec, in key order, empty ones included. */
    public List<RegionInspection> regions() {
        return regions;
    }

    /** The whole table's figures. */
    public Figures totals() {
        return totals;
    }

    /** Each family's figures over all regions, in family order. */
    public Map<String, Figures> familyTotals() {
        return familyTotals;
    }

    /** How the table's rows spread over the first byte of their keys. */
    public KeyPrefixSpread prefixes() {
        return prefixes;
    }

    public Balance balance() {
        return balance;
    }
}
