package io.dumptruck.formats.output;

import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.util.Iterator;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Streams cells from the shuffle to the HFile writer: one call per distinct cell key, nothing held
 * across calls, so a row with millions of qualifiers needs no more memory than one cell. Cells that
 * share a whole key keep the first value the shuffle delivers and count the rest as
 * {@link CellCounter#DUPLICATE_CELLS_DROPPED} (exact duplicate input records collapse this way).
 */
public class CellStreamReducer extends Reducer<CellKey, BytesWritable, CellKey, BytesWritable> {
  @Override
  protected void reduce(CellKey key, Iterable<BytesWritable> values, Context context)
      throws IOException, InterruptedException {
    Iterator<BytesWritable> it = values.iterator();
    context.write(key, it.next());
    long duplicates = 0;
    while (it.hasNext()) {
      it.next();
      duplicates++;
    }
    if (duplicates > 0) {
      context.getCounter(CellCounter.DUPLICATE_CELLS_DROPPED).increment(duplicates);
    }
  }
}
