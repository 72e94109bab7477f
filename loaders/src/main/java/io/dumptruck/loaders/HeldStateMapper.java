package io.dumptruck.loaders;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The second input of a load that folds into its live tables: the rows of a snapshot of one of them,
 * handed to the table's {@link HeldState}, which re-emits them as held cells. A row it cannot read
 * (an IllegalArgumentException) is counted ({@link LoadCounter#HELD_ROWS_UNREADABLE}) and logged.
 */
public final class HeldStateMapper extends Mapper<ImmutableBytesWritable, Result, CellKey, CellRun> {
  private static final Logger LOG = LoggerFactory.getLogger(HeldStateMapper.class);
  private static final int MAX_LOGGED = 20;
  private CellSink sink;
  private HeldState held;
  private long loadTimestamp;

  @Override
  protected void setup(Context context) {
    sink = CellSink.of(context);
    List<String> readers = List.of(LoaderConf.HELD_READERS.get(context.getConfiguration()).split(","));
    String reader = readers.get(HFileTableInputFormat.tableIndex(context.getInputSplit()));
    try {
      held = (HeldState) ReflectionUtils.newInstance(context.getConfiguration().getClassByName(reader), context.getConfiguration());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("no class " + reader + " to re-emit the live table's cells", e);
    }
    held.resolve(sink);
    loadTimestamp = context.getConfiguration().getLong(LoaderConf.LOAD_TIMESTAMP.key(), 0);
  }

  @Override
  protected void map(ImmutableBytesWritable row, Result value, Context context) throws IOException, InterruptedException {
    context.getCounter(LoadCounter.HELD_ROWS_READ).increment(1);
    try {
      held.emit(value, loadTimestamp, sink);
    } catch (IllegalArgumentException e) {
      if (context.getCounter(LoadCounter.HELD_ROWS_UNREADABLE).getValue() < MAX_LOGGED) {
        LOG.warn("not folded: {}", e.getMessage());
      }
      context.getCounter(LoadCounter.HELD_ROWS_UNREADABLE).increment(1);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    sink.close();
  }
}
