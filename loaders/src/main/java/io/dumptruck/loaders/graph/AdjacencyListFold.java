package io.dumptruck.loaders.graph;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.shuffle.CellKey;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.hadoop.io.BytesWritable;

/**
 * Folds the {@code adjacency_ro} cells of one user (one per followed id, arriving in qualifier
 * order) into the single cell {@code l:} → JSON array of the ids. Streams the ids into the JSON as
 * they come; only the array being built is held.
 */
public final class AdjacencyListFold implements CellFold {
  private static final JsonFactory JSON = new JsonFactory();
  /** A Writer, so characters outside the BMP stay as they are rather than backslash-u escapes. */
  private final StringWriter buffer = new StringWriter();
  private final CellKey key = new CellKey();
  private JsonGenerator array;

  @Override
  public void cell(CellKey k, Iterator<BytesWritable> values, Output out) throws IOException {
    if (array == null) {
      key.set(k.table(), k.family(), k.row(), new byte[0], k.timestamp());
      buffer.getBuffer().setLength(0);
      array = JSON.createGenerator(buffer);
      array.writeStartArray();
    }
    array.writeString(new String(k.buffer(), k.qualifierOffset(), k.qualifierLength(), StandardCharsets.UTF_8));
  }

  @Override
  public void endRow(Output out) throws IOException, InterruptedException {
    if (array == null) {
      return;
    }
    array.writeEndArray();
    array.close();
    array = null;
    out.write(key, buffer.toString().getBytes(StandardCharsets.UTF_8));
  }
}
