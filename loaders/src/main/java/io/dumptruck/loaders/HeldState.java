package io.dumptruck.loaders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.reduce.HeldCellsOut;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Re-emits the rows a live table holds (read from a snapshot of it, taken when the load is set up) as
 * held cells ({@link HeldCellsOut#put}), in the form the loader's map side emits its own: a held count
 * at the load's timestamp, so the fold adds it to the day's; a held list as one cell per entry. The
 * folds then write, for each row the day's input touches, what one load of every day would have.
 * {@link SnapshotHeldRows} asks for the rows the reducers fold; one instance per reduce task and live
 * table read; {@link #resolve} first.
 */
public interface HeldState {
  ObjectMapper JSON = new ObjectMapper();

  /** What a loader folds into the live tables: per load table read from its live table, the re-emitter of its rows. */
  record Plan(Map<String, Class<? extends HeldState>> readers) {
    /** The load's tables the readers feed: those that fold what the live tables hold. */
    public Set<String> folded() {
      Set<String> folded = new TreeSet<>();
      readers.values().forEach(c -> folded.addAll(ReflectionUtils.newInstance(c, null).feeds()));
      return folded;
    }
  }

  /** The load's tables whose folds this reader's cells feed. */
  Set<String> feeds();

  void resolve(HeldCellsOut out);

  /**
   * The strings of a cell that holds a JSON array of strings (a folded list), or an
   * IllegalArgumentException naming the cell's row as {@code what} (e.g. {@code "title_autocomp row"}).
   */
  static List<String> jsonStrings(Cell c, String what) {
    List<String> out = new ArrayList<>();
    try {
      JsonNode array = JSON.readTree(CellUtil.cloneValue(c));
      if (array != null && array.isArray()) {
        for (JsonNode s : array) {
          if (!s.isTextual()) {
            break;
          }
          out.add(s.textValue());
        }
        if (out.size() == array.size()) {
          return out;
        }
      }
    } catch (IOException e) {
      // refused below
    }
    throw new IllegalArgumentException(what + " '" + Bytes.toStringBinary(CellUtil.cloneRow(c)) + "' holds no JSON array of "
        + "strings in " + Bytes.toString(CellUtil.cloneFamily(c)) + ": (" + Bytes.toStringBinary(c.getValueArray(),
        c.getValueOffset(), Math.min(c.getValueLength(), 80)) + ")");
  }

  /** One row of the live table, every version the family keeps; an IllegalArgumentException for a row not as the schema says. */
  void emit(Result row, long loadTimestamp, HeldCellsOut out);
}
