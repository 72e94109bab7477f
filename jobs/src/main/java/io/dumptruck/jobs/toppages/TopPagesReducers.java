package io.dumptruck.jobs.toppages;

import io.dumptruck.jobs.TopK;
import java.io.IOException;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * The reduce side of the global ranking. Stage 2 sums the partials of each path (a path's partials all reach one
 * reducer) and keeps that reducer's best {@code --top}; as every page of the global top K is among the top K of the
 * reducer that summed it, stage 3 — a single reducer — merges at most reducers × K candidates into {@code top_pages}.
 * No reducer holds more than K pages.
 */
final class TopPagesReducers {
    private TopPagesReducers() {}

    /** Combiner of stage 2: sums partial tallies per path. */
    public static final class SumTallies extends Reducer<Text, PageTally, Text, PageTally> {
        private final PageTally sum = new PageTally();

        @Override
        protected void reduce(Text path, Iterable<PageTally> tallies, Context context)
                throws IOException, InterruptedException {
            context.write(path, sum.sumOf(tallies));
        }
    }

    /** Sums each path's tallies and ranks the paths, keeping the best K; what is kept is written at the end. */
    abstract static class Ranking<O, V> extends Reducer<Text, PageTally, O, V> {
        private final PageTally sum = new PageTally();
        private TopK pages;

        @Override
        protected void setup(Context context) {
            pages = new TopK(TopPagesJob.top(context.getConfiguration()));
        }

        @Override
        protected void reduce(Text path, Iterable<PageTally> tallies, Context context) {
            sum.sumOf(tallies);
            pages.offer(path.getBytes(), 0, path.getLength(), sum.views(), sum.visitors());
        }

        @Override
        protected void cleanup(Context context) throws IOException, InterruptedException {
            write(pages.ranked(), context);
        }

        abstract void write(List<TopK.Entry> ranked, Context context) throws IOException, InterruptedException;
    }

    /** Stage 2: this reducer's best K paths, as (path, tally) candidates for the merge. */
    public static final class LocalTop extends Ranking<Text, PageTally> {
        @Override
        void write(List<TopK.Entry> ranked, Context context) throws IOException, InterruptedException {
            Text path = new Text();
            PageTally tally = new PageTally();
            for (TopK.Entry p : ranked) {
                path.set(p.name());
                context.write(path, tally.set(p.count(), p.extra()));
            }
        }
    }

    /** Stage 3 (one reducer): the best K of all candidates, as ranked {@code top_pages} records. */
    public static final class GlobalTop extends Ranking<NullWritable, GenericRecord> {
        @Override
        void write(List<TopK.Entry> ranked, Context context) throws IOException, InterruptedException {
            for (int i = 0; i < ranked.size(); i++) {
                context.write(NullWritable.get(), TopPagesDatasets.topPage(i + 1, ranked.get(i)));
            }
        }
    }
}
