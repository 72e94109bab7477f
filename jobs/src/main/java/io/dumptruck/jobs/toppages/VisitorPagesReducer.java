package io.dumptruck.jobs.toppages;

import java.io.IOException;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;

/**
 * Stage 1 reduce, one call per visitor: streams the visitor's cells once, keeping only its best
 * {@code --top} pages (whose first is the most requested one the check needs) and the stored
 * {@code c:} cell. Writes the visitor's {@code visitor_top_pages} records, a {@code stats_check}
 * record when the stored cell disagrees, and for every path a partial {@code (path → views, 1 visitor)}
 * into the work directory {@link TopPagesJob#PARTIALS} for the global ranking.
 */
public final class VisitorPagesReducer extends Reducer<Text, VisitorCell, NullWritable, GenericRecord> {
  private final Text path = new Text();
  private final PageTally tally = new PageTally();
  private RankedPages pages;
  private MultipleOutputs<NullWritable, GenericRecord> partials;

  @Override
  protected void setup(Context context) {
    pages = new RankedPages(TopPagesJob.top(context.getConfiguration()));
    partials = new MultipleOutputs<>(context);
  }

  @Override
  protected void reduce(Text visitor, Iterable<VisitorCell> cells, Context context) throws IOException, InterruptedException {
    pages.clear();
    byte[] storedPath = null;
    long storedCount = 0;
    for (VisitorCell cell : cells) {
      if (cell.source() == VisitorCell.Source.STORED_TOP) {
        storedPath = cell.pathCopy();
        storedCount = cell.count();
        continue;
      }
      pages.offer(cell.pathBuffer(), 0, cell.pathLength(), cell.count(), 1);
      path.set(cell.pathBuffer(), 0, cell.pathLength());
      partials.write(TopPagesJob.PARTIALS_OUTPUT, path, tally.set(cell.count(), 1), TopPagesJob.PARTIALS_FILES);
    }
    String name = visitor.toString();
    List<RankedPages.Page> ranked = pages.ranked();
    for (int i = 0; i < ranked.size(); i++) {
      context.write(NullWritable.get(), TopPagesDatasets.visitorTopPage(name, i + 1, ranked.get(i)));
    }
    RankedPages.Page computed = ranked.isEmpty() ? null : ranked.get(0);
    String problem = StatsCheck.problem(storedPath, storedCount, computed);
    context.getCounter(TopPagesCounter.VISITORS_CHECKED).increment(1);
    if (problem != null) {
      context.getCounter(TopPagesCounter.STATS_MISMATCHES).increment(1);
      context.write(NullWritable.get(), TopPagesDatasets.statsCheck(name, storedPath, storedCount, computed, problem));
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    partials.close();
  }
}
