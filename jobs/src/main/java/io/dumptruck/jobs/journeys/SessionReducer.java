package io.dumptruck.jobs.journeys;

import io.dumptruck.jobs.WorkFiles;
import java.io.IOException;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Splits each visitor's page views into sessions. One reduce call gets one visitor ({@link ViewKey.VisitorComparator})
 * with the views in time order ({@link ViewKey.Comparator}); the key object holds the current view as the values are
 * iterated, so nothing but the open {@link Session} is kept. A view more than the session gap after the previous one
 * starts a new session; the session just closed is written as a {@code sessions} record at once.
 *
 * <p>Each view also makes one transition: the first view of a session {@code referer → path} (the domain-reversed
 * referer, or {@value #DIRECT} when the view has none), every other view {@code previous path → path}. They are summed
 * in a bounded {@link TransitionBuffer} and written, as {@code (TransitionKey, VLongWritable count)} pairs, to a work
 * file of the task's own ({@link WorkFiles}) under {@code _work/}{@value JourneysJob#TRANSITIONS_WORK} in the output
 * (committed with the task's records), which the transitions stage sums.
 */
final class SessionReducer extends Reducer<ViewKey, NullWritable, NullWritable, GenericRecord> {
    /** The {@code from} of a session's entry when its first view has no referer. */
    public static final String DIRECT = "(direct)";
    /** The session gap in milliseconds (set by the job from {@code --session-gap}). */
    static final String GAP_MILLIS = JourneysConf.SESSION_GAP_MS.key();
    /** Distinct transitions a reducer sums in memory before writing them out. */
    static final String TRANSITION_BUFFER = JourneysConf.TRANSITION_BUFFER.key();

    static final int DEFAULT_TRANSITION_BUFFER = Integer.parseInt(JourneysConf.TRANSITION_BUFFER.defaultValue());

    private static final Text DIRECT_TEXT = new Text(DIRECT);

    private final Session session = new Session();
    private final Text from = new Text();
    private final Text to = new Text();
    private long gapMillis;
    private SequenceFile.Writer transitionsFile;
    private TransitionBuffer transitions;
    private Counter visitors;
    private Counter sessions;
    private Counter sessionTransitions;

    @Override
    protected void setup(Context context) throws IOException, InterruptedException {
        gapMillis = context.getConfiguration().getLong(GAP_MILLIS, -1);
        if (gapMillis < 0) {
            throw new IllegalStateException(GAP_MILLIS + " is not set: configure the stage through JourneysJob");
        }
        transitionsFile =
                WorkFiles.create(context, JourneysJob.TRANSITIONS_WORK, TransitionKey.class, VLongWritable.class);
        transitions = new TransitionBuffer(
                context.getConfiguration().getInt(TRANSITION_BUFFER, DEFAULT_TRANSITION_BUFFER),
                transitionsFile::append);
        visitors = context.getCounter(JourneyCounter.VISITORS);
        sessions = context.getCounter(JourneyCounter.SESSIONS);
        sessionTransitions = context.getCounter(JourneyCounter.SESSION_TRANSITIONS);
    }

    @Override
    protected void reduce(ViewKey view, Iterable<NullWritable> views, Context context)
            throws IOException, InterruptedException {
        String visitor = view.visitor();
        visitors.increment(1);
        int number = 0;
        boolean open = false;
        for (NullWritable ignored : views) { // each step loads the next view into `view`
            if (open && session.isOverBefore(view.time(), gapMillis)) {
                close(visitor, context);
                open = false;
            }
            to.set(view.pathBytes(), 0, view.pathLength());
            if (open) {
                from.set(session.exitPage());
                session.extend(view);
            } else {
                session.begin(++number, view);
                from.set(session.hasReferer() ? session.referer() : DIRECT_TEXT);
                open = true;
            }
            transitions.add(from, to);
            sessionTransitions.increment(1);
        }
        close(visitor, context);
    }

    private void close(String visitor, Context context) throws IOException, InterruptedException {
        context.write(NullWritable.get(), session.toRecord(visitor));
        sessions.increment(1);
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        try {
            transitions.flush();
        } finally {
            transitionsFile.close();
        }
    }
}
