package io.dumptruck.jobs.journeys;

import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.Text;

/** The session being built from one visitor's page views, in time order: constant size, whatever its length. */
final class Session {
    private int number;
    private long start;
    private long end;
    private long pages;
    private final Text entryPage = new Text();
    private final Text exitPage = new Text();
    private final Text referer = new Text();
    private boolean hasReferer;

    /** Starts session {@code number} with this view. */
    void begin(int sessionNumber, ViewKey view) {
        number = sessionNumber;
        start = view.time();
        end = view.time();
        pages = 1;
        entryPage.set(view.pathBytes(), 0, view.pathLength());
        exitPage.set(entryPage);
        hasReferer = view.hasReferer();
        if (hasReferer) {
            referer.set(view.refererBytes(), 0, view.refererLength());
        }
    }

    /** Adds a later view of the same visitor. */
    void extend(ViewKey view) {
        end = view.time();
        pages++;
        exitPage.set(view.pathBytes(), 0, view.pathLength());
    }

    /**
     * True when a view at {@code time} (not before the last one) comes more than {@code gapMillis} after the last view,
     * so it starts a new session; a gap of exactly {@code gapMillis} does not. A negative difference can only be an
     * overflow of a gap beyond {@code Long.MAX_VALUE}.
     */
    boolean isOverBefore(long time, long gapMillis) {
        long gap = time - end;
        return gap < 0 || gap > gapMillis;
    }

    /** The path of the last view so far. */
    Text exitPage() {
        return exitPage;
    }

    boolean hasReferer() {
        return hasReferer;
    }

    /** The first view's reversed referer; meaningful only when {@link #hasReferer()}. */
    Text referer() {
        return referer;
    }

    GenericRecord toRecord(String visitor) {
        GenericRecord r = new GenericData.Record(JourneyDatasets.SESSIONS);
        r.put("visitor", visitor);
        r.put("session", number);
        r.put("start", start);
        r.put("end", end);
        r.put("duration_ms", end - start);
        r.put("pages", pages);
        r.put("entry_page", entryPage.toString());
        r.put("exit_page", exitPage.toString());
        r.put("referer", hasReferer ? referer.toString() : null);
        return r;
    }
}
