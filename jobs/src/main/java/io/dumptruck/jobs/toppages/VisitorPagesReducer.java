package io.dumptruck.jobs.toppages;

import io.dumptruck.jobs.TopK;
import io.dumptruck.jobs.WorkFiles;
import java.io.IOException;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Stage 1 reduce, one call per visitor: streams the visitor's cells once, keeping only its best {@code --top} pages
 * (whose first is the most requested one the check needs) and the stored {@code c:} cell. Writes the visitor's
 * {@code visitor_top_pages} records, a {@code stats_check} record when the stored cell disagrees, and for every path a
 * partial {@code (path → views, 1 visitor)} into the work directory {@link TopPagesJob#PARTIALS} ({@link WorkFiles})
 * for the global ranking.
 */
final class VisitorPagesReducer extends Reducer<Text, VisitorCell, NullWritable, GenericRecord> {
    private final Text path = new Text();
    private final PageTally tally = new PageTally();
    private TopK pages;
    private SequenceFile.Writer partials;

    @Override
    protected void setup(Context context) throws IOException, InterruptedException {
        pages = new TopK(TopPagesJob.top(context.getConfiguration()));
        partials = WorkFiles.create(context, TopPagesJob.PARTIALS, Text.class, PageTally.class);
    }

    @Override
    protected void reduce(Text visitor, Iterable<VisitorCell> cells, Context context)
            throws IOException, InterruptedException {
        pages.clear();
        byte[] storedPath = null;
        long storedCount = 0;
        for (VisitorCell cell : cells) {
            if (cell.source() == VisitorCell.Source.STORED_TOP) {
                storedPath = cell.pathCopy();
                storedCount = cell.count();
                continue;
            }
            pages.offer(cell.pathBuffer(), 0, cell.pathLength(), cell.count());
            path.set(cell.pathBuffer(), 0, cell.pathLength());
            partials.append(path, tally.set(cell.count(), 1));
        }
        String name = visitor.toString();
        List<TopK.Entry> ranked = pages.ranked();
        for (int i = 0; i < ranked.size(); i++) {
            context.write(NullWritable.get(), TopPagesDatasets.visitorTopPage(name, i + 1, ranked.get(i)));
        }
        TopK.Entry computed = ranked.isEmpty() ? null : ranked.get(0);
        String problem = StatsCheck.problem(storedPath, storedCount, computed);
        context.getCounter(TopPagesCounter.VISITORS_CHECKED).increment(1);
        if (problem != null) {
            context.getCounter(TopPagesCounter.STATS_MISMATCHES).increment(1);
            context.write(
                    NullWritable.get(), TopPagesDatasets.statsCheck(name, storedPath, storedCount, computed, problem));
        }
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        partials.close();
    }
}
