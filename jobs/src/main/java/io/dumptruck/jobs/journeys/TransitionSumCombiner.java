package io.dumptruck.jobs.journeys;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Reducer;

/** Adds up partial counts of one transition on the map side of the transitions stage. */
public final class TransitionSumCombiner extends Reducer<TransitionKey, LongWritable, TransitionKey, LongWritable> {
  private final LongWritable sum = new LongWritable();

  @Override
  protected void reduce(TransitionKey transition, Iterable<LongWritable> counts, Context context)
      throws IOException, InterruptedException {
    sum.set(TransitionRecordReducer.total(counts));
    context.write(transition, sum);
  }
}
