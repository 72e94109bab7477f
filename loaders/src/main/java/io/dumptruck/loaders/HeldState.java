package io.dumptruck.loaders;

import io.dumptruck.formats.map.CellSink;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.client.Result;

/**
 * Re-emits the rows a live table holds (read from a snapshot of it, taken when the load is set up) as
 * held cells ({@link CellSink#putHeld}), in the form the loader's map side emits its own: a held count
 * at the load's timestamp, so the fold adds it to the day's; a held list as one cell per entry. The
 * folds then write, for each row the day's input touches, what one load of every day would have.
 * One instance per map task; {@link #resolve} first.
 */
public interface HeldState {
  /** What a loader folds into the live tables: per load table read, its re-emitter; and the folded tables fed. */
  record Plan(Map<String, Class<? extends HeldState>> readers, Set<String> folded) {}

  void resolve(CellSink sink);

  /** One row of the live table, every cell's newest version. */
  void emit(Result row, long loadTimestamp, CellSink sink) throws IOException, InterruptedException;
}
