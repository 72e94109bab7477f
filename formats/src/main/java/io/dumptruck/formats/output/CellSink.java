package io.dumptruck.formats.output;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.spec.SpecException;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.formats.spec.TableSpecJson;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * How a loader's mapper emits cells into the tables of an {@link HFileTableOutputFormat} job: resolve
 * each (table, family) once in {@code setup}, then {@link #put} cells. Reuses one key and one value
 * object, so emitting a cell allocates nothing.
 * <pre>{@code
 *   sink = CellSink.of(context);
 *   follows = sink.family("follows", "f");
 *   ...
 *   sink.put(follows, row, qualifier, ts, value);
 * }</pre>
 */
public final class CellSink {
  /** A resolved (table, family) pair. */
  public record FamilyRef(int table, int family, String tableName, String familyName) {}

  private final TaskInputOutputContext<?, ?, CellKey, BytesWritable> context;
  private final List<TableSpec> tables;
  private final CellKey key = new CellKey();
  private final BytesWritable value = new BytesWritable();
  /** Cells of the record being emitted between {@link #begin} and {@link #commit}; reused. */
  private final java.util.List<CellKey> pendingKeys = new java.util.ArrayList<>();
  private final java.util.List<BytesWritable> pendingValues = new java.util.ArrayList<>();
  private int pending = -1;

  private CellSink(TaskInputOutputContext<?, ?, CellKey, BytesWritable> context, List<TableSpec> tables) {
    this.context = context;
    this.tables = tables;
  }

  public static CellSink of(TaskInputOutputContext<?, ?, CellKey, BytesWritable> context) {
    return new CellSink(context, TableSpecJson.listFromJson(FormatConf.OUTPUT_TABLES.require(
        context.getConfiguration(), "Call HFileTableOutputFormat.configure(job).tables(...).apply() first.")));
  }

  public FamilyRef family(String table, String family) {
    for (int t = 0; t < tables.size(); t++) {
      if (tables.get(t).name().equals(table)) {
        int f = tables.get(t).familyIndex(family);
        if (f < 0) {
          throw new SpecException("table '" + table + "' has no family '" + family + "' (families: " + tables.get(t).familyNames() + ")");
        }
        return new FamilyRef(t, f, table, family);
      }
    }
    throw new SpecException("the job writes no table '" + table + "'; add its spec to HFileTableOutputFormat.configure(job).tables(...)");
  }

  /**
   * Emits one cell; an IllegalArgumentException (empty or too long row, a timestamp HBase refuses)
   * emits nothing. Between {@link #begin} and {@link #commit} the cell is held back.
   */
  public void put(FamilyRef ref, byte[] row, byte[] qualifier, long timestamp, byte[] cellValue)
      throws IOException, InterruptedException {
    if (pending < 0) {
      key.set(ref.table(), ref.family(), row, qualifier, timestamp);
      value.set(cellValue, 0, cellValue.length);
      context.write(key, value);
      return;
    }
    if (pending == pendingKeys.size()) {
      pendingKeys.add(new CellKey());
      pendingValues.add(new BytesWritable());
    }
    pendingKeys.get(pending).set(ref.table(), ref.family(), row, qualifier, timestamp);
    pendingValues.get(pending).set(cellValue, 0, cellValue.length);
    pending++;
  }

  /** Starts a record whose cells are all written by {@link #commit} or none by {@link #rollback}. */
  public void begin() {
    pending = 0;
  }

  public void commit() throws IOException, InterruptedException {
    for (int i = 0; i < pending; i++) {
      context.write(pendingKeys.get(i), pendingValues.get(i));
    }
    pending = -1;
  }

  public void rollback() {
    pending = -1;
  }
}
