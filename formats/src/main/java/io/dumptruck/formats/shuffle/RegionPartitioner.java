package io.dumptruck.formats.shuffle;

import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Sends each cell to the reducer of its table's region. Regions are numbered table by table, region by region (the
 * partition of a region); a job runs a reducer per region, or fewer, each taking a run of consecutive regions
 * ({@link #reducerOf}), so reducer i's output sorts entirely before reducer i+1's either way: a total order across the
 * job, and no region split between two reducers. The split points come from the resolved table specs in
 * {@link JobTables}.
 */
public final class RegionPartitioner<V> extends Partitioner<CellKey, V> implements Configurable {
    private Configuration conf;
    private int[] firstPartition;
    private List<List<byte[]>> points;
    private int regions;

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        List<TableSpec> tables = JobTables.of(conf);
        firstPartition = new int[tables.size()];
        points = new ArrayList<>();
        int next = 0;
        for (int t = 0; t < tables.size(); t++) {
            firstPartition[t] = next;
            List<byte[]> p = tables.get(t).regions().splitPoints();
            points.add(p);
            next += p.size() + 1;
        }
        regions = next;
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    /** How many regions the tables have: the most reducers a job runs. */
    public static int partitions(List<TableSpec> tables) {
        int n = 0;
        for (TableSpec t : tables) {
            n += t.regions().splitPoints().size() + 1;
        }
        return n;
    }

    @Override
    public int getPartition(CellKey key, V value, int numPartitions) {
        return reducerOf(
                partition(key.table(), key.buffer(), key.rowOffset(), key.rowLength()), regions, numPartitions);
    }

    /**
     * The reducer of region {@code partition} when {@code reducers} reducers share {@code regions} regions: each takes
     * a run of consecutive regions, the runs as even in length as they can be (a reducer per region when there are as
     * many reducers).
     */
    public static int reducerOf(int partition, int regions, int reducers) {
        return reducers >= regions ? partition : (int) ((long) partition * reducers / regions);
    }

    /** The first region (partition) of reducer {@code reducer}'s run: the inverse of {@link #reducerOf}. */
    public static int firstRegionOf(int reducer, int regions, int reducers) {
        return reducers >= regions ? reducer : (int) (((long) reducer * regions + reducers - 1) / reducers);
    }

    /** How many tables the job writes. */
    public int tables() {
        return firstPartition.length;
    }

    /**
     * The partition of every row of table {@code table} that starts with {@code firstByte}, or -1 when they span
     * regions.
     */
    public int partitionOfRowsStartingWith(int table, int firstByte) {
        int region = RegionSplits.regionOfRowsStartingWith(points.get(table), firstByte);
        return region < 0 ? -1 : firstPartition[table] + region;
    }

    /** The split point that ends partition {@code partition} of table {@code table}; null for its last region. */
    public byte[] endOf(int table, int partition) {
        List<byte[]> p = points.get(table);
        int region = partition - firstPartition[table];
        return region < p.size() ? p.get(region) : null;
    }

    /** The partition of a row {@code b[rowOffset, rowOffset + rowLength)} of table {@code table}. */
    public int partition(int table, byte[] b, int rowOffset, int rowLength) {
        return firstPartition[table] + RegionSplits.regionOf(points.get(table), b, rowOffset, rowLength);
    }
}
