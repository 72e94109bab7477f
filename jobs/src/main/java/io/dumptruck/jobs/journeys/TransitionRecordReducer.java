package io.dumptruck.jobs.journeys;

import io.dumptruck.jobs.CountSumCombiner;
import java.io.IOException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Reducer;

/** Adds up the counts of one transition and writes its {@code transitions} record. */
final class TransitionRecordReducer extends Reducer<TransitionKey, VLongWritable, NullWritable, GenericRecord> {
    @Override
    protected void reduce(TransitionKey transition, Iterable<VLongWritable> counts, Context context)
            throws IOException, InterruptedException {
        GenericRecord r = new GenericData.Record(JourneyDatasets.TRANSITIONS);
        r.put("from", transition.from().toString());
        r.put("to", transition.to().toString());
        r.put("count", CountSumCombiner.total(counts));
        context.write(NullWritable.get(), r);
    }
}
