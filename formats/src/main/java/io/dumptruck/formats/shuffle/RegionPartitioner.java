package io.dumptruck.formats.shuffle;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.formats.spec.TableSpecJson;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Sends each cell to the reducer of its table's region. Reducers are numbered table by table, region
 * by region, so reducer i's output sorts entirely before reducer i+1's: a total order across the job.
 * The split points come from the resolved table specs in {@link FormatConf#OUTPUT_TABLES}.
 */
public final class RegionPartitioner<V> extends Partitioner<CellKey, V> implements Configurable {
  private Configuration conf;
  private int[] firstPartition;
  private List<List<byte[]>> points;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    List<TableSpec> tables = TableSpecJson.listFromJson(FormatConf.OUTPUT_TABLES.require(conf,
        "Call HFileTableOutputFormat.configure(job).tables(...).apply() before submitting the job."));
    firstPartition = new int[tables.size()];
    points = new ArrayList<>();
    int next = 0;
    for (int t = 0; t < tables.size(); t++) {
      firstPartition[t] = next;
      List<byte[]> p = tables.get(t).regions().splitPoints();
      points.add(p);
      next += p.size() + 1;
    }
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** How many reducers the tables need: one per region. */
  public static int partitions(List<TableSpec> tables) {
    int n = 0;
    for (TableSpec t : tables) {
      n += t.regions().splitPoints().size() + 1;
    }
    return n;
  }

  @Override
  public int getPartition(CellKey key, V value, int numPartitions) {
    int p = partition(key.table(), key.buffer(), key.rowOffset(), key.rowLength());
    if (p >= numPartitions) {
      throw new IllegalStateException("the job runs " + numPartitions + " reducers but the tables have more regions; "
          + "let HFileTableOutputFormat.configure(job) set the reducer count");
    }
    return p;
  }

  /** How many tables the job writes. */
  public int tables() {
    return firstPartition.length;
  }

  /** The partition of every row of table {@code table} that starts with {@code firstByte}, or -1 when they span regions. */
  public int partitionOfRowsStartingWith(int table, int firstByte) {
    int region = io.dumptruck.formats.spec.RegionSplits.regionOfRowsStartingWith(points.get(table), firstByte);
    return region < 0 ? -1 : firstPartition[table] + region;
  }

  /** The partition of a row {@code b[rowOffset, rowOffset + rowLength)} of table {@code table}. */
  public int partition(int table, byte[] b, int rowOffset, int rowLength) {
    return firstPartition[table] + io.dumptruck.formats.spec.RegionSplits.regionOf(points.get(table), b, rowOffset, rowLength);
  }

  /** The (table index, region index) that partition p writes. */
  public int[] tableAndRegion(int partition) {
    for (int t = firstPartition.length - 1; t >= 0; t--) {
      if (partition >= firstPartition[t]) {
        return new int[] {t, partition - firstPartition[t]};
      }
    }
    throw new IllegalArgumentException("no partition " + partition);
  }
}
