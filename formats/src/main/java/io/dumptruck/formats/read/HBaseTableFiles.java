package io.dumptruck.formats.read;

import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.FileLink;
import org.apache.hadoop.hbase.io.HFileLink;
import org.apache.hadoop.hbase.io.Reference;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HRegionFileSystem;
import org.apache.hadoop.hbase.regionserver.StoreFileInfo;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotRegionManifest;
import org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils;
import org.apache.hadoop.hbase.snapshot.SnapshotManifest;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.FSTableDescriptors;

/**
 * The HFiles of a table as HBase keeps them, read without writing anything under its root directory:
 *
 * <ul>
 *   <li>a <b>snapshot</b>, {@code <root>/.hbase-snapshot/<name>}: the table descriptor and regions of its manifest,
 *       each store file found where it is now — in the table's {@code data/} directory, or in {@code archive/} once a
 *       compaction or a dropped table moved it there ({@link HFileLink});
 *   <li>a <b>table directory</b>, {@code <root>/data/<namespace>/<table>}: the descriptor of {@code .tabledesc}, the
 *       regions of their {@code .regioninfo} files and their store files as they are now.
 * </ul>
 *
 * A reference file (the half of a parent region's file that a split leaves each daughter, or the whole of it after a
 * merge) stands for the parent's file, read only within its half and region ({@link RowClip}). Regions that overlap — a
 * split parent beside its daughters, merged regions beside the merge — are resolved as the catalog would: the newest
 * regions (highest region id) win.
 */
final class HBaseTableFiles {
    /** The name of the snapshot description file that marks a snapshot directory. */
    static final String SNAPSHOT_INFO = SnapshotDescriptionUtils.SNAPSHOTINFO_FILE;
    /** The directory that marks a table directory. */
    static final String TABLE_DESCRIPTOR_DIR = FSTableDescriptors.TABLEINFO_DIR;

    static final String REGION_INFO = HRegionFileSystem.REGION_INFO_FILE;
    private static final Set<BloomType> WRITTEN_BLOOMS = Set.of(BloomType.NONE, BloomType.ROW, BloomType.ROWCOL);
    private static final Set<DataBlockEncoding> WRITTEN_ENCODINGS = Set.of(
            DataBlockEncoding.NONE, DataBlockEncoding.PREFIX, DataBlockEncoding.DIFF, DataBlockEncoding.FAST_DIFF);

    /** One store file of a region: where it is, how long, and which rows of it are the region's. */
    record StoreFile(String family, Path path, long length, RowClip clip) {}

    /**
     * What was found: the table as a spec (families' settings, region starts), each served region's files, and the
     * families that keep their values in MOB files (which dumptruck does not read).
     */
    record Found(TableSpec spec, List<StoreFile> files, List<String> mobFamilies) {}

    private HBaseTableFiles() {}

    static boolean isSnapshot(FileSystem fs, Path dir) throws IOException {
        return fs.exists(new Path(dir, SNAPSHOT_INFO));
    }

    static boolean isTable(FileSystem fs, Path dir) throws IOException {
        return fs.exists(new Path(dir, TABLE_DESCRIPTOR_DIR));
    }

    /** The snapshot in {@code dir} ({@code <root>/.hbase-snapshot/<name>}). */
    static Found snapshot(FileSystem fs, Path dir) throws IOException {
        Path root = dir.getParent().getParent();
        SnapshotDescription description = SnapshotDescriptionUtils.readSnapshotInfo(fs, dir);
        SnapshotManifest manifest = SnapshotManifest.open(fs.getConf(), fs, dir, description);
        TableDescriptor descriptor = manifest.getTableDescriptor();
        if (descriptor == null) {
            throw new NotATableException(
                    "snapshot " + dir + " has no table descriptor in its manifest: it is damaged or still being taken");
        }
        TableName table = descriptor.getTableName();
        List<RegionFiles> regions = new ArrayList<>();
        for (SnapshotRegionManifest m : manifest.getRegionManifests()) {
            RegionInfo region = ProtobufUtil.toRegionInfo(m.getRegionInfo());
            List<StoreFile> files = new ArrayList<>();
            for (SnapshotRegionManifest.FamilyFiles family : m.getFamilyFilesList()) {
                String name = family.getFamilyName().toStringUtf8();
                for (SnapshotRegionManifest.StoreFile sf : family.getStoreFilesList()) {
                    Reference reference = sf.hasReference() ? Reference.convert(sf.getReference()) : null;
                    if (reference == null && StoreFileInfo.isReference(sf.getName())) {
                        throw new NotATableException(
                                "snapshot " + dir + " lists the reference file " + sf.getName()
                                        + " without its reference (a snapshot of an old layout): restore or clone it with HBase and read the table");
                    }
                    files.add(locate(fs, root, table, region, name, sf.getName(), reference));
                }
            }
            regions.add(new RegionFiles(region, files));
        }
        return found(dir, descriptor, regions);
    }

    /** The table directory {@code dir} ({@code <root>/data/<namespace>/<table>}), as its files are now. */
    static Found table(FileSystem fs, Path dir) throws IOException {
        Path root = dir.getParent().getParent().getParent();
        TableDescriptor descriptor = FSTableDescriptors.getTableDescriptorFromFs(fs, dir);
        TableName table = descriptor.getTableName();
        List<RegionFiles> regions = new ArrayList<>();
        for (FileStatus regionDir : fs.listStatus(dir)) {
            if (!regionDir.isDirectory() || !fs.exists(new Path(regionDir.getPath(), REGION_INFO))) {
                continue;
            }
            RegionInfo region = HRegionFileSystem.loadRegionInfoFileContent(fs, regionDir.getPath());
            List<StoreFile> files = new ArrayList<>();
            for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
                Path familyDir = new Path(regionDir.getPath(), family.getNameAsString());
                FileStatus[] stored = fs.exists(familyDir) ? fs.listStatus(familyDir) : new FileStatus[0];
                for (FileStatus f : stored) {
                    String name = f.getPath().getName();
                    if (f.isDirectory() || name.startsWith(".")) {
                        continue;
                    }
                    Reference reference = StoreFileInfo.isReference(name) ? Reference.read(fs, f.getPath()) : null;
                    files.add(locate(fs, root, table, region, family.getNameAsString(), name, reference));
                }
            }
            regions.add(new RegionFiles(region, files));
        }
        return found(dir, descriptor, regions);
    }

    /**
     * Where a compaction moves the store file {@code path} of a table ({@code <root>/data/<ns>/<table>/
     * <region>/<family>/<file>}): {@code <root>/archive/data/…}; null for a path of another shape.
     */
    static Path archived(Path path) {
        if (path.toUri()
                .getPath()
                .contains("/" + HConstants.HFILE_ARCHIVE_DIRECTORY + "/" + HConstants.BASE_NAMESPACE_DIR + "/")) {
            return null; // in the archive already
        }
        Path p = path;
        Path[] up = new Path[6];
        for (int i = 0; i < 6; i++) {
            if (p == null) {
                return null;
            }
            up[i] = p;
            p = p.getParent();
        }
        if (p == null || !HConstants.BASE_NAMESPACE_DIR.equals(up[5].getName())) {
            return null;
        }
        Path archived = new Path(new Path(p, HConstants.HFILE_ARCHIVE_DIRECTORY), HConstants.BASE_NAMESPACE_DIR);
        for (int i = 4; i >= 0; i--) {
            archived = new Path(archived, up[i].getName());
        }
        return archived;
    }

    /**
     * The file {@code path} wherever it is while it is read: a store file of an HBase table at its path, then in the
     * archive ({@link #archived}), which HBase's readers follow when a read finds the file moved ({@link FileLink});
     * any other file at its path only.
     */
    static FileLink link(Path path) {
        Path archive = archived(path);
        return archive == null ? new FileLink(path) : new FileLink(path, archive);
    }

    /**
     * Where {@code link} (made from {@code path}) is now; a store file in neither its table nor the archive fails
     * naming it and what happened.
     */
    static FileStatus status(FileSystem fs, FileLink link, Path path) throws IOException {
        try {
            return link.getFileStatus(fs);
        } catch (FileNotFoundException e) {
            Path archive = archived(path);
            if (archive == null) {
                throw e;
            }
            throw new FileNotFoundException("it is in neither its table nor the archive (" + archive
                    + "): the table changed while it was read (a compaction, split or merge replaced the file and "
                    + "HBase's cleaner has deleted it since); read a snapshot of the table instead");
        }
    }

    private record RegionFiles(RegionInfo region, List<StoreFile> files) {}

    /**
     * Where the store file {@code name} of {@code region}'s {@code family} is now: a plain HFile name is the table's
     * own file (in {@code data/}, or in {@code archive/} since), a link name ({@code table=region-hfile}) another
     * table's, a reference ({@code hfile.parentRegion}) the parent region's file, read within its half.
     */
    private static StoreFile locate(
            FileSystem fs,
            Path root,
            TableName table,
            RegionInfo region,
            String family,
            String name,
            Reference reference)
            throws IOException {
        RowClip clip = new RowClip(region.getStartKey(), region.getEndKey());
        String referred = name;
        String referredRegion = region.getEncodedName();
        if (reference != null) {
            Path to = StoreFileInfo.getReferredToFile(
                    new Path(new Path(new Path(region.getEncodedName()), family), name));
            referred = to.getName();
            referredRegion = to.getParent().getParent().getName();
            byte[] key = reference.getSplitKey(); // the first key on the split row, as a serialized KeyValue key
            byte[] split = CellUtil.cloneRow(new KeyValue.KeyOnlyKeyValue(key, 0, key.length));
            clip = clip.and(
                    Reference.isTopFileRegion(reference.getFileRegion())
                            ? new RowClip(split, new byte[0])
                            : new RowClip(new byte[0], split));
        }
        Path linkPath = new Path(
                family,
                HFileLink.isHFileLink(referred)
                        ? referred
                        : HFileLink.createHFileLinkName(table, referredRegion, referred));
        HFileLink link =
                HFileLink.buildFromHFileLinkPattern(root, new Path(root, HConstants.HFILE_ARCHIVE_DIRECTORY), linkPath);
        FileStatus status;
        try {
            status = link.getFileStatus(fs);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("store file " + name + " of region " + region.getEncodedName() + " family "
                    + family + " is in neither " + link.getOriginPath() + " nor " + link.getArchivePath());
        }
        return new StoreFile(family, status.getPath(), status.getLen(), clip);
    }

    /**
     * The spec (families' settings from the descriptor, the regions' start keys) and files of the regions that the
     * catalog would serve: of regions that overlap, the newest. They must cover every row, from the empty start key to
     * the empty end key: a gap is a region that a split or merge of a live table was still making (or had removed) when
     * its directory was listed, and reading without it would give a shorter table.
     */
    private static Found found(Path dir, TableDescriptor descriptor, List<RegionFiles> all) throws IOException {
        List<RegionFiles> newestFirst = new ArrayList<>(all);
        newestFirst.sort(Comparator.comparingLong((RegionFiles r) -> r.region().getRegionId())
                .reversed());
        List<RegionFiles> served = new ArrayList<>();
        for (RegionFiles r : newestFirst) {
            if (served.stream().noneMatch(s -> overlap(s.region(), r.region()))) {
                served.add(r);
            }
        }
        served.sort(Comparator.comparing((RegionFiles r) -> r.region().getStartKey(), Bytes.BYTES_COMPARATOR));
        byte[] covered = new byte[0]; // every row before it lies in a region of served
        for (RegionFiles r : served) {
            if (!Bytes.equals(r.region().getStartKey(), covered)) {
                throw gap(dir, covered, r.region().getStartKey());
            }
            covered = r.region().getEndKey();
        }
        if (served.isEmpty() || covered.length > 0) {
            throw gap(dir, covered, new byte[0]);
        }
        List<byte[]> starts = served.stream()
                .map(r -> r.region().getStartKey())
                .filter(k -> k.length > 0)
                .toList();
        List<FamilySpec> families = new ArrayList<>();
        List<String> mob = new ArrayList<>();
        for (ColumnFamilyDescriptor f : descriptor.getColumnFamilies()) {
            // a reader takes bloom and encoding from each file; the spec keeps only what dumptruck could write
            families.add(new FamilySpec(
                    f.getNameAsString(),
                    f.getMaxVersions(),
                    f.getTimeToLive(),
                    WRITTEN_BLOOMS.contains(f.getBloomFilterType()) ? f.getBloomFilterType() : BloomType.NONE,
                    f.getCompressionType(),
                    f.getBlocksize(),
                    WRITTEN_ENCODINGS.contains(f.getDataBlockEncoding())
                            ? f.getDataBlockEncoding()
                            : DataBlockEncoding.NONE,
                    f.isInMemory(),
                    f.getMinVersions()));
            if (f.isMobEnabled()) {
                mob.add(f.getNameAsString());
            }
        }
        Map<String, List<StoreFile>> byFamily = new LinkedHashMap<>();
        families.forEach(f -> byFamily.put(f.name(), new ArrayList<>()));
        for (RegionFiles r : served) {
            for (StoreFile f : r.files()) {
                byFamily.computeIfAbsent(f.family(), k -> new ArrayList<>()).add(f);
            }
        }
        TableSpec spec = new TableSpec(
                descriptor.getTableName().getQualifierAsString(), families, RegionSplits.explicit(starts), null);
        return new Found(spec, byFamily.values().stream().flatMap(List::stream).toList(), mob);
    }

    private static IOException gap(Path dir, byte[] from, byte[] to) {
        return new IOException(
                "the regions of " + dir + " leave the rows from '" + Bytes.toStringBinary(from) + "' to '"
                        + Bytes.toStringBinary(to)
                        + "' (empty: the end) in no region: a split or merge was under way when they "
                        + "were listed; read a snapshot of the table, or read again");
    }

    private static boolean overlap(RegionInfo a, RegionInfo b) {
        return new RowClip(a.getStartKey(), a.getEndKey()).overlaps(b.getStartKey(), b.getEndKey());
    }
}
