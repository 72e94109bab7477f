package io.dumptruck.formats.job;

import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.RegionReplicaUtil;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The tables a load appends to, as HBase serves them now: each table's current region start keys become the load's
 * split points, and each family the load writes takes the live family's settings (compression, bloom type, block size,
 * data block encoding, VERSIONS, TTL, in-memory), so that the bulk load splits no HFile and the files carry the table's
 * settings. Read once, at job set-up.
 */
public final class LiveTables {
    private static final Set<BloomType> BLOOMS = Set.of(BloomType.NONE, BloomType.ROW, BloomType.ROWCOL);
    private static final Set<DataBlockEncoding> ENCODINGS = Set.of(
            DataBlockEncoding.NONE, DataBlockEncoding.PREFIX, DataBlockEncoding.DIFF, DataBlockEncoding.FAST_DIFF);

    private LiveTables() {}

    /**
     * One table matched to the live one.
     *
     * @param spec the table as the load writes it: the live split points and family settings
     * @param regions the live table's regions
     * @param overrides per family whose settings the live table changed: {@code family: setting a → b, …}
     * @param servers per region, in region order, the {@code host:port} of the region server serving it ("" when none
     *     is)
     */
    public record Match(TableName name, TableSpec spec, int regions, List<String> overrides, List<String> servers) {}

    /**
     * The load's table {@code given} matched to the live table {@code name}. A table that does not exist, a family the
     * load writes that it lacks, or a family setting dumptruck cannot write (a MOB family, a bloom type or encoding of
     * its own, a codec missing here) is a {@link SpecException} naming the fix.
     */
    public static Match match(Connection connection, TableName name, TableSpec given) throws IOException {
        try {
            return read(connection, name, given);
        } catch (IOException e) {
            Throwable cause = e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            throw new IOException(
                    "cannot read the live table " + name + " from HBase ("
                            + String.valueOf(cause).lines().findFirst().orElse("")
                            + "): is HBase running, and hbase.zookeeper.quorum set (hbase-site.xml or -D)?",
                    e);
        }
    }

    private static Match read(Connection connection, TableName name, TableSpec given) throws IOException {
        TableDescriptor live;
        try (Admin admin = connection.getAdmin()) {
            if (!admin.tableExists(name)) {
                throw new SpecException("HBase has no table " + name
                        + " to match: create it first (dumptruck bulkload creates it with a load's "
                        + "splits, dumptruck ddl prints the statement), or load without --live");
            }
            live = admin.getDescriptor(name);
        }
        List<FamilySpec> families = new ArrayList<>();
        List<String> overrides = new ArrayList<>();
        for (FamilySpec ours : given.families()) {
            ColumnFamilyDescriptor theirs = live.getColumnFamily(ours.nameBytes());
            if (theirs == null) {
                throw new SpecException(
                        "table " + name + " has no family '" + ours.name() + "', which the load writes: add it "
                                + "(alter '" + name + "', NAME => '" + ours.name() + "'), or load without --live");
            }
            FamilySpec matched = settingsOf(name, theirs, ours);
            List<String> changed = differences(ours, matched);
            if (!changed.isEmpty()) {
                overrides.add(ours.name() + ": " + String.join(", ", changed));
            }
            families.add(matched);
        }
        List<HRegionLocation> regions;
        try (RegionLocator locator = connection.getRegionLocator(name)) {
            regions = new ArrayList<>(locator.getAllRegionLocations().stream()
                    .filter(l -> RegionReplicaUtil.isDefaultReplica(l.getRegion()))
                    .toList());
        }
        regions.sort(Comparator.comparing(l -> l.getRegion().getStartKey(), Bytes.BYTES_COMPARATOR));
        List<byte[]> points = regions.stream()
                .map(l -> l.getRegion().getStartKey())
                .filter(k -> k.length > 0)
                .toList();
        List<String> servers = regions.stream()
                .map(l -> l.getServerName() == null ? "" : l.getHostnamePort())
                .toList();
        TableSpec spec = new TableSpec(
                given.name(), families, RegionSplits.explicit(points), given.splitPolicy(), given.writtenBy());
        return new Match(name, spec, points.size() + 1, overrides, servers);
    }

    private static FamilySpec settingsOf(TableName table, ColumnFamilyDescriptor f, FamilySpec ours) {
        String where = "table " + table + " family '" + ours.name() + "'";
        if (f.isMobEnabled()) {
            throw new SpecException(
                    where
                            + " stores MOB cells, which a bulk load of HFiles cannot write; load it through HBase, or load without --live");
        }
        if (!BLOOMS.contains(f.getBloomFilterType())) {
            throw new SpecException(where + " has bloom type " + f.getBloomFilterType()
                    + ", which dumptruck does not write (NONE, ROW, ROWCOL); " + "change it (alter '" + table
                    + "', {NAME => '" + ours.name() + "', BLOOMFILTER => 'ROW'}), or load without --live");
        }
        if (!ENCODINGS.contains(f.getDataBlockEncoding())) {
            throw new SpecException(
                    where + " has data block encoding " + f.getDataBlockEncoding() + ", which dumptruck does not write "
                            + "(NONE, PREFIX, DIFF, FAST_DIFF); change it, or load without --live");
        }
        FamilySpec matched = new FamilySpec(
                ours.name(),
                f.getMaxVersions(),
                f.getTimeToLive(),
                f.getBloomFilterType(),
                f.getCompressionType(),
                f.getBlocksize(),
                f.getDataBlockEncoding(),
                f.isInMemory());
        try {
            matched.checkCodecAvailable();
        } catch (SpecException e) {
            throw new SpecException(
                    where + ": " + e.getMessage().replaceFirst("^family '[^']*': ", "") + "; or load without --live",
                    e);
        }
        return matched;
    }

    private static List<String> differences(FamilySpec ours, FamilySpec live) {
        List<String> out = new ArrayList<>();
        if (ours.compression() != live.compression()) {
            out.add("compression " + ours.compression() + " → " + live.compression());
        }
        if (ours.bloom() != live.bloom()) {
            out.add("bloom " + ours.bloom() + " → " + live.bloom());
        }
        if (ours.encoding() != live.encoding()) {
            out.add("encoding " + ours.encoding() + " → " + live.encoding());
        }
        if (ours.blockSize() != live.blockSize()) {
            out.add("block size " + ours.blockSize() + " → " + live.blockSize());
        }
        if (ours.maxVersions() != live.maxVersions()) {
            out.add("VERSIONS " + ours.maxVersions() + " → " + live.maxVersions());
        }
        if (ours.ttlSeconds() != live.ttlSeconds()) {
            out.add("TTL " + ours.ttlSeconds() + " s → " + live.ttlSeconds() + " s");
        }
        if (ours.inMemory() != live.inMemory()) {
            out.add("in-memory " + ours.inMemory() + " → " + live.inMemory());
        }
        return out;
    }
}
